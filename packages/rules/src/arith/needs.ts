/**
 * The inverse step of the target-directed searches: for a value x on one side of an operation and
 * the value t the operation must give, what the other side y must be (`x op y = t` or
 * `y op x = t`). A need is a number, or a property ("any non-zero value") when many y work.
 * Every match is re-checked with applyN by the caller.
 */
import { applyN, gcdN, reduce, reduced } from './num.ts';
import type { Num } from './num.ts';
import type { ArithMode, Op } from './rational.ts';

export type Special = 'any' | 'nonzero' | 'posint' | 'int' | 'even' | 'odd';
export type Need = { readonly op: Op; readonly xLeft: boolean; readonly y: Num | Special };

export const isNum = (x: unknown): x is Num => typeof x === 'object' && x !== null;
export const N = (n: number, d = 1): Num => ({ n, d });

export function satisfies(v: Num, s: Special): boolean {
  switch (s) {
    case 'any':
      return true;
    case 'nonzero':
      return v.n !== 0;
    case 'int':
      return v.d === 1;
    case 'posint':
      return v.d === 1 && v.n > 0;
    case 'even':
      return v.d === 1 && v.n % 2 === 0;
    case 'odd':
      return v.d === 1 && v.n % 2 !== 0;
  }
}

/** Integer e-th root of 0 ≤ a ≤ 10^12, or null. */
function iroot(a: number, e: number): number | null {
  if (a < 2) return a;
  if (e === 1) return a;
  const r = Math.round(a ** (1 / e));
  for (let c = Math.max(0, r - 1); c <= r + 1; c++) {
    let p = 1;
    for (let i = 0; i < e && p <= a; i++) p *= c;
    if (p === a) return c;
  }
  return null;
}

const CAP = 1e12;
const HALF_SAFE = 2 ** 52;

/**
 * Needs as parallel arrays, written from a position on: the solvers' innermost loop reads them
 * without allocating an object per need. A need's value is n/d (normalised, within the cap) unless
 * `special` holds a property.
 */
export class NeedBuf {
  readonly op: Op[] = [];
  readonly xLeft: boolean[] = [];
  readonly n: number[] = [];
  readonly d: number[] = [];
  readonly special: (Special | null)[] = [];
}

/** Writes a need at `at` (n/d normalised and capped first; d ≠ 0); returns how many it wrote. */
function putRatio(buf: NeedBuf, at: number, op: Op, xLeft: boolean, n: number, d: number): number {
  if (!reduce(n, d)) return 0;
  buf.op[at] = op;
  buf.xLeft[at] = xLeft;
  buf.n[at] = reduced.n;
  buf.d[at] = reduced.d;
  buf.special[at] = null;
  return 1;
}

function putNum(buf: NeedBuf, at: number, op: Op, xLeft: boolean, y: Num | null): number {
  return y === null ? 0 : putRatio(buf, at, op, xLeft, y.n, y.d);
}

function putSpecial(buf: NeedBuf, at: number, op: Op, xLeft: boolean, s: Special): number {
  buf.op[at] = op;
  buf.xLeft[at] = xLeft;
  buf.n[at] = 0;
  buf.d[at] = 0;
  buf.special[at] = s;
  return 1;
}

/** (p1·p2)/(q1·q2) whose factors are already cross-reduced; 0 written when over the cap. */
function putReduced(
  buf: NeedBuf,
  at: number,
  op: Op,
  xLeft: boolean,
  p1: number,
  q1: number,
  p2: number,
  q2: number,
): number {
  const n = p1 * p2;
  const d = q1 * q2;
  if (n > CAP || -n > CAP || d > CAP || -d > CAP) return 0;
  return putSigned(buf, at, op, xLeft, n, d);
}

/**
 * What y must be for `x op y = t` or `y op x = t`, written into buf from `at`; returns the count.
 * Every match is re-checked with applyN by the caller.
 */
export function needsInto(x: Num, t: Num, mode: ArithMode, buf: NeedBuf, at: number): number {
  let c = at;
  const a = x.n;
  const b = x.d;
  const p = t.n;
  const q = t.d;
  if (b === 1 && q === 1) c += wholeNeedsInto(a, p, buf, c);
  else c += ratioNeedsInto(x, t, buf, c);
  c += powNeedsInto(a, b, p, q, mode, buf, c);
  return c - at;
}

/** The +, −, × and ÷ needs when x = a and t = p are both whole: one gcd instead of six. */
function wholeNeedsInto(a: number, p: number, buf: NeedBuf, at: number): number {
  let c = at;
  c += putWhole(buf, c, '+', true, p - a);
  c += putWhole(buf, c, '-', true, a - p);
  c += putWhole(buf, c, '-', false, p + a);
  const g = a === 0 && p === 0 ? 1 : gcdN(p, a);
  if (a === 0) {
    if (p === 0) c += putSpecial(buf, c, '*', true, 'any');
  } else {
    c += putSigned(buf, c, '*', true, p / g, a / g); // t / x
    c += putWhole(buf, c, '/', false, p * a); // t · x
  }
  if (p === 0) {
    if (a === 0) c += putSpecial(buf, c, '/', true, 'nonzero');
  } else c += putSigned(buf, c, '/', true, a / g, p / g); // x / t
  return c - at;
}

/** A whole need n (within the cap) at `at`. */
function putWhole(buf: NeedBuf, at: number, op: Op, xLeft: boolean, n: number): number {
  if (n > CAP || -n > CAP) return 0;
  buf.op[at] = op;
  buf.xLeft[at] = xLeft;
  buf.n[at] = n === 0 ? 0 : n;
  buf.d[at] = 1;
  buf.special[at] = null;
  return 1;
}

