/**
 * Exact decision for "can two or more of these cards make the target?" (each card once, + − × ÷ ^,
 * exact rationals, every value within the cap): a witness, or `null` once every possibility has been
 * ruled out. No step budget and no "don't know" up to DECIDE_MAX_CARDS cards.
 *
 * The hand is a multiset. A sub-multiset is a number in a mixed radix (one digit per distinct value,
 * the count of that value), so hands with repeated values have far fewer sub-multisets than subsets,
 * and equal sub-multisets share all their work. Two kinds of table, both keyed by the values'
 * multiset and shared by every call in the process (a memo: answers never depend on it):
 * - exact(A): every value an expression using exactly the cards of A reaches, with a witness;
 * - reach(B): every value reachable from some of B's cards (the union of exact over B's parts).
 * Small multisets (up to MATERIALISE cards) get both tables in full, and a reach table is built for
 * a multiset of up to five cards whose estimated size allows, and of six or seven (in hands of nine
 * or ten cards; six in hands of eight) whose table is cheap to build (SMALL_TABLE_UP_TO, TABLE_UP_TO). For other B the question
 * "does B reach y?" is answered towards y: in any expression, the top operation's smaller side uses
 * exactly some part A with |A| ≤ |B| / 2, so for every such A and every x in exact(A), the other
 * side must reach the one value (or property) `needs` gives, from some of the cards B − A — the
 * same question on a smaller multiset, searched in full (no depth bound: a proof of "none" is one
 * pass). Each answer is remembered per (multiset, value) — the witness found, or a miss — and per
 * (hand multiset, target).
 *
 * The witness is a function of the hand and the target: which multisets get a table depends on the
 * multiset and the hand's size alone, a table is built in a fixed order, and a directed search tries
 * the parts and needs in a fixed order and returns the first witness, so its answer for (multiset,
 * value) is the same whenever it is asked — which is what makes remembering hits as well as misses
 * safe. A value missing from a table another search built
 * only skips a search that would have found nothing. So a game replays the same whatever the process
 * solved before. The witness is a shortest one up to four cards (pairs and triples, then every four
 * cards by lookups, before the directed search); past that, the first in the search's order.
 *
 * Values live in ValueSets (open addressing over numeric arrays: no boxed keys, no allocation for a
 * lookup or a duplicate), and a part's values already reached by a smaller part are skipped, both in
 * the searches and in building a reach table (which combines only its splits' fresh values).
 */
import { InvariantError } from '../core/result.ts';
import { leaf, node } from './expr.ts';
import type { Expr } from './expr.ts';
import { applyInto, applyN, cmpN, key, keyOf, reduced, toRational } from './num.ts';
import type { Key, Num } from './num.ts';
import { NeedBuf, needsInto, satisfies } from './needs.ts';
import type { Special } from './needs.ts';
import type { Op } from './rational.ts';

/** Hands the game deals are decided up to this size (more cards: found or 'unknown'). */
export const DECIDE_MAX_CARDS = 10;
/** Multisets up to this size always get full exact and reach tables. */
const MATERIALISE = 3;
/**
 * A multiset of up to this many cards gets its reach table when first asked, unless estimated too
 * big (MAX_TABLE). The rule looks at the multiset only (not at what was asked before, nor at the
 * shared caches), so the witness found is a function of the hand and the target.
 */
const SMALL_TABLE_UP_TO = 5;
/**
 * No reach table over this estimate (every pair of its splits' values, eight results each: 5 to
 * 100 times the real size), up to five cards: five distinct ranks (tens of thousands of values, tens of
 * milliseconds to build) are searched towards the target instead.
 */
const MAX_TABLE = 60_000;
/**
 * In hands of BIG_TABLES_FROM cards or more, a multiset of six or seven cards gets its reach table
 * too when every part of it has one and building it combines at most MAX_PAIRS pairs of its parts'
 * fresh values (a few milliseconds). The hard proofs are hands of many low cards, whose six- and seven-card
 * multisets reach few values (a seven-card multiset of mostly aces a few hundred to a few thousand):
 * their tables turn the nested searches of nine- and ten-card proofs into lookups. In smaller hands
 * the proof is cheaper than building them. A function of the multiset and the hand's size, so the
 * witness still depends on the hand and the target only.
 */
