import type { MathCard, MathOperator } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import type { RuleError } from '../core/result.ts';
import { cardOf, OP_SYMBOLS } from './cards.ts';

/** A card on the table; `op` is what a `?` was fixed to when played. */
export interface PlacedCard {
  readonly id: string;
  readonly op?: MathOperator;
}

export interface Sequence {
  /** The seat whose starter opened it; the sequence scores for them. */
  readonly owner: Seat;
  readonly cards: readonly PlacedCard[];
  readonly sealed: boolean;
}

/** Everything placement legality depends on. */
export interface Shape {
  readonly last: MathCard['kind'];
  /** Operator+number pairs still in effect (after cancels). */
  readonly pairs: number;
  readonly sealed: boolean;
}

const INVERSE: Readonly<Record<MathOperator, MathOperator>> = { '+': '-', '-': '+', '*': '/', '/': '*' };

/** Integer division truncates toward zero (−7 / 2 = −3). Divisors are number cards (2–10), never 0. */
export function applyOperator(left: number, op: MathOperator, right: number): number {
  switch (op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      if (right === 0) throw new Error('division by zero: divisors are number cards, never 0');
      return Math.trunc(left / right) + 0; // + 0 turns −0 into 0
  }
}

export interface Evaluation {
  readonly start: number;
  /** Operator+number pairs still in effect, left to right. */
  readonly pairs: readonly (readonly [MathOperator, number])[];
  /** A trailing operator still waiting for its number (ignored in the value). */
  readonly pending: MathOperator | null;
  readonly value: number;
  /** The value right after each card, left to right. */
  readonly steps: readonly number[];
  /** Per card, left to right: what became of it once every modifier was applied. */
  readonly marks: readonly CardMark[];
}

export interface CardMark {
  /** An operator or number whose pair a cancel removed. */
  readonly cancelled: boolean;
  /** For an operator not cancelled: the operator it stands for in the end (invert and swap change it). */
  readonly operator: MathOperator | null;
}

const fold = (start: number, pairs: readonly (readonly [MathOperator, number])[]): number =>
  pairs.reduce((value, [op, n]) => applyOperator(value, op, n), start);

/** Strict left-to-right evaluation after the modifiers have been resolved. */
export function evaluate(cards: readonly PlacedCard[]): Evaluation {
  let start = 0;
  let pending: MathOperator | null = null;
  let pendingAt = -1;
  const pairs: [MathOperator, number][] = [];
  /** Card positions of each pair's operator and number (a swap moves operators, not cards). */
  const origins: [number, number][] = [];
  const cancelled = new Set<number>();
  const steps: number[] = [];
  for (const [at, placed] of cards.entries()) {
    const card = cardOf(placed.id);
    switch (card.kind) {
      case 'starter':
        start = card.value;
        break;
      case 'operator':
        pending = card.operator === '?' ? (placed.op ?? '+') : card.operator;
        pendingAt = at;
        break;
      case 'number':
        if (pending !== null) {
          pairs.push([pending, card.value]);
          origins.push([pendingAt, at]);
        }
        pending = null;
        break;
      case 'terminator':
        break;
      case 'modifier': {
        const last = pairs[pairs.length - 1];
        const before = pairs[pairs.length - 2];
        if (card.modifier === 'cancel') {
          pairs.pop();
          for (const k of origins.pop() ?? []) cancelled.add(k);
        } else if (card.modifier === 'invert' && last) last[0] = INVERSE[last[0]];
        else if (card.modifier === 'swap' && last && before) [before[0], last[0]] = [last[0], before[0]];
        break;
      }
    }
    steps.push(fold(start, pairs));
  }
  const operators = new Map<number, MathOperator>(
    origins.map(([at], k) => [at, (pairs[k] as [MathOperator, number])[0]]),
  );
  if (pending !== null) operators.set(pendingAt, pending);
  const marks = cards.map((_, at) => ({ cancelled: cancelled.has(at), operator: operators.get(at) ?? null }));
  return { start, pairs, pending, value: steps[steps.length - 1] ?? 0, steps, marks };
}

/** `4 * 5 / 2`, with a trailing operator shown: what is still in effect. */
export function expressionText(evaluation: Evaluation): string {
  const parts = [String(evaluation.start)];
  for (const [op, n] of evaluation.pairs) parts.push(OP_SYMBOLS[op] ?? op, String(n));
  if (evaluation.pending !== null) parts.push(OP_SYMBOLS[evaluation.pending] ?? evaluation.pending);
  return parts.join(' ');
}

export const STARTER_SHAPE: Shape = { last: 'starter', pairs: 0, sealed: false };

export function shapeOf(cards: readonly PlacedCard[]): Shape {
  let shape = STARTER_SHAPE;
  for (const placed of cards.slice(1)) shape = nextShape(shape, cardOf(placed.id));
  return shape;
}

/** The shape after a (legal) card. */
export function nextShape(shape: Shape, card: MathCard): Shape {
  switch (card.kind) {
    case 'starter':
      return STARTER_SHAPE;
    case 'operator':
      return { ...shape, last: 'operator' };
    case 'number':
      return { ...shape, last: 'number', pairs: shape.pairs + 1 };
    case 'terminator':
      return { ...shape, last: 'terminator', sealed: true };
    case 'modifier':
      return {
        ...shape,
        last: 'modifier',
        pairs: card.modifier === 'cancel' ? shape.pairs - 1 : shape.pairs,
      };
  }
}

const e = (code: string, message: string): RuleError => ({ code, message });

/** Why `card` cannot go onto a sequence of this shape, or null when it can. Starters never can. */
export function placementError(shape: Shape, card: MathCard): RuleError | null {
  if (card.kind === 'starter') return e('STARTER_OPENS_NEW', 'A starter always opens a new sequence.');
  if (shape.sealed) return e('SEQUENCE_SEALED', 'That sequence is sealed with =: nothing more goes on it.');
  const afterOperator = shape.last === 'operator';
  switch (card.kind) {
    case 'number':
      return afterOperator
        ? null
        : e('NUMBER_NEEDS_OPERATOR', 'A number can only go directly after an operator.');
    case 'operator':
      return afterOperator
        ? e(
            'OPERATOR_AFTER_OPERATOR',
            'An operator goes after a starter, a number or a modifier, not another operator.',
          )
        : null;
    case 'terminator':
      return afterOperator
        ? e('TERMINATOR_AFTER_OPERATOR', '= cannot follow an operator: it needs its number first.')
        : null;
    case 'modifier':
      if (afterOperator) return e('MODIFIER_AFTER_OPERATOR', 'A modifier cannot follow an operator.');
      if (card.modifier === 'cancel' && shape.pairs < 1)
        return e(
          'CANCEL_NEEDS_PAIR',
          'cancel needs an operator and its number still in effect in that sequence.',
        );
      if (card.modifier === 'invert' && shape.pairs < 1)
        return e('INVERT_NEEDS_OPERATOR', 'invert needs an operator still in effect in that sequence.');
      if (card.modifier === 'swap' && shape.pairs < 2)
        return e('SWAP_NEEDS_TWO_OPERATORS', 'swap needs two operators still in effect in that sequence.');
      return null;
  }
}

export const canPlace = (shape: Shape, card: MathCard): boolean => placementError(shape, card) === null;
