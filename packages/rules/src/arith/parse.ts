/**
 * Parser for typed formulas such as `(6*3)+4+2`, `12 ÷ (3 − 1)`, `2^3`, `Q×2`.
 *
 * Grammar (standard precedence; `^` binds tightest and is right-associative; × ÷ and + − are
 * left-associative):
 *   sum     := product (('+' | '-' | '−') product)*
 *   product := power (('*' | '×' | '✕' | 'x' | 'X' | '/' | '÷') power)*
 *   power   := atom ('^' power)?
 *   atom    := number | name | '(' sum ')'
 * There is no unary minus and no implicit multiplication: every number must be a card.
 * Names (card ranks such as A J Q K) come from the caller's `names` map, matched case-insensitively,
 * longest first. Positions are zero-based UTF-16 offsets into the typed text.
 */
import { err, ok } from '../core/result.ts';
import type { Result } from '../core/result.ts';
import { int } from './rational.ts';
import type { Op, Rational } from './rational.ts';
import type { Expr, LeafExpr } from './expr.ts';

export interface ParsedToken {
  /** The typed text: "12", "Q". */
  readonly text: string;
  readonly pos: number;
  readonly value: Rational;
}

export interface ParseOptions {
  /** Name tokens and their values, e.g. { A: 1, J: 11, Q: 12, K: 13 }. */
  readonly names?: Readonly<Record<string, number | Rational>>;
  /**
   * Assigns each number/name token to a card: returns its ref (and optionally a different value,
   * e.g. a chameleon) or an error (e.g. "You have no 7"). Default ref: `${text}@${pos}`.
   */
  readonly resolve?: (token: ParsedToken) => Result<string | { ref: string; value: Rational }>;
  /** Maximum formula length in characters (default 200). */
  readonly maxLength?: number;
  /** Maximum number of number/name tokens (default 16). */
  readonly maxLeaves?: number;
}

/** Cards and names in standard play: A 1, J 11, Q 12, K 13. */
export const RANK_NAMES: Readonly<Record<string, number>> = { A: 1, J: 11, Q: 12, K: 13 };

type Token =
  | { readonly t: 'num'; readonly text: string; readonly pos: number; readonly value: Rational }
  | { readonly t: 'op'; readonly op: Op; readonly text: string; readonly pos: number }
  | { readonly t: '(' | ')'; readonly text: string; readonly pos: number };

const OP_SYMBOLS: Readonly<Record<string, Op>> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '*': '*',
  '×': '*',
  '✕': '*',
  x: '*',
  X: '*',
  '/': '/',
  '÷': '/',
  '^': '^',
};

const MAX_DIGITS = 13;

function tokenize(text: string, options: ParseOptions): Result<Token[]> {
  const names = Object.entries(options.names ?? {})
    .map(([k, v]) => [k.toUpperCase(), typeof v === 'number' ? int(v) : v] as const)
    .sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1));
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c >= '0' && c <= '9') {
      let j = i;
      while (j < text.length && (text[j] as string) >= '0' && (text[j] as string) <= '9') j++;
      const digits = text.slice(i, j);
      if (digits.replace(/^0+(?=\d)/, '').length > MAX_DIGITS) {
        return err('TOO_LARGE', `The number at position ${i} is too large`, { pos: i });
      }
      tokens.push({ t: 'num', text: digits, pos: i, value: int(BigInt(digits)) });
      i = j;
      continue;
    }
    const name = names.find(([k]) => k.length > 0 && text.slice(i, i + k.length).toUpperCase() === k);
    if (name !== undefined) {
      const len = name[0].length;
      tokens.push({ t: 'num', text: text.slice(i, i + len), pos: i, value: name[1] });
      i += len;
      continue;
    }
    const op = OP_SYMBOLS[c];
    if (op !== undefined) tokens.push({ t: 'op', op, text: c, pos: i });
    else if (c === '(' || c === ')') tokens.push({ t: c, text: c, pos: i });
    else {
      const sym = String.fromCodePoint(text.codePointAt(i) ?? 0);
      return err('UNKNOWN_SYMBOL', `Unknown symbol '${sym}' at position ${i}`, { pos: i, token: sym });
    }
    i++;
  }
  return ok(tokens);
}