const TABLE_UP_TO = 7;
const BIG_TABLES_FROM = 9;
const MAX_PAIRS = 10_000;
/**
 * Hands of eight cards: six-card multisets get tables under a lower limit (the cheapest, mostly
 * aces), which halves the searches' time once the worker has them, at no cost from scratch.
 */
const MAX_PAIRS_EIGHT = 3_000;
/**
 * A safety net, not a limit the game's hands reach: steps (values combined or looked up) before a
 * search answers 'unknown' instead of holding its worker thread for seconds. The hardest sets
 * `pnpm bench solver` times stay far below it.
 */
export const DECIDE_BUDGET = 40_000_000;
/** Cached table entries (all multisets together) before the shared caches start over. */
const CACHE_LIMIT = 600_000;

/** A reachable value n/d with one witness (over values; card refs are assigned at the end). */
interface W extends Num {
  readonly op?: Op;
  readonly l?: W;
  readonly r?: W;
}

/**
 * A set of values n/d with their witnesses: open addressing over numeric arrays, so a lookup or a
 * duplicate result costs no allocation (a Map would box most keys: fractions and integers over 2^30).
 */
class ValueSet {
  readonly list: W[] = [];
  private slotN: Float64Array;
  private slotD: Float64Array;
  /** 1 + the entry's index in list; 0: empty slot. */
  private slotAt: Int32Array;
  private mask: number;

  /** `expected`: about how many values it will hold (fewer rehashes as it grows). */
  constructor(expected = 16) {
    let size = 64;
    while (size < expected * 2) size *= 2;
    this.slotN = new Float64Array(size);
    this.slotD = new Float64Array(size);
    this.slotAt = new Int32Array(size);
    this.mask = size - 1;
  }

  private slot(n: number, d: number): number {
    const lo = n | 0;
    const hi = (n / 4294967296) | 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) ^ Math.imul(d | 0, 0x85ebca6b);
    h ^= h >>> 15;
    let i = h & this.mask;
    for (;;) {
      const at = this.slotAt[i] as number;
      if (at === 0 || (this.slotN[i] === n && this.slotD[i] === d)) return i;
      i = (i + 1) & this.mask;
    }
  }

  get(n: number, d: number): W | undefined {
    const at = this.slotAt[this.slot(n, d)] as number;
    return at === 0 ? undefined : this.list[at - 1];
  }

  /** Adds w unless its value is in already (the first witness stays); true when added. */
  add(w: W): boolean {
    const i = this.slot(w.n, w.d);
    if (this.slotAt[i] !== 0) return false;
    this.fill(i, w);
    return true;
  }

  /** The slot for n/d: holds that value already if `filled`, else free for `fill`. */
  find(n: number, d: number): number {
    return this.slot(n, d);
  }

  filled(i: number): boolean {
    return this.slotAt[i] !== 0;
  }

  /** Adds w (not in yet) at the slot `find` gave for its value. */
  fill(i: number, w: W): void {
    this.list.push(w);
    this.slotN[i] = w.n;
    this.slotD[i] = w.d;
    this.slotAt[i] = this.list.length;
    if (this.list.length * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const size = (this.mask + 1) * 2;
    this.slotN = new Float64Array(size);
    this.slotD = new Float64Array(size);
    this.slotAt = new Int32Array(size);
    this.mask = size - 1;
    const list = this.list;
    for (let k = 0; k < list.length; k++) {
      const w = list[k] as W;
      const i = this.slot(w.n, w.d);
      this.slotN[i] = w.n;
      this.slotD[i] = w.d;
      this.slotAt[i] = k + 1;
    }
  }
}

interface Table {
  readonly set: ValueSet;
  readonly list: W[];
  /**
   * The values of an exact table that no smaller part of its multiset reaches (reach tables only):
   * a directed search needs no other, as a smaller part leaves a larger rest, whose reach holds all
   * that a smaller rest reaches.
   */
  readonly fresh: W[];
  /** The largest numerator magnitude and denominator in the table: a cheap test before the key. */
  readonly maxN: number;
  readonly maxD: number;
}

function table(set: ValueSet, fresh: W[] = set.list): Table {
  let maxN = 0;
  let maxD = 0;
  for (const w of set.list) {
    maxN = Math.max(maxN, Math.abs(w.n));
    maxD = Math.max(maxD, w.d);
  }
  return { set, list: set.list, fresh, maxN, maxD };
}

