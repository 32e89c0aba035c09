import { describe, expect, it } from 'vitest';
import type { MathCardGameIntent, MathPlay } from '@cards/schema';
import { legalPlacements } from '../../src/math-card-game/index.ts';
import { expectOk, game, play, seq, table, turn } from './helpers.ts';
import { ModelTurn, outcomeKey, tableOf } from './model.ts';

const SIX_BLUE = ['b-num-2-1', 'b-num-3-1', 'b-num-4-1', 'b-num-5-1', 'b-num-6-1', 'b-num-8-1'];
const PILE_BLUE = ['b-num-10-1', 'b-num-2-2', 'b-start-4-1', 'b-num-3-2'];
const PILE_RED = ['r-num-10-1', 'r-num-8-1', 'r-num-6-1'];

/**
 * A fixed position, counted by hand. Red holds + + 3 ? [2] cancel; the table has
 * #1 Red [4] + 5 (ends in a number), #2 Blue [2] × (ends in an operator), #3 Blue [0] = (sealed).
 */
const position = () =>
  table({
    hands: [['r-op-plus-1', 'r-op-plus-2', 'r-num-3-1', 'r-op-any-1', 'r-start-2-1', 'r-cancel-1'], SIX_BLUE],
    piles: [PILE_RED, PILE_BLUE],
    sequences: [
      seq(0, 'r-start-4-1', 'r-op-plus-3', 'r-num-5-1'),
      seq(1, 'b-start-2-1', 'b-op-times-1'),
      seq(1, 'b-start-0-1', 'b-eq-1'),
    ],
  });

const short = (p: MathPlay) => `${p.card}>${p.sequence}${p.operator ?? ''}`;

