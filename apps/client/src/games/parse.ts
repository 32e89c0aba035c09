import { z } from 'zod';
import {
  BlindCassowaryIntentSchema,
  BlindCassowaryViewSchema,
  CassinoIntentSchema,
  CassinoViewSchema,
  CuntSoulIntentSchema,
  CuntSoulViewSchema,
  GameUpdateSchema,
  MathCardGameIntentSchema,
  MathCardGameViewSchema,
  StarNavigatorIntentSchema,
  StarNavigatorViewSchema,
  type BlindCassowaryIntent,
  type BlindCassowaryView,
  type CassinoIntent,
  type CassinoView,
  type CuntSoulIntent,
  type CuntSoulView,
  type GameTimerInfo,
  type GameUpdate,
  type MathCardGameIntent,
  type MathCardGameView,
  type StarNavigatorIntent,
  type StarNavigatorView,
} from '@cards/schema';

/** A validated 'game' message of one game, as its table renders it. */
export interface TableState<Game extends string, View, Intent> {
  game: Game;
  version: number;
  view: View;
  legal: Intent[];
  actors: number[];
  /** Running deadlines, `remainingMs` as of `receivedAt`. */
  timers: GameTimerInfo[];
  /** `Date.now()` when the update arrived: countdowns run from here. */
  receivedAt: number;
  /** A hint exists for this player now (rooms with hints on): the position it is for; else null. */
  hint: string | null;
}

export type CassinoGameState = TableState<'cassino', CassinoView, CassinoIntent>;
export type MathGameState = TableState<'math-card-game', MathCardGameView, MathCardGameIntent>;
export type BlindCassowaryGameState = TableState<'blind-cassowary', BlindCassowaryView, BlindCassowaryIntent>;
export type StarGameState = TableState<'star-navigator', StarNavigatorView, StarNavigatorIntent>;

export type CuntSoulGameState = TableState<'cunt-soul', CuntSoulView, CuntSoulIntent>;

export type GameState =
  CassinoGameState | MathGameState | BlindCassowaryGameState | StarGameState | CuntSoulGameState;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function describeZodError(error: z.ZodError): string {
  return z.prettifyError(error);
}

/** Checks the view and legal intents of an update with one game's schemas. */
function parseTable<Game extends string, View, Intent>(
  game: Game,
  name: string,
  schemas: { view: z.ZodType<View>; intent: z.ZodType<Intent> },
  update: GameUpdate,
): ParseResult<TableState<Game, View, Intent>> {
  const view = schemas.view.safeParse(update.view);
  if (!view.success) return { ok: false, error: `${name} view: ${describeZodError(view.error)}` };
  const legal = z.array(schemas.intent).safeParse(update.legal);
  if (!legal.success) return { ok: false, error: `${name} legal intents: ${describeZodError(legal.error)}` };
  const { version, actors, timers } = update;
  const hint = update.hint ?? null;
  return {
    ok: true,
    value: {
      game,
      version,
      view: view.data,
      legal: legal.data,
      actors,
      timers,
      receivedAt: Date.now(),
      hint,
    },
  };
}

/** Validate a 'game' message: the envelope, then the view and legal intents with the game's schemas. */
export function parseGameUpdate(raw: unknown, slugHint: string | undefined): ParseResult<GameState> {
  const envelope = GameUpdateSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, error: describeZodError(envelope.error) };
  const update = envelope.data;
  const view = update.view;
  const viewGame =
    typeof view === 'object' && view !== null && 'game' in view
      ? String((view as { game: unknown }).game)
      : '';
  const slug = slugHint ?? viewGame;
  switch (slug) {
    case 'cassino':
      return parseTable(
        'cassino',
        'Cassino',
        { view: CassinoViewSchema, intent: CassinoIntentSchema },
        update,
      );
    case 'math-card-game':
      return parseTable(
        'math-card-game',
        'Math Card Game',
        { view: MathCardGameViewSchema, intent: MathCardGameIntentSchema },
        update,
      );
    case 'blind-cassowary':
      return parseTable(
        'blind-cassowary',
        'Blind Cassowary',
        { view: BlindCassowaryViewSchema, intent: BlindCassowaryIntentSchema },
        update,
      );
    case 'star-navigator':
      return parseTable(
        'star-navigator',
        'Star Navigator',
        { view: StarNavigatorViewSchema, intent: StarNavigatorIntentSchema },
        update,
      );
    case 'cunt-soul':
      return parseTable(
        'cunt-soul',
        'Cunt-Soul',
        { view: CuntSoulViewSchema, intent: CuntSoulIntentSchema },
        update,
      );
    default:
      return { ok: false, error: `This client cannot show the game "${slug}".` };
  }
}
