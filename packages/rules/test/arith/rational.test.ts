import { describe, expect, it } from 'vitest';
import { apply, int, make, parseRational, pow, toString } from '../../src/arith/rational.ts';
import type { Rational } from '../../src/arith/rational.ts';
import { applyN, fromRational, key, toRational } from '../../src/arith/num.ts';
import { OPS } from '../../src/arith/rational.ts';

const r = (n: number, d = 1): Rational => {
  const v = make(BigInt(n), BigInt(d));
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
};
const val = (x: ReturnType<typeof apply>) => (x.ok ? toString(x.value) : x.error.code);

describe('rational', () => {
  it('normalises sign and lowest terms', () => {
    expect(toString(r(6, -4))).toBe('-3/2');
    expect(toString(r(-6, -4))).toBe('3/2');
    expect(toString(r(0, -5))).toBe('0');
    expect(r(0, -5)).toEqual({ n: 0n, d: 1n });
    expect(parseRational('-14/4')).toEqual({ ok: true, value: { n: -7n, d: 2n } });
  });
  it('does exact arithmetic', () => {
    expect(val(apply('+', r(1, 3), r(1, 6)))).toBe('1/2');
    expect(val(apply('-', r(1, 3), r(1, 2)))).toBe('-1/6');
    expect(val(apply('*', r(-2, 3), r(3, 4)))).toBe('-1/2');
    expect(val(apply('/', r(12), r(3, -1)))).toBe('-4');
    expect(val(apply('/', r(1), r(0)))).toBe('DIVISION_BY_ZERO');
  });
  it('raises to integer powers only; negative exponents invert; 0^0 is invalid', () => {
    expect(val(pow(r(2), r(10)))).toBe('1024');
    expect(val(pow(r(-2, 3), r(-3)))).toBe('-27/8');
    expect(val(pow(r(0), r(0)))).toBe('ZERO_TO_ZERO');
    expect(val(pow(r(0), r(-2)))).toBe('DIVISION_BY_ZERO');
    expect(val(pow(r(0), r(5)))).toBe('0');
    expect(val(pow(r(4), r(1, 2)))).toBe('NON_INTEGER_EXPONENT');
    expect(val(pow(r(-1), r(999_999_999_999)))).toBe('-1');
  });
  it('caps magnitudes at 10^12 and refuses huge powers instantly', () => {
    expect(val(apply('*', r(1_000_000), r(1_000_000)))).toBe('1000000000000');
    expect(val(apply('+', r(1_000_000_000_000), r(1)))).toBe('TOO_LARGE');
    expect(val(apply('/', r(1), r(1_000_000_000_000)))).toBe('1/1000000000000');
    expect(val(apply('/', r(1, 3), r(1_000_000_000_000)))).toBe('TOO_LARGE');
    expect(val(pow(r(10), r(12)))).toBe('1000000000000');
    expect(val(pow(r(10), r(13)))).toBe('TOO_LARGE');
    expect(val(pow(r(1, 2), r(41)))).toBe('TOO_LARGE');
    const big = pow(r(13), { n: 13n ** 13n, d: 1n }); // 13^(13^13), refused before computing
    expect(big.ok ? 'ok' : big.error.code).toBe('TOO_LARGE');
    expect(make(10n ** 13n).ok).toBe(false);
  });
  it('integer mode requires whole steps', () => {
    expect(val(apply('/', r(12), r(4), 'integer'))).toBe('3');
    expect(val(apply('/', r(12), r(5), 'integer'))).toBe('NOT_WHOLE');
    expect(val(apply('/', r(12), r(0), 'integer'))).toBe('DIVISION_BY_ZERO');
    expect(val(apply('^', r(2), r(-1), 'integer'))).toBe('NOT_WHOLE');
    expect(val(apply('^', r(-1), r(-3), 'integer'))).toBe('-1');
    expect(val(apply('^', r(1), r(-3), 'integer'))).toBe('1');
    expect(val(apply('+', r(1, 2), r(1), 'integer'))).toBe('NOT_WHOLE');
    expect(val(apply('/', r(12), r(5), 'rational'))).toBe('12/5');
  });
  it('the solver number path agrees with the bigint rationals', () => {
    const samples = [0, 1, -1, 2, 3, -7, 12, 13, 1_000_000, 999_999_999_989, 100_000_007]
      .flatMap((n) => [1, 2, 3, 13, 1_000_003].map((d) => make(BigInt(n), BigInt(d))))
      .flatMap((x) => (x.ok ? [x.value] : []));
    samples.push(int(40), int(-40), int(41));
    for (const mode of ['rational', 'integer'] as const)
      for (const a of samples)
        for (const b of samples)
          for (const op of OPS) {
            const big = apply(op, a, b, mode);
            const small = applyN(op, fromRational(a), fromRational(b), mode);
            expect(small === null ? null : toString(toRational(small))).toBe(
              big.ok ? toString(big.value) : null,
            );
          }
  });

  it('value keys are one per value: integers, small and large denominators, at the cap', () => {
    const values: { n: number; d: number }[] = [];
    for (const n of [-1e12, -1e12 + 1, -2047, -3, -1, 0, 1, 2, 3, 2047, 2048, 1e12 - 1, 1e12])
      for (const d of [1, 2, 3, 2045, 2047, 2048, 2049, 999_999_999_989, 1e12]) {
        const g = (a: number, b: number): number => (b === 0 ? Math.abs(a) : g(b, a % b));
        if (n === 0 ? d === 1 : g(n, d) === 1) values.push({ n, d });
      }
    const keys = new Set(values.map(key));
    expect(keys.size).toBe(values.length);
    for (const v of values) if (typeof key(v) === 'number') expect(Number.isSafeInteger(key(v))).toBe(true);
    expect(key({ n: 1313, d: 1 })).toBe(1313);
  });
});
