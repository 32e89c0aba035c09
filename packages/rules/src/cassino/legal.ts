import type { CassinoIntent } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import {
  Budget,
  compareIndexLists,
  forEachSubsetWithSum,
  hasSubsetWithSum,
  partitionableSubsets,
} from './partition.ts';
import { controlsBuild } from './validity.ts';
import { isCompound, isFaceRank, itemValue, type Card, type CassinoState } from './state.ts';

/**
 * Work allowance for one `legalIntents` call. Ordinary tables need a few thousand steps; only a
 * table of dozens of loose cards (someone trailing every card) offers millions of captures, and
 * then the list is cut off deterministically. `apply` still accepts every legal move.
 */
export const LEGAL_INTENT_STEPS = 50_000;

/** All subsets of `positions` (as ascending lists), the empty one included. */
function allSubsets(positions: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (const p of positions) out = out.concat(out.map((s) => [...s, p]));
  return out;
}

const byLists = (lists: number[][]): number[][] => lists.sort(compareIndexLists);

/** Table positions split by value for a target: items worth exactly `target`, and smaller simple parts. */
function splitTable(
  state: CassinoState,
  target: number,
): { exact: number[]; small: number[]; smallVals: number[] } {
  const exact: number[] = [];
  const small: number[] = [];
  const smallVals: number[] = [];
  state.table.forEach((item, i) => {
    const value = itemValue(item);
    if (value === null) return;
    if (value === target) exact.push(i);
    else if (value < target && !isCompound(item)) {
      small.push(i);
      smallVals.push(value);
    }
  });
  return { exact, small, smallVals };
}

/** Table positions of every item set the card may capture, each set ascending, in canonical order. */
export function captureSets(state: CassinoState, card: Card, budget: Budget): number[][] {
  if (isFaceRank(card.rank)) {
    const same = state.table.flatMap((item, i) =>
      item.type === 'card' && item.card.rank === card.rank ? [i] : [],
    );
    return byLists(allSubsets(same).filter((s) => s.length > 0));
  }
  const { exact, small, smallVals } = splitTable(state, card.rank);
  const smallSets = partitionableSubsets(smallVals, card.rank, null, budget).map((s) =>
    s.map((k) => small[k] as number),
  );
  const out: number[][] = [];
  for (const e of allSubsets(exact))
    for (const s of smallSets) {
      if (e.length + s.length === 0) continue;
      if (!budget.spend()) return byLists(out);
      out.push([...e, ...s].sort((a, b) => a - b));
    }
  return byLists(out);
}

/** Table positions of every build the card can make for `value` (simple and compound), canonical order. */
export function buildSets(state: CassinoState, card: Card, value: number, budget: Budget): number[][] {
  const r = card.rank;
  if (isFaceRank(r) || value < 1 || value > 10 || r > value) return [];
  const out: number[][] = [];
  const { exact, small, smallVals } = splitTable(state, value);
  // Simple builds: the card plus loose number cards and simple builds adding up to `value`
  // (every such part is worth less than `value`, so it is among `small`).
  if (value > r)
    forEachSubsetWithSum(
      smallVals,
      value - r,
      0,
      null,
      (s) => out.push(s.map((k) => small[k] as number)),
      budget,
    );
  // Compound builds: the card's group plus at least one more group, each making `value`.
  const handGroups: number[][] = [];
  if (r === value) handGroups.push([]);
  else forEachSubsetWithSum(smallVals, value - r, 0, null, (s) => handGroups.push([...s]), budget);
  const exactSets = allSubsets(exact);
  const seen = new Set<string>();
  for (const hg of handGroups) {
    const excluded = smallVals.map((_, k) => hg.includes(k));
    for (const rest of partitionableSubsets(smallVals, value, excluded, budget))
      for (const e of exactSets) {
        if (rest.length + e.length === 0) continue;
        if (!budget.spend()) return byLists(out);
        const set = [...hg, ...rest].map((k) => small[k] as number).concat(e);
        set.sort((a, b) => a - b);
        const key = set.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(set);
      }
  }
  return byLists(out);
}

