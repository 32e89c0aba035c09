import type { MathCardGameIntent, MathOperator, MathPlay } from '@cards/schema';
import { mathCardGame, type MathCardGameState } from '../../src/math-card-game/index.ts';
import { DECKS } from '../../src/math-card-game/cards.ts';
import { seedPrng } from '../../src/core/prng.ts';
import { shapeOf, type PlacedCard, type Sequence } from '../../src/math-card-game/sequence.ts';
import type { Result } from '../../src/core/result.ts';

export const game = mathCardGame;

/** `r-op-any-1:*` is a `?` fixed to ×; anything else is a card id. */
export function placed(spec: string): PlacedCard {
  const [id, op] = spec.split(':');
  return op === undefined ? { id: id as string } : { id: id as string, op: op as MathOperator };
}

export function seq(owner: number, ...specs: string[]): Sequence {
  const cards = specs.map(placed);
  return { owner, cards, sealed: shapeOf(cards).sealed };
}

/** A mid-game state in the play phase. Cards not named anywhere are simply out of this game. */
export function table(parts: {
  hands: [string[], string[]];
  piles?: [string[], string[]];
  sequences?: Sequence[];
  turn?: number;
  stuckTurns?: number;
}): MathCardGameState {
  return {
    options: { cutTimeoutSeconds: 10 },
    phase: 'play',
    prng: seedPrng('table'),
    piles: parts.piles ?? [[], []],
    hands: parts.hands,
    cut: [true, true],
    sequences: parts.sequences ?? [],
    turn: parts.turn ?? 0,
    turnNumber: 5,
    stuckTurns: parts.stuckTurns ?? 0,
    lastAction: null,
    endReason: null,
  };
}

export const turn = (plays: MathPlay[], under: string[] = []): MathCardGameIntent => ({
  type: 'turn',
  plays,
  under,
});
export const play = (card: string, sequence: number | 'new', operator?: MathOperator): MathPlay =>
  operator === undefined ? { card, sequence } : { card, sequence, operator };

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export function errorCode<T>(result: Result<T>): string {
  return result.ok ? 'OK' : result.error.code;
}

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export const ALL_IDS: readonly string[] = DECKS.flat().map((c) => c.id);

/** Every card id in the state with where it is; each must appear exactly once. */
export function locations(state: MathCardGameState): string[] {
  return [
    ...state.hands.flat(),
    ...state.piles.flat(),
    ...state.sequences.flatMap((s) => s.cards.map((c) => c.id)),
  ];
}
