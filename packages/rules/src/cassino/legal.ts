import type { CassinoIntent } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { hasSubsetWithSum, subsetWithSum } from './partition.ts';
import { controlsBuild } from './validity.ts';
import { isCompound, isFaceRank, itemValue, type Card, type CassinoState } from './state.ts';

/**
 * The most captures and builds one `legalIntents` list holds. Real play lists far fewer (`pnpm bench
 * rules` measures list sizes by style of play: playing any legal move, lists stay under 500); only a
 * crowded table (sixteen or more loose cards, players trailing again and again) goes over, and the
 * list stays small enough (about 160 KB) that one such room costs the others little. Then the
 * list is shared out per card and kind of play, so every card that can capture or build keeps some
 * of its plays listed, and the view names the cards whose list is cut (`freePlay`): the table lets
 * the player choose items freely for them and `apply` decides.
 */
export const MAX_LISTED = 2_000;

/**
 * Search work allowed per card and kind of play: count vectors looked at plus the grouping search's
 * steps. Only an absurd table needs more; the play is then listed by one witness and marked free.
 */
const MAX_SCAN = 5_000;

/** Steps of the grouping search (completeGroup), counted towards the scan that asked. */
let groupSteps = 0;

/**
 * The table seen from one target value `t`: the positions of items worth exactly `t` (loose cards,
 * simple and compound builds), and of the smaller parts that may be grouped to make `t` (loose number
 * cards and simple builds worth less than `t`), by value. A compound build worth something else
 * plays no part, nor does a face card.
 */
interface Lane {
  readonly target: number;
  readonly exact: readonly number[];
  /** `parts[v]`: positions of loose number cards and simple builds worth v (1 ≤ v < target). */
  readonly parts: readonly (readonly number[])[];
  /** Memo: can these part counts (index = value) be split into groups that each make `target`? */
  splits: Map<number, boolean> | null;
  /** The value of every part, value by value (the subset-sum tests' input), made when first asked for. */
  partValues: number[] | null;
}

/** The parts of a value no item has (shared: a lane's empty values cost no array each). */
const NO_PARTS: readonly number[] = [];

function makeLane(state: CassinoState, target: number): Lane {
  const exact: number[] = [];
  const parts: (readonly number[])[] = [];
  for (let v = 0; v < target; v++) parts.push(NO_PARTS);
  const table = state.table;
  for (let i = 0; i < table.length; i++) {
    const item = table[i]!;
    const value = itemValue(item);
    if (value === null) continue;
    if (value === target) exact.push(i);
    else if (value < target && !isCompound(item)) {
      const ofValue = parts[value]!;
      if (ofValue === NO_PARTS) parts[value] = [i];
      else (ofValue as number[]).push(i);
    }
  }
  return { target, exact, parts, splits: null, partValues: null };
}

/** Every part's value, value by value (one entry per part). */
function partValues(lane: Lane): number[] {
  if (lane.partValues !== null) return lane.partValues;
  const values: number[] = [];
  for (let v = 1; v < lane.target; v++) for (let k = lane.parts[v]!.length; k > 0; k--) values.push(v);
  return (lane.partValues = values);
}

/**
 * Can the multiset with `counts[v]` parts of value v be split into groups that each make the lane's
 * target? The largest part must be in some group: try every way to complete its group (parts taken
 * in non-increasing value, so each multiset once), memoised on the counts. `counts` is restored.
 */
function splits(lane: Lane, counts: number[]): boolean {
  const t = lane.target;
  let total = 0;
  for (let v = 1; v < t; v++) total += v * (counts[v] as number);
  if (total % t !== 0) return false;
  if (total === 0) return true;
  // Counts stay below 32 (at most 4 loose cards and 24 builds of one value, plus the played card).
  let key = 0;
  for (let v = 1; v < t; v++) key = key * 32 + (counts[v] as number);
  lane.splits ??= new Map();
  const known = lane.splits.get(key);
  if (known !== undefined) return known;
  let top = t - 1;
  while (counts[top] === 0) top--;
  counts[top]! -= 1;
  const ok = completeGroup(lane, counts, t - top, top);
  counts[top]! += 1;
  lane.splits.set(key, ok);
  return ok;
}

/** Takes parts worth at most `max` adding up to `need` (a group), then splits the rest. */
function completeGroup(lane: Lane, counts: number[], need: number, max: number): boolean {
  groupSteps++;
  if (need === 0) return splits(lane, counts);
  for (let v = Math.min(need, max); v >= 1; v--) {
    if (counts[v] === 0) continue;
    counts[v]! -= 1;
    const ok = completeGroup(lane, counts, need - v, v);
    counts[v]! += 1;
    if (ok) return true;
  }
  return false;
}

