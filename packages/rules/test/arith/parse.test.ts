import { describe, expect, it } from 'vitest';
import { RANK_NAMES, parse } from '../../src/arith/parse.ts';
import { evaluate, leaves } from '../../src/arith/expr.ts';
import type { Expr } from '../../src/arith/expr.ts';
import { format, formatDisplay } from '../../src/arith/format.ts';
import { toString } from '../../src/arith/rational.ts';
import { err, ok } from '../../src/core/result.ts';

const p = (s: string): Expr => {
  const r = parse(s, { names: RANK_NAMES });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const value = (s: string): string => {
  const v = evaluate(p(s));
  return v.ok ? toString(v.value) : v.error.code;
};
const error = (s: string) => {
  const r = parse(s, { names: RANK_NAMES });
  return r.ok ? undefined : { code: r.error.code, message: r.error.message, pos: r.error.context?.pos };
};

describe('parse', () => {
  it('respects precedence and associativity', () => {
    expect(value('(6*3)+4+2')).toBe('24');
    expect(value('12 / (3 - 1)')).toBe('6');
    expect(value('2^3')).toBe('8');
    expect(value('2+3*4')).toBe('14');
    expect(value('2*3^2')).toBe('18');
    expect(value('2^3^2')).toBe('512');
    expect(value('(2^3)^2')).toBe('64');
    expect(value('10-3-2')).toBe('5');
    expect(value('12/3/2')).toBe('2');
  });
  it('accepts every operator spelling and rank names', () => {
    expect(value('6×4')).toBe('24');
    expect(value('6x4')).toBe('24');
    expect(value('6X4')).toBe('24');
    expect(value('6✕4')).toBe('24');
    expect(value('12÷4')).toBe('3');
    expect(value('12−4')).toBe('8');
    expect(value('Q x 2')).toBe('24');
    expect(value('q*2')).toBe('24');
    expect(value('K-J+A')).toBe('3');
    expect(value('Jx2')).toBe('22');
  });
  it('keeps token text and position on leaves and lets the caller assign refs', () => {
    const r = parse('Q × (2+10)', {
      names: RANK_NAMES,
      resolve: (t) => (t.text === '10' ? ok('10H') : ok(`${t.text}S`)),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(leaves(r.value).map((l) => [l.ref, l.text, l.pos, toString(l.value)])).toEqual([
      ['QS', 'Q', 0, '12'],
      ['2S', '2', 5, '2'],
      ['10H', '10', 7, '10'],
    ]);
    const refused = parse('2+7', {
      resolve: (t) => (t.text === '7' ? err('NO_SUCH_CARD', 'You have no 7') : ok('x')),
    });
    expect(refused.ok ? '' : refused.error.code).toBe('NO_SUCH_CARD');
  });
  it('reports errors with the offending position', () => {
    expect(error('2+')).toEqual({
      code: 'UNEXPECTED_END',
      message: expect.stringContaining('position 2'),
      pos: 2,
    });
    expect(error('(3')).toMatchObject({ code: 'UNCLOSED_PAREN', pos: 0 });
    expect(error('3)')).toEqual({
      code: 'UNEXPECTED_TOKEN',
      message: "Unexpected ')' at position 1",
      pos: 1,
    });
    expect(error('2**3')).toEqual({
      code: 'UNEXPECTED_TOKEN',
      message: "Unexpected '*' at position 2",
      pos: 2,
    });
    expect(error('')).toMatchObject({ code: 'EMPTY' });
    expect(error('   ')).toMatchObject({ code: 'EMPTY' });
    expect(error('2+Z')).toEqual({
      code: 'UNKNOWN_SYMBOL',
      message: "Unknown symbol 'Z' at position 2",
      pos: 2,
    });
    expect(error('(6*3)+4)+2')).toEqual({
      code: 'UNEXPECTED_TOKEN',
      message: "Unexpected ')' at position 7",
      pos: 7,
    });
    expect(error('-3+4')).toMatchObject({ code: 'UNEXPECTED_TOKEN', pos: 0 });
    expect(error('2(3)')).toMatchObject({ code: 'UNEXPECTED_TOKEN', pos: 1 });
    expect(error('99999999999999')).toMatchObject({ code: 'TOO_LARGE', pos: 0 });
    expect(parse('2', { names: {} }).ok).toBe(true);
    expect(error('1+'.repeat(150) + '1')).toMatchObject({ code: 'TOO_LONG' });
  });
  it('refuses 13^13^13 quickly at evaluation', () => {
    expect(value('13^13^13')).toBe('TOO_LARGE');
    expect(value('K^K^K')).toBe('TOO_LARGE');
  });
});

describe('format', () => {
  it('prints minimal parentheses', () => {
    expect(formatDisplay(p('((6*3)+4)+2'))).toBe('6×3+4+2');
    expect(format(p('4-(3-1)'))).toBe('4-(3-1)');
    expect(format(p('(4-3)-1'))).toBe('4-3-1');
    expect(format(p('(2^3)^2'))).toBe('(2^3)^2');
    expect(format(p('2^(3^2)'))).toBe('2^3^2');
    expect(format(p('12/(3/2)'))).toBe('12/(3/2)');
    expect(format(p('(2+3)*4'))).toBe('(2+3)*4');
    expect(format(p('2*(3^2)'))).toBe('2*3^2');
    expect(format(p('(2*3)^2'))).toBe('(2*3)^2');
    expect(formatDisplay(p('12 / (3 - 1)'), { spaces: true })).toBe('12 ÷ (3 − 1)');
  });
  it('round-trips: the printed text parses to the same tree and value', () => {
    const shape = (e: Expr): string =>
      e.kind === 'leaf' ? (e.text ?? '') : `(${shape(e.left)}${e.op}${shape(e.right)})`;
    for (const s of [
      '(6*3)+4+2',
      '4-(3-1)',
      '(2^3)^2',
      '2^(3^2)',
      '12/(3-1)',
      'Q*(2+(3*(4-A)))',
      '((2))',
      '8/(4/(2/1))',
      '2^(3-1)^2',
      '(1+2)+(3+4)',
    ]) {
      const e = p(s);
      for (const text of [format(e), formatDisplay(e), formatDisplay(e, { spaces: true })]) {
        const back = p(text);
        expect(shape(back)).toBe(shape(e));
        expect(evaluate(back)).toEqual(evaluate(e));
      }
    }
  });
});
