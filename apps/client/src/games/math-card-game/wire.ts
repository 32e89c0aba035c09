import { z } from 'zod';
import {
  MathCardGameIntentSchema,
  MathCardGameViewSchema,
  type GameTimerInfo,
  type MathCardGameIntent,
  type MathCardGameView,
} from '@cards/schema';

/** A validated Math Card Game update, as the table renders it. */
export interface MathGameState {
  game: 'math-card-game';
  version: number;
  view: MathCardGameView;
  legal: MathCardGameIntent[];
  actors: number[];
  /** Running deadlines (the cut timeout), `remainingMs` as of `receivedAt`. */
  timers: GameTimerInfo[];
  /** `Date.now()` when the update arrived: the countdowns run from here. */
  receivedAt: number;
}

const LegalSchema = z.array(MathCardGameIntentSchema);

export type MathParse = { ok: true; value: MathGameState } | { ok: false; error: string };

export function parseMathUpdate(update: {
  version: number;
  view: unknown;
  legal: unknown[];
  actors: number[];
  timers: GameTimerInfo[];
}): MathParse {
  const v = MathCardGameViewSchema.safeParse(update.view);
  if (!v.success) return { ok: false, error: `Math Card Game view: ${z.prettifyError(v.error)}` };
  const l = LegalSchema.safeParse(update.legal);
  if (!l.success) return { ok: false, error: `Math Card Game legal intents: ${z.prettifyError(l.error)}` };
  return {
    ok: true,
    value: {
      game: 'math-card-game',
      version: update.version,
      view: v.data,
      legal: l.data,
      actors: update.actors,
      timers: update.timers,
      receivedAt: Date.now(),
    },
  };
}
