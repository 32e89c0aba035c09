import { describe, expect, it } from 'vitest';
import { cardOf, DECKS } from '../../src/math-card-game/cards.ts';
import {
  applyOperator,
  canPlace,
  evaluate,
  expressionText,
  shapeOf,
} from '../../src/math-card-game/sequence.ts';
import { placed } from './helpers.ts';

const evalOf = (...specs: string[]) => evaluate(specs.map(placed));

describe('decks', () => {
  it('deck: each colour has 35 cards: 4 starters, 11 numbers, 11 operators, 4 terminators, 5 modifiers', () => {
    for (const deck of DECKS) {
      expect(deck).toHaveLength(35);
      const count = (kind: string) => deck.filter((c) => c.kind === kind).length;
      expect([
        count('starter'),
        count('number'),
        count('operator'),
        count('terminator'),
        count('modifier'),
      ]).toEqual([4, 11, 11, 4, 5]);
      const label = (c: (typeof deck)[number]) =>
        c.kind === 'starter' || c.kind === 'number'
          ? c.value
          : c.kind === 'operator'
            ? c.operator
            : c.kind === 'modifier'
              ? c.modifier
              : '=';
      expect(deck.filter((c) => c.kind === 'starter').map(label)).toEqual([-2, 0, 2, 4]);
      expect(deck.filter((c) => c.kind === 'number').map(label)).toEqual([2, 2, 2, 3, 3, 4, 4, 5, 6, 8, 10]);
      expect(deck.filter((c) => c.kind === 'operator').map(label)).toEqual([
        '+',
        '+',
        '+',
        '-',
        '-',
        '-',
        '*',
        '*',
        '/',
        '/',
        '?',
      ]);
      expect(deck.filter((c) => c.kind === 'modifier').map(label)).toEqual([
        'cancel',
        'cancel',
        'invert',
        'invert',
        'swap',
      ]);
    }
  });

  it('deck: card ids are unique across both decks, stable and at most 12 characters', () => {
    const ids = DECKS.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(70);
    expect(ids.every((id) => id.length <= 12)).toBe(true);
    expect(ids.slice(0, 6)).toEqual([
      'r-start-m2-1',
      'r-start-0-1',
      'r-start-2-1',
      'r-start-4-1',
      'r-num-2-1',
      'r-num-2-2',
    ]);
    expect(ids).toContain('b-op-plus-1');
    expect(cardOf('b-op-any-1')).toMatchObject({
      kind: 'operator',
      operator: '?',
      colour: 'blue',
      face: 'op:?',
    });
  });
});

/** The rule text's example: `[4] + 2 cancel * 5 invert * 2 swap =`. */
const WORKED_EXAMPLE = [
  'r-start-4-1',
  'r-op-plus-1',
  'r-num-2-1',
  'r-cancel-1',
  'r-op-times-1',
  'r-num-5-1',
  'r-invert-1',
  'b-op-times-1',
  'b-num-2-1',
  'r-swap-1',
  'r-eq-1',
];

