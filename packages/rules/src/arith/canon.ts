/**
 * Canonical form of a solution, used to drop commutative and associative duplicates:
 * - A maximal chain of + and − becomes a signed multiset of terms, printed as
 *   P1 + P2 + … − N1 − N2 … (positive terms first). So 4+6, 6+4, (a−b)+c, a−(b−c), (a+c)−b are one.
 * - A maximal chain of × and ÷ likewise becomes F1 × F2 × … ÷ D1 ÷ D2 … (a÷(b÷c) = a×c÷b).
 * - ^ is kept as it is (with canonical operands).
 * Terms and factors are sorted by value, then by canonical key. Keys use card values, not refs, so
 * two cards of the same value give the same solution. The canonical tree is left-nested, so the
 * formatter prints it without parentheses inside a chain.
 */
import { compare, toString } from './rational.ts';
import type { ArithMode, Rational } from './rational.ts';
import { evaluate, node } from './expr.ts';
import type { Expr } from './expr.ts';

export interface Canonical {
  readonly expr: Expr;
  readonly key: string;
  readonly value: Rational;
}

type Signed = { readonly pos: boolean; readonly e: Expr };

function flatten(e: Expr, family: 'sum' | 'prod', pos: boolean, out: Signed[]): void {
  const [plus, minus] = family === 'sum' ? ['+', '-'] : ['*', '/'];
  if (e.kind === 'op' && (e.op === plus || e.op === minus)) {
    flatten(e.left, family, pos, out);
    flatten(e.right, family, e.op === plus ? pos : !pos, out);
  } else out.push({ pos, e });
}

/** Canonicalises a valid expression (its value is evaluated in `mode`); undefined if invalid. */
export function canonical(e: Expr, mode: ArithMode = 'rational'): Canonical | undefined {
  const value = evaluate(e, mode);
  if (!value.ok) return undefined;
  if (e.kind === 'leaf') return { expr: e, key: toString(e.value), value: value.value };
  if (e.op === '^') {
    const l = canonical(e.left, mode);
    const r = canonical(e.right, mode);
    if (l === undefined || r === undefined) return undefined;
    return { expr: node('^', l.expr, r.expr), key: `(${l.key})^(${r.key})`, value: value.value };
  }
  const family = e.op === '+' || e.op === '-' ? 'sum' : 'prod';
  const items: Signed[] = [];
  flatten(e, family, true, items);
  const parts: { pos: boolean; c: Canonical }[] = [];
  for (const it of items) {
    const c = canonical(it.e, mode);
    if (c === undefined) return undefined;
    parts.push({ pos: it.pos, c });
  }
  parts.sort(
    (a, b) =>
      Number(b.pos) - Number(a.pos) ||
      compare(a.c.value, b.c.value) ||
      (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0),
  );
  const [plus, minus] = family === 'sum' ? (['+', '-'] as const) : (['*', '/'] as const);
  const first = parts[0];
  if (first === undefined || !first.pos) return undefined; // a chain always has a positive first term
  let expr = first.c.expr;
  let key = `[${first.c.key}`;
  for (const p of parts.slice(1)) {
    expr = node(p.pos ? plus : minus, expr, p.c.expr);
    key += `${p.pos ? plus : minus}${p.c.key}`;
  }
  key += ']';
  // Regrouping keeps the value; keep the original if it would break a rule (cap, whole steps).
  const check = evaluate(expr, mode);
  if (!check.ok || compare(check.value, value.value) !== 0)
    return { expr: e, key: `{${key}}`, value: value.value };
  return { expr, key, value: value.value };
}
