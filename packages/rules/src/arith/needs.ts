/**
 * The inverse step of the target-directed searches: for a value x on one side of an operation and
 * the value t the operation must give, what the other side y must be (`x op y = t` or
 * `y op x = t`). A need is a number, or a property ("any non-zero value") when many y work.
 * Every match is re-checked with applyN by the caller.
 */
import { applyN } from './num.ts';
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
  const r = Math.round(a ** (1 / e));
  for (const c of [r - 1, r, r + 1]) {
    if (c < 0) continue;
    let p = 1;
    for (let i = 0; i < e && p <= a; i++) p *= c;
    if (p === a) return c;
  }
  return null;
}

/** Adds a need when y exists (a helper at module level: no closure per call on the hot path). */
function pushNeed(out: Need[], op: Op, xLeft: boolean, y: Num | Special | null): void {
  if (y !== null) out.push({ op, xLeft, y });
}

/** What y must be for `x op y = t` or `y op x = t`. Every match is re-checked with applyN. */
export function needs(x: Num, t: Num, mode: ArithMode): Need[] {
  const out: Need[] = [];
  pushNeed(out, '+', true, applyN('-', t, x, 'rational'));
  pushNeed(out, '-', true, applyN('-', x, t, 'rational'));
  pushNeed(out, '-', false, applyN('+', t, x, 'rational'));
  if (x.n === 0) {
    if (t.n === 0) pushNeed(out, '*', true, 'any');
  } else {
    pushNeed(out, '*', true, applyN('/', t, x, 'rational'));
    pushNeed(out, '/', false, applyN('*', t, x, 'rational'));
  }
  if (t.n === 0) {
    if (x.n === 0) pushNeed(out, '/', true, 'nonzero');
  } else pushNeed(out, '/', true, applyN('/', x, t, 'rational'));
  // x ^ y = t
  if (x.n === 0) {
    if (t.n === 0) pushNeed(out, '^', true, 'posint');
  } else if (x.d === 1 && x.n === 1) {
    if (t.d === 1 && t.n === 1) pushNeed(out, '^', true, 'int');
  } else if (x.d === 1 && x.n === -1) {
    if (t.d === 1 && t.n === 1) pushNeed(out, '^', true, 'even');
    if (t.d === 1 && t.n === -1) pushNeed(out, '^', true, 'odd');
  } else if (t.n !== 0) {
    if (t.n === 1 && t.d === 1) pushNeed(out, '^', true, N(0));
    const lx = Math.log(Math.abs(x.n) / x.d);
    const e = Math.round(Math.log(Math.abs(t.n) / t.d) / lx);
    if (e !== 0 && Math.abs(e) <= 40) pushNeed(out, '^', true, N(e));
  }
  // y ^ x = t
  if (x.d === 1) {
    if (x.n === 0) {
      if (t.n === 1 && t.d === 1) pushNeed(out, '^', false, 'nonzero');
    } else if (Math.abs(x.n) <= 40 && !(mode === 'integer' && x.n < 0 && Math.abs(t.n) !== 1)) {
      const e = Math.abs(x.n);
      const tt = x.n > 0 ? t : t.n === 0 ? null : t.n < 0 ? N(-t.d, -t.n) : N(t.d, t.n);
      if (tt !== null) {
        const rn = iroot(Math.abs(tt.n), e);
        const rd = iroot(tt.d, e);
        if (rn !== null && rd !== null) {
          if (tt.n >= 0) {
            pushNeed(out, '^', false, N(rn, rd));
            if (e % 2 === 0 && rn !== 0) pushNeed(out, '^', false, N(-rn, rd));
          } else if (e % 2 === 1) pushNeed(out, '^', false, N(-rn, rd));
        }
      }
    }
  }
  return out;
}
