import { describe, expect, it } from 'vitest';
import type { MathCardGameIntent } from '@cards/schema';
import { maxPlayable } from '../../src/math-card-game/search.ts';
import { shapesOf, type MathCardGameState } from '../../src/math-card-game/state.ts';
import { deepFreeze, errorCode, expectOk, game, locations, play, seq, table, turn } from './helpers.ts';

const SIX_BLUE = ['b-num-2-1', 'b-num-3-1', 'b-num-4-1', 'b-num-5-1', 'b-num-6-1', 'b-num-8-1'];
/** Blue's pile holds a starter, so the table is never frozen in these tests. */
const PILE_BLUE = ['b-num-10-1', 'b-num-2-2', 'b-start-4-1', 'b-num-3-2'];
const PILE_RED = ['r-num-10-1', 'r-num-8-1', 'r-num-6-1'];

describe('must play most', () => {
  // Red: a starter and a `+`, with only a sealed sequence on the table: the `+` can only go onto the
  // sequence the starter opens, so two cards are playable only in the order starter, then `+`.
  const onlyOneOrder = () =>
    table({
      hands: [['r-op-plus-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-start-4-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(1, 'b-start-2-1', 'b-eq-1')],
    });

  it('must-play-most: two cards playable in one order only → the maximum is 2', () => {
    const state = onlyOneOrder();
    expect(maxPlayable(shapesOf(state), state.hands[0] ?? [])).toBe(2);
    const wrongOrder = turn([play('r-op-plus-1', 1), play('r-start-4-1', 'new')]);
    expect(errorCode(game.apply(state, 0, wrongOrder, 0))).toBe('NO_SUCH_SEQUENCE');
    const after = expectOk(
      game.apply(state, 0, turn([play('r-start-4-1', 'new'), play('r-op-plus-1', 1)]), 0),
    );
    expect(after.sequences[1]).toMatchObject({
      owner: 0,
      cards: [{ id: 'r-start-4-1' }, { id: 'r-op-plus-1' }],
    });
  });

  it('must-play-most: refuses a turn of 1 card when 2 are possible (with the maximum in context)', () => {
    const result = game.apply(onlyOneOrder(), 0, turn([play('r-start-4-1', 'new')], ['r-num-2-1']), 0);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({ code: 'MUST_PLAY_MORE', context: { max: 2, played: 1 } });
  });

  it('must-play-most: refuses a turn of 0 cards when 1 is possible', () => {
    // Red has a card on the table (no mulligan) and exactly one playable card: the `=`.
    const state = table({
      hands: [['r-eq-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-8-1')],
    });
    const result = game.apply(state, 0, turn([], ['r-num-2-1', 'r-num-3-1']), 0);
    expect(!result.ok && result.error).toMatchObject({
      code: 'MUST_PLAY_MORE',
      context: { max: 1, played: 0 },
    });
    expectOk(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-2-1']), 0));
    // and every listed legal turn plays exactly one card
    const legal = game.legalIntents(state, 0);
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((i) => i.type === 'turn' && i.plays.length === 1)).toBe(true);
  });

  it('turn: the two cards of a turn go to different sequences', () => {
    const state = table({
      hands: [['r-op-plus-1', 'r-eq-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-op-minus-1', 'r-num-8-1'), seq(1, 'b-start-2-1')],
    });
    expect(errorCode(game.apply(state, 0, turn([play('r-op-plus-1', 0), play('r-num-2-1', 0)]), 0))).toBe(
      'SAME_SEQUENCE',
    );
    expectOk(game.apply(state, 0, turn([play('r-op-plus-1', 1), play('r-eq-1', 0)]), 0));
  });

  it('sequence numbers (decision 12): numbered 1–8 in the order opened; two in one turn in the order played', () => {
    const state = table({
      hands: [
        ['r-start-4-1', 'r-start-2-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1'],
        ['b-start-0-1', 'b-op-plus-1', 'b-num-4-1', 'b-num-5-1', 'b-num-6-1', 'b-num-8-1'],
      ],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(1, 'b-start-2-1', 'b-eq-1')],
    });
    const red = expectOk(
      game.apply(state, 0, turn([play('r-start-4-1', 'new'), play('r-start-2-1', 'new')]), 0),
    );
    expect(red.lastAction?.text).toBe(
      'Red opened sequence 2 with [4], opened sequence 3 with [2] and drew 2.',
    );
    const blue = expectOk(game.apply(red, 1, turn([play('b-start-0-1', 'new'), play('b-op-plus-1', 3)]), 0));
    expect(blue.lastAction?.text).toBe('Blue opened sequence 4 with [0], played + on sequence 4 and drew 2.');
    const view = game.view(blue, 'spectator');
    expect(view.sequences.map((s) => [s.slot, s.owner, s.cards[0]?.card.id ?? null])).toEqual([
      [0, 1, 'b-start-2-1'],
      [1, 0, 'r-start-4-1'],
      [2, 0, 'r-start-2-1'],
      [3, 1, 'b-start-0-1'],
      [4, null, null],
      [5, null, null],
      [6, null, null],
      [7, null, null],
    ]);
  });

  it('turn: an operator and its number cannot both be played in one turn (same sequence)', () => {
    const state = table({
      hands: [['r-op-plus-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1')],
    });
    expect(maxPlayable(shapesOf(state), state.hands[0] ?? [])).toBe(1);
  });

  it('legal intents: canonical, every one plays the maximum and is accepted', () => {
    const state = table({
      hands: [['r-op-plus-1', 'r-op-plus-2', 'r-op-any-1', 'r-start-2-1', 'r-eq-1', 'r-num-2-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1'), seq(1, 'b-start-2-1', 'b-op-plus-1', 'b-num-5-1')],
    });
    const legal = game.legalIntents(state, 0);
    const keys = legal.map((i) => JSON.stringify(i));
    expect(new Set(keys).size).toBe(keys.length);
    // one representative per face: the second `+` only appears next to the first
    expect(keys.some((k) => k.includes('r-op-plus-2'))).toBe(true);
    expect(keys.filter((k) => k.includes('r-op-plus-2')).every((k) => k.includes('r-op-plus-1'))).toBe(true);
    // both `+` into slots 0 and 1 is listed once, not once per order or per identical card
    expect(keys.filter((k) => k.includes('r-op-plus-1') && k.includes('r-op-plus-2'))).toHaveLength(1);
    // `?` comes with each of its four operators
    expect(keys.filter((k) => k.includes('"r-op-any-1","sequence":0')).length).toBeGreaterThan(3);
    for (const intent of legal) {
      expect(intent.type === 'turn' && intent.plays.length).toBe(2);
      expectOk(game.apply(state, 0, intent, 0));
    }
    // the identical second `+` is accepted in place of the first
    expectOk(game.apply(state, 0, turn([play('r-op-plus-2', 0), play('r-op-plus-1', 1)]), 0));
    // and both orders of an order-free pair are accepted, though only one is listed
    expectOk(game.apply(state, 0, turn([play('r-eq-1', 1), play('r-op-plus-1', 0)]), 0));
    expectOk(game.apply(state, 0, turn([play('r-op-plus-1', 0), play('r-eq-1', 1)]), 0));
  });
});

describe('leaving the hand and drawing', () => {
  const oneMax = () =>
    table({
      hands: [['r-eq-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-8-1')],
    });

  it('shortfall: exactly two cards leave the hand — the missing one goes under the pile, then two are drawn', () => {
    const state = oneMax();
    expect(errorCode(game.apply(state, 0, turn([play('r-eq-1', 0)]), 0))).toBe('WRONG_UNDER_COUNT');
    expect(errorCode(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-2-1', 'r-num-3-1']), 0))).toBe(
      'WRONG_UNDER_COUNT',
    );
    expect(errorCode(game.apply(state, 0, turn([play('r-eq-1', 0)], ['b-num-2-1']), 0))).toBe(
      'CARD_NOT_IN_HAND',
    );
    expect(errorCode(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-eq-1']), 0))).toBe('DUPLICATE_CARD');
    const after = expectOk(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-5-1']), 0));
    expect(after.hands[0]).toEqual([
      'r-num-2-1',
      'r-num-3-1',
      'r-num-4-1',
      'r-num-6-1',
      'r-num-10-1',
      'r-num-8-1',
    ]);
    expect(after.piles[0]).toEqual(['r-num-6-1', 'r-num-5-1']);
    expect(after.turn).toBe(1);
  });

  it('shortfall: with nothing playable both cards go under, in the order chosen; hands stay at 6', () => {
    const state = table({
      hands: [['r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1', 'r-num-8-1'], SIX_BLUE],
      piles: [['r-num-10-1', 'r-eq-1', 'r-eq-2'], PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-3')],
    });
    const after = expectOk(game.apply(state, 0, turn([], ['r-num-8-1', 'r-num-2-1']), 0));
    expect(after.piles[0]).toEqual(['r-eq-2', 'r-num-8-1', 'r-num-2-1']);
    expect(after.hands[0]).toHaveLength(6);
    // six different faces: 6 × 5 ordered choices (the order decides the pile's order)
    expect(game.legalIntents(state, 0)).toHaveLength(30);
  });

  it('under-pile order (decision 7): with a nearly empty pile you draw back a card you just put under', () => {
    // Red can play only the `=`; the pile holds one card, so the card put under is the second drawn.
    const state: MathCardGameState = { ...oneMax(), piles: [['r-num-10-1'], PILE_BLUE] };
    const after = expectOk(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-5-1']), 0));
    expect(after.hands[0]).toEqual([
      'r-num-2-1',
      'r-num-3-1',
      'r-num-4-1',
      'r-num-6-1',
      'r-num-10-1',
      'r-num-5-1',
    ]);
    expect(after.piles[0]).toEqual([]);
    expect(after.lastAction?.text).toBe('Red played = on sequence 1, put 1 card under the pile and drew 2.');
    // with two under and one in the pile, the first put under comes back, the second stays
    const none = table({
      hands: [['r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1', 'r-num-8-1'], SIX_BLUE],
      piles: [['r-num-10-1'], PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1')],
    });
    const back = expectOk(game.apply(none, 0, turn([], ['r-num-8-1', 'r-num-2-1']), 0));
    expect(back.hands[0]).toContain('r-num-8-1');
    expect(back.piles[0]).toEqual(['r-num-2-1']);
  });

  it('fewer than two to draw (decision 8): a one-card pile gives one card, then the pile is empty', () => {
    const state = table({
      hands: [['r-eq-1', 'r-op-plus-2', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1'], SIX_BLUE],
      piles: [['r-num-10-1'], PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-8-1'), seq(1, 'b-start-2-1')],
    });
    const after = expectOk(game.apply(state, 0, turn([play('r-eq-1', 0), play('r-op-plus-2', 1)]), 0));
    expect(after.hands[0]).toEqual(['r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1', 'r-num-10-1']);
    expect(after.piles[0]).toEqual([]);
    expect(after.lastAction?.text).toBe('Red played = on sequence 1, played + on sequence 2 and drew 1.');
    // from then on nothing goes under and nothing is drawn
    const next = { ...after, turn: 0 };
    expect(game.view(next, 0)).toMatchObject({ mustPlay: 1, mustUnder: 0 });
    const later = expectOk(game.apply(next, 0, turn([play('r-num-3-1', 1)]), 0));
    expect(later.hands[0]).toEqual(['r-num-4-1', 'r-num-5-1', 'r-num-6-1', 'r-num-10-1']);
  });

  it('empty pile: play what you can, nothing goes under, nothing is drawn', () => {
    const state = table({
      hands: [['r-eq-1', 'r-num-2-1', 'r-num-3-1'], SIX_BLUE],
      piles: [[], PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-8-1')],
    });
    expect(errorCode(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-2-1']), 0))).toBe(
      'WRONG_UNDER_COUNT',
    );
    const after = expectOk(game.apply(state, 0, turn([play('r-eq-1', 0)]), 0));
    expect(after.hands[0]).toEqual(['r-num-2-1', 'r-num-3-1']);
    expect(after.piles[0]).toEqual([]);
    expect(game.legalIntents(state, 0)).toEqual([{ type: 'turn', plays: [play('r-eq-1', 0)], under: [] }]);
  });

  it('empty pile: a hand that cannot play passes (plays: [])', () => {
    const state = table({
      hands: [['r-num-2-1', 'r-num-3-1'], SIX_BLUE],
      piles: [[], PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1')],
    });
    expect(game.legalIntents(state, 0)).toEqual([{ type: 'turn', plays: [], under: [] }]);
    const after = expectOk(game.apply(state, 0, turn([]), 0));
    expect(after).toMatchObject({ stuckTurns: 1, turn: 1, lastAction: { kind: 'pass' } });
  });
});

describe('mulligan', () => {
  // Red has an open sequence; Blue has nothing on the table and only numbers.
  const stuckBlue = () =>
    table({
      hands: [['r-num-2-1'], SIX_BLUE],
      piles: [PILE_RED, [...PILE_BLUE, 'b-op-plus-1', 'b-op-plus-2']],
      sequences: [seq(0, 'r-start-4-1')],
      turn: 1,
    });

  it('mulligan: nothing of yours on the table and nothing playable → the whole hand goes under, draw 6', () => {
    const state = stuckBlue();
    expect(game.legalIntents(state, 1)).toEqual([{ type: 'mulligan' }]);
    expect(errorCode(game.apply(state, 1, turn([], ['b-num-2-1', 'b-num-3-1']), 0))).toBe('MUST_MULLIGAN');
    const after = expectOk(game.apply(state, 1, { type: 'mulligan' }, 0));
    expect(after.hands[1]).toEqual([...PILE_BLUE, 'b-op-plus-1', 'b-op-plus-2']);
    expect(after.piles[1]).toEqual(SIX_BLUE);
    expect(after.turn).toBe(0);
    expect(after.lastAction).toMatchObject({ kind: 'mulligan', seat: 1 });
  });

  it('mulligan: refused once you have a card on the table, and refused when you can play', () => {
    const onTable = table({
      hands: [['r-num-2-1'], SIX_BLUE],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1'), seq(1, 'b-start-2-1', 'b-eq-2')],
      turn: 1,
    });
    expect(errorCode(game.apply(onTable, 1, { type: 'mulligan' }, 0))).toBe('MULLIGAN_NOT_ALLOWED');
    expect(game.legalIntents(onTable, 1)).toHaveLength(30);
    const canPlay = table({
      hands: [['r-num-2-1'], ['b-op-plus-1', ...SIX_BLUE.slice(1)]],
      piles: [PILE_RED, PILE_BLUE],
      sequences: [seq(0, 'r-start-4-1')],
      turn: 1,
    });
    expect(errorCode(game.apply(canPlay, 1, { type: 'mulligan' }, 0))).toBe('MULLIGAN_NOT_ALLOWED');
  });
});

describe('the end', () => {
  it('end: both players out of cards', () => {
    const state = table({
      hands: [['r-op-plus-1'], ['b-num-3-1']],
      sequences: [seq(0, 'r-start-4-1')],
    });
    const mid = expectOk(game.apply(state, 0, turn([play('r-op-plus-1', 0)]), 0));
    expect(game.outcome(mid)).toBeNull();
    const end = expectOk(game.apply(mid, 1, turn([play('b-num-3-1', 0)]), 0));
    expect(end.phase).toBe('over');
    expect(end.endReason).toBe('allOut');
    expect(game.outcome(end)).toEqual({ winners: [0], scores: [7, 0] });
    expect(game.actors(end)).toEqual([]);
  });

  it('end: two turns in a row in which neither player could play nor draw', () => {
    const state = table({
      hands: [['r-num-2-1'], ['b-num-3-1']],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1'), seq(1, 'b-start-2-1', 'b-eq-1')],
    });
    const one = expectOk(game.apply(state, 0, turn([]), 0));
    expect(one.phase).toBe('play');
    const two = expectOk(game.apply(one, 1, turn([]), 0));
    expect(two.endReason).toBe('stuck');
    expect(game.outcome(two)).toEqual({ winners: [0], scores: [4, 2] });
  });

  it('end: a turn that plays resets the count of stuck turns', () => {
    const state = table({
      hands: [['r-eq-2', 'r-num-2-1'], ['b-num-3-1']],
      sequences: [seq(0, 'r-start-4-1', 'r-eq-1'), seq(1, 'b-start-2-1')],
      stuckTurns: 1,
    });
    const one = expectOk(game.apply(state, 0, turn([play('r-eq-2', 1)]), 0));
    expect(one).toMatchObject({ stuckTurns: 0, phase: 'play', turn: 1 });
  });

  it('end: a player out of cards passes by itself; it counts as a turn without play or draw', () => {
    const state = table({
      hands: [[], ['b-op-plus-1', 'b-num-3-1']],
      sequences: [seq(0, 'r-start-4-1'), seq(1, 'b-start-2-1', 'b-op-minus-1', 'b-num-2-1')],
      turn: 1,
    });
    const one = expectOk(game.apply(state, 1, turn([play('b-op-plus-1', 0)]), 0));
    expect(one).toMatchObject({ turn: 1, stuckTurns: 1, phase: 'play' });
    expect(game.actors(one)).toEqual([1]);
    const two = expectOk(game.apply(one, 1, turn([play('b-num-3-1', 0)]), 0));
    expect(two.endReason).toBe('allOut');
  });

  it('end (decision): the game ends when no card left in any hand or pile can ever be played', () => {
    const state = table({
      hands: [['r-eq-1', 'r-num-2-1', 'r-num-3-1', 'r-num-4-1', 'r-num-5-1', 'r-num-6-1'], SIX_BLUE],
      piles: [PILE_RED, ['b-num-10-1', 'b-num-2-2']],
      sequences: [seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-8-1'), seq(1, 'b-start-2-1', 'b-eq-1')],
    });
    const after = expectOk(game.apply(state, 0, turn([play('r-eq-1', 0)], ['r-num-2-1']), 0));
    expect(after.endReason).toBe('frozen');
    expect(game.outcome(after)).toEqual({ winners: [0], scores: [12, 2] });
  });
});

describe('scoring', () => {
  it('scoring: each player scores the sequences their starters opened, whoever played into them', () => {
    const state: MathCardGameState = {
      ...table({
        hands: [[], []],
        sequences: [
          seq(0, 'r-start-4-1', 'b-op-times-1', 'b-num-10-1', 'r-eq-1'), // 40, red
          seq(1, 'b-start-m2-1', 'r-op-minus-1', 'r-num-8-1'), // -10, blue
          seq(1, 'b-start-4-1', 'b-op-plus-1', 'b-num-6-1', 'r-op-times-1'), // 10 (trailing × ignored), blue
          seq(0, 'r-start-0-1'), // 0, red
        ],
      }),
      phase: 'over',
      endReason: 'allOut',
    };
    expect(game.outcome(state)).toEqual({ winners: [0], scores: [40, 0] });
    const view = game.view(state, 'spectator');
    expect(view.final).toEqual({
      reason: 'allOut',
      scores: [40, 0],
      winners: [0],
      sequences: [
        { slot: 0, owner: 0, expression: '4 × 10', value: 40, sealed: true },
        { slot: 1, owner: 1, expression: '-2 − 8', value: -10, sealed: false },
        { slot: 2, owner: 1, expression: '4 + 6 ×', value: 10, sealed: false },
        { slot: 3, owner: 0, expression: '0', value: 0, sealed: false },
      ],
    });
  });

  it('scoring: a tie is won by both', () => {
    const state: MathCardGameState = {
      ...table({ hands: [[], []], sequences: [seq(0, 'r-start-2-1'), seq(1, 'b-start-2-1')] }),
      phase: 'over',
      endReason: 'stuck',
    };
    expect(game.outcome(state)).toEqual({ winners: [0, 1], scores: [2, 2] });
  });
});

describe('cut and deal', () => {
  it('cut: each deck is cut by the opponent, both at once; then 6 cards each and Red (seat 0) starts', () => {
    const start = game.setup(game.defaultConfig, 2, 'cut-test');
    expect(start.phase).toBe('cut');
    expect(game.actors(start)).toEqual([0, 1]);
    expect(game.legalIntents(start, 0)).toHaveLength(35);
    expect(errorCode(game.apply(start, 0, turn([]), 0))).toBe('CUT_FIRST');
    expect(errorCode(game.apply(start, 0, { type: 'cut', position: 0 }, 0))).toBe('MALFORMED_INTENT');
    const blueDeck = start.piles[1] ?? [];
    const one = expectOk(game.apply(start, 0, { type: 'cut', position: 5 }, 0));
    expect(one.piles[1]).toEqual([...blueDeck.slice(5), ...blueDeck.slice(0, 5)]);
    expect(game.actors(one)).toEqual([1]);
    expect(errorCode(game.apply(one, 0, { type: 'cut', position: 5 }, 0))).toBe('NOT_YOUR_CUT');
    const two = expectOk(game.apply(one, 1, { type: 'cut', position: null }, 0));
    expect(two.phase).toBe('play');
    expect(two.turn).toBe(0);
    expect(two.hands.map((h) => h.length)).toEqual([6, 6]);
    expect(two.piles.map((p) => p.length)).toEqual([29, 29]);
    expect(new Set(locations(two)).size).toBe(70);
    expect(two.hands[0]?.every((id) => id.startsWith('r-'))).toBe(true);
    // a random cut is drawn from the seeded PRNG: the same seed cuts the same way
    const again = expectOk(game.apply(one, 1, { type: 'cut', position: null }, 0));
    expect(again).toEqual(two);
  });

  it('setup: the same seed shuffles the same decks; another seed does not', () => {
    expect(game.setup(game.defaultConfig, 2, 'a')).toEqual(game.setup(game.defaultConfig, 2, 'a'));
    expect(game.setup(game.defaultConfig, 2, 'a').piles).not.toEqual(
      game.setup(game.defaultConfig, 2, 'b').piles,
    );
    expect(() => game.setup(game.defaultConfig, 3, 'a')).toThrow();
  });
});

describe('purity and views', () => {
  it('apply never mutates its input (deep-frozen states through cut, turn and mulligan)', () => {
    let state = deepFreeze(game.setup(game.defaultConfig, 2, 'frozen'));
    const snapshot = JSON.stringify(state);
    state = deepFreeze(expectOk(game.apply(state, 0, { type: 'cut', position: 3 }, 0)));
    state = deepFreeze(expectOk(game.apply(state, 1, { type: 'cut', position: 30 }, 0)));
    for (let k = 0; k < 30 && game.outcome(state) === null; k++) {
      const seat = game.actors(state)[0] ?? 0;
      const before = JSON.stringify(state);
      const intent = game.legalIntents(state, seat)[0] as MathCardGameIntent;
      state = deepFreeze(expectOk(game.apply(state, seat, intent, 0)));
      expect(JSON.stringify(state)).not.toBe(before);
    }
    expect(JSON.stringify(game.setup(game.defaultConfig, 2, 'frozen'))).toBe(snapshot);
  });

  it('view: a seat sees its own hand only, a spectator none, nobody the piles', () => {
    const start = game.setup(game.defaultConfig, 2, 'view');
    const cut1 = expectOk(game.apply(start, 0, { type: 'cut', position: 7 }, 0));
    const state = expectOk(game.apply(cut1, 1, { type: 'cut', position: 9 }, 0));
    const hidden = (seat: number | 'spectator') => [
      ...state.piles.flat(),
      ...state.hands.flatMap((h, s) => (s === seat ? [] : h)),
    ];
    for (const viewer of [0, 1, 'spectator'] as const) {
      const view = game.view(state, viewer);
      const text = JSON.stringify(view);
      for (const id of hidden(viewer)) expect(text.includes(`"${id}"`)).toBe(false);
      expect(view.hand.map((c) => c.id)).toEqual(viewer === 'spectator' ? [] : state.hands[viewer]);
      expect(view.handCounts).toEqual([6, 6]);
      expect(view.pileCounts).toEqual([29, 29]);
      expect(view.sequences).toHaveLength(8);
    }
    const red = game.view(state, 0);
    expect(red.mustMulligan || red.mustPlay !== null).toBe(true);
    expect(game.view(state, 1)).toMatchObject({ mustPlay: null, mustUnder: null, mustMulligan: false });
  });

  it('view: sequences show owner colour, cards left to right with the running value and what became of them, and the seal', () => {
    const state = table({
      hands: [[], []],
      sequences: [seq(1, 'b-start-4-1', 'r-op-any-1:*', 'b-num-5-1', 'r-invert-1', 'b-eq-1')],
    });
    const slot = game.view(state, 0).sequences[0];
    expect(slot).toMatchObject({
      opened: true,
      owner: 1,
      colour: 'blue',
      value: 0,
      sealed: true,
      expression: '4 ÷ 5',
    });
    expect(slot?.cards.map((c) => [c.card.id, c.chosen, c.valueAfter, c.cancelled, c.finalOperator])).toEqual(
      [
        ['b-start-4-1', null, 4, false, null],
        ['r-op-any-1', '*', 4, false, '/'], // the ? as × was inverted: it now divides
        ['b-num-5-1', null, 20, false, null],
        ['r-invert-1', null, 0, false, null],
        ['b-eq-1', null, 0, false, null],
      ],
    );
    expect(game.view(state, 0).sequences[1]).toMatchObject({ opened: false, owner: null, cards: [] });
  });
});
