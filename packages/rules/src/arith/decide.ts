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
 * any multiset of up to TABLE_UP_TO cards whose estimated size allows. For a bigger B the question
 * "does B reach y?" is answered towards y: in any expression, the top operation's smaller side uses
 * exactly some part A with |A| ≤ |B| / 2, so for every such A and every x in exact(A), the other
 * side must reach the one value (or property) `needs` gives, from some of the cards B − A — the
 * same question on a smaller multiset. Misses are remembered per (multiset, value), and "none" per
 * (hand multiset, target).
 *
 * The witness is a function of the hand and the target: which multisets get a table depends on the
 * multiset alone, and the shared caches only ever answer "no" (a remembered miss, a value missing
 * from a table another search built, a hand already proven), which skips a search that would have
 * found nothing. So a game replays the same whatever the process solved before.
 */
import { InvariantError } from '../core/result.ts';
import { leaf, node } from './expr.ts';
import type { Expr } from './expr.ts';
import { applyN, cmpN, key, keyOf, toRational } from './num.ts';
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
 * big. The rule looks at the multiset only (not at what was asked before, nor at the shared caches),
 * so the witness found is a function of the hand and the target.
 */
const TABLE_UP_TO = 5;
/** No reach table over this many entries (estimated from its parts' exact tables). */
const MAX_TABLE = 60_000;
/**
 * A safety net, not a limit the game's hands reach: steps (values combined or looked up) before a
 * search answers 'unknown' instead of holding its worker thread for seconds. The hardest sets
 * `pnpm bench solver` times stay far below it.
 */
export const DECIDE_BUDGET = 40_000_000;
/** Cached table entries (all multisets together) before the shared caches start over. */
const CACHE_LIMIT = 600_000;

/** A reachable value with one witness (over values; card refs are assigned at the end). */
interface W {
  readonly v: Num;
  readonly k: Key;
  readonly op?: Op;
  readonly l?: W;
  readonly r?: W;
}

interface Table {
  readonly map: Map<Key, W>;
  readonly list: W[];
  /** The largest numerator magnitude and denominator in the table: a cheap test before the key. */
  readonly maxN: number;
  readonly maxD: number;
}

function table(map: Map<Key, W>, list: W[]): Table {
  let maxN = 0;
  let maxD = 0;
  for (const w of list) {
    maxN = Math.max(maxN, Math.abs(w.v.n));
    maxD = Math.max(maxD, w.v.d);
  }
  return { map, list, maxN, maxD };
}

/** The table's witness for n/d, or undefined. */
function lookup(t: Table, n: number, d: number): W | undefined {
  if (d > t.maxD || n > t.maxN || -n > t.maxN) return undefined;
  return t.map.get(keyOf(n, d));
}

/** The searches' needs (see split). */
const NEEDS = new NeedBuf();
let needTop = 0;

const exactTables = new Map<string, Table>();
const reachTables = new Map<string, Table>();
const missSets = new Map<string, Set<Key>>();
/** Per hand multiset: targets no expression over two or more of its cards makes. */
const noneSets = new Map<string, Set<Key>>();
let cachedEntries = 0;

function remember<T>(cache: Map<string, T>, sig: string, value: T, entries: number): T {
  cachedEntries += entries;
  if (cachedEntries > CACHE_LIMIT) clearDecideCaches();
  cache.set(sig, value);
  return value;
}

/** Empties the shared tables (benchmarks use it to time a search from scratch). */
export function clearDecideCaches(): void {
  exactTables.clear();
  reachTables.clear();
  missSets.clear();
  noneSets.clear();
  cachedEntries = 0;
}

function emit(map: Map<Key, W>, list: W[], op: Op, l: W, r: W): void {
  const v = applyN(op, l.v, r.v, 'rational');
  if (v === null) return;
  const k = key(v);
  if (map.has(k)) return;
  const w: W = { v, k, op, l, r };
  map.set(k, w);
  list.push(w);
}