/**
 * One kind of play of one hand card, as a family of table position sets over a lane: a set is some
 * parts whose multiset of values the family accepts (see `accepts`), plus any subset of the items
 * worth exactly the target (each of them a group of its own). Never empty.
 */
interface Family {
  readonly lane: Lane;
  /**
   * null: captures by a number card worth the lane's target. Otherwise builds of the target with a
   * card of this rank: simple (the card plus parts adding up to the value) and compound (the card and
   * parts splitting into groups of the value, plus any items worth it). A set is never both: a simple
   * build is one group, a compound one two or more; with an item worth the value added, the parts of
   * a simple build become the played card's group of a compound build.
   */
  readonly buildRank: number | null;
}

/** Does this multiset of part values (adding up to `sum`) make a valid set? Restores `counts`. */
function accepts(family: Family, counts: number[], sum: number): boolean {
  const { lane, buildRank: rank } = family;
  if (rank === null || rank === lane.target) return splits(lane, counts);
  if (rank + sum === lane.target) return true;
  counts[rank]! += 1;
  const ok = splits(lane, counts);
  counts[rank]! -= 1;
  return ok;
}

/** Every accepted set of parts adds up to a multiple of the target minus this (the played card). */
const offset = (family: Family): number =>
  family.buildRank === null || family.buildRank === family.lane.target ? 0 : family.buildRank;

const binomials: number[][] = [];
function choose(n: number, k: number): number {
  for (let i = binomials.length; i <= n; i++) {
    const row = [1];
    for (let j = 1; j <= i; j++) row.push((binomials[i - 1]?.[j - 1] ?? 0) + (binomials[i - 1]?.[j] ?? 0));
    binomials.push(row);
  }
  return binomials[n]?.[k] ?? 0;
}

/** One walk over a family's part count vectors (see `scan`). */
interface Scan {
  family: Family;
  cap: number;
  list: boolean;
  /** For each value, how many of its parts the current vector uses. */
  readonly counts: number[];
  /** The positions picked while listing one vector's sets. */
  readonly picked: number[];
  /** Sets found (only when listing). */
  sets: number[][];
  /** How many sets were counted (stops once above the cap). */
  count: number;
  /** Count vectors looked at. */
  work: number;
  /** groupSteps when the scan began. */
  steps0: number;
  /** True when the scan stopped early (cap reached or work used up). */
  stopped: boolean;
  workOut: boolean;
}

/** No position sets (shared: a count-only scan and a face card with nothing to take make none). */
const NO_SETS: number[][] = [];

/**
 * The one scan in progress. A scan runs to its end before the next begins (no scan calls another)
 * and its caller reads the result before scanning again, so one object serves every scan (one or
 * two per kind of play, several per update) instead of a new one each.
 */
const SCAN: Scan = {
  // A placeholder until the first scan.
  family: {
    lane: { target: 0, exact: NO_PARTS, parts: [], splits: null, partValues: null },
    buildRank: null,
  },
  cap: 0,
  list: false,
  // Targets are 1..10: a count per value below the target (index 0 unused).
  counts: new Array<number>(11).fill(0),
  picked: [],
  sets: NO_SETS,
  count: 0,
  work: 0,
  steps0: 0,
  stopped: false,
  workOut: false,
};

/**
 * Walks the part count vectors of a family (for each value, how many of its parts are used) and
 * counts, or lists, the position sets they stand for, until `cap` sets are reached or the work
 * allowance is used up. Deterministic: always the same vectors in the same order. The result is
 * the shared SCAN, good until the next scan; its `sets` (a new array when listing) may be kept.
 */
function scan(family: Family, cap: number, list: boolean): Readonly<Scan> {
  const sc = SCAN;
  sc.counts.fill(0);
  sc.picked.length = 0;
  sc.family = family;
  sc.cap = cap;
  sc.list = list;
  sc.sets = list ? [] : NO_SETS;
  sc.count = 0;
  sc.work = 0;
  sc.steps0 = groupSteps;
  sc.stopped = false;
  sc.workOut = false;
  walk(sc, 1, 0);
  return sc;
}

