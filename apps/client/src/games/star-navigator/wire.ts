import { z } from 'zod';
import {
  StarNavigatorIntentSchema,
  StarNavigatorViewSchema,
  type GameTimerInfo,
  type StarNavigatorIntent,
  type StarNavigatorView,
} from '@cards/schema';

/** A validated Star Navigator update, as the table renders it. */
export interface StarGameState {
  game: 'star-navigator';
  version: number;
  view: StarNavigatorView;
  legal: StarNavigatorIntent[];
  actors: number[];
  /** Running deadlines (round timer, map offer, showdown), `remainingMs` as of `receivedAt`. */
  timers: GameTimerInfo[];
  receivedAt: number;
}

const LegalSchema = z.array(StarNavigatorIntentSchema);

export type StarParse = { ok: true; value: StarGameState } | { ok: false; error: string };

export function parseStarUpdate(update: {
  version: number;
  view: unknown;
  legal: unknown[];
  actors: number[];
  timers: GameTimerInfo[];
}): StarParse {
  const v = StarNavigatorViewSchema.safeParse(update.view);
  if (!v.success) return { ok: false, error: `Star Navigator view: ${z.prettifyError(v.error)}` };
  const l = LegalSchema.safeParse(update.legal);
  if (!l.success) return { ok: false, error: `Star Navigator legal intents: ${z.prettifyError(l.error)}` };
  return {
    ok: true,
    value: {
      game: 'star-navigator',
      version: update.version,
      view: v.data,
      legal: l.data,
      actors: update.actors,
      timers: update.timers,
      receivedAt: Date.now(),
    },
  };
}