/** The table's witness for n/d, or undefined. */
function lookup(t: Table, n: number, d: number): W | undefined {
  if (d > t.maxD || n > t.maxN || -n > t.maxN) return undefined;
  return t.set.get(n, d);
}

/** The searches' needs (see split). */
const NEEDS = new NeedBuf();
let needTop = 0;

const exactTables = new Map<string, Table>();
const reachTables = new Map<string, Table>();
/** Per multiset: the directed search's answer for a value (its witness, or MISS). */
const knownSets = new Map<string, Map<Key, W>>();
/** "Not reachable" in knownSets. */
const MISS: W = { n: 0, d: 0 };
/** Per hand multiset: the answer over two or more of its cards for a target (a witness, or MISS). */
const solvedSets = new Map<string, Map<Key, W>>();
let cachedEntries = 0;

function remember<T>(cache: Map<string, T>, sig: string, value: T, entries: number): T {
  cachedEntries += entries;
  if (cachedEntries > CACHE_LIMIT) clearDecideCaches();
  cache.set(sig, value);
  return value;
}

/** The tables pinDecideTables kept: what the caches start over with. */
let pinned: { exact: [string, Table][]; reach: [string, Table][]; entries: number } = {
  exact: [],
  reach: [],
  entries: 0,
};

/**
 * Empties the shared caches down to the pinned tables (benchmarks use it to time a search from
 * scratch; `all`: the pinned ones too). CACHE_LIMIT counts the entries added since.
 */
export function clearDecideCaches(all = false): void {
  if (all) pinned = { exact: [], reach: [], entries: 0 };
  exactTables.clear();
  reachTables.clear();
  knownSets.clear();
  solvedSets.clear();
  for (const [sig, t] of pinned.exact) exactTables.set(sig, t);
  for (const [sig, t] of pinned.reach) reachTables.set(sig, t);
  cachedEntries = 0;
}

/**
 * Keeps the exact and reach tables built so far when the caches start over (a worker's warm-up: the
 * tables its hardest searches need stay for its life, outside CACHE_LIMIT). A table is a function of
 * its multiset, so keeping one changes no answer and no witness.
 */
export function pinDecideTables(): { tables: number; values: number } {
  const size = (ts: [string, Table][]): number => ts.reduce((n, [, t]) => n + t.list.length, 0);
  const exact = [...exactTables];
  const reach = [...reachTables];
  const entries = size(exact) + size(reach);
  cachedEntries = Math.max(0, cachedEntries - (entries - pinned.entries));
  pinned = { exact, reach, entries };
  return { tables: exact.length + reach.length, values: entries };
}

function emit(set: ValueSet, op: Op, l: W, r: W): void {
  // Most results are already in the table: the value is built in `reduced`, an object only when new.
  if (!applyInto(op, l, r)) return;
  const n = reduced.n;
  const d = reduced.d;
  const i = set.find(n, d);
  if (!set.filled(i)) set.fill(i, { n, d, op, l, r });
}

/** Every result of x op y and y op x, added to the table when new. */
function combineInto(set: ValueSet, x: W, y: W): void {
  emit(set, '+', x, y);
  emit(set, '*', x, y);
  emit(set, '-', x, y);
  emit(set, '-', y, x);
  emit(set, '/', x, y);
  emit(set, '/', y, x);
  emit(set, '^', x, y);
  emit(set, '^', y, x);
}

class OutOfBudget extends Error {}

/** One hand's sub-multisets, their tables and the directed search. */
class Decider {
  private readonly values: Num[] = [];
  private readonly keys: string[] = [];
  private readonly counts: number[] = [];
  private readonly stride: number[] = [];
  readonly full: number;
  private readonly size: Uint8Array;
  private readonly subsOf: (Int32Array | undefined)[];
  private readonly partsOf: (Int32Array | undefined)[];
  private readonly laterPartsOf: (Int32Array | undefined)[];
  private readonly sigOf: (string | undefined)[];
  private readonly exactOf: (Table | undefined)[];
  private readonly reachOf: (Table | undefined)[];
  /** Reach tables built by earlier searches (null: none), looked up once per multiset. */
  private readonly sharedReachOf: (Table | null | undefined)[];
  private readonly knownOf: (Map<Key, W> | undefined)[];
  private readonly tabledOf: (boolean | undefined)[];
  private readonly budget: { left: number };
  /** The most cards a multiset with a reach table has in this hand (it depends on the hand's size). */
  private readonly tableUpTo: number;
  /** The most pairs a six- or seven-card reach table of this hand combines. */
  private readonly maxPairs: number;
  /** A card value's key → its digit. */
  private readonly cardOf = new Map<Key, number>();

