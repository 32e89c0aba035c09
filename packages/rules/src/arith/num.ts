/**
 * Solver-internal exact rationals as pairs of JS numbers. The cap (|n|, d ≤ 10^12 < 2^53) keeps
 * every value a safe integer; operations use float arithmetic only where each step is provably
 * exact (products < 2^53) and fall back to the bigint rationals otherwise. Invalid or over-cap
 * results are `null`. Results match rational.ts `apply` exactly (checked by the tests).
 */
import { apply } from './rational.ts';
import type { ArithMode, Op, Rational } from './rational.ts';

export interface Num {
  readonly n: number;
  readonly d: number;
}
export type Key = number | string;

const CAPN = 1e12;
const SAFE = 2 ** 53;

/** Denominators below this get a numeric key (no string to build and hash on the hot path). */
const SMALL_D = 2048;
/**
 * A value's map key: the integer itself; a fraction with a small denominator, a negative number
 * below −2·10^12 (so never an integer's key: |n| ≤ 10^12 keeps it a safe integer); else "n/d".
 */
export const keyOf = (n: number, d: number): Key =>
  d === 1 ? n : d < SMALL_D ? -((n + CAPN) * SMALL_D + d) - 2 * CAPN : `${n}/${d}`;
export const key = (v: Num): Key => keyOf(v.n, v.d);