function walk(sc: Scan, v: number, sum: number): void {
  const { lane } = sc.family;
  const t = lane.target;
  if (v === t) {
    leaf(sc, sum);
    return;
  }
  const n = lane.parts[v]!.length;
  // Parts worth t - 1 come last: only counts that bring the total to a multiple of t can do (each
  // such part is worth -1 modulo t).
  const last = v === t - 1;
  const first = last ? (sum + offset(sc.family)) % t : 0;
  for (let c = first; c <= n && !sc.stopped; c += last ? t : 1) {
    sc.counts[v] = c;
    walk(sc, v + 1, sum + c * v);
  }
  sc.counts[v] = 0;
}

function leaf(sc: Scan, sum: number): void {
  const { lane } = sc.family;
  sc.work++;
  if (sc.work + groupSteps - sc.steps0 > MAX_SCAN) {
    sc.stopped = sc.workOut = true;
    return;
  }
  if (!accepts(sc.family, sc.counts, sum)) return;
  let ways = 1;
  for (let v = 1; v < lane.target; v++) ways *= choose(lane.parts[v]!.length, sc.counts[v]!);
  // The empty set is no play: without parts, at least one item worth the target.
  const valid = ways * 2 ** lane.exact.length - (sum > 0 ? 0 : ways);
  if (valid <= 0) return;
  if (sc.list) pick(sc, 1, 0, sc.counts[1] ?? 0, sum);
  else {
    sc.count += valid;
    if (sc.count > sc.cap) sc.stopped = true;
  }
}

/** Lists the position sets of the current count vector: its parts chosen value by value. */
function pick(sc: Scan, v: number, from: number, left: number, sum: number): void {
  if (sc.stopped) return;
  const { lane } = sc.family;
  if (v === lane.target) {
    emit(sc, sum);
    return;
  }
  const parts = lane.parts[v]!;
  if (left === 0) {
    pick(sc, v + 1, 0, sc.counts[v + 1] ?? 0, sum);
    return;
  }
  for (let i = from; i <= parts.length - left && !sc.stopped; i++) {
    sc.picked.push(parts[i] as number);
    pick(sc, v, i + 1, left - 1, sum);
    sc.picked.pop();
  }
}

/** Emits the picked parts with every subset of the items worth the target. */
function emit(sc: Scan, sum: number): void {
  const exact = sc.family.lane.exact;
  for (let mask = sum > 0 ? 0 : 1; mask < 2 ** exact.length; mask++) {
    if (sc.count >= sc.cap) {
      sc.stopped = true;
      return;
    }
    const set = sc.picked.slice();
    for (let j = 0; j < exact.length; j++) if (mask & (2 ** j)) set.push(exact[j] as number);
    sortAscending(set);
    sc.sets.push(set);
    sc.count++;
  }
}

/** Insertion sort: a set holds a few positions, where it beats `sort` and its comparator calls. */
function sortAscending(set: number[]): void {
  for (let i = 1; i < set.length; i++) {
    const p = set[i]!;
    let j = i - 1;
    for (; j >= 0 && set[j]! > p; j--) set[j + 1] = set[j]!;
    set[j + 1] = p;
  }
}

/** One valid set of a family found without listing: subset-sum reconstruction. Null if none. */
function witness(lane: Lane, rank: number, kind: 'capture' | 'build'): number[] | null {
  const t = lane.target;
  if ((kind === 'capture' || rank === t) && lane.exact.length > 0) return [lane.exact[0] as number];
  const positions = lane.parts.flatMap((ps) => ps);
  const values = lane.parts.flatMap((ps, v) => ps.map(() => v));
  const need = kind === 'capture' || rank === t ? t : t - rank;
  const found = subsetWithSum(values, need);
  if (found === null) return null;
  const set = found.map((k) => positions[k] as number);
  sortAscending(set);
  return set;
}

/** Can the card capture anything? Exact (subset-sum), no enumeration. */
export function canCapture(state: CassinoState, card: Card): boolean {
  if (isFaceRank(card.rank)) return state.table.some((i) => i.type === 'card' && i.card.rank === card.rank);
  const lane = makeLane(state, card.rank);
  return lane.exact.length > 0 || laneHasSum(lane, card.rank);
}

/**
 * Can the card make any build of `value`? Exact: the group holding the played card is the card plus
 * parts adding up to the rest of the value (or the card alone when it is worth the value, with a
 * second group: an item worth the value, or parts adding up to it).
 */
export function canBuild(state: CassinoState, card: Card, value: number): boolean {
  const r = card.rank;
  if (isFaceRank(r) || value < 1 || value > 10 || r > value) return false;
  const lane = makeLane(state, value);
  if (r === value) return lane.exact.length > 0 || laneHasSum(lane, value);
  return laneHasSum(lane, value - r);
}