  /** `handSize`: the tables a hand of that many cards gets (a warm-up's cards are not one hand). */
  constructor(cards: readonly Num[], budget: { left: number }, handSize = cards.length) {
    const big = handSize >= BIG_TABLES_FROM;
    this.tableUpTo = big ? TABLE_UP_TO : handSize === 8 ? 6 : SMALL_TABLE_UP_TO;
    this.maxPairs = big ? MAX_PAIRS : MAX_PAIRS_EIGHT;
    const sorted = [...cards].sort((a, b) => cmpN(a, b));
    for (const c of sorted) {
      const last = this.values.length - 1;
      if (last >= 0 && cmpN(this.values[last] as Num, c) === 0) this.counts[last]! += 1;
      else {
        this.values.push(c);
        this.cardOf.set(key(c), this.values.length - 1);
        this.keys.push(String(key(c)));
        this.counts.push(1);
      }
    }
    let states = 1;
    for (const c of this.counts) {
      this.stride.push(states);
      states *= c + 1;
    }
    this.full = states - 1;
    this.size = new Uint8Array(states);
    for (let i = 1; i < states; i++) {
      let s = 0;
      for (let d = 0; d < this.counts.length; d++) s += this.digit(i, d);
      this.size[i] = s;
    }
    this.subsOf = new Array<Int32Array | undefined>(states);
    this.partsOf = new Array<Int32Array | undefined>(states);
    this.laterPartsOf = new Array<Int32Array | undefined>(states);
    this.sigOf = new Array<string | undefined>(states);
    this.exactOf = new Array<Table | undefined>(states);
    this.reachOf = new Array<Table | undefined>(states);
    this.sharedReachOf = new Array<Table | null | undefined>(states);
    this.knownOf = new Array<Map<Key, W> | undefined>(states);
    this.tabledOf = new Array<boolean | undefined>(states);
    this.budget = budget;
  }

  private digit(i: number, d: number): number {
    return Math.floor(i / (this.stride[d] as number)) % ((this.counts[d] as number) + 1);
  }

  cards(i: number): number {
    return this.size[i] as number;
  }

  /** The multiset's values as a cache key, e.g. "1*2,3*1". */
  private sig(i: number): string {
    let s = this.sigOf[i];
    if (s === undefined) {
      const parts: string[] = [];
      for (let d = 0; d < this.counts.length; d++) {
        const c = this.digit(i, d);
        if (c > 0) parts.push(`${this.keys[d]}*${c}`);
      }
      s = parts.join(',');
      this.sigOf[i] = s;
    }
    return s;
  }

  /** The non-empty proper sub-multisets of i, fewest cards first. */
  subs(i: number): Int32Array {
    let out = this.subsOf[i];
    if (out !== undefined) return out;
    let acc = [0];
    for (let d = 0; d < this.counts.length; d++) {
      const c = this.digit(i, d);
      if (c === 0) continue;
      const next: number[] = [];
      for (const a of acc) for (let k = 0; k <= c; k++) next.push(a + k * (this.stride[d] as number));
      acc = next;
    }
    const list = acc.filter((j) => j !== 0 && j !== i);
    list.sort((a, b) => (this.size[a] as number) - (this.size[b] as number) || a - b);
    out = Int32Array.from(list);
    this.subsOf[i] = out;
    return out;
  }

