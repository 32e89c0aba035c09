/**
 * Solver over a multiset of card values (at most 8 cards).
 *
 * Subsets with up to 4 cards get a fully materialised table (every reachable value with one
 * witness, see tables.ts). Larger subsets are searched towards a value: for each split into two
 * parts, the values x of the smaller part give the value y the other part must reach
 * (t − x, t ÷ x, the e-th root of t …), which is a table lookup or a recursive query. Exact
 * queries on up to 5 cards, and all searches on up to 5 cards, are therefore cheap and complete.
 * Larger searches are bounded by a deterministic work budget (counted steps, not time): when the
 * budget runs out, canMake answers 'SEARCH_LIMIT' rather than a possibly wrong "no", and
 * bestNotOver / closest return the best value found with `exhaustive: false`.
 */
import { err, ok } from '../core/result.ts';
import type { Result } from '../core/result.ts';
import { gcd, int, make } from './rational.ts';
import type { ArithMode, Op, Rational } from './rational.ts';
import { applyN, cmpN, fromRational, key, toRational } from './num.ts';
import type { Num } from './num.ts';
import { Tables, combine, popcount } from './tables.ts';
import type { Card, Entry } from './tables.ts';
import { leaf, node } from './expr.ts';
import type { Expr } from './expr.ts';
import { canonical } from './canon.ts';
import { isNum, N, needs, satisfies } from './needs.ts';
import type { Special } from './needs.ts';
import { format } from './format.ts';

export const MAX_SOLVER_CARDS = 8;
const MATERIALISE = 4;
const DEFAULT_BUDGET = 3_000_000;

/** A card for the solver: a number, a rational, or a value with the ref its leaves should carry. */
export type SolverCard = number | Rational | { readonly ref: string; readonly value: number | Rational };

export interface SolverOptions {
  readonly mode?: ArithMode;
  /** Work budget in counted steps (default 3,000,000, about a second at worst). */
  readonly budget?: number;
}

export interface Found {
  readonly value: Rational;
  readonly expr: Expr;
  /** False when the work budget ran out: a better answer might exist. */
  readonly exhaustive: boolean;
}

class OutOfBudget extends Error {}

function toCards(values: readonly SolverCard[]): Result<Card[]> {
  const out: Card[] = [];
  for (const [i, c] of values.entries()) {
    const raw = typeof c === 'number' || 'n' in c ? c : c.value;
    const ref = typeof c === 'number' || 'n' in c ? String(i) : c.ref;
    if (typeof raw === 'number' && !Number.isSafeInteger(raw)) {
      return err('BAD_VALUE', `Card ${ref} has a value that is not a whole number`);
    }
    const v = typeof raw === 'number' ? make(BigInt(raw)) : make(raw.n, raw.d);
    if (!v.ok) return v;
    out.push({ ref, value: v.value });
  }
  if (out.length > MAX_SOLVER_CARDS) {
    return err('TOO_MANY_CARDS', `The solver handles at most ${MAX_SOLVER_CARDS} cards`, {
      cards: out.length,
    });
  }
  return ok(out);
}

interface Hit {
  readonly expr: Expr;
}

class Search {
  readonly t: Tables;
  readonly n: number;
  readonly mode: ArithMode;
  budget: number;
  incomplete = false;
  private readonly misses = new Set<string>();

  constructor(cards: Card[], mode: ArithMode, budget: number) {
    this.t = new Tables(cards, mode);
    this.n = cards.length;
    this.mode = mode;
    this.budget = budget;
  }

  spend(k: number): void {
    this.budget -= k;
    if (this.budget < 0) throw new OutOfBudget();
  }

  table(mask: number) {
    if (!this.t.has(mask)) this.spend(popcount(mask) ** 4 * 40);
    return this.t.get(mask);
  }

  masks(minCards: number, maxCards = this.n): number[] {
    const out: number[] = [];
    for (let m = 1; m < 1 << this.n; m++) {
      const p = popcount(m);
      if (p >= minCards && p <= maxCards) out.push(m);
    }
    return out.sort((a, b) => popcount(a) - popcount(b) || a - b);
  }