describe('evaluation', () => {
  it('worked example: [4] + 2 cancel * 5 invert * 2 swap = goes 4, 6, 4, 20, 0, 0, 10, 10', () => {
    const specs = WORKED_EXAMPLE;
    // every card is a legal placement after the ones before it
    for (let k = 1; k < specs.length; k++)
      expect(canPlace(shapeOf(specs.slice(0, k).map(placed)), cardOf(specs[k] as string))).toBe(true);
    const { steps } = evalOf(...specs);
    expect(steps).toEqual([4, 4, 6, 4, 4, 20, 0, 0, 0, 10, 10]);
    // the text's lines: one per card that is not a bare operator
    const lines = steps.filter((_, k) => cardOf(specs[k] as string).kind !== 'operator');
    expect(lines).toEqual([4, 6, 4, 20, 0, 0, 10, 10]);
    // the intermediate expressions as the text writes them
    const text = (n: number) => expressionText(evalOf(...specs.slice(0, n)));
    expect([text(1), text(3), text(4), text(6), text(7), text(9), text(10), text(11)]).toEqual([
      '4',
      '4 + 2',
      '4',
      '4 × 5',
      '4 ÷ 5',
      '4 ÷ 5 × 2',
      '4 × 5 ÷ 2',
      '4 × 5 ÷ 2',
    ]);
  });

  it('card marks: what became of each card — cancelled pairs, and the operator each one stands for in the end', () => {
    // the worked example: + 2 cancelled; the first × inverted to ÷ and swapped back to ×; the second × swapped to ÷
    const { marks } = evalOf(...WORKED_EXAMPLE);
    expect(marks.map((m) => (m.cancelled ? 'x' : (m.operator ?? '.')))).toEqual([
      '.',
      'x',
      'x',
      '.',
      '*',
      '.',
      '.',
      '/',
      '.',
      '.',
      '.',
    ]);
    // a ? stands for its chosen operator; a trailing operator keeps its own; two cancels remove two pairs
    const trailing = evalOf('r-start-2-1', 'r-op-any-1:-', 'r-num-3-1', 'r-invert-1', 'r-op-div-1');
    expect(trailing.marks.map((m) => m.operator)).toEqual([null, '+', null, null, '/']);
    const twice = evalOf(
      'r-start-2-1',
      'r-op-plus-1',
      'r-num-3-1',
      'r-op-minus-1',
      'r-num-4-1',
      'r-cancel-1',
      'r-cancel-2',
    );
    expect(twice.marks.map((m) => m.cancelled)).toEqual([false, true, true, true, true, false, false]);
  });

  it('strict left to right: [2] + 3 * 4 is 20, not 14', () => {
    expect(evalOf('r-start-2-1', 'r-op-plus-1', 'r-num-3-1', 'r-op-times-1', 'r-num-4-1').value).toBe(20);
  });

  it('integer division truncates toward zero: -2 / 4 = 0, -7 / 2 = -3, 2 / 4 = 0', () => {
    expect(evalOf('r-start-m2-1', 'r-op-div-1', 'r-num-4-1').value).toBe(0);
    expect(evalOf('r-start-m2-1', 'r-op-minus-1', 'r-num-5-1', 'r-op-div-1', 'r-num-2-1').value).toBe(-3);
    expect(evalOf('r-start-2-1', 'r-op-div-1', 'r-num-4-1').value).toBe(0);
    expect(applyOperator(-2, '/', 4)).toBe(0); // +0, never −0
  });

  it('division by zero cannot happen: every divisor is a number card and none is 0', () => {
    const numbers = DECKS.flat().filter((c) => c.kind === 'number');
    expect(numbers.every((c) => c.kind === 'number' && c.value >= 2)).toBe(true);
    expect(() => applyOperator(1, '/', 0)).toThrow();
  });

  it('? is fixed to its chosen operator when played, and invert flips it like any operator', () => {
    expect(evalOf('r-start-4-1', 'r-op-any-1:*', 'r-num-3-1').value).toBe(12);
    expect(evalOf('r-start-4-1', 'r-op-any-1:/', 'r-num-3-1').value).toBe(1);
    expect(evalOf('r-start-4-1', 'r-op-any-1:*', 'r-num-3-1', 'r-invert-1').value).toBe(1);
    expect(evalOf('r-start-4-1', 'r-op-any-1:-', 'r-num-3-1', 'r-invert-1').value).toBe(7);
  });

  it('cancel removes the last operator+number pair still in effect; a second cancel the one before', () => {
    const base = ['r-start-2-1', 'r-op-plus-1', 'r-num-3-1', 'r-op-times-1', 'r-num-4-1'];
    expect(evalOf(...base, 'r-cancel-1').value).toBe(5);
    expect(evalOf(...base, 'r-cancel-1', 'r-cancel-2').value).toBe(2);
  });

  it('invert acts on the last operator still in effect after cancels: [2] + 3 * 4 cancel invert = 2 - 3', () => {
    expect(
      evalOf(
        'r-start-2-1',
        'r-op-plus-1',
        'r-num-3-1',
        'r-op-times-1',
        'r-num-4-1',
        'r-cancel-1',
        'r-invert-1',
      ).value,
    ).toBe(-1);
    expect(evalOf('r-start-2-1', 'r-op-times-1', 'r-num-3-1', 'r-invert-1').value).toBe(0);
    expect(evalOf('r-start-2-1', 'r-op-div-1', 'r-num-3-1', 'r-invert-1').value).toBe(6);
  });

  it('swap exchanges the last two operators in effect, numbers stay: 1+2-3 becomes 1-2+3', () => {
    // [2] + 3 - 4 → 1 ; swapped [2] - 3 + 4 → 3
    expect(evalOf('r-start-2-1', 'r-op-plus-1', 'r-num-3-1', 'r-op-minus-1', 'r-num-4-1').value).toBe(1);
    expect(
      evalOf('r-start-2-1', 'r-op-plus-1', 'r-num-3-1', 'r-op-minus-1', 'r-num-4-1', 'r-swap-1').value,
    ).toBe(3);
    // after a cancel: [2] + 3 - 4 * 5 cancel swap → 2 - 3 + 4 = 3
    expect(
      evalOf(
        'r-start-2-1',
        'r-op-plus-1',
        'r-num-3-1',
        'r-op-minus-1',
        'r-num-4-1',
        'r-op-times-1',
        'r-num-5-1',
        'r-cancel-1',
        'r-swap-1',
      ).value,
    ).toBe(3);
  });

  it('an unfinished sequence is scored as it stands; a trailing operator is ignored', () => {
    expect(evalOf('r-start-4-1', 'r-op-plus-1', 'r-num-3-1', 'r-op-times-1').value).toBe(7);
    expect(evalOf('r-start-4-1', 'r-op-minus-1').value).toBe(4);
    expect(evalOf('r-start-m2-1').value).toBe(-2);
  });

  it('= seals the sequence and keeps its value', () => {
    expect(shapeOf(['r-start-4-1', 'r-eq-1'].map(placed)).sealed).toBe(true);
    expect(evalOf('r-start-4-1', 'r-op-plus-1', 'r-num-3-1', 'r-eq-1').value).toBe(7);
  });
});
