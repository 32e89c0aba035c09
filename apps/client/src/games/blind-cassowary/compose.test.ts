import { describe, expect, it } from 'vitest';
import { arith } from '@cards/rules';
import type { BlindCassowaryCard } from '@cards/schema';
import {
  appendToken,
  cardsNamed,
  chameleonChoices,
  compose,
  dropLastToken,
  endsWithOperand,
  tokenSpan,
} from './compose.ts';

const card = (id: string, rank: number): BlindCassowaryCard => ({
  id,
  rank,
  suit: rank === 0 ? null : 'S',
});
const hand = [card('4S', 4), card('6H', 6), card('3D', 3), card('QC', 12), card('2S', 2), card('X1', 0)];

describe('blind cassowary formula builder', () => {
  it('turns a typed formula into a wire tree of card ids, without values', () => {
    const c = compose('(6*3)+4+2', hand);
    expect(c.kind).toBe('ok');
    if (c.kind !== 'ok') return;
    expect(c.cards).toEqual(['6H', '3D', '4S', '2S']);
    expect(JSON.stringify(c.expr)).not.toContain('value');
    expect(c.shown).toBe('(6 × 3) + 4 + 2');
    // The tree the server receives makes 24 once it puts its own card values in.
    const ranks = new Map(hand.map((h) => [h.id, arith.int(h.rank)]));
    const expr = arith.fromJson(c.expr, (ref) => ranks.get(ref));
    expect(
      expr.ok && arith.toString((arith.evaluate(expr.value) as { ok: true; value: arith.Rational }).value),
    ).toBe('24');
  });

  it('reads rank letters, × ÷ − symbols and brackets, and shows every grouping', () => {
    const c = compose('Q × 2', hand);
    expect(c.kind === 'ok' && c.shown).toBe('Q × 2');
    const d = compose('Q ÷ (6 − 4)', hand);
    expect(d.kind === 'ok' && d.shown).toBe('Q ÷ (6 − 4)');
    const e = compose('2^3^Q', [card('2S', 2), card('3S', 3), card('QS', 12)]);
    expect(e.kind === 'ok' && e.shown).toBe('2^(3^Q)');
  });

  it('refuses cards the hand does not hold, or holds fewer times', () => {
    const c = compose('7 + 4', hand);
    expect(c.kind === 'error' && c.message).toMatch(/You have no 7/);
    const d = compose('4 + 4', hand);
    expect(d.kind === 'error' && d.message).toMatch(/only 1 4/);
    expect(compose('4 +', hand).kind).toBe('error');
    expect(compose('  ', hand).kind).toBe('empty');
  });

  it('gives typed tokens the tapped card of that rank first', () => {
    const twins = [card('5S', 5), card('5H', 5), card('9C', 9)];
    const c = compose('5 + 9', twins, ['5H']);
    expect(c.kind === 'ok' && c.cards).toEqual(['5H', '9C']);
    expect([...cardsNamed('5 + ', twins, ['5H'])]).toEqual(['5H']);
  });

  it('a typed 0 is no card, even with a chameleon in the hand (only C names it)', () => {
    const c = compose('0+4', hand);
    expect(c).toMatchObject({ kind: 'error', pos: 0 });
    expect(c.kind === 'error' && c.message).toMatch(/no 0/);
    expect(compose('C+4', hand)).toMatchObject({ kind: 'ok', chameleons: ['X1'] });
  });

  it('points at the offending token of a parse error', () => {
    const text = '4 + 9 * 6';
    const c = compose(text, hand);
    expect(c).toMatchObject({ kind: 'error', pos: 4 });
    if (c.kind !== 'error' || c.pos === null) return;
    expect(text.slice(...tokenSpan(text, c.pos))).toBe('9');
    expect(tokenSpan('Q × 12', 4)).toEqual([4, 6]);
    expect(tokenSpan('4 +', 3)).toEqual([3, 3]);
  });

  it('marks only the offending letter when card letters run together ("abc", "QK")', () => {
    const unknown = compose('abc', hand);
    expect(unknown).toMatchObject({ kind: 'error', pos: 1, token: 'b' });
    if (unknown.kind === 'error' && unknown.pos !== null)
      expect('abc'.slice(...tokenSpan('abc', unknown.pos, unknown.token))).toBe('b');
    const missing = compose('QK', hand);
    expect(missing).toMatchObject({ kind: 'error', pos: 1, token: 'K' });
    if (missing.kind === 'error' && missing.pos !== null)
      expect('QK'.slice(...tokenSpan('QK', missing.pos, missing.token))).toBe('K');
  });

  it('needs an explicit copy for each chameleon', () => {
    const c = compose('C + Q', hand);
    expect(c.kind === 'ok' && c.chameleons).toEqual(['X1']);
    expect(chameleonChoices(['X1'], {})).toBeNull();
    expect(chameleonChoices(['X1'], { X1: 'QC' })).toEqual([{ card: 'X1', copies: 'QC' }]);
  });

  it('appends and removes tokens as the buttons do', () => {
    let t = appendToken('', '(');
    t = appendToken(t, 'Q');
    t = appendToken(t, '×');
    t = appendToken(t, '10');
    t = appendToken(t, ')');
    expect(t).toBe('(Q × 10)');
    expect(dropLastToken(t)).toBe('(Q × 10');
    expect(dropLastToken('(Q × 10')).toBe('(Q ×');
  });
});

describe('endsWithOperand', () => {
  it('asks for an operator after a card or a closing bracket, not after an operator or an opening one', () => {
    expect(['Q', '10', '(Q × 2)', 'c'].map(endsWithOperand)).toEqual([true, true, true, true]);
    expect(['', 'Q ×', '(', '2 ^ ', '10 −'].map(endsWithOperand)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
