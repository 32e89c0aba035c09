/**
 * Memoised subset enumeration: for every subset (bitmask) of the cards, the set of values that some
 * expression using exactly those cards can reach, each with one witness. Subsets holding the same
 * multiset of values share one table; witnesses are rebuilt through a value-preserving bijection.
 */
import { applyN, fromRational, key } from './num.ts';
import type { Key, Num } from './num.ts';
import { leaf, node } from './expr.ts';
import type { Expr } from './expr.ts';
import type { ArithMode, Op, Rational } from './rational.ts';

export interface Entry {
  readonly v: Num;
  readonly k: Key;
  /** Absent for a leaf. */
  readonly op?: Op;
  readonly l?: Entry;
  readonly r?: Entry;
  /** Masks of the left and right operands, in the index space of the table's representative mask. */
  readonly lm: number;
  readonly rm: number;
}

export interface Table {
  readonly rep: number;
  readonly map: Map<Key, Entry>;
  readonly list: Entry[];
}

export interface Card {
  readonly ref: string;
  readonly value: Rational;
}

export const popcount = (m: number): number => {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
};

function emitOne(
  op: Op,
  l: Entry,
  lm: number,
  r: Entry,
  rm: number,
  mode: ArithMode,
  emit: (e: Entry) => void,
): void {
  const v = applyN(op, l.v, r.v, mode);
  if (v !== null) emit({ v, k: key(v), op, l, r, lm, rm });
}

/** Candidate results of combining x (on mask xm) and y (on mask ym), both orders where it matters. */
export function combine(
  x: Entry,
  xm: number,
  y: Entry,
  ym: number,
  mode: ArithMode,
  emit: (e: Entry) => void,
) {
  // Module-level helper, no closure per pair: this is the innermost loop of every table.
  emitOne('+', x, xm, y, ym, mode, emit);
  emitOne('*', x, xm, y, ym, mode, emit);
  emitOne('-', x, xm, y, ym, mode, emit);
  emitOne('-', y, ym, x, xm, mode, emit);
  emitOne('/', x, xm, y, ym, mode, emit);
  emitOne('/', y, ym, x, xm, mode, emit);
  emitOne('^', x, xm, y, ym, mode, emit);
  emitOne('^', y, ym, x, xm, mode, emit);
}

export class Tables {
  readonly cards: readonly Card[];
  readonly mode: ArithMode;
  readonly nums: Num[];
  private readonly tables: (Table | undefined)[];
  private readonly bySig = new Map<string, Table>();
  private readonly keys: string[];
  private readonly sigs: (string | undefined)[];
  private readonly splitCache: (number[] | undefined)[];

  constructor(cards: readonly Card[], mode: ArithMode) {
    this.cards = cards;
    this.mode = mode;
    this.nums = cards.map((c) => fromRational(c.value));
    this.keys = this.nums.map((v) => String(key(v)));
    this.tables = new Array<Table | undefined>(1 << cards.length);
    this.sigs = new Array<string | undefined>(1 << cards.length);
    this.splitCache = new Array<number[] | undefined>(1 << cards.length);
  }

  /** Cards of a mask in a canonical order (by value key, then index). */
  private ordered(mask: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.cards.length; i++) if ((mask >> i) & 1) out.push(i);
    return out.sort((a, b) => {
      const ka = this.keys[a] as string;
      const kb = this.keys[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
  }

  /** The multiset of a mask's values ("2,2,13"): masks with equal signatures reach the same values. */
  sig(mask: number): string {
    let s = this.sigs[mask];
    if (s === undefined) {
      s = this.ordered(mask)
        .map((i) => this.keys[i])
        .join(',');
      this.sigs[mask] = s;
    }
    return s;
  }

  has(mask: number): boolean {
    return this.tables[mask] !== undefined;
  }

  /** The table of a mask, built (with all its sub-tables) on first use. */
  get(mask: number): Table {
    const cached = this.tables[mask];
    if (cached !== undefined) return cached;
    const sig = this.sig(mask);
    let t = this.bySig.get(sig);
    if (t === undefined) {
      t = this.build(mask);
      this.bySig.set(sig, t);
    }
    this.tables[mask] = t;
    return t;
  }

  private build(mask: number): Table {
    const map = new Map<Key, Entry>();
    const list: Entry[] = [];
    const emit = (e: Entry): void => {
      if (!map.has(e.k)) {
        map.set(e.k, e);
        list.push(e);
      }
    };
    if ((mask & (mask - 1)) === 0) {
      const v = this.nums[31 - Math.clz32(mask)] as Num;
      emit({ v, k: key(v), lm: 0, rm: 0 });
      return { rep: mask, map, list };
    }
    this.forSplits(mask, (a, b) => {
      const ta = this.get(a).list;
      const tb = this.get(b).list;
      for (const x of ta) for (const y of tb) combine(x, a, y, b, this.mode, emit);
    });
    return { rep: mask, map, list };
  }

  /**
   * Unordered splits {a, b} of a mask into two non-empty parts (a holds the lowest card), smaller a
   * first, as a flat list [a0, b0, a1, b1, …]; computed once per mask.
   */
  splits(mask: number): readonly number[] {
    const cached = this.splitCache[mask];
    if (cached !== undefined) return cached;
    const low = mask & -mask;
    const rest = mask ^ low;
    const subs: number[] = [];
    for (let s = rest; ; s = (s - 1) & rest) {
      if (s !== rest) subs.push(s);
      if (s === 0) break;
    }
    subs.sort((x, y) => popcount(x) - popcount(y) || x - y);
    const out: number[] = [];
    for (const s of subs) out.push(low | s, rest ^ s);
    this.splitCache[mask] = out;
    return out;
  }

  /** Calls f with every split of `splits(mask)`, in order. */
  forSplits(mask: number, f: (a: number, b: number) => void): void {
    const list = this.splits(mask);
    for (let i = 0; i < list.length; i += 2) f(list[i] as number, list[i + 1] as number);
  }

  /** The witness expression of an entry of mask's table, with the leaves of mask's own cards. */
  expr(e: Entry, mask: number): Expr {
    if (e.op === undefined || e.l === undefined || e.r === undefined) {
      const c = this.cards[31 - Math.clz32(mask)] as Card;
      return leaf(c.ref, c.value);
    }
    const rep = this.get(mask).rep;
    let lm = e.lm;
    let rm = e.rm;
    if (rep !== mask) {
      const from = this.ordered(rep);
      const to = this.ordered(mask);
      const map = (m: number): number => {
        let out = 0;
        from.forEach((i, j) => {
          if ((m >> i) & 1) out |= 1 << (to[j] as number);
        });
        return out;
      };
      lm = map(lm);
      rm = map(rm);
    }
    return node(e.op, this.expr(e.l, lm), this.expr(e.r, rm));
  }
}
