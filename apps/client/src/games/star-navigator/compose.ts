/**
 * The expression composer: the player taps cards, operators and parentheses; this turns the taps
 * into the wire ExprJson (leaves name card ids) and a display formula. It never evaluates anything
 * ("no calculators"): the value is the player's to work out and declare.
 */
import type { StarExprJson } from '@cards/schema';

export type StarOp = '+' | '-' | '*' | '/' | '^';
export type Token =
  { kind: 'card'; ref: string } | { kind: 'op'; op: StarOp } | { kind: 'open' } | { kind: 'close' };

export const OPS: readonly StarOp[] = ['+', '-', '*', '/', '^'];
export const OP_SYMBOL: Readonly<Record<StarOp, string>> = {
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '^': '^',
};

const PREC: Readonly<Record<StarOp, number>> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 3 };

export type Built = { ok: true; expr: StarExprJson } | { ok: false; error: string };

/** Precedence climbing over the tapped tokens; `^` is right-associative. */
export function buildExpr(tokens: readonly Token[]): Built {
  let i = 0;
  const fail = (error: string): Built => ({ ok: false, error });
  function primary(): Built {
    const t = tokens[i];
    if (t === undefined) return fail('The calculation is unfinished.');
    if (t.kind === 'card') {
      i += 1;
      return { ok: true, expr: { kind: 'leaf', ref: t.ref } };
    }
    if (t.kind === 'open') {
      i += 1;
      const inner = binary(1);
      if (!inner.ok) return inner;
      if (tokens[i]?.kind !== 'close') return fail('A parenthesis is not closed.');
      i += 1;
      return inner;
    }
    return fail(
      t.kind === 'close' ? 'A closing parenthesis has nothing before it.' : 'Put a card before an operator.',
    );
  }
  function binary(min: number): Built {
    let left = primary();
    if (!left.ok) return left;
    for (;;) {
      const t = tokens[i];
      if (t === undefined || t.kind !== 'op' || PREC[t.op] < min) return left;
      i += 1;
      const right = binary(t.op === '^' ? PREC[t.op] : PREC[t.op] + 1);
      if (!right.ok) return right;
      left = { ok: true, expr: { kind: 'op', op: t.op, left: left.expr, right: right.expr } };
    }
  }
  if (tokens.length === 0) return fail('Tap your cards and operators to build a calculation.');
  const out = binary(1);
  if (!out.ok) return out;
  if (i < tokens.length)
    return fail(
      tokens[i]?.kind === 'close' ? 'Too many closing parentheses.' : 'Put an operator between two cards.',
    );
  return out;
}

/** The taps as written, with labels for the cards ("(7♠ + J♥) × 3♦"). */
export function tokensText(tokens: readonly Token[], label: (ref: string) => string): string {
  return tokens
    .map((t) =>
      t.kind === 'card'
        ? label(t.ref)
        : t.kind === 'op'
          ? ` ${OP_SYMBOL[t.op]} `
          : t.kind === 'open'
            ? '('
            : ')',
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The built tree fully parenthesised, so the order of operations is explicit. */
export function exprText(expr: StarExprJson, label: (ref: string) => string, top = true): string {
  if (expr.kind === 'leaf') return label(expr.ref);
  const s = `${exprText(expr.left, label, false)} ${OP_SYMBOL[expr.op]} ${exprText(expr.right, label, false)}`;
  return top ? s : `(${s})`;
}

/** What the next tap may be, so the UI can grey out buttons that cannot follow. */
export function canFollow(tokens: readonly Token[], next: Token['kind']): boolean {
  const last = tokens.at(-1);
  const afterValue = last !== undefined && (last.kind === 'card' || last.kind === 'close');
  if (next === 'card' || next === 'open') return !afterValue;
  if (next === 'op') return afterValue;
  const depth = tokens.reduce((d, t) => d + (t.kind === 'open' ? 1 : t.kind === 'close' ? -1 : 0), 0);
  return afterValue && depth > 0;
}