const laneHasSum = (lane: Lane, need: number): boolean => hasSubsetWithSum(partValues(lane), need);

/** Values the seat may build to after playing `card`: ranks 1..10 it still holds. */
function buildValues(hand: readonly Card[], card: Card): number[] {
  const values: number[] = [];
  for (let value = card.rank; value <= 10; value++) if (holdsOther(hand, card, value)) values.push(value);
  return values;
}

/** Does the hand hold a card of this rank other than `card` (to take a build of that value)? */
function holdsOther(hand: readonly Card[], card: Card, rank: number): boolean {
  for (let k = 0; k < hand.length; k++) if (hand[k]!.rank === rank && hand[k]!.id !== card.id) return true;
  return false;
}

/** Is there any capture or build at all? Exact and cheap: no listing. */
export function hasCaptureOrBuild(state: CassinoState, seat: Seat): boolean {
  const hand = state.hands[seat] ?? [];
  return hand.some(
    (card) => canCapture(state, card) || buildValues(hand, card).some((v) => canBuild(state, card, v)),
  );
}

/**
 * A hand card whose captures or builds are not all listed (only on an absurd table): what it may do,
 * so the table can let the player choose the items and the server check them.
 */
export interface FreePlay {
  readonly card: string;
  /** The card can capture something. */
  readonly capture: boolean;
  /** The values the card can build to. */
  readonly buildValues: readonly number[];
}

export interface Enumeration {
  readonly intents: readonly CassinoIntent[];
  /** True when `intents` is every legal intent. */
  readonly complete: boolean;
  /** Cards with plays left out of `intents` (empty when complete). */
  readonly freePlay: readonly FreePlay[];
  /** How many intents there are: exact when complete, else a lower bound (counting stops early). */
  readonly total: number;
}

/** One card's capture or one build value: listed in full when the allowance reaches. */
interface Bucket {
  readonly card: Card;
  readonly kind: 'capture' | 'build';
  /** Build value (the card's rank for a capture). */
  readonly value: number;
  readonly family: Family | null;
  /** Sets counted, up to the cap + 1 (for a face card: its exact sets). */
  count: number;
  /** The count is exact (the scan did not stop early). */
  exact: boolean;
  /** Every set, when the quick first listing found them all. */
  sets: number[][] | null;
}

/** Sets per kind of play listed at once; only a crowded table has a kind with more (then: count first). */
const QUICK_LIST = 512;

/** Ascending subsets of `positions`, the empty one left out. */
function nonEmptySubsets(positions: readonly number[]): number[][] {
  let out: number[][] = [[]];
  for (const p of positions) out = out.concat(out.map((s) => [...s, p]));
  return out.filter((s) => s.length > 0);
}

/** A face card's captures: every non-empty set of the loose cards of its rank (none: no array made). */
function faceCaptureSets(state: CassinoState, card: Card): number[][] {
  let same: number[] | null = null;
  const table = state.table;
  for (let i = 0; i < table.length; i++) {
    const item = table[i]!;
    if (item.type === 'card' && item.card.rank === card.rank) (same ??= []).push(i);
  }
  return same === null ? NO_SETS : nonEmptySubsets(same);
}

/**
 * Every capture and build of the seat, per hand card and kind of play, in canonical order (captures
 * of every card first, then builds by card and value; each kind's item sets in table order). When
 * the total is above `maxListed`, each kind of play keeps an equal share (water-filling: a kind with
 * fewer plays keeps all of them), never less than one play for a card that has any.
 */
