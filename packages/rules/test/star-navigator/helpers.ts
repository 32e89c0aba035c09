import type { StarExprJson, StarNavigatorIntent, StarNavigatorOptions } from '@cards/schema';
import { expect } from 'vitest';
import type { Result } from '../../src/core/result.ts';
import { DEFAULT_OPTIONS, starNavigator as game } from '../../src/star-navigator/index.ts';
import type { SeatState, StarNavigatorState } from '../../src/star-navigator/state.ts';

export { game };

export const opts = (patch: Partial<StarNavigatorOptions> = {}): StarNavigatorOptions => ({
  ...DEFAULT_OPTIONS,
  ...patch,
});

export function expectOk<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function expectErr<T>(r: Result<T>, code: string): void {
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
}

export const L = (ref: string): StarExprJson => ({ kind: 'leaf', ref });
export const O = (
  op: '+' | '-' | '*' | '/' | '^',
  left: StarExprJson,
  right: StarExprJson,
): StarExprJson => ({
  kind: 'op',
  op,
  left,
  right,
});

/** A left-nested sum over the refs. */
export const sum = (refs: readonly string[]): StarExprJson =>
  refs.slice(1).reduce<StarExprJson>((acc, r) => O('+', acc, L(r)), L(refs[0] as string));

export const act = (
  state: StarNavigatorState,
  seat: number,
  intent: StarNavigatorIntent,
): StarNavigatorState => expectOk(game.apply(state, seat, intent, 0));

export const choose = (
  cards: string[],
  aces: { card: string; value: 1 | 100 }[] = [],
  phantom: number | null = null,
): StarNavigatorIntent => ({ type: 'chooseVectorSet', cards, aces, phantom });

export const submit = (expr: StarExprJson, declared: number): StarNavigatorIntent => ({
  type: 'submit',
  expr,
  declared,
});

/**
 * A compose-phase state with chosen target, beacon and Nav Memories (the rest of the deck stays in
 * the deck, so the cards are conserved).
 */
export function composeState(
  options: StarNavigatorOptions,
  spec: {
    target: string[];
    targetValue?: number;
    beacon: string;
    memories: string[][];
    chips?: number[];
    initiative?: number;
    overrideSuit?: StarNavigatorState['overrideSuit'];
    patch?: Partial<SeatState>[];
    mapOwner?: number | null;
    bounty?: number;
  },
): StarNavigatorState {
  const players = spec.memories.length;
  const base = game.setup(options, players, 'compose');
  const used = new Set([...spec.target, spec.beacon, ...spec.memories.flat()]);
  const deck = Object.keys(base.cards)
    .sort()
    .filter((id) => !used.has(id));
  const v = (id: string) => base.cards[id]?.value ?? NaN;
  const target =
    spec.targetValue ??
    (spec.target.length === 1
      ? v(spec.target[0] as string)
      : v(spec.target[0] as string) * 10 + v(spec.target[1] as string));
  return {
    ...base,
    phase: 'compose',
    round: 1,
    initiative: spec.initiative ?? 0,
    deck,
    discard: [],
    targetCards: spec.target,
    target,
    beacon: spec.beacon,
    overrideSuit: spec.overrideSuit ?? null,
    mapOwner: spec.mapOwner ?? null,
    bounty: spec.bounty ?? 0,
    marketQueue: [],
    seats: spec.memories.map((memory, i) => ({
      ...(base.seats[i] as SeatState),
      chips: spec.chips?.[i] ?? options.startingChips,
      packet: [],
      picked: false,
      memory,
      ...(spec.patch?.[i] ?? {}),
    })),
  };
}

/** Every card id somewhere in the state: deck, discard, target, beacon, packets, memories. */
export function allCards(state: StarNavigatorState): string[] {
  const out = [...state.deck, ...state.discard, ...state.targetCards];
  if (state.beacon !== null) out.push(state.beacon);
  for (const s of state.seats) out.push(...s.packet, ...s.memory);
  return out.sort();
}

export function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Two seats after the draft with the Pirate Map: seat 0 owns it and still has to lay out its Nav Memory. */
export const layOutState = (): StarNavigatorState =>
  composeState(opts({ pirateMap: true }), {
    target: ['2S', '4C'],
    beacon: '3S',
    mapOwner: 0,
    memories: [
      ['5H', '4H', '7H', '3C'],
      ['6S', '2D', '6C', '9D'],
    ],
    patch: [{ mustLayOut: true }],
  });