  /**
   * The smaller sides j of i's splits, in the directed search's order: first those whose other side
   * has a reach table of up to five cards (lookups only: `later` false), then (`later` true) a six- or
   * seven-card one (lookups, but a table that costs milliseconds to build), both fewest cards first,
   * then the rest (nested searches), the smallest other side first (shallower witnesses, fewer nested
   * levels). The later ones are only worked out when the first ones found nothing: whether a big rest
   * gets a table may build its parts' tables.
   * Two equal halves are met twice (as j and as the rest): once is enough, as the needs try both
   * operand orders.
   */
  private parts(i: number, later: boolean): Int32Array {
    const cache = later ? this.laterPartsOf : this.partsOf;
    let out = cache[i];
    if (out !== undefined) return out;
    const half = (this.size[i] as number) >> 1;
    const small: number[] = [];
    const tabled: number[] = [];
    const nested: number[] = [];
    for (const j of this.subs(i)) {
      if ((this.size[j] as number) > half) break;
      if ((this.size[j] as number) * 2 === this.size[i] && j > i - j) continue;
      const rest = i - j;
      if ((this.size[rest] as number) <= SMALL_TABLE_UP_TO) {
        if (!this.tabled(rest)) {
          if (later) nested.push(j);
        } else if (!later) small.push(j);
      } else if (later) (this.tabled(rest) ? tabled : nested).push(j);
    }
    out = Int32Array.from(later ? [...tabled, ...nested.reverse()] : small);
    cache[i] = out;
    return out;
  }

  /** The one card of a single-card multiset. */
  private single(i: number): Num {
    for (let d = 0; d < this.counts.length; d++) if (this.digit(i, d) > 0) return this.values[d] as Num;
    throw new InvariantError('empty multiset');
  }

  /** Every value of an expression over exactly the cards of i. */
  exact(i: number): Table {
    const own = this.exactOf[i];
    if (own !== undefined) return own;
    const sig = this.sig(i);
    let t = exactTables.get(sig);
    if (t === undefined) {
      const set = new ValueSet(this.size[i] === 1 ? 1 : this.pairs(i) >> 1);
      if (this.size[i] === 1) {
        const v = this.single(i);
        set.add({ n: v.n, d: v.d });
      } else this.combineSplits(set, i, false);
      t = remember(exactTables, sig, table(set), set.list.length);
    }
    this.exactOf[i] = t;
    return t;
  }

  /** How many pairs of values exact(i) combines (about twice the values it ends with). */
  private pairs(i: number): number {
    return Math.min(this.splitPairs(i, false), 1 << 20);
  }

  /** The values a split's side j brings: exact(j)'s, or (`fresh`) reachTable(j)'s fresh ones. */
  private sideValues(j: number, fresh: boolean): readonly W[] {
    return fresh ? this.reachTable(j).fresh : this.exact(j).list;
  }

  /**
   * Adds every result of a value of side j with one of side i − j over i's splits, each unordered
   * split once (j ≤ i − j): combineInto tries both orders.
   */
  private combineSplits(set: ValueSet, i: number, fresh: boolean): void {
    for (const j of this.subs(i)) {
      const rest = i - j;
      if (j > rest) continue;
      const xs = this.sideValues(j, fresh);
      const ys = this.sideValues(rest, fresh);
      this.spend(xs.length * ys.length);
      for (const x of xs) for (const y of ys) combineInto(set, x, y);
    }
  }

  /** How many pairs of values combineSplits(i, fresh) combines. */
  private splitPairs(i: number, fresh: boolean): number {
    let n = 0;
    for (const j of this.subs(i))
      if (j <= i - j) n += this.sideValues(j, fresh).length * this.sideValues(i - j, fresh).length;
    return n;
  }

  /**
   * Every value reachable from some of i's cards (a small multiset: built in full). Past MATERIALISE
   * cards, from the reach tables of i less one card and the products of its splits' fresh values
   * only: a value that a smaller part of one side reaches, combined with the other side, is reached
   * by fewer cards than i, so it is in one of those tables already. Each fresh value uses exactly its
   * multiset's cards.
   */
  private reachTable(i: number): Table {
    const own = this.reachOf[i];
    if (own !== undefined) return own;
    const sig = this.sig(i);
    let t = reachTables.get(sig);
    if (t === undefined) {
      let set: ValueSet;
      let freshFrom: number;
      if ((this.size[i] as number) <= MATERIALISE) {
        set = new ValueSet(this.exact(i).list.length);
        for (const part of this.subs(i)) for (const w of this.exact(part).list) set.add(w);
        // The subs come fewest cards first, so i's own values come last: those new here are fresh.
        freshFrom = set.list.length;
        for (const w of this.exact(i).list) set.add(w);
      } else {
        const less: Table[] = [];
        for (let d = 0; d < this.counts.length; d++)
          if (this.digit(i, d) > 0) less.push(this.reachTable(i - (this.stride[d] as number)));
        set = new ValueSet(Math.max(...less.map((l) => l.list.length)) * 2);
        for (const l of less) for (const w of l.list) set.add(w);
        freshFrom = set.list.length;
        this.combineSplits(set, i, true);
      }
      t = remember(reachTables, sig, table(set, set.list.slice(freshFrom)), set.list.length);
    }
    this.reachOf[i] = t;
    return t;
  }

