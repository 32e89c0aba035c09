/**
 * Prints an Expr with the fewest parentheses such that parsing the text gives back the same tree:
 * ((6×3)+4)+2 → `6×3+4+2`, 4−(3−1) keeps its parentheses, (2^3)^2 keeps them, 2^(3^2) → `2^3^2`.
 * A right operand of the same precedence keeps its parentheses (a+(b+c) → `a+(b+c)`), since
 * regrouping could change which intermediate values hit the cap; canonical solver output is
 * left-nested and needs none.
 */
import { toString } from './rational.ts';
import type { Op } from './rational.ts';
import type { Expr, LeafExpr } from './expr.ts';

export type FormatStyle = 'ascii' | 'display';

export interface FormatOptions {
  /** `ascii`: + - * / ^ (default). `display`: + − × ÷ ^. */
  readonly style?: FormatStyle;
  /** Spaces around + − × ÷ (not ^). Default false. */
  readonly spaces?: boolean;
  /** Label of a leaf; default its typed text, else its value. */
  readonly label?: (leaf: LeafExpr) => string;
}

const SYMBOLS: Readonly<Record<FormatStyle, Readonly<Record<Op, string>>>> = {
  ascii: { '+': '+', '-': '-', '*': '*', '/': '/', '^': '^' },
  display: { '+': '+', '-': '−', '*': '×', '/': '÷', '^': '^' },
};

const PREC: Readonly<Record<Op, number>> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 3 };
const prec = (e: Expr): number => (e.kind === 'leaf' ? 4 : PREC[e.op]);

/** Whether `child` needs parentheses as the `side` operand of `parent`. */
export function needsParens(child: Expr, parent: Op, side: 'left' | 'right'): boolean {
  const c = prec(child);
  const p = PREC[parent];
  if (c !== p) return c < p;
  // Same precedence: + − × ÷ are left-associative, ^ right-associative.
  return parent === '^' ? side === 'left' : side === 'right';
}

const defaultLabel = (leaf: LeafExpr): string => {
  if (leaf.text !== undefined) return leaf.text;
  const s = toString(leaf.value);
  return leaf.value.d === 1n && leaf.value.n >= 0n ? s : `(${s})`;
};

export function format(expr: Expr, options: FormatOptions = {}): string {
  const sym = SYMBOLS[options.style ?? 'ascii'];
  const label = options.label ?? defaultLabel;
  const pad = options.spaces === true ? ' ' : '';
  const go = (e: Expr): string => {
    if (e.kind === 'leaf') return label(e);
    const wrap = (child: Expr, side: 'left' | 'right'): string => {
      const s = go(child);
      return needsParens(child, e.op, side) ? `(${s})` : s;
    };
    const gap = e.op === '^' ? '' : pad;
    return `${wrap(e.left, 'left')}${gap}${sym[e.op]}${gap}${wrap(e.right, 'right')}`;
  };
  return go(expr);
}

/** The display variant: + − × ÷ ^. */
export const formatDisplay = (expr: Expr, options: Omit<FormatOptions, 'style'> = {}): string =>
  format(expr, { ...options, style: 'display' });
