import type { MathCardGameOptions, MathEndReason, MathLastAction } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { nextInt, seedPrng, shuffle, type PrngState } from '../core/prng.ts';
import { COLOURS, DECK_SIZE, DECKS, HAND_SIZE } from './cards.ts';
import { evaluate, shapeOf, type Sequence, type Shape } from './sequence.ts';

export interface MathCardGameState {
  readonly options: MathCardGameOptions;
  readonly phase: 'cut' | 'play' | 'over';
  readonly prng: PrngState;
  /** Each seat's own pile of card ids, index 0 on top (never shown to anyone). */
  readonly piles: readonly (readonly string[])[];
  readonly hands: readonly (readonly string[])[];
  /** cut[s]: seat s's deck has been cut by the opponent. */
  readonly cut: readonly boolean[];
  /** Opened sequences in slot order (at most 8). */
  readonly sequences: readonly Sequence[];
  readonly turn: Seat;
  /** Turns taken so far (cuts not counted). */
  readonly turnNumber: number;
  /** Turns in a row in which the player could neither play nor draw. */
  readonly stuckTurns: number;
  readonly lastAction: MathLastAction | null;
  readonly endReason: MathEndReason | null;
}

export const colourName = (seat: Seat): string => (seat === 0 ? 'Red' : 'Blue');

/** Each player's deck is shuffled with the seeded PRNG; then each waits for the opponent's cut. */
export function setupState(options: MathCardGameOptions, players: number, seed: string): MathCardGameState {
  if (players !== 2) throw new RangeError("Wouter's Math Card Game is for exactly 2 players.");
  let prng = seedPrng(seed);
  const piles: string[][] = [];
  for (const deck of DECKS) {
    const [shuffled, next] = shuffle(
      deck.map((card) => card.id),
      prng,
    );
    piles.push(shuffled);
    prng = next;
  }
  return {
    options,
    phase: 'cut',
    prng,
    piles,
    hands: COLOURS.map(() => []),
    cut: COLOURS.map(() => false),
    sequences: [],
    turn: 0,
    turnNumber: 0,
    stuckTurns: 0,
    lastAction: null,
    endReason: null,
  };
}

/** Seat `cutter` cuts the opponent's deck at `position` (1–34 cards moved from top to bottom). */
export function applyCut(state: MathCardGameState, cutter: Seat, position: number | null): MathCardGameState {
  const owner = 1 - cutter;
  let prng = state.prng;
  let at = position;
  if (at === null) {
    const [value, advanced] = nextInt(prng, DECK_SIZE - 1);
    at = value + 1;
    prng = advanced;
  }
  const pile = state.piles[owner] as readonly string[];
  const piles = state.piles.map((p, s) => (s === owner ? [...pile.slice(at), ...pile.slice(0, at)] : p));
  const cut = state.cut.map((done, s) => done || s === owner);
  const text = `${colourName(cutter)} cut ${colourName(owner)}'s deck${position === null ? ' at random' : ''} (${at} cards).`;
  const next: MathCardGameState = {
    ...state,
    prng,
    piles,
    cut,
    lastAction: { seat: cutter, kind: 'cut', text, cardIds: [] },
  };
  if (!cut.every(Boolean)) return next;
  return {
    ...next,
    phase: 'play',
    hands: piles.map((p) => p.slice(0, HAND_SIZE)),
    piles: piles.map((p) => p.slice(HAND_SIZE)),
    turn: 0,
    lastAction: {
      seat: cutter,
      kind: 'deal',
      text: `${text} Both decks are cut: 6 cards each. Red starts.`,
      cardIds: [],
    },
  };
}

export const shapesOf = (state: MathCardGameState): Shape[] =>
  state.sequences.map((seq) => shapeOf(seq.cards));

/** The seat has at least one card of its colour on the table. */
export const hasCardsOnTable = (state: MathCardGameState, seat: Seat): boolean => {
  const prefix = seat === 0 ? 'r-' : 'b-';
  return state.sequences.some((seq) => seq.cards.some((c) => c.id.startsWith(prefix)));
};

export const cardsLeft = (state: MathCardGameState, seat: Seat): number =>
  (state.hands[seat]?.length ?? 0) + (state.piles[seat]?.length ?? 0);

/** Final score per seat: the sum of the sequences its starters opened, each as it stands. */
export function scoresOf(state: MathCardGameState): number[] {
  const scores = COLOURS.map(() => 0);
  for (const seq of state.sequences) scores[seq.owner] = (scores[seq.owner] ?? 0) + evaluate(seq.cards).value;
  return scores;
}

export function winnersOf(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((score, seat) => (score === best ? [seat] : []));
}

/** Seats that still have to cut the opponent's deck, in seat order. */
export const cuttersOf = (state: MathCardGameState): Seat[] =>
  state.cut.flatMap((done, owner) => (done ? [] : [1 - owner])).sort((a, b) => a - b);