  /** The sum of a mask's cards, as a fallback witness for a special need on a big subset. */
  private sumWitness(mask: number, s: Special): Hit | undefined {
    let acc: { v: Num; e: Expr } | undefined;
    for (let i = 0; i < this.n; i++) {
      if (!((mask >> i) & 1)) continue;
      const c = this.t.cards[i] as Card;
      const cv = fromRational(c.value);
      if (acc === undefined) acc = { v: cv, e: leaf(c.ref, c.value) };
      else {
        const v = applyN('+', acc.v, cv, this.mode);
        if (v === null) return undefined;
        acc = { v, e: node('+', acc.e, leaf(c.ref, c.value)) };
      }
    }
    return acc !== undefined && satisfies(acc.v, s) ? { expr: acc.e } : undefined;
  }

  /** A witness that `mask` (all its cards) reaches exactly `t`, or undefined. */
  exact(mask: number, t: Num): Hit | undefined {
    const p = popcount(mask);
    if (p <= MATERIALISE) {
      this.spend(1);
      const e = this.table(mask).map.get(key(t));
      return e === undefined ? undefined : { expr: this.t.expr(e, mask) };
    }
    // Keyed by the values' multiset: duplicate ranks (and chameleons, which copy one) share misses.
    const memo = `${this.t.sig(mask)}|${key(t)}`;
    if (this.misses.has(memo)) return undefined;
    const splits = this.t.splits(mask);
    for (let i = 0; i < splits.length; i += 2) {
      const a = splits[i] as number;
      const b = splits[i + 1] as number;
      const [xm, ym] = popcount(a) <= popcount(b) ? [a, b] : [b, a];
      for (const x of this.table(xm).list) {
        this.spend(8);
        for (const need of needs(x.v, t, this.mode)) {
          const hit = this.findY(ym, need.y);
          if (hit === undefined) continue;
          const [l, r] = need.xLeft ? [x.v, hit.v] : [hit.v, x.v];
          const v = applyN(need.op, l, r, this.mode);
          if (v === null || cmpN(v, t) !== 0) continue;
          const xe = this.t.expr(x, xm);
          return { expr: need.xLeft ? node(need.op, xe, hit.expr) : node(need.op, hit.expr, xe) };
        }
      }
    }
    this.misses.add(memo);
    return undefined;
  }

  /** A value of `mask` equal to y (or satisfying the special need), with its witness. */
  private findY(mask: number, y: Num | Special): { v: Num; expr: Expr } | undefined {
    if (isNum(y)) {
      if (y.n > 1e12 || -y.n > 1e12 || y.d > 1e12) return undefined;
      const h = this.exact(mask, y);
      return h === undefined ? undefined : { v: y, expr: h.expr };
    }
    if (popcount(mask) <= MATERIALISE) {
      const list = this.table(mask).list;
      this.spend(list.length);
      const e = list.find((c) => satisfies(c.v, y));
      return e === undefined ? undefined : { v: e.v, expr: this.t.expr(e, mask) };
    }
    const h = this.sumWitness(mask, y);
    if (h === undefined) {
      this.incomplete = true;
      return undefined;
    }
    return { v: this.sumValue(mask), expr: h.expr };
  }

  private sumValue(mask: number): Num {
    let v: Num | null = null;
    for (let i = 0; i < this.n; i++) {
      if (!((mask >> i) & 1)) continue;
      const cv = fromRational((this.t.cards[i] as Card).value);
      v = v === null ? cv : applyN('+', v, cv, this.mode);
      if (v === null) break;
    }
    return v ?? N(0);
  }

  /** Calls f with every value of `mask` (with repeats for big masks); expr built lazily. */
  each(mask: number, f: (v: Num, expr: () => Expr) => void): void {
    const p = popcount(mask);
    if (p <= MATERIALISE) {
      const list = this.table(mask).list;
      this.spend(list.length);
      for (const e of list) f(e.v, () => this.t.expr(e, mask));
      return;
    }
    this.t.forSplits(mask, (a, b) => {
      this.each(a, (x, xe) => {
        this.each(b, (y, ye) => {
          this.spend(8);
          const xEntry: Entry = { v: x, k: 0, lm: 0, rm: 0 };
          const yEntry: Entry = { v: y, k: 0, lm: 0, rm: 0 };
          combine(xEntry, a, yEntry, b, this.mode, (e) => {
            const left = e.l === xEntry ? xe : ye;
            const right = e.l === xEntry ? ye : xe;
            f(e.v, () => node(e.op as Op, left(), right()));
          });
        });
      });
    });
  }
}