export function gcdN(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  if (a <= 0x3fffffff && b <= 0x3fffffff) {
    // Small integers: the remainder loop runs on int32s, not doubles.
    let x = a | 0;
    let y = b | 0;
    while (y !== 0) {
      const t = x % y;
      x = y;
      y = t;
    }
    return x;
  }
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

export const fromRational = (r: Rational): Num => ({ n: Number(r.n), d: Number(r.d) });
export const toRational = (v: Num): Rational => ({ n: BigInt(v.n), d: BigInt(v.d) });

function viaBigint(op: Op, a: Num, b: Num, mode: ArithMode): Num | null {
  const r = apply(op, toRational(a), toRational(b), mode);
  return r.ok ? fromRational(r.value) : null;
}

/** The fraction reduce() last accepted (scratch, so the searches' inner loops allocate nothing). */
export const reduced = { n: 0, d: 1 };

/** Normalises n/d given |n|, |d| < 2^53 (d ≠ 0) into `reduced`; false when over the cap. */
export function reduce(n: number, d: number): boolean {
  if (d < 0) {
    n = -n;
    d = -d;
  }
  const g = gcdN(n, d);
  if (g > 1) {
    n /= g;
    d /= g;
  }
  if (n > CAPN || -n > CAPN || d > CAPN) return false;
  reduced.n = n === 0 ? 0 : n;
  reduced.d = d;
  return true;
}

/** Normalises n/d given |n|, |d| < 2^53 (d ≠ 0) and applies the cap. */
const norm = (n: number, d: number): Num | null => (reduce(n, d) ? { n: reduced.n, d: reduced.d } : null);

/** a·b where |a|, |b| ≤ 10^12 are integers; null when over the cap (exact, see module note). */
const capMul = (a: number, b: number): number | null => {
  const p = a * b;
  return p > CAPN || -p > CAPN ? null : p === 0 ? 0 : p;
};

function addSub(a: Num, b: Num, sign: 1 | -1, mode: ArithMode, op: Op): Num | null {
  if (a.d === 1 && b.d === 1) {
    const s = a.n + sign * b.n;
    return s > CAPN || -s > CAPN ? null : { n: s === 0 ? 0 : s, d: 1 };
  }
  const x = a.n * b.d;
  const y = b.n * a.d;
  const d = a.d * b.d;
  if (Math.abs(x) >= SAFE / 2 || Math.abs(y) >= SAFE / 2 || d >= SAFE) return viaBigint(op, a, b, mode);
  return norm(x + sign * y, d);
}

function mulDiv(a: Num, bn: number, bd: number): Num | null {
  // a × (bn/bd) with bd > 0 and both fractions normalised: cross-reduce, then the result is normal.
  const g1 = gcdN(a.n, bd);
  const g2 = gcdN(bn, a.d);
  const n = capMul(a.n / g1, bn / g2);
  const d = capMul(a.d / g2, bd / g1);
  if (n === null || d === null) return null;
  return { n, d };
}

/**
 * Whether m^k passes the cap for sure (m ≥ 2): 2^40 > 10^12, and the margin covers the logarithm's
 * rounding; the cases left are computed exactly.
 */
const powOverCap = (m: number, k: number): boolean => k > 40 || k * Math.log2(m) > 40.01;

/**
 * (a.n/a.d)^e into `reduced` for an integer e; false when invalid or over the cap. The tables
 * combine every pair of values with ^ both ways, so most calls are over the cap or trivial: they
 * are answered without a loop or an object.
 */
function powInto(a: Num, e: number, mode: ArithMode): boolean {
  if (a.n === 0) {
    if (e <= 0) return false;
    reduced.n = 0;
    reduced.d = 1;
    return true;
  }
  if (e === 0 || (a.d === 1 && (a.n === 1 || a.n === -1))) {
    reduced.n = e !== 0 && a.n === -1 && e % 2 !== 0 ? -1 : 1;
    reduced.d = 1;
    return true;
  }
  if (e < 0 && mode === 'integer') return false;
  const k = Math.abs(e);
  if (powOverCap(Math.max(Math.abs(a.n), a.d), k)) return false;
  let n = 1;
  let d = 1;
  for (let i = 0; i < k; i++) {
    n *= a.n;
    d *= a.d;
    if (n > CAPN || -n > CAPN || d > CAPN) return false;
  }
  if (e > 0) {
    reduced.n = n;
    reduced.d = d;
  } else {
    reduced.n = n < 0 ? -d : d;
    reduced.d = n < 0 ? -n : n;
  }
  return true;
}

function powN(a: Num, b: Num, mode: ArithMode): Num | null {
  if (b.d !== 1 || !powInto(a, b.n, mode)) return null;
  return { n: reduced.n, d: reduced.d };
}

/** One operation; `null` if invalid in the mode or over the cap. */
export function applyN(op: Op, a: Num, b: Num, mode: ArithMode): Num | null {
  if (mode === 'integer' && (a.d !== 1 || b.d !== 1)) return null;
  switch (op) {
    case '+':
      return addSub(a, b, 1, mode, op);
    case '-':
      return addSub(a, b, -1, mode, op);
    case '*':
      return mulDiv(a, b.n, b.d);
    case '/':
      if (b.n === 0) return null;
      if (mode === 'integer') {
        if (a.n % b.n !== 0) return null;
        const q = a.n / b.n;
        return { n: q === 0 ? 0 : q, d: 1 };
      }
      return b.n < 0 ? mulDiv(a, -b.d, -b.n) : mulDiv(a, b.d, b.n);
    case '^':
      return powN(a, b, mode);
  }
}

/** a × (bn/bd) into `reduced` (bd > 0, both normalised): applyN's product without an object. */
function mulDivInto(a: Num, bn: number, bd: number): boolean {
  const g1 = gcdN(a.n, bd);
  const g2 = gcdN(bn, a.d);
  const n = capMul(a.n / g1, bn / g2);
  const d = capMul(a.d / g2, bd / g1);
  if (n === null || d === null) return false;
  reduced.n = n;
  reduced.d = d;
  return true;
}

/**
 * applyN in rational mode, the result left in `reduced` (false: invalid or over the cap): the tables'
 * inner loop, where most results are duplicates and need no object.
 */
export function applyInto(op: Op, a: Num, b: Num): boolean {
  if (op === '*') return mulDivInto(a, b.n, b.d);
  if (op === '/') return b.n === 0 ? false : b.n < 0 ? mulDivInto(a, -b.d, -b.n) : mulDivInto(a, b.d, b.n);
  if (op === '^') return b.d === 1 && powInto(a, b.n, 'rational');
  if ((op === '+' || op === '-') && a.d === 1 && b.d === 1) {
    const s = op === '+' ? a.n + b.n : a.n - b.n;
    if (s > CAPN || -s > CAPN) return false;
    reduced.n = s === 0 ? 0 : s;
    reduced.d = 1;
    return true;
  }
  if (op === '+' || op === '-') {
    const x = a.n * b.d;
    const y = b.n * a.d;
    const d = a.d * b.d;
    if (Math.abs(x) < SAFE / 2 && Math.abs(y) < SAFE / 2 && d < SAFE)
      return reduce(op === '+' ? x + y : x - y, d);
  }
  const v = applyN(op, a, b, 'rational');
  if (v === null) return false;
  reduced.n = v.n;
  reduced.d = v.d;
  return true;
}

export const cmpN = (a: Num, b: Num): number => {
  if (a.d === 1 && b.d === 1) return a.n - b.n;
  const x = a.n * b.d;
  const y = b.n * a.d;
  if (Math.abs(x) < SAFE && Math.abs(y) < SAFE) return x - y;
  const l = BigInt(a.n) * BigInt(b.d);
  const r = BigInt(b.n) * BigInt(a.d);
  return l < r ? -1 : l > r ? 1 : 0;
};