/** Can the card capture anything? Exact (subset-sum), no enumeration. */
export function canCapture(state: CassinoState, card: Card): boolean {
  if (isFaceRank(card.rank)) return state.table.some((i) => i.type === 'card' && i.card.rank === card.rank);
  const { exact, smallVals } = splitTable(state, card.rank);
  return exact.length > 0 || hasSubsetWithSum(smallVals, card.rank);
}

/** Can the card make any build of `value`? Exact, with early exit. */
export function canBuild(state: CassinoState, card: Card, value: number): boolean {
  const r = card.rank;
  if (isFaceRank(r) || value < 1 || value > 10 || r > value) return false;
  const { exact, smallVals } = splitTable(state, value);
  if (r === value) return exact.length > 0 || hasSubsetWithSum(smallVals, value);
  if (!hasSubsetWithSum(smallVals, value - r)) return false;
  // A simple build exists; that is enough.
  return true;
}

/** Values the seat may build to after playing `card`: ranks 1..10 it still holds. */
function buildValues(hand: readonly Card[], card: Card): number[] {
  const values = new Set<number>();
  for (const c of hand) if (c.id !== card.id && !isFaceRank(c.rank)) values.add(c.rank);
  return [...values].sort((a, b) => a - b);
}

/** Captures and builds only (no trails), in canonical order: captures first, then builds. */
export function captureAndBuildIntents(state: CassinoState, seat: Seat, budget: Budget): CassinoIntent[] {
  const hand = state.hands[seat] ?? [];
  const ids = (set: readonly number[]): string[] => set.map((i) => state.table[i]!.id);
  const captures: CassinoIntent[] = [];
  const builds: CassinoIntent[] = [];
  for (const card of hand) {
    for (const set of captureSets(state, card, budget))
      captures.push({ type: 'capture', card: card.id, items: ids(set) });
    for (const value of buildValues(hand, card))
      for (const set of buildSets(state, card, value, budget))
        builds.push({ type: 'build', card: card.id, items: ids(set), value });
  }
  return [...captures, ...builds];
}

/** Is there any capture or build at all? Exact and cheap: no listing. */
export function hasCaptureOrBuild(state: CassinoState, seat: Seat): boolean {
  const hand = state.hands[seat] ?? [];
  return hand.some(
    (card) => canCapture(state, card) || buildValues(hand, card).some((v) => canBuild(state, card, v)),
  );
}

/** May the seat trail now? Not while it controls a build, unless it has no capture or build at all. */
export const mayTrail = (state: CassinoState, seat: Seat): boolean =>
  !controlsBuild(state, seat) || !hasCaptureOrBuild(state, seat);

/** The legal intents and whether the list is complete (false only when the step allowance ran out). */
export function enumerateIntents(
  state: CassinoState,
  seat: Seat,
  steps = LEGAL_INTENT_STEPS,
): { intents: CassinoIntent[]; complete: boolean } {
  if (state.phase === 'dealOver')
    return { intents: state.awaitingContinue.includes(seat) ? [{ type: 'continue' }] : [], complete: true };
  if (state.phase !== 'playing' || state.turn !== seat) return { intents: [], complete: true };
  const budget = new Budget(steps);
  const plays = captureAndBuildIntents(state, seat, budget);
  const complete = !budget.exhausted;
  if (!mayTrail(state, seat)) return { intents: plays, complete };
  const trails: CassinoIntent[] = (state.hands[seat] ?? []).map((card) => ({ type: 'trail', card: card.id }));
  return { intents: [...plays, ...trails], complete };
}

export const legalIntents = (state: CassinoState, seat: Seat): CassinoIntent[] =>
  enumerateIntents(state, seat).intents;
