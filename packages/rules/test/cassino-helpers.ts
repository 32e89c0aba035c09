import type {
  Card,
  CassinoBuild,
  CassinoIntent,
  CassinoOptions,
  CassinoTableItem,
  Suit,
} from '@cards/schema';
import { standardDeck } from '../src/core/cards.ts';
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
    seed: 'test',
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

/**
 * Independent brute force for larger tables: every subset of table items (bitmask), with every hand
 * card, as a capture and as a build of every value, but `apply` is asked only about candidates that
 * pass plain arithmetic every legal play must pass (no face card among number-card items, each item
 * worth at most the target, the total a multiple of it; a build's value is held in the hand). Returns
 * the accepted intents' keys, sorted. Up to ~15 items.
 */
export function candidateBruteForce(state: CassinoState, seat: number): string[] {
  const table = state.table;
  const n = table.length;
  if (n > 16) throw new Error('table too large for the brute force');
  const value = table.map((i) => (i.type === 'build' ? i.build.value : i.card.rank > 10 ? 0 : i.card.rank));
  const size = 1 << n;
  const sum = new Int32Array(size);
  const max = new Int32Array(size);
  const face = new Uint8Array(size);
  for (let mask = 1; mask < size; mask++) {
    const j = 31 - Math.clz32(mask & -mask);
    const prev = mask & (mask - 1);
    const v = value[j] as number;
    sum[mask] = (sum[prev] as number) + v;
    max[mask] = Math.max(max[prev] as number, v);
    face[mask] = (face[prev] as number) | (v === 0 ? 1 : 0);
  }
  const items = (mask: number): string[] => table.filter((_, i) => mask & (1 << i)).map((i) => i.id);
  const out: string[] = [];
  const hand = state.hands[seat] ?? [];
  const tryIntent = (intent: CassinoIntent): void => {
    if (cassino.apply(state, seat, intent, 0).ok) out.push(intentKey(intent));
  };
  for (const c of hand) {
    tryIntent({ type: 'trail', card: c.id });
    if (c.rank > 10) {
      for (let mask = 1; mask < size; mask++)
        if (table.every((it, i) => !(mask & (1 << i)) || (it.type === 'card' && it.card.rank === c.rank)))
          tryIntent({ type: 'capture', card: c.id, items: items(mask) });
      continue;
    }
    const values = [...new Set(hand.filter((h) => h.id !== c.id && h.rank <= 10).map((h) => h.rank))];
    for (let mask = 1; mask < size; mask++) {
      if (face[mask]) continue;
      const s = sum[mask] as number;
      const m = max[mask] as number;
      if (m <= c.rank && s % c.rank === 0) tryIntent({ type: 'capture', card: c.id, items: items(mask) });
      for (const v of values)
        if (c.rank <= v && m <= v && (s + c.rank) % v === 0)
          tryIntent({ type: 'build', card: c.id, items: items(mask), value: v });
    }
  }
  return out.sort();
}