  /** How many pairs of fresh values reachTable(i) combines (all of i's parts have tables). */
  private freshPairs(i: number): number {
    return this.splitPairs(i, true);
  }

  /**
   * Whether i's reach table is (or now should be) built: up to five cards by an estimate, six or
   * seven (big hands only) when all its parts have tables and its own combines few pairs.
   */
  private tabled(i: number): boolean {
    const size = this.size[i] as number;
    if (size <= MATERIALISE) return true;
    if (size > this.tableUpTo) return false;
    let t = this.tabledOf[i];
    if (t === undefined) {
      t =
        size <= SMALL_TABLE_UP_TO
          ? this.estimate(i, MAX_TABLE) <= MAX_TABLE
          : this.subs(i).every((j) => (this.size[j] as number) <= MATERIALISE || this.tabled(j)) &&
            this.freshPairs(i) <= this.maxPairs;
      this.tabledOf[i] = t;
    }
    return t;
  }

  /** An upper bound on exact(i)'s size: every pair of its splits' values, eight results each. */
  private estimate(i: number, limit: number): number {
    if ((this.size[i] as number) <= MATERIALISE) return this.exact(i).list.length;
    let n = 0;
    for (const j of this.subs(i)) {
      const rest = i - j;
      if (j > rest) continue;
      n += this.estimate(j, limit) * this.estimate(rest, limit) * 8;
      if (n > limit) return n;
    }
    return n;
  }

  /**
   * Whether a reach table another search built for i's multiset lacks n/d. Only its "no" is used:
   * a value it holds is still searched for as this search would, so the witness stays the same.
   */
  private missedShared(i: number, n: number, d: number): boolean {
    let t = this.sharedReachOf[i];
    if (t === undefined) {
      t = reachTables.get(this.sig(i)) ?? null;
      this.sharedReachOf[i] = t;
    }
    return t !== null && lookup(t, n, d) === undefined;
  }

  /** What an earlier search answered for two or more of the whole hand's cards and this target. */
  solved(target: Key): W | undefined {
    return solvedSets.get(this.sig(this.full))?.get(target);
  }

  /**
   * The first witness over two or more of the hand's cards, in the search's fixed order. `shallow`:
   * only the splits whose other side has a reach table (lookups, no nested search), which come first
   * in that order, so a witness found so is the one the full search returns; none found proves nothing.
   */
  solve(target: Num, shallow = false): W | undefined {
    const k = key(target);
    const was = this.solved(k);
    if (was !== undefined) return was === MISS ? undefined : was;
    const w = this.split(this.full, target, shallow);
    if (w === undefined && shallow) return undefined;
    const sig = this.sig(this.full);
    (solvedSets.get(sig) ?? remember(solvedSets, sig, new Map<Key, W>(), 0)).set(k, w ?? MISS);
    cachedEntries++;
    return w;
  }

  private known(i: number): Map<Key, W> {
    let m = this.knownOf[i];
    if (m === undefined) {
      // Answers depend on which multisets have tables: each kind of hand keeps its own.
      const sig = `${this.sig(i)}|${this.tableUpTo}`;
      m = knownSets.get(sig) ?? remember(knownSets, sig, new Map<Key, W>(), 1);
      this.knownOf[i] = m;
    }
    return m;
  }

  private spend(steps: number): void {
    this.budget.left -= steps;
    if (this.budget.left < 0) throw new OutOfBudget();
  }