function captureAndBuildPlays(
  state: CassinoState,
  seat: Seat,
  maxListed: number,
): { captures: CassinoIntent[]; builds: CassinoIntent[]; freePlay: readonly FreePlay[]; total: number } {
  const hand = state.hands[seat] ?? [];
  // One lane per target value 1..10, made when first asked for.
  const lanes: (Lane | undefined)[] = [];
  const buckets: Bucket[] = [];
  for (let h = 0; h < hand.length; h++) {
    const card = hand[h]!;
    if (isFaceRank(card.rank)) {
      const sets = faceCaptureSets(state, card);
      if (sets.length > 0)
        buckets.push({
          card,
          kind: 'capture',
          value: card.rank,
          family: null,
          count: sets.length,
          exact: true,
          sets,
        });
      continue;
    }
    const capture: Family = { lane: laneFor(lanes, state, card.rank), buildRank: null };
    buckets.push({
      card,
      kind: 'capture',
      value: card.rank,
      family: capture,
      count: 0,
      exact: true,
      sets: null,
    });
    const values = buildValues(hand, card);
    for (let v = 0; v < values.length; v++)
      buckets.push({
        card,
        kind: 'build',
        value: values[v]!,
        family: { lane: laneFor(lanes, state, values[v]!), buildRank: card.rank },
        count: 0,
        exact: true,
        sets: null,
      });
  }
  // List each kind of play at once if it is small (nearly always); else count it (stopping once it
  // alone exceeds the list ceiling) and list its share below.
  // A kind of play that fits in an equal share of the ceiling is listed at once.
  const quickList = Math.min(QUICK_LIST, Math.ceil(maxListed / Math.max(1, buckets.length)));
  for (let k = 0; k < buckets.length; k++) {
    const b = buckets[k]!;
    if (b.family === null) continue;
    const quick = scan(b.family, quickList, true);
    if (!quick.stopped) {
      b.sets = quick.sets;
      b.count = quick.sets.length;
      continue;
    }
    const s = scan(b.family, maxListed, false);
    b.count = s.count;
    b.exact = !s.stopped;
    if (s.workOut && s.count === 0) {
      // Unknown: ask the exact existence test instead.
      const exists = b.kind === 'capture' ? canCapture(state, b.card) : canBuild(state, b.card, b.value);
      b.count = exists ? maxListed + 1 : 0;
    }
  }
  const live: Bucket[] = [];
  let total = 0;
  let allExact = true;
  for (let k = 0; k < buckets.length; k++) {
    const b = buckets[k]!;
    if (b.count > 0) {
      live.push(b);
      total += b.count;
      allExact &&= b.exact;
    }
  }
  const share = total <= maxListed && allExact ? Infinity : waterLevel(live, maxListed);

  const table = state.table;
  const captures: CassinoIntent[] = [];
  const builds: CassinoIntent[] = [];
  let cut: Set<string> | null = null;
  for (let k = 0; k < live.length; k++) {
    const b = live[k]!;
    const allowance = Math.max(1, Math.min(b.count, share));
    let sets: number[][];
    let whole: boolean;
    const family = b.family;
    if (b.sets !== null || family === null) {
      // The bucket's own sets (a face card's, or a quick listing's): cut only when over the share.
      const all = b.sets ?? NO_SETS;
      sets = allowance >= all.length ? all : all.slice(0, allowance);
      whole = sets.length === b.count;
    } else {
      sets = scan(family, allowance, true).sets;
      whole = b.exact && sets.length === b.count;
      if (sets.length === 0) {
        const w = witness(family.lane, b.card.rank, b.kind);
        if (w) sets = [w];
      }
    }
    if (!whole) (cut ??= new Set()).add(b.card.id);
    const ordered = sets.length > 1 ? canonical(sets, table.length) : sets;
    for (let o = 0; o < ordered.length; o++) {
      const items = itemIds(table, ordered[o]!);
      if (b.kind === 'capture') captures.push({ type: 'capture', card: b.card.id, items });
      else builds.push({ type: 'build', card: b.card.id, items, value: b.value });
    }
  }
  if (cut === null) return { captures, builds, freePlay: NO_FREE_PLAY, total };
  const freePlay: FreePlay[] = hand
    .filter((c) => cut.has(c.id))
    .map((c) => ({
      card: c.id,
      capture: live.some((b) => b.card === c && b.kind === 'capture'),
      buildValues: live.filter((b) => b.card === c && b.kind === 'build').map((b) => b.value),
    }));
  return { captures, builds, freePlay, total };
}

/** The lane of target `t`, made when first asked for. */
const laneFor = (lanes: (Lane | undefined)[], state: CassinoState, t: number): Lane =>
  (lanes[t] ??= makeLane(state, t));

/** The ids of the table items at these positions. */
function itemIds(table: CassinoState['table'], set: readonly number[]): string[] {
  const out = new Array<string>(set.length);
  for (let k = 0; k < set.length; k++) out[k] = table[set[k]!]!.id;
  return out;
}

/**
 * Position sets (ascending, over a table of `n` items) in canonical order: lexicographic, a prefix
 * first, as `compareIndexLists`. That is the pre-order of the tree of all subsets, so a set's rank in
 * it is Σ over its positions p (after the previous one, q) of 1 + the 2^(n-1-j) sets under each
 * skipped position j in (q, p): an exact integer below 2^52, sorted numerically.
 */
