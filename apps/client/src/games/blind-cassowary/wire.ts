import { z } from 'zod';
import {
  BlindCassowaryIntentSchema,
  BlindCassowaryViewSchema,
  type BlindCassowaryIntent,
  type BlindCassowaryView,
  type GameTimerInfo,
} from '@cards/schema';

/** A validated Blind Cassowary update, as the table renders it. */
export interface BlindCassowaryGameState {
  game: 'blind-cassowary';
  version: number;
  view: BlindCassowaryView;
  legal: BlindCassowaryIntent[];
  actors: number[];
  /** Review and vote windows, `remainingMs` as of `receivedAt`. */
  timers: GameTimerInfo[];
  /** `Date.now()` when the update arrived: countdowns run from here. */
  receivedAt: number;
}

const LegalSchema = z.array(BlindCassowaryIntentSchema);

export type BlindCassowaryParse = { ok: true; value: BlindCassowaryGameState } | { ok: false; error: string };

export function parseBlindCassowaryUpdate(update: {
  version: number;
  view: unknown;
  legal: unknown[];
  actors: number[];
  timers: GameTimerInfo[];
}): BlindCassowaryParse {
  const v = BlindCassowaryViewSchema.safeParse(update.view);
  if (!v.success) return { ok: false, error: `Blind Cassowary view: ${z.prettifyError(v.error)}` };
  const l = LegalSchema.safeParse(update.legal);
  if (!l.success) return { ok: false, error: `Blind Cassowary legal intents: ${z.prettifyError(l.error)}` };
  return {
    ok: true,
    value: {
      game: 'blind-cassowary',
      version: update.version,
      view: v.data,
      legal: l.data,
      actors: update.actors,
      timers: update.timers,
      receivedAt: Date.now(),
    },
  };
}