const numOf = (r: Rational): Num => fromRational(r);

/** |v − t| exactly, normalised, without the cap (a distance is not a calculation step). */
function distance(v: Rational, t: Rational): Rational {
  const n = v.n * t.d - t.n * v.d;
  const d = v.d * t.d;
  const g = gcd(n, d);
  return { n: (n < 0n ? -n : n) / g, d: d / g };
}

function run<T>(
  values: readonly SolverCard[],
  target: number | Rational,
  options: SolverOptions,
  body: (s: Search, t: Num) => T,
): Result<T> {
  const cards = toCards(values);
  if (!cards.ok) return cards;
  const t = typeof target === 'number' ? make(BigInt(target)) : make(target.n, target.d);
  if (!t.ok) return t;
  const s = new Search(cards.value, options.mode ?? 'rational', options.budget ?? DEFAULT_BUDGET);
  return ok(body(s, numOf(t.value)));
}

const limitError = () =>
  err('SEARCH_LIMIT', 'The search was too large to finish; it could not prove that no solution exists');

/**
 * Whether some expression over at least `minCards` (default 2) of the cards, each used at most once,
 * equals the target. Returns a witness (one using as few cards as possible), null when there is
 * none, or 'SEARCH_LIMIT' when the budget ran out first.
 */
export function canMake(
  values: readonly SolverCard[],
  target: number | Rational,
  options: SolverOptions & { readonly minCards?: number; readonly useAll?: boolean } = {},
): Result<Expr | null> {
  const r = run(values, target, options, (s, t): Result<Expr | null> => {
    try {
      const masks = options.useAll === true ? [(1 << s.n) - 1] : s.masks(options.minCards ?? 2);
      for (const m of masks) {
        const h = s.exact(m, t);
        if (h !== undefined) return ok(h.expr);
      }
    } catch (e) {
      if (e instanceof OutOfBudget) return limitError();
      throw e;
    }
    return s.incomplete ? limitError() : ok(null);
  });
  return r.ok ? r.value : r;
}

/** Best value by a scoring (lower is better), exact hit first. */
function best(
  s: Search,
  t: Num,
  masks: number[],
  score: (v: Num) => number | null,
  better: (a: Num, b: Num) => boolean,
): Found | null {
  let bestV: Num | undefined;
  let bestE: (() => Expr) | undefined;
  let exhaustive = true;
  const budget = s.budget;
  try {
    for (const m of masks) {
      const h = s.exact(m, t);
      if (h !== undefined) return { value: toRational(t), expr: h.expr, exhaustive: true };
    }
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    exhaustive = false;
  }
  // The scan gets a budget of its own, so a long exact search still leaves a best-so-far answer.
  s.budget = budget;
  try {
    for (const m of masks) {
      s.each(m, (v, e) => {
        if (score(v) === null) return;
        if (bestV === undefined || better(v, bestV)) {
          bestV = v;
          bestE = e;
        }
      });
    }
  } catch (e) {
    if (!(e instanceof OutOfBudget)) throw e;
    exhaustive = false;
  }
  if (s.incomplete) exhaustive = false;
  if (bestV === undefined || bestE === undefined) return null;
  return { value: toRational(bestV), expr: bestE(), exhaustive };
}

/** The largest value ≤ target over any subset of at least `minCards` (default 1) cards. */
export function bestNotOver(
  values: readonly SolverCard[],
  target: number | Rational,
  options: SolverOptions & { readonly minCards?: number } = {},
): Result<Found | null> {
  return run(values, target, options, (s, t) =>
    best(
      s,
      t,
      s.masks(options.minCards ?? 1),
      (v) => (cmpN(v, t) <= 0 ? 0 : null),
      (a, b) => cmpN(a, b) > 0,
    ),
  );
}

/**
 * The reachable value closest to the target; with `useAll` (default true) every card is used
 * exactly once. Ties: the lower value wins, then the first found in the deterministic search order.
 */