function canonical(sets: readonly number[][], n: number): number[][] {
  const ranks: number[] = [];
  for (let k = 0; k < sets.length; k++) {
    const set = sets[k]!;
    let rank = 0;
    let q = -1;
    for (let j = 0; j < set.length; j++) {
      const p = set[j]!;
      rank += 1 + 2 ** (n - 1 - q) - 2 ** (n - p);
      q = p;
    }
    ranks.push(rank);
  }
  if (sets.length > SMALL_SORT) {
    const order = Array.from(sets, (_, i) => i).sort((a, b) => ranks[a]! - ranks[b]!);
    return order.map((i) => sets[i]!);
  }
  // A kind of play has a few sets (nearly always): insertion sort, sets and ranks together.
  const out = sets.slice();
  for (let i = 1; i < out.length; i++) {
    const set = out[i]!;
    const rank = ranks[i]!;
    let j = i - 1;
    for (; j >= 0 && ranks[j]! > rank; j--) {
      out[j + 1] = out[j]!;
      ranks[j + 1] = ranks[j]!;
    }
    out[j + 1] = set;
    ranks[j + 1] = rank;
  }
  return out;
}

/** Up to this many sets, canonical order is found by insertion sort. */
const SMALL_SORT = 32;

/** The largest equal share s with Σ min(count, s) ≤ max (at least 1). */
function waterLevel(buckets: readonly Bucket[], max: number): number {
  const counts = buckets.map((b) => b.count).sort((a, b) => a - b);
  let left = max;
  for (let i = 0; i < counts.length; i++) {
    const rest = counts.length - i;
    const even = Math.floor(left / rest);
    if ((counts[i] as number) > even) return Math.max(1, even);
    left -= counts[i] as number;
  }
  return Math.max(1, left);
}

/** The legal intents, whether the list is complete, and which cards' plays were cut short. */
export function enumerateIntents(state: CassinoState, seat: Seat, maxListed = MAX_LISTED): Enumeration {
  if (state.phase === 'dealOver')
    return state.awaitingContinue.includes(seat)
      ? { intents: [{ type: 'continue' }], complete: true, freePlay: NO_FREE_PLAY, total: 1 }
      : NOTHING;
  if (state.phase !== 'playing' || state.turn !== seat) return NOTHING;
  const { captures, builds, freePlay, total } = captureAndBuildPlays(state, seat, maxListed);
  // The seat may not trail while it controls a build, unless it has no capture or build at all
  // (apply.ts asks hasCaptureOrBuild). `total` counts every card and value that has a play, so it
  // is 0 exactly when hasCaptureOrBuild is false: no second search.
  const intents = captures;
  for (let k = 0; k < builds.length; k++) intents.push(builds[k]!);
  let trails = 0;
  if (!controlsBuild(state, seat) || total === 0) {
    const hand = state.hands[seat] ?? [];
    for (; trails < hand.length; trails++) intents.push({ type: 'trail', card: hand[trails]!.id });
  }
  return { intents, complete: freePlay.length === 0, freePlay, total: total + trails };
}

const NO_FREE_PLAY: readonly FreePlay[] = Object.freeze([]);
/** A seat with nothing to do (not its turn): shared, frozen; `legalIntents` hands out copies. */
const NOTHING: Enumeration = Object.freeze({
  intents: Object.freeze([]),
  complete: true,
  freePlay: NO_FREE_PLAY,
  total: 0,
});

/**
 * The enumerations of the last state asked about, by seat: the view and the legal list of one update
 * share the work. Only that state's are kept: remembered per state (a WeakMap) each would live as
 * long as its table's position, seconds, and every young-generation GC would copy the newest ones
 * (DEVELOPERS.md, "Cassino's legal enumeration").
 */
let memoState: CassinoState | null = null;
let memoBySeat = new Map<Seat, Enumeration>();

/** `enumerateIntents` with the default ceiling, remembered for the last state asked about (states are immutable). */
export function legalPlays(state: CassinoState, seat: Seat): Enumeration {
  if (state !== memoState) {
    memoState = state;
    memoBySeat = new Map();
  }
  let e = memoBySeat.get(seat);
  if (!e) memoBySeat.set(seat, (e = enumerateIntents(state, seat)));
  return e;
}

export const legalIntents = (state: CassinoState, seat: Seat): CassinoIntent[] =>
  legalPlays(state, seat).intents.slice();