  /**
   * A witness that some of i's cards reach n/d, or undefined: the first in the search's fixed order,
   * so a function of i's multiset and n/d, and remembered as such (a hit as well as a miss). A table
   * lookup or a remembered answer allocates nothing.
   */
  private reach(i: number, n: number, d: number): W | undefined {
    if (this.tabled(i)) return lookup(this.reachTable(i), n, d);
    if (this.missedShared(i, n, d)) return undefined;
    const k = keyOf(n, d);
    const known = this.known(i);
    const was = known.get(k);
    if (was !== undefined) return was === MISS ? undefined : was;
    const card = this.cardOf.get(k);
    if (card !== undefined && this.digit(i, card) > 0) return { n, d };
    const hit = this.split(i, { n, d });
    known.set(k, hit ?? MISS);
    cachedEntries++;
    return hit;
  }

  /** A witness whose top operation combines an exact part of i with a value reached by the rest. */
  split(i: number, y: Num, shallow = false): W | undefined {
    for (const j of this.parts(i, false)) {
      const w = this.splitAt(i, j, y, this.reachTable(i - j));
      if (w !== undefined) return w;
    }
    for (const j of this.parts(i, true)) {
      const rest = i - j;
      const restTable = this.tabled(rest) ? this.reachTable(rest) : undefined;
      // The parts with a tabled rest come first: the rest are nested searches.
      if (shallow && restTable === undefined) break;
      const w = this.splitAt(i, j, y, restTable);
      if (w !== undefined) return w;
    }
    return undefined;
  }

  /** The first witness for y over the split of i into j and the rest (tabled: restTable). */
  private splitAt(i: number, j: number, y: Num, restTable: Table | undefined): W | undefined {
    // A value that a smaller part of j reaches is tried with that part (and a larger rest).
    const xs = this.tabled(j) ? this.reachTable(j).fresh : this.exact(j).list;
    this.spend(xs.length);
    for (const x of xs) {
      const w = this.meet(x, y, i - j, restTable);
      if (w !== undefined) return w;
    }
    return undefined;
  }

  /**
   * A witness for y whose top operation has x on one side and, on the other, a value of restTable
   * (when given) or one reached by some of rest's cards (a nested search).
   */
  private meet(x: W, y: Num, rest: number, restTable: Table | undefined): W | undefined {
    // The needs sit on a stack in NEEDS: the nested searches write above them.
    const base = needTop;
    const end = base + needsInto(x, y, 'rational', NEEDS, base);
    needTop = end;
    for (let k = base; k < end; k++) {
      const special = NEEDS.special[k] ?? null;
      const n = NEEDS.n[k] as number;
      const d = NEEDS.d[k] as number;
      const w =
        special !== null
          ? restTable !== undefined
            ? restTable.list.find((e) => satisfies(e, special))
            : this.reachSpecial(rest, special)
          : restTable !== undefined
            ? lookup(restTable, n, d)
            : this.reach(rest, n, d);
      if (w === undefined) continue;
      const op = NEEDS.op[k] as Op;
      const xLeft = NEEDS.xLeft[k] as boolean;
      const v = xLeft ? applyN(op, x, w, 'rational') : applyN(op, w, x, 'rational');
      if (v === null || cmpN(v, y) !== 0) continue;
      needTop = base;
      return xLeft ? { n: v.n, d: v.d, op, l: x, r: w } : { n: v.n, d: v.d, op, l: w, r: x };
    }
    needTop = base;
    return undefined;
  }

  /**
   * A witness over exactly four of the hand's cards, or undefined: after no pair or triple makes the
   * target, the shortest cassowary there is (the hint and the review show it). Lookups only: every
   * split of four cards has tables of up to three on both sides.
   */
  four(y: Num): W | undefined {
    for (const i of [...this.subs(this.full), this.full]) {
      if (this.size[i] !== 4) continue;
      for (const j of this.subs(i)) {
        const rest = i - j;
        if ((this.size[j] as number) > 2) break;
        if (this.size[j] === 2 && j > rest) continue;
        const xs = this.exact(j).list;
        const restTable = this.exact(rest);
        this.spend(xs.length);
        for (const x of xs) {
          const w = this.meet(x, y, rest, restTable);
          if (w !== undefined) return w;
        }
      }
    }
    return undefined;
  }

  /** Builds every reach table a search over these cards may look up (the multiset's and its parts'). */
  buildTables(): void {
    for (const i of [...this.subs(this.full), this.full]) if (this.tabled(i)) this.reachTable(i);
  }

