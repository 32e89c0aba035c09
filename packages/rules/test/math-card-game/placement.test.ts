import { describe, expect, it } from 'vitest';
import { errorCode, game, play, seq, table, turn } from './helpers.ts';

/**
 * The placement table: every card type after every other card type, played for real through
 * `apply` (hand of one card, empty pile, so one play is the whole turn).
 */
const ENDINGS = {
  starter: ['r-start-4-1'],
  number: ['r-start-4-1', 'r-op-plus-1', 'r-num-2-1', 'r-op-times-1', 'r-num-3-1'],
  operator: ['r-start-4-1', 'r-op-plus-1', 'r-num-2-1', 'r-op-times-1'],
  terminator: ['r-start-4-1', 'r-op-plus-1', 'r-num-2-1', 'r-op-times-1', 'r-num-3-1', 'r-eq-1'],
  modifier: ['r-start-4-1', 'r-op-plus-1', 'r-num-2-1', 'r-op-times-1', 'r-num-3-1', 'r-invert-1'],
} as const;

const CARDS = {
  number: 'b-num-5-1',
  operator: 'b-op-minus-1',
  '?': 'b-op-any-1',
  terminator: 'b-eq-1',
  cancel: 'b-cancel-1',
  invert: 'b-invert-1',
  swap: 'b-swap-1',
  starter: 'b-start-2-1',
} as const;

const SEALED = 'SEQUENCE_SEALED';
/** Blue already has a card on the table (so an unplayable hand is not a mulligan). */
const BLUE_SEALED = seq(1, 'b-start-0-1', 'b-eq-2');
/** Expected outcome per (last card, new card). */
const EXPECTED: Record<keyof typeof ENDINGS, Record<keyof typeof CARDS, string>> = {
  starter: {
    number: 'NUMBER_NEEDS_OPERATOR',
    operator: 'OK',
    '?': 'OK',
    terminator: 'OK',
    cancel: 'CANCEL_NEEDS_PAIR',
    invert: 'INVERT_NEEDS_OPERATOR',
    swap: 'SWAP_NEEDS_TWO_OPERATORS',
    starter: 'STARTER_OPENS_NEW',
  },
  number: {
    number: 'NUMBER_NEEDS_OPERATOR',
    operator: 'OK',
    '?': 'OK',
    terminator: 'OK',
    cancel: 'OK',
    invert: 'OK',
    swap: 'OK',
    starter: 'STARTER_OPENS_NEW',
  },
  operator: {
    number: 'OK',
    operator: 'OPERATOR_AFTER_OPERATOR',
    '?': 'OPERATOR_AFTER_OPERATOR',
    terminator: 'TERMINATOR_AFTER_OPERATOR',
    cancel: 'MODIFIER_AFTER_OPERATOR',
    invert: 'MODIFIER_AFTER_OPERATOR',
    swap: 'MODIFIER_AFTER_OPERATOR',
    starter: 'STARTER_OPENS_NEW',
  },
  terminator: {
    number: SEALED,
    operator: SEALED,
    '?': SEALED,
    terminator: SEALED,
    cancel: SEALED,
    invert: SEALED,
    swap: SEALED,
    starter: 'STARTER_OPENS_NEW',
  },
  modifier: {
    number: 'NUMBER_NEEDS_OPERATOR',
    operator: 'OK',
    '?': 'OK',
    terminator: 'OK',
    cancel: 'OK',
    invert: 'OK',
    swap: 'OK',
    starter: 'STARTER_OPENS_NEW',
  },
};

const cases = Object.entries(EXPECTED).flatMap(([after, row]) =>
  Object.entries(row).map(([card, expected]) => ({
    after: after as keyof typeof ENDINGS,
    card: card as keyof typeof CARDS,
    expected,
  })),
);

