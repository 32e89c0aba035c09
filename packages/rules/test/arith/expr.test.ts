import { describe, expect, it } from 'vitest';
import { evaluate, fromJson, isExpr, isExprJson, leaf, node, toJson } from '../../src/arith/expr.ts';
import type { Expr } from '../../src/arith/expr.ts';
import { int, toString } from '../../src/arith/rational.ts';

const e: Expr = node('+', node('*', leaf('6S', int(6)), leaf('3H', int(3))), leaf('QD', int(12)));

describe('expr', () => {
  it('evaluates and reports the first invalid step', () => {
    const v = evaluate(e);
    expect(v.ok && toString(v.value)).toBe('30');
    expect(
      evaluate(node('/', leaf('a', int(1)), node('-', leaf('b', int(2)), leaf('c', int(2))))),
    ).toMatchObject({
      ok: false,
      error: { code: 'DIVISION_BY_ZERO' },
    });
    expect(evaluate(node('/', leaf('a', int(7)), leaf('b', int(2))), 'integer')).toMatchObject({
      ok: false,
      error: { code: 'NOT_WHOLE' },
    });
  });
  it('travels as JSON and validates structurally with limits', () => {
    const json = JSON.parse(JSON.stringify(toJson(e))) as unknown;
    expect(isExprJson(json)).toBe(true);
    expect(isExpr(json)).toBe(false); // values are strings on the wire
    expect(isExpr(e)).toBe(true);
    if (!isExprJson(json)) return;
    expect(fromJson(json)).toEqual({ ok: true, value: e });
    const resolved = fromJson(json, (ref) => (ref === 'QD' ? int(1) : ref === '6S' ? int(6) : int(3)));
    expect(resolved.ok && evaluate(resolved.value)).toMatchObject({ ok: true, value: { n: 19n } });
    expect(fromJson(json, () => undefined)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CARD' } });
    expect(isExprJson({ kind: 'op', op: '%', left: json, right: json })).toBe(false);
    expect(isExprJson({ kind: 'leaf', ref: '' })).toBe(false);
    expect(isExpr({ kind: 'leaf', ref: 'a', value: { n: 2n, d: 4n } })).toBe(false); // not normalised
    let deep: unknown = { kind: 'leaf', ref: 'a' };
    for (let i = 0; i < 20; i++)
      deep = { kind: 'op', op: '+', left: deep, right: { kind: 'leaf', ref: 'b' } };
    expect(isExprJson(deep)).toBe(false);
    expect(isExprJson(deep, { maxDepth: 30, maxLeaves: 30 })).toBe(true);
  });
});