export function closest(
  values: readonly SolverCard[],
  target: number | Rational,
  options: SolverOptions & { readonly useAll?: boolean; readonly minCards?: number } = {},
): Result<(Found & { readonly distance: Rational }) | null> {
  const r = run(values, target, options, (s, t) => {
    const masks = options.useAll === false ? s.masks(options.minCards ?? 1) : [(1 << s.n) - 1];
    return best(
      s,
      t,
      masks,
      () => 0,
      (a, b) => {
        const da = distance(toRational(a), toRational(t));
        const db = distance(toRational(b), toRational(t));
        const c = da.n * db.d - db.n * da.d;
        return c < 0n || (c === 0n && cmpN(a, b) < 0);
      },
    );
  });
  if (!r.ok) return r;
  if (r.value === null) return ok(null);
  const t = typeof target === 'number' ? int(target) : target;
  const distance_ = distance(r.value.value, t);
  return ok({ ...r.value, distance: distance_ });
}

export interface Solution {
  readonly expr: Expr;
  /** Canonical key (values, not refs): equal keys are the same solution. */
  readonly key: string;
  readonly text: string;
  readonly cards: number;
}

/**
 * Distinct solutions (see canon.ts for what counts as the same), over subsets of at least
 * `minCards` (default 2) cards, ordered by card count then formula text, at most `limit`
 * (default 100). Exhaustive for hands of up to 5 cards; larger hands are bounded by the budget.
 */
export function solutions(
  values: readonly SolverCard[],
  target: number | Rational,
  options: SolverOptions & {
    readonly limit?: number;
    readonly minCards?: number;
    readonly useAll?: boolean;
  } = {},
): Result<Solution[]> {
  const limit = options.limit ?? 100;
  return run(values, target, options, (s, t) => {
    const found = new Map<string, Solution>();
    const masks = options.useAll === true ? [(1 << s.n) - 1] : s.masks(options.minCards ?? 2);
    const memo = new Map<string, Expr[]>();
    // All expressions over exactly `mask` with value v, deduplicated by canonical key.
    const all = (mask: number, v: Num): Expr[] => {
      const mk = `${mask}:${key(v)}`;
      const cached = memo.get(mk);
      if (cached !== undefined) return cached;
      const out = new Map<string, Expr>();
      if (popcount(mask) === 1) {
        const c = s.t.cards[31 - Math.clz32(mask)] as Card;
        if (cmpN(fromRational(c.value), v) === 0) out.set('', leaf(c.ref, c.value));
      } else {
        s.t.forSplits(mask, (a, b) => {
          const [xm, ym] = popcount(a) <= popcount(b) ? [a, b] : [b, a];
          s.each(xm, (x) => {
            for (const need of needs(x, v, s.mode)) {
              const ys: Num[] = [];
              if (isNum(need.y)) {
                if (s.exact(ym, need.y) !== undefined) ys.push(need.y);
              } else {
                const special = need.y;
                s.each(ym, (y) => {
                  if (satisfies(y, special) && !ys.some((z) => cmpN(z, y) === 0)) ys.push(y);
                });
              }
              for (const y of ys) {
                const [l, r] = need.xLeft ? [x, y] : [y, x];
                const val = applyN(need.op, l, r, s.mode);
                if (val === null || cmpN(val, v) !== 0) continue;
                for (const xe of all(xm, x)) {
                  for (const ye of all(ym, y)) {
                    s.spend(1);
                    const e = need.xLeft ? node(need.op, xe, ye) : node(need.op, ye, xe);
                    const c = canonical(e, s.mode);
                    if (c !== undefined && !out.has(c.key)) out.set(c.key, c.expr);
                  }
                }
              }
            }
          });
        });
      }
      const list = [...out.values()];
      memo.set(mk, list);
      return list;
    };
    try {
      for (const m of masks) {
        for (const e of all(m, t)) {
          const c = canonical(e, s.mode);
          if (c === undefined || found.has(c.key)) continue;
          found.set(c.key, { expr: c.expr, key: c.key, text: format(c.expr), cards: popcount(m) });
        }
      }
    } catch (e) {
      if (!(e instanceof OutOfBudget)) throw e;
    }
    return [...found.values()]
      .sort((a, b) => a.cards - b.cards || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .slice(0, limit);
  });
}