describe('placement table', () => {
  it.each(cases)('placement: $card after $after → $expected', ({ after, card, expected }) => {
    const id = CARDS[card];
    const state = table({
      hands: [['r-num-10-1'], [id]],
      sequences: [seq(0, ...ENDINGS[after]), BLUE_SEALED],
      turn: 1,
    });
    const intent = turn([play(id, 0, card === '?' ? '*' : undefined)]);
    expect(errorCode(game.apply(state, 1, intent, 0))).toBe(expected);
  });

  it('placement: a starter opens a new sequence (and only a starter may use `new`)', () => {
    const state = table({ hands: [['r-num-10-1'], ['b-start-2-1', 'b-op-plus-1']], turn: 1 });
    const after = game.apply(state, 1, turn([play('b-start-2-1', 'new'), play('b-op-plus-1', 0)]), 0);
    expect(after.ok && after.value.sequences[0]).toMatchObject({
      owner: 1,
      cards: [{ id: 'b-start-2-1' }, { id: 'b-op-plus-1' }],
    });
    const wrong = table({
      hands: [['r-num-10-1'], ['b-op-plus-1']],
      sequences: [seq(0, 'r-start-4-1')],
      turn: 1,
    });
    expect(errorCode(game.apply(wrong, 1, turn([play('b-op-plus-1', 'new')]), 0))).toBe('ONLY_STARTERS_OPEN');
  });

  it('placement: swap needs two operators in effect (one is not enough, a cancelled one does not count)', () => {
    const one = seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-2-1');
    const cancelled = seq(
      0,
      'r-start-4-1',
      'r-op-plus-1',
      'r-num-2-1',
      'r-op-plus-2',
      'r-num-3-1',
      'r-cancel-1',
    );
    for (const s of [one, cancelled]) {
      const state = table({ hands: [['r-num-10-1'], ['b-swap-1']], sequences: [s, BLUE_SEALED], turn: 1 });
      expect(errorCode(game.apply(state, 1, turn([play('b-swap-1', 0)]), 0))).toBe(
        'SWAP_NEEDS_TWO_OPERATORS',
      );
    }
  });

  it('placement: cancel and invert need a pair still in effect (not after everything was cancelled)', () => {
    const s = seq(0, 'r-start-4-1', 'r-op-plus-1', 'r-num-2-1', 'r-cancel-1');
    for (const [card, code] of [
      ['b-cancel-1', 'CANCEL_NEEDS_PAIR'],
      ['b-invert-1', 'INVERT_NEEDS_OPERATOR'],
    ] as const) {
      const state = table({ hands: [['r-num-10-1'], [card]], sequences: [s, BLUE_SEALED], turn: 1 });
      expect(errorCode(game.apply(state, 1, turn([play(card, 0)]), 0))).toBe(code);
    }
  });

  it('placement: a ? must name its operator; no other card may', () => {
    const state = table({
      hands: [['r-num-10-1'], ['b-op-any-1', 'b-op-plus-1']],
      sequences: [seq(0, 'r-start-4-1'), seq(0, 'r-start-2-1')],
      turn: 1,
    });
    expect(errorCode(game.apply(state, 1, turn([play('b-op-any-1', 0), play('b-op-plus-1', 1)]), 0))).toBe(
      'CHOOSE_OPERATOR',
    );
    expect(
      errorCode(game.apply(state, 1, turn([play('b-op-any-1', 0, '/'), play('b-op-plus-1', 1, '-')]), 0)),
    ).toBe('OPERATOR_NOT_ALLOWED');
    const after = game.apply(state, 1, turn([play('b-op-any-1', 0, '/'), play('b-op-plus-1', 1)]), 0);
    expect(after.ok && after.value.sequences[0]?.cards[1]).toEqual({ id: 'b-op-any-1', op: '/' });
  });

  it('placement: any player may play into any open sequence, the opponent\u2019s included', () => {
    const state = table({
      hands: [['r-num-10-1'], ['b-op-plus-1']],
      sequences: [seq(0, 'r-start-4-1')],
      turn: 1,
    });
    expect(errorCode(game.apply(state, 1, turn([play('b-op-plus-1', 0)]), 0))).toBe('OK');
  });

  it('placement: eight sequences at most (one per starter of the two decks)', () => {
    const eight = Array.from({ length: 8 }, (_, k) =>
      seq(k % 2, k % 2 === 0 ? 'r-start-0-1' : 'b-start-0-1'),
    );
    const state = table({ hands: [['r-start-4-1', 'r-op-plus-1'], ['b-num-2-1']], sequences: eight });
    expect(
      errorCode(game.apply(state, 0, turn([play('r-start-4-1', 'new'), play('r-op-plus-1', 0)]), 0)),
    ).toBe('NO_FREE_SLOT');
    expect(errorCode(game.apply(state, 0, turn([play('r-op-plus-1', 0)]), 0))).toBe('OK');
  });

  it('placement: a sequence slot that is not open is refused', () => {
    const state = table({
      hands: [['r-num-10-1'], ['b-op-plus-1']],
      sequences: [seq(0, 'r-start-4-1')],
      turn: 1,
    });
    expect(errorCode(game.apply(state, 1, turn([play('b-op-plus-1', 3)]), 0))).toBe('NO_SUCH_SEQUENCE');
  });
});
