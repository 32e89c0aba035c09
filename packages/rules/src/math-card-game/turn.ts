import type { MathCard, MathCardGameIntent, MathEndReason } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { cardLabel, findCard, HAND_SIZE, MAX_SEQUENCES, OP_SYMBOLS } from './cards.ts';
import { anyPlayable, maxPlayable } from './search.ts';
import {
  nextShape,
  placementError,
  STARTER_SHAPE,
  type PlacedCard,
  type Sequence,
  type Shape,
} from './sequence.ts';
import { cardsLeft, colourName, hasCardsOnTable, shapesOf, type MathCardGameState } from './state.ts';

type TurnIntent = Extract<MathCardGameIntent, { type: 'turn' }>;

export interface TurnContext {
  readonly shapes: Shape[];
  /** The most cards this turn can play. */
  readonly max: number;
  /** Nothing of the player's on the table and nothing playable: the turn is a mulligan. */
  readonly mustMulligan: boolean;
  readonly pileEmpty: boolean;
  /** Cards that go under the pile after playing `max`. */
  readonly under: number;
}

export function turnContext(state: MathCardGameState, seat: Seat): TurnContext {
  const shapes = shapesOf(state);
  const hand = state.hands[seat] ?? [];
  const max = maxPlayable(shapes, hand);
  const pileEmpty = (state.piles[seat]?.length ?? 0) === 0;
  return {
    shapes,
    max,
    mustMulligan: max === 0 && !hasCardsOnTable(state, seat),
    pileEmpty,
    under: pileEmpty ? 0 : Math.max(0, Math.min(2, hand.length) - max),
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Validates and applies one whole turn. Nothing is changed unless every check passes. */
export function applyTurn(
  state: MathCardGameState,
  actor: Seat,
  intent: TurnIntent,
): Result<MathCardGameState> {
  const ctx = turnContext(state, actor);
  if (ctx.mustMulligan)
    return err(
      'MUST_MULLIGAN',
      'You have no cards on the table and cannot play any: put your whole hand under your pile (mulligan).',
    );
  const hand = state.hands[actor] ?? [];
  const ids = [...intent.plays.map((p) => p.card), ...intent.under];
  if (new Set(ids).size !== ids.length)
    return err('DUPLICATE_CARD', 'Each card can be used only once per turn.');
  for (const id of ids)
    if (!hand.includes(id)) return err('CARD_NOT_IN_HAND', 'That card is not in your hand.', { card: id });
  if (intent.plays.length > 2) return err('TOO_MANY_PLAYS', 'You play at most two cards per turn.');

  const sequences: Sequence[] = state.sequences.slice();
  let shapes = ctx.shapes;
  const used: number[] = [];
  const words: string[] = [];
  for (const play of intent.plays) {
    const card = findCard(play.card) as MathCard;
    const isAny = card.kind === 'operator' && card.operator === '?';
    if (isAny && play.operator === undefined)
      return err('CHOOSE_OPERATOR', 'Say which operator your ? stands for: +, −, × or ÷.');
    if (!isAny && play.operator !== undefined)
      return err('OPERATOR_NOT_ALLOWED', 'Only a ? card takes a chosen operator.');
    const placed: PlacedCard =
      play.operator === undefined ? { id: card.id } : { id: card.id, op: play.operator };
    if (card.kind === 'starter') {
      if (play.sequence !== 'new') return err('STARTER_OPENS_NEW', 'A starter always opens a new sequence.');
      if (sequences.length >= MAX_SEQUENCES)
        return err('NO_FREE_SLOT', 'All eight sequences are already open.');
      sequences.push({ owner: actor, cards: [placed], sealed: false });
      shapes = [...shapes, STARTER_SHAPE];
      words.push(`opened sequence ${sequences.length} with ${cardLabel(card)}`);
      continue;
    }
    const slot = play.sequence;
    if (slot === 'new') return err('ONLY_STARTERS_OPEN', 'Only a starter can open a new sequence.');
    const seq = sequences[slot];
    const shape = shapes[slot];
    if (seq === undefined || shape === undefined)
      return err('NO_SUCH_SEQUENCE', 'There is no such sequence on the table.', { sequence: slot });
    if (used.includes(slot))
      return err('SAME_SEQUENCE', 'Your two cards must go to different sequences.', { sequence: slot });
    const problem = placementError(shape, card);
    if (problem !== null) return err(problem.code, problem.message, { card: card.id, sequence: slot });
    used.push(slot);
    const next = nextShape(shape, card);
    sequences[slot] = { ...seq, cards: [...seq.cards, placed], sealed: next.sealed };
    shapes = shapes.slice();
    shapes[slot] = next;
    const label = isAny ? `? as ${OP_SYMBOLS[play.operator ?? '+']}` : cardLabel(card);
    words.push(`played ${label} on sequence ${slot + 1}`);
  }
  if (intent.plays.length < ctx.max)
    return err(
      'MUST_PLAY_MORE',
      `You can play ${plural(ctx.max, 'card')} this turn, so you must: the most you can play, in whatever order works.`,
      { max: ctx.max, played: intent.plays.length },
    );
  const need = ctx.pileEmpty ? 0 : Math.max(0, Math.min(2, hand.length) - intent.plays.length);
  if (intent.under.length !== need)
    return err(
      'WRONG_UNDER_COUNT',
      ctx.pileEmpty
        ? 'Your pile is empty: nothing goes under it.'
        : `Two cards leave your hand each turn: put ${plural(need, 'card')} under your pile.`,
      { need, given: intent.under.length },
    );

  const gone = new Set(ids);
  const pile = [...(state.piles[actor] ?? []), ...intent.under];
  const drawn = ctx.pileEmpty ? 0 : Math.min(2, pile.length);
  const newHand = [...hand.filter((id) => !gone.has(id)), ...pile.slice(0, drawn)];
  if (intent.under.length > 0) words.push(`put ${plural(intent.under.length, 'card')} under the pile`);
  if (drawn > 0) words.push(`drew ${drawn}`);
  const who = colourName(actor);
  const text =
    intent.plays.length === 0 && drawn === 0
      ? `${who} could not play and passes.`
      : `${who} ${intent.plays.length === 0 ? 'could not play: ' : ''}${joinWords(words)}.`;
  return ok(
    advance({
      ...state,
      sequences,
      hands: state.hands.map((h, s) => (s === actor ? newHand : h)),
      piles: state.piles.map((p, s) => (s === actor ? pile.slice(drawn) : p)),
      turnNumber: state.turnNumber + 1,
      stuckTurns: intent.plays.length === 0 && drawn === 0 ? state.stuckTurns + 1 : 0,
      lastAction: {
        seat: actor,
        kind: intent.plays.length === 0 && drawn === 0 ? 'pass' : 'turn',
        text,
        cardIds: intent.plays.map((p) => p.card),
      },
    }),
  );
}

const joinWords = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** The whole hand goes under the pile (in hand order) and six are drawn; that ends the turn. */
export function applyMulligan(state: MathCardGameState, actor: Seat): Result<MathCardGameState> {
  if (!turnContext(state, actor).mustMulligan)
    return err(
      'MULLIGAN_NOT_ALLOWED',
      hasCardsOnTable(state, actor)
        ? 'You already have cards on the table: no mulligan.'
        : 'You can play a card, so you must: no mulligan.',
    );
  const pile = [...(state.piles[actor] ?? []), ...(state.hands[actor] ?? [])];
  const drawn = Math.min(HAND_SIZE, pile.length);
  return ok(
    advance({
      ...state,
      hands: state.hands.map((h, s) => (s === actor ? pile.slice(0, drawn) : h)),
      piles: state.piles.map((p, s) => (s === actor ? pile.slice(drawn) : p)),
      turnNumber: state.turnNumber + 1,
      stuckTurns: 0,
      lastAction: {
        seat: actor,
        kind: 'mulligan',
        text: `${colourName(actor)} could not play anything: put the whole hand under the pile and drew ${drawn}.`,
        cardIds: [],
      },
    }),
  );
}

const END_TEXT: Readonly<Record<MathEndReason, string>> = {
  allOut: 'Both players are out of cards: the game is over.',
  stuck: 'Two turns in a row nobody could play or draw: the game is over.',
  frozen: 'No card left in any hand or pile can ever be played: the game is over.',
};

function endReason(state: MathCardGameState): MathEndReason | null {
  if (cardsLeft(state, 0) === 0 && cardsLeft(state, 1) === 0) return 'allOut';
  if (state.stuckTurns >= 2) return 'stuck';
  if (state.piles.some((p) => p.length > 0)) {
    const shapes = shapesOf(state);
    const everything = [...state.hands.flat(), ...state.piles.flat()];
    if (!anyPlayable(shapes, everything)) return 'frozen';
  }
  return null;
}

function over(state: MathCardGameState, reason: MathEndReason): MathCardGameState {
  const last = state.lastAction;
  const text = last === null ? END_TEXT[reason] : `${last.text} ${END_TEXT[reason]}`;
  return {
    ...state,
    phase: 'over',
    endReason: reason,
    lastAction: { seat: last?.seat ?? state.turn, kind: 'gameOver', text, cardIds: last?.cardIds ?? [] },
  };
}

/**
 * After a turn: end the game if an end condition holds, else pass the turn. A player with no cards
 * left (hand and pile empty) cannot play nor draw: their turn passes by itself and counts as stuck.
 */
function advance(state: MathCardGameState): MathCardGameState {
  const reason = endReason(state);
  if (reason !== null) return over(state, reason);
  const next = 1 - state.turn;
  if (cardsLeft(state, next) > 0) return { ...state, turn: next };
  const skipped: MathCardGameState = {
    ...state,
    turnNumber: state.turnNumber + 1,
    stuckTurns: state.stuckTurns + 1,
    lastAction: state.lastAction && {
      ...state.lastAction,
      text: `${state.lastAction.text} ${colourName(next)} is out of cards and passes.`,
    },
  };
  const after = endReason(skipped);
  return after === null ? skipped : over(skipped, after);
}