/** Parses a typed formula into an Expr whose leaves carry the token text, position and ref. */
export function parse(text: string, options: ParseOptions = {}): Result<Expr> {
  const maxLength = options.maxLength ?? 200;
  const maxLeaves = options.maxLeaves ?? 16;
  if (text.length > maxLength) {
    return err('TOO_LONG', `The formula is too long (limit ${maxLength} characters)`, { pos: maxLength });
  }
  const lexed = tokenize(text, options);
  if (!lexed.ok) return lexed;
  const tokens = lexed.value;
  if (tokens.length === 0) return err('EMPTY', 'The formula is empty', { pos: 0 });
  if (tokens.filter((t) => t.t === 'num').length > maxLeaves) {
    return err('TOO_LONG', `The formula uses too many numbers (limit ${maxLeaves})`, { pos: 0 });
  }

  let k = 0;
  const unexpected = (): Result<never> => {
    const t = tokens[k];
    if (t === undefined) {
      return err(
        'UNEXPECTED_END',
        `The formula ends too soon: a number is missing at position ${text.length}`,
        {
          pos: text.length,
        },
      );
    }
    return err('UNEXPECTED_TOKEN', `Unexpected '${t.text}' at position ${t.pos}`, {
      pos: t.pos,
      token: t.text,
    });
  };
  const isOp = (ops: readonly Op[]): Op | undefined => {
    const t = tokens[k];
    return t !== undefined && t.t === 'op' && ops.includes(t.op) ? t.op : undefined;
  };

  // Parenthesis depth is bounded by maxLength, so recursion depth is bounded too.
  const atom = (): Result<Expr> => {
    const t = tokens[k];
    if (t === undefined || t.t === 'op' || t.t === ')') return unexpected();
    if (t.t === '(') {
      k++;
      const inner = sum();
      if (!inner.ok) return inner;
      const close = tokens[k];
      if (close === undefined) {
        return err('UNCLOSED_PAREN', `The '(' at position ${t.pos} is never closed`, { pos: t.pos });
      }
      if (close.t !== ')') return unexpected();
      k++;
      return inner;
    }
    if (t.t !== 'num') return unexpected();
    k++;
    const token: ParsedToken = { text: t.text, pos: t.pos, value: t.value };
    let ref = `${t.text}@${t.pos}`;
    let value = t.value;
    if (options.resolve !== undefined) {
      const r = options.resolve(token);
      if (!r.ok) return r;
      if (typeof r.value === 'string') ref = r.value;
      else ({ ref, value } = r.value);
    }
    const leaf: LeafExpr = { kind: 'leaf', ref, value, text: t.text, pos: t.pos };
    return ok(leaf);
  };
  const power = (): Result<Expr> => {
    const base = atom();
    if (!base.ok || isOp(['^']) === undefined) return base;
    k++;
    const exponent = power();
    if (!exponent.ok) return exponent;
    return ok({ kind: 'op', op: '^', left: base.value, right: exponent.value });
  };
  const chain = (ops: readonly Op[], next: () => Result<Expr>) => (): Result<Expr> => {
    let left = next();
    for (let op = isOp(ops); left.ok && op !== undefined; op = isOp(ops)) {
      k++;
      const right = next();
      if (!right.ok) return right;
      left = ok({ kind: 'op', op, left: left.value, right: right.value });
    }
    return left;
  };
  const product = chain(['*', '/'], power);
  const sum = chain(['+', '-'], product);

  const result = sum();
  if (!result.ok) return result;
  if (k < tokens.length) return unexpected();
  return result;
}
