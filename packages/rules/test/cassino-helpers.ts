import type {
  Card,
  CassinoBuild,
  CassinoIntent,
  CassinoOptions,
  CassinoTableItem,
  Suit,
} from '@cards/schema';
import { standardDeck } from '../src/core/cards.ts';
import { seedPrng } from '../src/core/prng.ts';
import type { Result } from '../src/core/result.ts';
import { cassino, type CassinoState } from '../src/index.ts';

/** "7H" → 7♥, "AS" → A♠, "10D" → 10♦, "QC" → Q♣. */
export function card(id: string): Card {
  const rankText = id.slice(0, -1);
  const suit = id.slice(-1) as Suit;
  const rank = ({ A: 1, J: 11, Q: 12, K: 13 } as Record<string, number>)[rankText] ?? Number(rankText);
  if (!['S', 'H', 'D', 'C'].includes(suit) || !(rank >= 1 && rank <= 13)) throw new Error(`bad card ${id}`);
  return { id, rank, suit };
}

export const cards = (ids: string): Card[] => (ids.trim() === '' ? [] : ids.trim().split(/\s+/).map(card));

export const loose = (id: string): CassinoTableItem => ({ type: 'card', id, card: card(id) });

export function buildItem(
  id: string,
  kind: 'simple' | 'compound',
  value: number,
  groups: string[],
  controller: number,
): CassinoTableItem {
  const build: CassinoBuild = { id, kind, value, groups: groups.map(cards), controller };
  return { type: 'build', id, build };
}

export interface StateSpec {
  hands: [string, string];
  table?: CassinoTableItem[];
  turn?: number;
  dealer?: number;
  /** Cards still to deal, top first; default: every card not placed elsewhere, in deck order. */
  deck?: string;
  captured?: [string, string];
  sweeps?: [number, number];
  lastCapturer?: number | null;
  options?: CassinoOptions;
  matchTotals?: [number, number];
  dealScores?: CassinoState['dealScores'];
  nextBuildId?: number;
  round?: number;
}

/** Builds a playing-phase state directly, for clause tests. */
export function makeState(spec: StateSpec): CassinoState {
  const hands = spec.hands.map(cards);
  const table = spec.table ?? [];
  const captured = (spec.captured ?? ['', '']).map(cards);
  const placed = new Set<string>([
    ...hands.flat().map((c) => c.id),
    ...table.flatMap((i) => (i.type === 'card' ? [i.id] : i.build.groups.flat().map((c) => c.id))),
    ...captured.flat().map((c) => c.id),
  ]);
  const deck = spec.deck === undefined ? standardDeck().filter((c) => !placed.has(c.id)) : cards(spec.deck);
  const dealer = spec.dealer ?? 0;
  return {
    game: 'cassino',
    options: spec.options ?? { match: 'single' },
    prng: seedPrng('test'),
    phase: 'playing',
    dealNumber: 1,
    round: spec.round ?? 1,
    dealer,
    turn: spec.turn ?? 1 - dealer,
    hands,
    deck,
    table,
    captured,
    sweeps: spec.sweeps ?? [0, 0],
    lastCapturer: spec.lastCapturer ?? null,
    lastAction: null,
    nextBuildId: spec.nextBuildId ?? 1,
    dealScores: spec.dealScores ?? [],
    matchTotals: spec.matchTotals ?? [0, 0],
    awaitingContinue: [],
    winners: [],
  };
}

export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Applies an intent to a deep-frozen copy, so any mutation of the input throws. */
export function play(state: CassinoState, actor: number, intent: CassinoIntent): Result<CassinoState> {
  return cassino.apply(deepFreeze(structuredClone(state)), actor, intent, 0);
}

/** Applies and expects success. */
export function must(state: CassinoState, actor: number, intent: CassinoIntent): CassinoState {
  const result = play(state, actor, intent);
  if (!result.ok)
    throw new Error(
      `expected ${JSON.stringify(intent)} to be legal: ${result.error.code} ${result.error.message}`,
    );
  return result.value;
}

/** Expects a refusal and returns its error code and message. */
export function refused(
  state: CassinoState,
  actor: number,
  intent: CassinoIntent,
): { code: string; message: string } {
  const result = play(state, actor, intent);
  if (result.ok) throw new Error(`expected ${JSON.stringify(intent)} to be refused`);
  return result.error;
}

export const ids = (state: CassinoState): string[] => state.table.map((i) => i.id);

/** Every card id somewhere in the state (hands, deck, table, captured piles), with repeats. */
export function allCardIds(state: CassinoState): string[] {
  return [
    ...state.hands.flat(),
    ...state.deck,
    ...state.table.flatMap((i) => (i.type === 'card' ? [i.card] : i.build.groups.flat())),
    ...state.captured.flat(),
  ].map((c) => c.id);
}

/** Canonical text of an intent: items sorted, so sets compare equal regardless of order. */
export function intentKey(intent: CassinoIntent): string {
  switch (intent.type) {
    case 'trail':
      return `trail ${intent.card}`;
    case 'capture':
      return `capture ${intent.card} [${[...intent.items].sort().join(',')}]`;
    case 'build':
      return `build ${intent.card} [${[...intent.items].sort().join(',')}] ${intent.value}`;
    case 'continue':
      return 'continue';
  }
}

/**
 * Independent brute force: tries every hand card with every subset of table items as a capture
 * and as a build of every value 1..10, plus every trail, and keeps what `apply` accepts.
 * Exponential in the table size: use on tables of up to ~8 items.
 */
export function bruteForceLegal(state: CassinoState, seat: number): string[] {
  const out: string[] = [];
  const table = state.table.map((i) => i.id);
  const subsets: string[][] = [];
  for (let mask = 1; mask < 1 << table.length; mask++) subsets.push(table.filter((_, i) => mask & (1 << i)));
  for (const c of state.hands[seat] ?? []) {
    const tries: CassinoIntent[] = [{ type: 'trail', card: c.id }];
    for (const items of subsets) {
      tries.push({ type: 'capture', card: c.id, items });
      for (let value = 1; value <= 10; value++) tries.push({ type: 'build', card: c.id, items, value });
    }
    for (const intent of tries) if (cassino.apply(state, seat, intent, 0).ok) out.push(intentKey(intent));
  }
  return out.sort();
}
