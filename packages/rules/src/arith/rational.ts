/**
 * Exact rationals over bigint, always normalised: gcd(n, d) = 1 and d > 0 (zero is 0/1).
 * Every value produced here respects the magnitude cap |n|, |d| ≤ 10^12; anything larger is an
 * error value, never a huge number, so no expression can stall the server (13^13^13 is refused
 * from a bit-length estimate before any power is computed).
 */
import { err, ok } from '../core/result.ts';
import type { Result } from '../core/result.ts';

export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

/** `rational`: exact fractions (Blind Cassowary). `integer`: every intermediate must be whole (Star Navigator). */
export type ArithMode = 'rational' | 'integer';

export type Op = '+' | '-' | '*' | '/' | '^';
export const OPS: readonly Op[] = ['+', '-', '*', '/', '^'];

/** The magnitude cap for numerators and denominators of every value. */
export const CAP = 10n ** 12n;

export const ZERO: Rational = { n: 0n, d: 1n };
export const ONE: Rational = { n: 1n, d: 1n };

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

const show = (n: bigint, d: bigint): string => (d === 1n ? `${n}` : `${n}/${d}`);

/** Normalises n/d and applies the cap. */
export function make(n: bigint, d: bigint = 1n): Result<Rational> {
  if (d === 0n) return err('DIVISION_BY_ZERO', 'Division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  if (g > 1n) {
    n /= g;
    d /= g;
  }
  if (abs(n) > CAP || d > CAP) {
    return err('TOO_LARGE', 'A value in the calculation is too large (limit 10^12)', {
      digits: Math.max(abs(n).toString().length, d.toString().length),
    });
  }
  return ok({ n, d });
}

/** An integer as a rational (no cap check: callers pass card values). */
export const int = (n: number | bigint): Rational => ({ n: BigInt(n), d: 1n });

export const isInteger = (a: Rational): boolean => a.d === 1n;
export const isZero = (a: Rational): boolean => a.n === 0n;
export const equals = (a: Rational, b: Rational): boolean => a.n === b.n && a.d === b.d;
export const compare = (a: Rational, b: Rational): number => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
export const negate = (a: Rational): Rational => ({ n: -a.n, d: a.d });
export const absR = (a: Rational): Rational => ({ n: abs(a.n), d: a.d });
export const toNumber = (a: Rational): number => Number(a.n) / Number(a.d);
/** "7", "-3/4". */
export const toString = (a: Rational): string => show(a.n, a.d);

/** Parses "12", "-3", "7/4" (as produced by toString) into a capped, normalised rational. */
export function parseRational(text: string): Result<Rational> {
  const m = /^(-?\d{1,13})(?:\/(\d{1,13}))?$/.exec(text);
  if (m === null || m[1] === undefined) return err('BAD_NUMBER', `Not a number: "${text.slice(0, 40)}"`);
  return make(BigInt(m[1]), m[2] === undefined ? 1n : BigInt(m[2]));
}

export const add = (a: Rational, b: Rational): Result<Rational> => make(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Result<Rational> => make(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Result<Rational> => make(a.n * b.n, a.d * b.d);
export function div(a: Rational, b: Rational): Result<Rational> {
  if (b.n === 0n) return err('DIVISION_BY_ZERO', 'Division by zero');
  return make(a.n * b.d, a.d * b.n);
}

const bitLength = (x: bigint): number => (x === 0n ? 0 : x.toString(2).length);
/** 2^40 > 10^12: a power whose result has more than 40 bits is over the cap. */
const CAP_BITS = 40;

/** a^b for an integer b; a negative exponent inverts. */
export function pow(a: Rational, b: Rational): Result<Rational> {
  if (b.d !== 1n) {
    return err('NON_INTEGER_EXPONENT', `The exponent ${toString(b)} is not a whole number`);
  }
  const e = b.n;
  if (a.n === 0n) {
    if (e === 0n) return err('ZERO_TO_ZERO', '0^0 is undefined');
    if (e < 0n) return err('DIVISION_BY_ZERO', 'Division by zero (0 to a negative power)');
    return ok(ZERO);
  }
  if (e === 0n) return ok(ONE);
  const k = abs(e);
  const odd = (k & 1n) === 1n;
  if (a.d === 1n && abs(a.n) === 1n) {
    const sign = a.n < 0n && odd ? -1n : 1n;
    return ok({ n: sign, d: 1n });
  }
  // max(|n|, |d|) ≥ 2 here, so the result has at least (bits - 1) * k bits: refuse before computing.
  const m = abs(a.n) > a.d ? abs(a.n) : a.d;
  if (BigInt(bitLength(m) - 1) * k > BigInt(CAP_BITS)) {
    return err('TOO_LARGE', 'A value in the calculation is too large (limit 10^12)', {
      base: toString(a),
      exponent: e.toString(),
    });
  }
  // Now k ≤ 40 and the result has at most ~80 bits: computing it exactly is cheap.
  const n = a.n ** k;
  const d = a.d ** k;
  return e > 0n ? make(n, d) : make(d, n);
}

/** Applies one operator in the given mode. Integer mode requires whole operands and a whole result. */
export function apply(op: Op, a: Rational, b: Rational, mode: ArithMode = 'rational'): Result<Rational> {
  if (mode === 'integer' && (a.d !== 1n || b.d !== 1n)) {
    return err('NOT_WHOLE', `${toString(a.d !== 1n ? a : b)} is not a whole number`);
  }
  let r: Result<Rational>;
  switch (op) {
    case '+':
      r = add(a, b);
      break;
    case '-':
      r = sub(a, b);
      break;
    case '*':
      r = mul(a, b);
      break;
    case '/':
      if (mode === 'integer' && b.n !== 0n && a.n % b.n !== 0n) {
        return err('NOT_WHOLE', `${toString(a)} ÷ ${toString(b)} is not a whole number`);
      }
      r = div(a, b);
      break;
    case '^':
      if (mode === 'integer' && b.n < 0n && a.n !== 0n && a.n !== 1n && a.n !== -1n) {
        return err('NOT_WHOLE', `${toString(a)}^${toString(b)} is not a whole number`);
      }
      r = pow(a, b);
      if (mode === 'integer' && r.ok && r.value.d !== 1n) {
        return err('NOT_WHOLE', `${toString(a)}^${toString(b)} is not a whole number`);
      }
      break;
  }
  return r;
}