describe('legal placements and turns', () => {
  it('placements (perft 1): every copy of every card onto every sequence that takes it — 9 here', () => {
    const state = position();
    expect(legalPlacements(state, 0).map(short)).toEqual([
      'r-op-plus-1>0', // + only after #1's number
      'r-op-plus-2>0', // the second + is its own placement
      'r-num-3-1>1', // a number only after #2's ×
      'r-op-any-1>0+', // ? onto #1 as each of the four operators
      'r-op-any-1>0-',
      'r-op-any-1>0*',
      'r-op-any-1>0/',
      'r-start-2-1>new', // a starter opens sequence #4
      'r-cancel-1>0', // cancel needs a pair in effect: only #1
    ]);
    // not Blue's turn
    expect(legalPlacements(state, 1)).toEqual([]);
  });

  it('placements (perft 2): the second card after each first — 36 two-card chains', () => {
    const state = position();
    const after = (first: MathPlay) => legalPlacements(state, 0, [first]).map(short);
    const counts = legalPlacements(state, 0).map((first) => [short(first), after(first).length]);
    expect(counts).toEqual([
      ['r-op-plus-1>0', 2], // then 3 onto #2, or [2]
      ['r-op-plus-2>0', 2],
      ['r-num-3-1>1', 8], // then either +, ? ×4, [2] or cancel onto #1
      ['r-op-any-1>0+', 2],
      ['r-op-any-1>0-', 2],
      ['r-op-any-1>0*', 2],
      ['r-op-any-1>0/', 2],
      ['r-start-2-1>new', 14], // the new #4 takes an operator too: + ×2 and ? ×4 on #1 or #4, 3, cancel
      ['r-cancel-1>0', 2], // #1 is taken this turn; 3 onto #2, or [2]
    ]);
    expect(counts.reduce((sum, [, n]) => sum + Number(n), 0)).toBe(36);
    // a second card never goes where the first went; a card joins the starter's sequence after it
    expect(after({ card: 'r-start-2-1', sequence: 'new' })).toContain('r-op-plus-1>3');
    expect(after({ card: 'r-op-plus-1', sequence: 0 })).not.toContain('r-op-any-1>0+');
    // nothing after two cards, nothing after a chain that is not legal itself
    expect(legalPlacements(state, 0, [play('r-num-3-1', 1), play('r-op-plus-1', 0)])).toEqual([]);
    expect(legalPlacements(state, 0, [play('r-num-3-1', 0)])).toEqual([]);
    expect(legalPlacements(state, 0, [play('r-op-any-1', 0)])).toEqual([]); // a ? needs its operator
  });

  it('legal turns: the longest chains of placements, one per outcome — 18 here, each accepted', () => {
    const state = position();
    const legal = game.legalIntents(state, 0);
    // Outcomes by face: {+ #1, 3 #2}, {+ #1, [2]}, {3 #2, ? #1 ×4}, {3 #2, [2]}, {3 #2, cancel #1},
    // {? #1 ×4, [2]}, {[2], + #4}, {[2], ? #4 ×4}, {[2], cancel #1}.
    expect(legal).toHaveLength(18);
    const outcomes = new Set(
      legal.map((intent) => {
        const after = expectOk(game.apply(state, 0, intent, 0));
        return outcomeKey({ table: tableOf(after), hand: after.hands[0] ?? [], pile: after.piles[0] ?? [] });
      }),
    );
    expect(outcomes.size).toBe(18);
    // and they are exactly what the independent model allows
    expect([...outcomes].sort()).toEqual([...new ModelTurn(state, 0).outcomes()].sort());
    // every chain of two placements is a turn the server accepts (identical cards, any order)
    for (const first of legalPlacements(state, 0))
      for (const second of legalPlacements(state, 0, [first]))
        expectOk(game.apply(state, 0, turn([first, second]), 0));
  });

  it('legal turns: two starters are listed in both orders — the first played opens the lower number', () => {
    const state = table({
      hands: [['r-start-2-1', 'r-num-2-1', 'r-start-4-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(1, 'b-start-0-1', 'b-eq-1')],
    });
    const legal = game.legalIntents(state, 0);
    const starters = (i: MathCardGameIntent) => (i.type === 'turn' ? i.plays.map((p) => p.card) : []);
    expect(legal.map(starters)).toEqual([
      ['r-start-2-1', 'r-start-4-1'],
      ['r-start-4-1', 'r-start-2-1'],
    ]);
    const [a, b] = legal.map((intent) => expectOk(game.apply(state, 0, intent, 0)));
    expect(a?.sequences.map((s) => s.cards[0]?.id)).toEqual(['b-start-0-1', 'r-start-2-1', 'r-start-4-1']);
    expect(b?.sequences.map((s) => s.cards[0]?.id)).toEqual(['b-start-0-1', 'r-start-4-1', 'r-start-2-1']);
  });

  it('legal turns: two cards put under the pile are listed in both orders (the pile order differs)', () => {
    // Red has a card on the table and can play nothing: two cards go under, in the order chosen.
    const state = table({
      hands: [['r-num-2-1', 'r-num-2-2', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-op-minus-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1')],
    });
    const legal = game.legalIntents(state, 0);
    const unders = legal.map((i) => (i.type === 'turn' ? i.under.join(' ') : ''));
    // five faces: 5 × 4 ordered pairs of different faces, plus 2 then 2
    expect(legal).toHaveLength(21);
    expect(unders).toContain('r-num-3-1 r-num-4-1');
    expect(unders).toContain('r-num-4-1 r-num-3-1');
    expect(unders).toContain('r-num-2-1 r-num-2-2');
    expect(unders).not.toContain('r-num-2-2 r-num-2-1'); // the same faces in the same order
    // 21 different piles, even with the copies of a face taken as one
    const faces = (ids: readonly string[]) => ids.map((id) => id.replace(/-\d+$/, '')).join(' ');
    const piles = legal.map((intent) => faces(expectOk(game.apply(state, 0, intent, 0)).piles[0] ?? []));
    expect(new Set(piles).size).toBe(21);
  });
});
