import {
  MathCardGameIntentSchema,
  type MathCardGameIntent,
  type MathCardGameOptions,
  type MathCardGameView,
  type MathPlay,
} from '@cards/schema';
import type { GameModule, GameTimer, Seat } from '../core/game.ts';
import { err, type Result } from '../core/result.ts';
import { wellFormed } from '../core/wellFormed.ts';
import { DECK_SIZE } from './cards.ts';
import { maximalPlays, placementsAfter, underChoices } from './search.ts';
import {
  applyCut,
  cuttersOf,
  scoresOf,
  setupState,
  shapesOf,
  winnersOf,
  type MathCardGameState,
} from './state.ts';
import { applyMulligan, applyTurn, turnContext } from './turn.ts';
import { viewOf } from './view.ts';
import { mathHistory } from './history.ts';

export type { MathCardGameState } from './state.ts';

function legalIntents(state: MathCardGameState, seat: Seat): MathCardGameIntent[] {
  if (state.phase === 'cut') {
    if (!cuttersOf(state).includes(seat)) return [];
    const positions = Array.from({ length: DECK_SIZE - 1 }, (_, k) => k + 1);
    return [null, ...positions].map((position) => ({ type: 'cut', position }));
  }
  if (state.phase !== 'play' || seat !== state.turn) return [];
  const ctx = turnContext(state, seat);
  if (ctx.mustMulligan) return [{ type: 'mulligan' }];
  const hand = state.hands[seat] ?? [];
  const out: MathCardGameIntent[] = [];
  for (const plays of maximalPlays(ctx.shapes, hand)) {
    const rest = hand.filter((id) => !plays.some((p) => p.card === id));
    for (const under of underChoices(rest, ctx.under)) out.push({ type: 'turn', plays, under });
  }
  return out;
}

/**
 * Every legal single placement for `seat` now: after `before` (cards already placed this turn, in
 * order), each hand card — every copy — onto each sequence that takes it, a starter onto `new`, a `?`
 * once per operator. Empty when it is not the seat's turn to play. A whole turn is a chain of these;
 * `legalIntents` lists the chains of the greatest length (the must-play-most rule). For bots and
 * tests: the table offers whole turns from `legalIntents`.
 */
export function legalPlacements(
  state: MathCardGameState,
  seat: Seat,
  before: readonly MathPlay[] = [],
): MathPlay[] {
  if (state.phase !== 'play' || seat !== state.turn) return [];
  return placementsAfter(shapesOf(state), state.hands[seat] ?? [], before);
}

function apply(state: MathCardGameState, actor: Seat, intent: MathCardGameIntent): Result<MathCardGameState> {
  if (state.phase === 'over') return err('GAME_OVER', 'The game is over.');
  if (intent.type === 'cut') {
    if (state.phase !== 'cut') return err('NOT_CUTTING', 'The decks have already been cut.');
    if (!cuttersOf(state).includes(actor))
      return err('NOT_YOUR_CUT', "You have already cut your opponent's deck.");
    const p = intent.position;
    if (p !== null && (!Number.isInteger(p) || p < 1 || p > DECK_SIZE - 1))
      return err('BAD_CUT', `Cut somewhere between 1 and ${DECK_SIZE - 1} cards.`, { position: p });
    return { ok: true, value: applyCut(state, actor, p) };
  }
  if (state.phase === 'cut') return err('CUT_FIRST', 'The decks are still being cut.');
  if (actor !== state.turn) return err('NOT_YOUR_TURN', 'It is not your turn.');
  if (intent.type === 'mulligan') return applyMulligan(state, actor);
  if (intent.type === 'turn') return applyTurn(state, actor, intent);
  return err('UNKNOWN_INTENT', 'That is not a move in this game.');
}

/** The cut timeout: a seat that has not cut the opponent's deck in time cuts it at random. */
function timers(state: MathCardGameState): GameTimer<MathCardGameIntent>[] {
  if (state.phase !== 'cut') return [];
  const afterMs = state.options.cutTimeoutSeconds * 1000;
  return cuttersOf(state).map((seat) => ({
    key: `cut-${seat}`,
    seat,
    afterMs,
    intent: { type: 'cut', position: null },
  }));
}

export const mathCardGame: GameModule<
  MathCardGameOptions,
  MathCardGameState,
  MathCardGameIntent,
  MathCardGameView
> = {
  slug: 'math-card-game',
  displayName: "Wouter's Math Card Game",
  minPlayers: 2,
  maxPlayers: 2,
  defaultConfig: { cutTimeoutSeconds: 10 },
  setup: setupState,
  actors(state) {
    if (state.phase === 'cut') return cuttersOf(state);
    return state.phase === 'play' ? [state.turn] : [];
  },
  legalIntents,
  // Both seats cut at once, each the other's deck: one cut never changes the deck the other is
  // cutting, so a cut made before the other's landed is still what its sender meant.
  acceptsStale: (state, _actor, intent) => intent.type === 'cut' && state.phase === 'cut',
  apply: wellFormed(MathCardGameIntentSchema, apply),
  view: viewOf,
  outcome(state) {
    if (state.phase !== 'over') return null;
    const scores = scoresOf(state);
    return { winners: winnersOf(scores), scores };
  },
  timers,
  history: mathHistory,
};
