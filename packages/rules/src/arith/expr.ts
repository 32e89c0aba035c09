/**
 * Expression trees over cards. A leaf names the card it uses (`ref`, e.g. a card id) and carries its
 * value; parsed leaves also remember the typed token and its position. Trees travel over the wire
 * as ExprJson (values as strings, since JSON has no bigint); the server should rebuild values from
 * its own cards with fromJson(json, resolve) rather than trust the client's.
 */
import { err, ok } from '../core/result.ts';
import type { Result } from '../core/result.ts';
import { CAP, OPS, apply, make, parseRational, toString } from './rational.ts';
import type { ArithMode, Op, Rational } from './rational.ts';

export interface LeafExpr {
  readonly kind: 'leaf';
  readonly ref: string;
  readonly value: Rational;
  /** The typed token, when parsed ("Q", "12"). */
  readonly text?: string;
  /** Zero-based position of the token in the typed formula, when parsed. */
  readonly pos?: number;
}
export interface OpExpr {
  readonly kind: 'op';
  readonly op: Op;
  readonly left: Expr;
  readonly right: Expr;
}
export type Expr = LeafExpr | OpExpr;

export const leaf = (ref: string, value: Rational): LeafExpr => ({ kind: 'leaf', ref, value });
export const node = (op: Op, left: Expr, right: Expr): OpExpr => ({ kind: 'op', op, left, right });

/** Evaluates exactly; the first invalid step (÷0, 0^0, cap, non-whole in integer mode …) is the error. */
export function evaluate(expr: Expr, mode: ArithMode = 'rational'): Result<Rational> {
  if (expr.kind === 'leaf') {
    const v = make(expr.value.n, expr.value.d);
    if (v.ok && mode === 'integer' && v.value.d !== 1n) {
      return err('NOT_WHOLE', `${toString(v.value)} is not a whole number`, { ref: expr.ref });
    }
    return v;
  }
  const l = evaluate(expr.left, mode);
  if (!l.ok) return l;
  const r = evaluate(expr.right, mode);
  if (!r.ok) return r;
  return apply(expr.op, l.value, r.value, mode);
}

/** Leaves from left to right. */
export function leaves(expr: Expr): LeafExpr[] {
  const out: LeafExpr[] = [];
  const walk = (e: Expr): void => {
    if (e.kind === 'leaf') out.push(e);
    else {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(expr);
  return out;
}

/** Refs of the leaves, e.g. to check that each card is used at most once. */
export const refs = (expr: Expr): string[] => leaves(expr).map((l) => l.ref);

export const hasDuplicateRefs = (expr: Expr): boolean => {
  const r = refs(expr);
  return new Set(r).size !== r.length;
};

// ---------------------------------------------------------------------------------------------
// Wire shape and structural validation

export interface LeafJson {
  readonly kind: 'leaf';
  readonly ref: string;
  /** "12" or "-7/4"; optional because the server resolves refs to its own card values. */
  readonly value?: string;
  readonly text?: string;
  readonly pos?: number;
}
export interface OpJson {
  readonly kind: 'op';
  readonly op: Op;
  readonly left: ExprJson;
  readonly right: ExprJson;
}
export type ExprJson = LeafJson | OpJson;

export interface ExprLimits {
  /** Maximum number of leaves (default 16). */
  readonly maxLeaves?: number;
  /** Maximum depth, a lone leaf having depth 1 (default 16). */
  readonly maxDepth?: number;
  /** Maximum length of a ref or token text (default 64). */
  readonly maxRefLength?: number;
}
const DEFAULT_LIMITS = { maxLeaves: 16, maxDepth: 16, maxRefLength: 64 };

const isRecord = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);
const isOp = (x: unknown): x is Op => typeof x === 'string' && (OPS as readonly string[]).includes(x);

function validate(
  x: unknown,
  limits: ExprLimits | undefined,
  leafOk: (leaf: Record<string, unknown>) => boolean,
): boolean {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  let count = 0;
  const walk = (e: unknown, depth: number): boolean => {
    if (depth > lim.maxDepth || !isRecord(e)) return false;
    if (e.kind === 'leaf') {
      count++;
      if (count > lim.maxLeaves) return false;
      if (typeof e.ref !== 'string' || e.ref.length === 0 || e.ref.length > lim.maxRefLength) return false;
      if (e.text !== undefined && (typeof e.text !== 'string' || e.text.length > lim.maxRefLength))
        return false;
      if (e.pos !== undefined && !(Number.isSafeInteger(e.pos) && (e.pos as number) >= 0)) return false;
      return leafOk(e);
    }
    if (e.kind === 'op') return isOp(e.op) && walk(e.left, depth + 1) && walk(e.right, depth + 1);
    return false;
  };
  return walk(x, 1);
}

const isCappedRational = (v: unknown): v is Rational => {
  if (!isRecord(v) || typeof v.n !== 'bigint' || typeof v.d !== 'bigint') return false;
  const r = make(v.n, v.d);
  return r.ok && r.value.n === v.n && r.value.d === v.d;
};

/** Structural check of an in-memory Expr (normalised, capped bigint values) within size limits. */
export const isExpr = (x: unknown, limits?: ExprLimits): x is Expr =>
  validate(x, limits, (l) => isCappedRational(l.value));

/** Structural check of the wire shape within size limits (values, when present, are "n" or "n/d"). */
export const isExprJson = (x: unknown, limits?: ExprLimits): x is ExprJson =>
  validate(x, limits, (l) => l.value === undefined || (typeof l.value === 'string' && l.value.length <= 27));

export function toJson(expr: Expr): ExprJson {
  if (expr.kind === 'op')
    return { kind: 'op', op: expr.op, left: toJson(expr.left), right: toJson(expr.right) };
  const out: { kind: 'leaf'; ref: string; value: string; text?: string; pos?: number } = {
    kind: 'leaf',
    ref: expr.ref,
    value: toString(expr.value),
  };
  if (expr.text !== undefined) out.text = expr.text;
  if (expr.pos !== undefined) out.pos = expr.pos;
  return out;
}

/**
 * Rebuilds an Expr from the wire shape (validate with isExprJson first). With `resolve`, each leaf's
 * value comes from the caller (the card the ref names; undefined → 'UNKNOWN_CARD') and the sent
 * value is ignored; without it the sent value is parsed.
 */
export function fromJson(json: ExprJson, resolve?: (ref: string) => Rational | undefined): Result<Expr> {
  if (json.kind === 'op') {
    const l = fromJson(json.left, resolve);
    if (!l.ok) return l;
    const r = fromJson(json.right, resolve);
    if (!r.ok) return r;
    return ok(node(json.op, l.value, r.value));
  }
  let value: Rational;
  if (resolve !== undefined) {
    const v = resolve(json.ref);
    if (v === undefined) return err('UNKNOWN_CARD', `Unknown card "${json.ref}"`, { ref: json.ref });
    value = v;
  } else {
    if (json.value === undefined) return err('BAD_EXPR', `No value for "${json.ref}"`, { ref: json.ref });
    const v = parseRational(json.value);
    if (!v.ok) return v;
    value = v.value;
  }
  if (value.n > CAP || -value.n > CAP || value.d > CAP) {
    return err('TOO_LARGE', 'A value in the calculation is too large (limit 10^12)');
  }
  const out: { kind: 'leaf'; ref: string; value: Rational; text?: string; pos?: number } = {
    kind: 'leaf',
    ref: json.ref,
    value,
  };
  if (json.text !== undefined) out.text = json.text;
  if (json.pos !== undefined) out.pos = json.pos;
  return ok(out);
}