  /** A value reachable from some of i's cards with a property (only arises for targets 0 and ±1). */
  private reachSpecial(i: number, s: Special): W | undefined {
    if (!this.tabled(i)) {
      // The parts of MATERIALISE cards cover every small expression; only if none has it, all of i.
      for (const j of this.subs(i)) {
        if (this.size[j] !== MATERIALISE + 1) continue;
        const w = this.reachTable(j).list.find((e) => satisfies(e, s));
        if (w !== undefined) return w;
      }
    }
    return this.reachTable(i).list.find((e) => satisfies(e, s));
  }
}

/**
 * Builds every reach table a search of a hand of `handSize` cards looks up among these cards'
 * sub-multisets (the multiset itself too, when such a hand would table it): a worker's warm-up.
 */
export function buildDecideTables(cards: readonly Num[], handSize = cards.length): void {
  new Decider(cards, { left: Infinity }, handSize).buildTables();
}

/** Turns a witness over values into an expression over the cards, each card used once. */
function toExpr(w: W, pool: { ref: string; value: Num; used: boolean }[]): Expr {
  if (w.op === undefined || w.l === undefined || w.r === undefined) {
    const card = pool.find((c) => !c.used && cmpN(c.value, w) === 0);
    if (card === undefined) throw new InvariantError('witness uses a card the hand does not hold');
    card.used = true;
    return leaf(card.ref, toRational(card.value));
  }
  return node(w.op, toExpr(w.l, pool), toExpr(w.r, pool));
}

export interface DecideCard {
  readonly ref: string;
  readonly value: Num;
}

/** One of several hands (e.g. every reading of a hand's chameleons) and its expression. */
export interface Decided {
  readonly hand: number;
  readonly expr: Expr;
}

/**
 * Whether two or more cards of one of the hands can make the target: the first hand found and an
 * expression over its cards, or null when none can; 'unknown' only when the safety budget ran out
 * (see DECIDE_BUDGET). The hands are searched side by side, shallow searches first, so a cassowary in
 * any of them is found before a long proof about another.
 */
export function decideAny(
  hands: readonly (readonly DecideCard[])[],
  target: Num,
): Decided | null | 'unknown' {
  const oversize = hands.some((h) => h.length > DECIDE_MAX_CARDS);
  // A larger hand is searched by its first DECIDE_MAX_CARDS cards (every sub-multiset of a 20-card
  // hand took seconds): a cassowary there is one of the hand; none there proves nothing ('unknown').
  const searched = hands.map((h) => h.slice(0, DECIDE_MAX_CARDS));
  const budget = { left: DECIDE_BUDGET };
  needTop = 0;
  const open: { hand: number; m: Decider }[] = [];
  const k = key(target);
  const done = (hand: number, w: W): Decided => {
    const pool = (searched[hand] as readonly DecideCard[]).map((c) => ({
      ref: c.ref,
      value: c.value,
      used: false,
    }));
    return { hand, expr: toExpr(w, pool) };
  };
  try {
    for (const [hand, cards] of searched.entries()) {
      if (cards.length < 2) continue;
      const m = new Decider(
        cards.map((c) => c.value),
        budget,
      );
      if (m.solved(k) === MISS) continue;
      for (const j of [...m.subs(m.full), m.full]) {
        if (m.cards(j) < 2 || m.cards(j) > MATERIALISE) continue;
        const w = m.exact(j).set.get(target.n, target.d);
        if (w !== undefined) return done(hand, w);
      }
      if (m.cards(m.full) > MATERIALISE) open.push({ hand, m });
    }
    for (const { hand, m } of open) {
      const w = m.four(target);
      if (w !== undefined) return done(hand, w);
    }
    // Several readings (chameleons): a witness any of them has within lookups first, before a long
    // proof that an earlier one has none.
    for (const shallow of open.length > 1 ? [true, false] : [false])
      for (const { hand, m } of open) {
        const w = m.solve(target, shallow);
        if (w !== undefined) return done(hand, w);
      }
    return oversize ? 'unknown' : null;
  } catch (e) {
    if (e instanceof OutOfBudget) return 'unknown';
    throw e;
  }
}

/** decideAny for one hand: an expression over two or more of its cards, null, or 'unknown'. */
export function decide(cards: readonly DecideCard[], target: Num): Expr | null | 'unknown' {
  const r = decideAny([cards], target);
  return r === null || r === 'unknown' ? r : r.expr;
}
