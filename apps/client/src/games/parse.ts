import { z } from 'zod';
import {
  CassinoIntentSchema,
  CassinoViewSchema,
  GameUpdateSchema,
  type CassinoIntent,
  type CassinoView,
} from '@cards/schema';
import { parseBlindCassowaryUpdate, type BlindCassowaryGameState } from './blind-cassowary/wire.ts';
import { parseMathUpdate, type MathGameState } from './math-card-game/wire.ts';
import { parseStarUpdate, type StarGameState } from './star-navigator/wire.ts';

/** A validated 'game' message, narrowed to the game it belongs to. */
export type GameState =
  | {
      game: 'cassino';
      version: number;
      view: CassinoView;
      legal: CassinoIntent[];
      actors: number[];
    }
  | MathGameState
  | BlindCassowaryGameState
  | StarGameState;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function describeZodError(error: z.ZodError): string {
  return z.prettifyError(error);
}

const CassinoLegalSchema = z.array(CassinoIntentSchema);

/** Validate a 'game' message: the envelope, then the view and legal intents with the game's schemas. */
export function parseGameUpdate(raw: unknown, slugHint: string | undefined): ParseResult<GameState> {
  const envelope = GameUpdateSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, error: describeZodError(envelope.error) };
  const { version, view, legal, actors, timers } = envelope.data;
  const viewGame =
    typeof view === 'object' && view !== null && 'game' in view
      ? String((view as { game: unknown }).game)
      : '';
  const slug = slugHint ?? viewGame;
  switch (slug) {
    case 'cassino': {
      const v = CassinoViewSchema.safeParse(view);
      if (!v.success) return { ok: false, error: `Cassino view: ${describeZodError(v.error)}` };
      const l = CassinoLegalSchema.safeParse(legal);
      if (!l.success) return { ok: false, error: `Cassino legal intents: ${describeZodError(l.error)}` };
      return { ok: true, value: { game: 'cassino', version, view: v.data, legal: l.data, actors } };
    }
    case 'math-card-game':
      return parseMathUpdate({ version, view, legal, actors, timers });
    case 'blind-cassowary':
      return parseBlindCassowaryUpdate({ version, view, legal, actors, timers });
    case 'star-navigator':
      return parseStarUpdate({ version, view, legal, actors, timers });
    default:
      return { ok: false, error: `This client cannot show the game "${slug}".` };
  }
}