/** Every result of x op y and y op x, added to the table when new. */
function combineInto(map: Map<Key, W>, list: W[], x: W, y: W): void {
  emit(map, list, '+', x, y);
  emit(map, list, '*', x, y);
  emit(map, list, '-', x, y);
  emit(map, list, '-', y, x);
  emit(map, list, '/', x, y);
  emit(map, list, '/', y, x);
  emit(map, list, '^', x, y);
  emit(map, list, '^', y, x);
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
  private readonly sigOf: (string | undefined)[];
  private readonly exactOf: (Table | undefined)[];
  private readonly reachOf: (Table | undefined)[];
  /** Reach tables built by earlier searches (null: none), looked up once per multiset. */
  private readonly sharedReachOf: (Table | null | undefined)[];
  private readonly missOf: (Set<Key> | undefined)[];
  private readonly tabledOf: (boolean | undefined)[];
  private readonly budget: { left: number };
  /** Directed searches cut short by the depth bound since the start. */
  cuts = 0;
  /** A card value's key → its digit. */
  private readonly cardOf = new Map<Key, number>();

  constructor(cards: readonly Num[], budget: { left: number }) {
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
    this.sigOf = new Array<string | undefined>(states);
    this.exactOf = new Array<Table | undefined>(states);
    this.reachOf = new Array<Table | undefined>(states);
    this.sharedReachOf = new Array<Table | null | undefined>(states);
    this.missOf = new Array<Set<Key> | undefined>(states);
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
      const map = new Map<Key, W>();
      const list: W[] = [];
      if (this.size[i] === 1) {
        const v = this.single(i);
        const w: W = { v, k: key(v) };
        map.set(w.k, w);
        list.push(w);
      } else {
        // Each unordered split once (j ≤ i − j); combineInto tries both orders.
        for (const j of this.subs(i)) {
          const rest = i - j;
          if (j > rest) continue;
          const xs = this.exact(j).list;
          const ys = this.exact(rest).list;
          this.spend(xs.length * ys.length);
          for (const x of xs) for (const y of ys) combineInto(map, list, x, y);
        }
      }
      t = remember(exactTables, sig, table(map, list), list.length);
    }
    this.exactOf[i] = t;
    return t;
  }

  /** Every value reachable from some of i's cards (a small multiset: built in full). */
  private reachTable(i: number): Table {
    const own = this.reachOf[i];
    if (own !== undefined) return own;
    const sig = this.sig(i);
    let t = reachTables.get(sig);
    if (t === undefined) {
      const map = new Map<Key, W>();
      const list: W[] = [];
      for (const part of [...this.subs(i), i]) {
        for (const w of this.exact(part).list) {
          if (!map.has(w.k)) {
            map.set(w.k, w);
            list.push(w);
          }
        }
      }
      t = remember(reachTables, sig, table(map, list), list.length);
    }
    this.reachOf[i] = t;
    return t;
  }

  /** Whether i's reach table is (or now should be) built. */
  private tabled(i: number): boolean {
    const size = this.size[i] as number;
    if (size <= MATERIALISE || this.reachOf[i] !== undefined) return true;
    if (size > TABLE_UP_TO) return false;
    let t = this.tabledOf[i];
    if (t === undefined) {
      t = this.estimate(i) <= MAX_TABLE;
      this.tabledOf[i] = t;
    }
    return t;
  }

  /** An upper bound on exact(i)'s size: every pair of its splits' values, eight results each. */
  private estimate(i: number): number {
    if ((this.size[i] as number) <= MATERIALISE) return this.exact(i).list.length;
    let n = 0;
    for (const j of this.subs(i)) {
      const rest = i - j;
      if (j > rest) continue;
      n += this.estimate(j) * this.estimate(rest) * 8;
      if (n > MAX_TABLE) return n;
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

  /** Whether an earlier search proved that no two or more of these cards make the target. */
  provenNone(target: Key): boolean {
    return noneSets.get(this.sig(this.full))?.has(target) === true;
  }

  rememberNone(target: Key): void {
    const sig = this.sig(this.full);
    (noneSets.get(sig) ?? remember(noneSets, sig, new Set<Key>(), 0)).add(target);
    cachedEntries++;
  }

  private misses(i: number): Set<Key> {
    let m = this.missOf[i];
    if (m === undefined) {
      const sig = this.sig(i);
      m = missSets.get(sig) ?? remember(missSets, sig, new Set<Key>(), 1);
      this.missOf[i] = m;
    }
    return m;
  }

  private spend(steps: number): void {
    this.budget.left -= steps;
    if (this.budget.left < 0) throw new OutOfBudget();
  }

  /**
   * A witness that some of i's cards reach y, or undefined. `depth` bounds the nested directed
   * searches: a search cut short by it is not a miss (not remembered, and `cuts` counts it).
   */
  /** reach for the value n/d: a table lookup allocates nothing. */
  private reachRatio(i: number, n: number, d: number, depth: number): W | undefined {
    if (this.tabled(i)) return lookup(this.reachTable(i), n, d);
    if (this.missedShared(i, n, d)) return undefined;
    return this.reach(i, { n, d }, depth);
  }

  reach(i: number, y: Num, depth: number): W | undefined {
    if (this.tabled(i)) return lookup(this.reachTable(i), y.n, y.d);
    if (this.missedShared(i, y.n, y.d)) return undefined;
    const k = key(y);
    const misses = this.misses(i);
    if (misses.has(k)) return undefined;
    const card = this.cardOf.get(k);
    if (card !== undefined && this.digit(i, card) > 0) return { v: y, k };
    if (depth === 0) {
      this.cuts++;
      return undefined;
    }
    const cuts = this.cuts;
    const hit = this.split(i, y, depth - 1);
    if (hit === undefined && this.cuts === cuts) {
      misses.add(k);
      cachedEntries++;
    }
    return hit;
  }

  /** A witness whose top operation combines an exact part of i with a value reached by the rest. */
  split(i: number, y: Num, depth: number): W | undefined {
    const half = (this.size[i] as number) >> 1;
    for (const j of this.subs(i)) {
      if ((this.size[j] as number) > half) break;
      const rest = i - j;
      // Two equal halves are met twice (as j and as the rest): once is enough, as the needs try
      // both operand orders.
      if ((this.size[j] as number) * 2 === this.size[i] && j > rest) continue;
      const xs = this.exact(j).list;
      this.spend(xs.length);
      for (const x of xs) {
        // The needs sit on a stack in NEEDS: the nested searches write above them.
        const base = needTop;
        const end = base + needsInto(x.v, y, 'rational', NEEDS, base);
        needTop = end;
        for (let k = base; k < end; k++) {
          const special = NEEDS.special[k] ?? null;
          const w =
            special === null
              ? this.reachRatio(rest, NEEDS.n[k] as number, NEEDS.d[k] as number, depth)
              : this.reachSpecial(rest, special);
          if (w === undefined) continue;
          const op = NEEDS.op[k] as Op;
          const xLeft = NEEDS.xLeft[k] as boolean;
          const v = xLeft ? applyN(op, x.v, w.v, 'rational') : applyN(op, w.v, x.v, 'rational');
          if (v === null || cmpN(v, y) !== 0) continue;
          needTop = base;
          return xLeft ? { v, k: key(v), op, l: x, r: w } : { v, k: key(v), op, l: w, r: x };
        }
        needTop = base;
      }
    }
    return undefined;
  }

  /** A value reachable from some of i's cards with a property (only arises for targets 0 and ±1). */
  private reachSpecial(i: number, s: Special): W | undefined {
    if (!this.tabled(i)) {
      // The parts of MATERIALISE cards cover every small expression; only if none has it, all of i.
      for (const j of this.subs(i)) {
        if (this.size[j] !== MATERIALISE + 1) continue;
        const w = this.reachTable(j).list.find((e) => satisfies(e.v, s));
        if (w !== undefined) return w;
      }
    }
    return this.reachTable(i).list.find((e) => satisfies(e.v, s));
  }
}

/** Turns a witness over values into an expression over the cards, each card used once. */
function toExpr(w: W, pool: { ref: string; value: Num; used: boolean }[]): Expr {
  if (w.op === undefined || w.l === undefined || w.r === undefined) {
    const card = pool.find((c) => !c.used && cmpN(c.value, w.v) === 0);
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
      if (m.provenNone(k)) continue;
      for (const j of [...m.subs(m.full), m.full]) {
        if (m.cards(j) < 2 || m.cards(j) > MATERIALISE) continue;
        const w = m.exact(j).map.get(k);
        if (w !== undefined) return done(hand, w);
      }
      if (m.cards(m.full) > MATERIALISE) open.push({ hand, m });
    }
    // Deepening: most cassowaries need few nested searches; a pass that was never cut is complete.
    for (let depth = 0; open.length > 0; depth++) {
      for (let o = 0; o < open.length; o++) {
        const { hand, m } = open[o] as { hand: number; m: Decider };
        const cuts = m.cuts;
        const w = m.split(m.full, target, depth);
        if (w !== undefined) return done(hand, w);
        if (m.cuts === cuts) {
          m.rememberNone(k);
          open.splice(o--, 1);
        }
      }
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