/** A need n/d already in lowest terms (d ≠ 0, |n|, |d| within the cap): only the sign moves. */
function putSigned(buf: NeedBuf, at: number, op: Op, xLeft: boolean, n: number, d: number): number {
  buf.op[at] = op;
  buf.xLeft[at] = xLeft;
  buf.n[at] = d < 0 ? (n === 0 ? 0 : -n) : n === 0 ? 0 : n;
  buf.d[at] = d < 0 ? -d : d;
  buf.special[at] = null;
  return 1;
}

function ratioNeedsInto(x: Num, t: Num, buf: NeedBuf, at: number): number {
  let c = at;
  const a = x.n;
  const b = x.d;
  const p = t.n;
  const q = t.d;
  const pb = p * b;
  const aq = a * q;
  const qb = q * b;
  if (pb < HALF_SAFE && -pb < HALF_SAFE && aq < HALF_SAFE && -aq < HALF_SAFE && qb < HALF_SAFE) {
    c += putRatio(buf, c, '+', true, pb - aq, qb);
    c += putRatio(buf, c, '-', true, aq - pb, qb);
    c += putRatio(buf, c, '-', false, pb + aq, qb);
  } else {
    c += putNum(buf, c, '+', true, applyN('-', t, x, 'rational'));
    c += putNum(buf, c, '-', true, applyN('-', x, t, 'rational'));
    c += putNum(buf, c, '-', false, applyN('+', t, x, 'rational'));
  }
  // The cross-reductions of t / x, t · x and x / t share four gcds (two when b or q is 1).
  const gpa = gcdN(p, a);
  const gbq = b === 1 || q === 1 ? 1 : gcdN(b, q);
  if (a === 0) {
    if (p === 0) c += putSpecial(buf, c, '*', true, 'any');
  } else {
    c += putReduced(buf, c, '*', true, p / gpa, q / gbq, b / gbq, a / gpa); // t / x
    const gpb = b === 1 ? 1 : gcdN(p, b);
    const gaq = q === 1 ? 1 : gcdN(a, q);
    c += putReduced(buf, c, '/', false, p / gpb, q / gaq, a / gaq, b / gpb); // t · x
  }
  if (p === 0) {
    if (a === 0) c += putSpecial(buf, c, '/', true, 'nonzero');
  } else c += putReduced(buf, c, '/', true, a / gpa, b / gbq, q / gbq, p / gpa); // x / t
  return c - at;
}

/** The ^ needs: x ^ y = t and y ^ x = t. */
function powNeedsInto(
  a: number,
  b: number,
  p: number,
  q: number,
  mode: ArithMode,
  buf: NeedBuf,
  at: number,
): number {
  let c = at;
  // x ^ y = t
  if (a === 0) {
    if (p === 0) c += putSpecial(buf, c, '^', true, 'posint');
  } else if (b === 1 && a === 1) {
    if (q === 1 && p === 1) c += putSpecial(buf, c, '^', true, 'int');
  } else if (b === 1 && a === -1) {
    if (q === 1 && p === 1) c += putSpecial(buf, c, '^', true, 'even');
    if (q === 1 && p === -1) c += putSpecial(buf, c, '^', true, 'odd');
  } else if (p !== 0) {
    if (p === 1 && q === 1) c += putRatio(buf, c, '^', true, 0, 1);
    // A whole x's powers are whole or 1/whole, a fraction's are fractions or whole over ±1.
    const never = b === 1 ? q !== 1 && p !== 1 && p !== -1 : q === 1 && a !== 1 && a !== -1;
    if (!never) {
      const lx = Math.log(Math.abs(a) / b);
      const e = Math.round(Math.log(Math.abs(p) / q) / lx);
      if (e !== 0 && Math.abs(e) <= 40) c += putRatio(buf, c, '^', true, e, 1);
    }
  }
  // y ^ x = t
  if (b === 1) {
    if (a === 0) {
      if (p === 1 && q === 1) c += putSpecial(buf, c, '^', false, 'nonzero');
    } else if (Math.abs(a) <= 40 && !(mode === 'integer' && a < 0 && Math.abs(p) !== 1)) {
      const e = Math.abs(a);
      // t, or 1/t for a negative exponent
      const tn = a > 0 ? p : p < 0 ? -q : q;
      const td = a > 0 ? q : Math.abs(p);
      if (a > 0 || p !== 0) {
        const rn = iroot(Math.abs(tn), e);
        const rd = iroot(td, e);
        if (rn !== null && rd !== null) {
          if (tn >= 0) {
            c += putRatio(buf, c, '^', false, rn, rd);
            if (e % 2 === 0 && rn !== 0) c += putRatio(buf, c, '^', false, -rn, rd);
          } else if (e % 2 === 1) c += putRatio(buf, c, '^', false, -rn, rd);
        }
      }
    }
  }
  return c - at;
}

const scratch = new NeedBuf();

/** What y must be for `x op y = t` or `y op x = t`. Every match is re-checked with applyN. */
export function needs(x: Num, t: Num, mode: ArithMode): Need[] {
  const count = needsInto(x, t, mode, scratch, 0);
  const out: Need[] = [];
  for (let k = 0; k < count; k++) {
    const s = scratch.special[k] ?? null;
    out.push({
      op: scratch.op[k] as Op,
      xLeft: scratch.xLeft[k] as boolean,
      y: s ?? N(scratch.n[k] as number, scratch.d[k] as number),
    });
  }
  return out;
}
