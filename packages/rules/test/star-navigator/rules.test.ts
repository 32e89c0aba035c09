import { StarNavigatorIntentSchema, StarNavigatorOptionsSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { standardDeck, tarotDeck } from '../../src/star-navigator/cards.ts';
import { bestFor, settle, showdownLine } from '../../src/star-navigator/showdown.ts';
import { dealTarget } from '../../src/star-navigator/target.ts';
import type { StarNavigatorState } from '../../src/star-navigator/state.ts';
import { checkChoice, phantomsFor } from '../../src/star-navigator/vector.ts';
import {
  act,
  choose,
  composeState,
  expectErr,
  game,
  L,
  layOutState,
  O,
  opts,
  submit,
  sum,
} from './helpers.ts';

const std = Object.fromEntries(standardDeck().map((c) => [c.id, c]));
const tar = Object.fromEntries(tarotDeck().map((c) => [c.id, c]));
const S = (...ids: string[]) => ids.map((id) => std[id] ?? tar[id] ?? (undefined as never));

describe('decks and card values', () => {
  it('decks: standard 54 cards with 2 jokers; values A=1 (choice), J 11, Q 12, K 13, Joker 0', () => {
    const d = standardDeck();
    expect(d).toHaveLength(54);
    expect(new Set(d.map((c) => c.id)).size).toBe(54);
    expect(S('AS', 'JH', 'QD', 'KC', 'JK1').map((c) => c.value)).toEqual([1, 11, 12, 13, 0]);
    expect(std.AS?.aceChoice).toBe(true);
  });
  it('decks: Tarot 80 cards: 56 minor, 22 trumps (Fool 0 … World 21), 2 jokers; Page 1, Knight 11, Ace 100', () => {
    const d = tarotDeck();
    expect(d).toHaveLength(80);
    expect(d.filter((c) => c.suit === 'trumps').map((c) => c.value)).toEqual(
      Array.from({ length: 22 }, (_, i) => i),
    );
    expect(S('tAW', 'tPC', 'tNS', 'tQP', 'tKW', 'JK1').map((c) => c.value)).toEqual([100, 1, 11, 12, 13, 0]);
    expect(d.every((c) => !c.aceChoice)).toBe(true);
  });
});

describe('target', () => {
  const t = (ids: string[], suit: Parameters<typeof dealTarget>[1] = null) => dealTarget(S(...ids), suit);
  it('target: 3 and 5 make 35; Q and 5 make 125; 5 and K make 63 (text examples)', () => {
    expect(t(['3S', '5H']).value).toBe(35);
    expect(t(['QS', '5H']).value).toBe(125);
    expect(t(['5S', 'KH']).value).toBe(63);
  });
  it('target: the Ace is 1 and a Joker 0 (Joker,5 → 5; 5,Joker → 50; A,7 → 17)', () => {
    expect(t(['JK1', '5H']).value).toBe(5);
    expect(t(['5H', 'JK1']).value).toBe(50);
    expect(t(['AS', '7H']).value).toBe(17);
  });
  it('target: an Override card drawn first is the whole target alone', () => {
    const r = t(['QH', '5S'], 'H');
    expect(r).toMatchObject({ value: 12, used: 1, setAside: [] });
  });
  it('target: an Override card drawn second discards the first and stands alone', () => {
    const r = t(['5S', 'KH'], 'H');
    expect(r.value).toBe(13);
    expect(r.setAside.map((c) => c.id)).toEqual(['5S']);
    expect(r.cards.map((c) => c.id)).toEqual(['KH']);
  });
  it('target: Precog trump in the target is its printed number alone (Judgement 20)', () => {
    expect(t(['T20', 'tKW'], 'trumps').value).toBe(20);
  });
});

describe('Vector Set and calculation (text examples)', () => {
  it('example: target 31, Vector Set 7, 8, J: (11 − 7) × 8 = 32 is "1 away"; 7 + 8 + 11 = 26 is 5 away', () => {
    const base = composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
    expect(base.target).toBe(31);
    let s = act(base, 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
    const line = showdownLine(s, 0, 31);
    expect(line).toMatchObject({ result: 32, distance: 1, forfeit: null });
    let t = act(base, 0, choose(['7S', '8H', 'JD']));
    t = act(t, 0, submit(sum(['7S', '8H', 'JD']), 26));
    expect(showdownLine(t, 0, 31)).toMatchObject({ result: 26, distance: 5 });
  });
  it('example: target 44, beacon 6, Nav Memory 5, 6, J, Q: 6 × 5 + 12 = 42 (2 away)', () => {
    const base = composeState(opts(), {
      target: ['4S', '4H'],
      beacon: '6D',
      memories: [
        ['5S', '6H', 'JC', 'QC'],
        ['2S', '3S', '7S', '9S'],
      ],
    });
    let s = act(base, 0, choose(['5S', 'QC', '6D']));
    s = act(s, 0, submit(O('+', O('*', L('6D'), L('5S')), L('QC')), 42));
    expect(showdownLine(s, 0, 44)).toMatchObject({ result: 42, distance: 2, forfeit: null });
    const best = bestFor(s, { cards: ['5S', 'QC', '6D'], aces: [], phantom: null }, 44);
    expect(best?.distance).toBe(2);
  });
  it('vector set: the Signpost Beacon must be used; two Nav Memory cards; every card once', () => {
    const s = composeState(opts(), {
      target: ['4S', '4H'],
      beacon: '6D',
      memories: [
        ['5S', '6H', 'JC', 'QC'],
        ['2S', '3S', '7S', '9S'],
      ],
    });
    expectErr(game.apply(s, 0, choose(['5S', 'QC', 'JC']), 0), 'MUST_USE');
    expectErr(game.apply(s, 0, choose(['5S', '6D']), 0), 'WRONG_SIZE');
    expectErr(game.apply(s, 0, choose(['5S', 'QC', '6D', 'JC']), 0), 'WRONG_SIZE');
    expectErr(game.apply(s, 0, choose(['5S', '2S', '6D']), 0), 'NOT_YOUR_CARD');
    expectErr(game.apply(s, 0, choose(['5S', '5S', '6D']), 0), 'DUPLICATE_CARD');
    expectErr(game.apply(s, 0, submit(L('5S'), 5), 0), 'CHOOSE_FIRST');
  });
  it('ace: each player picks 1 or 100 for an Ace, including an Ace Signpost Beacon', () => {
    const s = composeState(opts(), {
      target: ['4S', '4H'],
      beacon: 'AD',
      memories: [
        ['AS', '6H', 'JC', 'QC'],
        ['2S', '3S', '7S', '9S'],
      ],
    });
    expectErr(game.apply(s, 0, choose(['AS', '6H', 'AD']), 0), 'ACE_VALUE');
    expectErr(game.apply(s, 0, choose(['AS', '6H', 'AD'], [{ card: 'AS', value: 100 }]), 0), 'ACE_VALUE');
    let a = act(
      s,
      0,
      choose(
        ['AS', '6H', 'AD'],
        [
          { card: 'AS', value: 100 },
          { card: 'AD', value: 1 },
        ],
      ),
    );
    a = act(a, 0, submit(sum(['AS', '6H', 'AD']), 107));
    expect(showdownLine(a, 0, 44).result).toBe(107);
    let b = act(s, 1, choose(['2S', '3S', 'AD'], [{ card: 'AD', value: 100 }]));
    b = act(b, 1, submit(O('-', L('AD'), O('*', L('2S'), L('3S'))), 94));
    expect(showdownLine(b, 1, 44).result).toBe(94);
  });
});

describe('best possible result (the showdown reveal)', () => {
  const state = (beacon: string, memory: string[], extrapolative = false) =>
    composeState(opts({ extrapolativeComputation: extrapolative }), {
      target: ['2H', '4C'],
      beacon,
      memories: [memory, ['2S', '3S', '7S', '9S']],
    });
  it('best: an Ace counts as 100 when that gets closer, whatever the player picked (target 9: 100 − 13 × 7)', () => {
    const s = state('7D', ['KS', 'AS', '5C', '6C']);
    const best = bestFor(
      s,
      { cards: ['KS', 'AS', '7D'], aces: [{ card: 'AS', value: 1 }], phantom: null },
      9,
    );
    expect(best).toMatchObject({ result: 9, distance: 0 });
  });
  it('best: an Ace Signpost Beacon too (target 102 with J, 8 and beacon A: 100 + 11 − 8 = 103)', () => {
    const s = state('AD', ['JS', '8S', '5C', '6C']);
    const best = bestFor(
      s,
      { cards: ['JS', '8S', 'AD'], aces: [{ card: 'AD', value: 1 }], phantom: null },
      102,
    );
    expect(best).toMatchObject({ result: 103, distance: 1 });
  });
  it('best: the Ace as 1 when 100 is worse is still found (target 53 with 8, A, Q: 100 − 8 − 12 = 80 beats any Ace-1 result)', () => {
    const s = state('QD', ['8S', 'AS', '5C', '6C']);
    const picking = (value: 1 | 100) =>
      bestFor(s, { cards: ['8S', 'AS', 'QD'], aces: [{ card: 'AS', value }], phantom: null }, 53);
    const [asHundred, asOne] = [picking(100), picking(1)];
    expect(asHundred).toMatchObject({ result: 80, distance: 27 });
    expect(asOne).toEqual(asHundred);
  });
  it('best: with Extrapolative Computation a phantom is tried even when the player used none', () => {
    const s = state('9D', ['7S', '8H', '5C', '6C'], true);
    const cards = ['7S', '8H', '9D'];
    const without = bestFor(
      { ...s, options: { ...s.options, extrapolativeComputation: false } },
      { cards, aces: [], phantom: null },
      1000,
    );
    const withPhantom = bestFor(s, { cards, aces: [], phantom: null }, 1000);
    expect(without?.distance).toBeGreaterThan(0);
    expect(withPhantom?.distance).toBeLessThan(without?.distance ?? 0);
    expect(withPhantom?.formula).toMatch(/\*/);
  });
});

describe('forfeits', () => {
  const base = () =>
    composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
  it('forfeit: a declared result that differs from the true value (the true value is shown)', () => {
    let s = act(base(), 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(sum(['7S', '8H', 'JD']), 27));
    expect(showdownLine(s, 0, 31)).toMatchObject({ forfeit: 'wrongDeclaration', result: 26, distance: null });
  });
  it('forfeit: division must be whole (integer-only arithmetic)', () => {
    let s = act(base(), 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('+', O('/', L('JD'), L('7S')), L('8H')), 9));
    const line = showdownLine(s, 0, 31);
    expect(line.forfeit).toBe('illegalCalculation');
    expect(line.forfeitDetail).toMatch(/not a whole number/);
  });
  it('forfeit: a negative exponent only when the result is whole', () => {
    let s = act(base(), 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('^', L('JD'), O('-', L('7S'), L('8H'))), 0));
    expect(showdownLine(s, 0, 31).forfeit).toBe('illegalCalculation');
  });
  it('forfeit: a card unused, used twice, or not in the Vector Set', () => {
    const cases = [
      O('+', L('7S'), L('8H')),
      O('+', O('+', L('7S'), L('7S')), L('JD')),
      O('+', O('+', L('7S'), L('8H')), L('2C')),
    ];
    for (const expr of cases) {
      let s = act(base(), 0, choose(['7S', '8H', 'JD']));
      s = act(s, 0, submit(expr, 15));
      expect(showdownLine(s, 0, 31).forfeit).toBe('illegalCalculation');
    }
  });
  it('forfeit: caps: a value beyond 10^12 is illegal', () => {
    const s0 = composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'KD',
      memories: [
        ['KS', 'KH', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
    let s = act(s0, 0, choose(['KS', 'KH', 'KD']));
    s = act(s, 0, submit(O('^', O('^', L('KS'), L('KH')), L('KD')), 0));
    expect(showdownLine(s, 0, 31).forfeit).toBe('illegalCalculation');
  });
  it('forfeit: a forfeiting player cannot win even when closest; the others win and are paid', () => {
    let s = act(base(), 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 31)); // makes 32, declared 31
    s = act(s, 1, choose(['4S', '5S', 'JD']));
    s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    expect(s.phase).toBe('showdown');
    expect(s.lastShowdown?.winners).toEqual([1]);
    expect(s.seats.map((x) => x.chips)).toEqual([9, 11]);
  });
  it('commitment: a submitted calculation cannot be changed', () => {
    let s = act(base(), 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(sum(['7S', '8H', 'JD']), 26));
    expectErr(game.apply(s, 0, submit(sum(['7S', '8H', 'JD']), 26), 0), 'COMMITTED');
    expectErr(game.apply(s, 0, choose(['7S', '2C', 'JD']), 0), 'COMMITTED');
  });
  it('forfeit: timeout: a seat that has not submitted when the timer runs out forfeits', () => {
    let s = act(base(), 1, { type: 'roundTimeout' });
    s = act(s, 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(sum(['7S', '8H', 'JD']), 26));
    expect(s.lastShowdown?.lines.find((l) => l.seat === 1)?.forfeit).toBe('timeout');
    expect(s.lastShowdown?.winners).toEqual([0]);
  });
  it('forfeit: when every seat forfeits there is no winner and nobody pays', () => {
    let s = act(base(), 0, { type: 'roundTimeout' });
    s = act(s, 1, { type: 'roundTimeout' });
    expect(s.lastShowdown?.winners).toEqual([]);
    expect(s.seats.map((x) => x.chips)).toEqual([10, 10]);
  });
});

describe('showdown and payments', () => {
  const three = (chips = [10, 10, 10], initiative = 0) =>
    composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      initiative,
      chips,
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
        ['7H', '8D', '2D', '3D'],
      ],
    });
  const play = (s0: ReturnType<typeof three>) => {
    let s = act(s0, 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
    s = act(s, 1, choose(['4S', '5S', 'JD']));
    s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    s = act(s, 2, choose(['7H', '8D', 'JD']));
    s = act(s, 2, submit(O('*', O('-', L('JD'), L('7H')), L('8D')), 32));
    return s;
  };
  it('showdown: lines in initiative order; ties all win; each non-winner pays each winner one', () => {
    const s = play(three([10, 10, 10], 1));
    expect(s.lastShowdown?.lines.map((l) => l.seat)).toEqual([1, 2, 0]);
    expect(s.lastShowdown?.winners).toEqual([2, 0]);
    expect(s.seats.map((x) => x.chips)).toEqual([11, 8, 11]);
    expect(s.initiative).toBe(2);
  });
  it('payment: a loser who cannot pay in full pays what they have, round the winners in initiative order', () => {
    const s = play(three([10, 1, 10], 0));
    expect(s.lastShowdown?.payments).toEqual([{ from: 1, to: 0, amount: 1, reason: 'win' }]);
    expect(s.seats.map((x) => x.chips)).toEqual([11, 0, 10]);
    expect(s.seats[1]?.eliminated).toBe(true);
    expect(s.lastShowdown?.eliminated).toEqual([1]);
  });
  it('settle: partial payments go one chip at a time round the creditors', () => {
    expect(
      settle(
        [0, 3, 0, 0],
        [
          { from: 1, to: 0, amount: 2, reason: 'hotshotLoss' },
          { from: 1, to: 2, amount: 2, reason: 'hotshotLoss' },
          { from: 1, to: 3, amount: 2, reason: 'hotshotLoss' },
        ],
        [2, 3, 0, 1],
      ),
    ).toEqual([
      { from: 1, to: 2, amount: 1, reason: 'hotshotLoss' },
      { from: 1, to: 3, amount: 1, reason: 'hotshotLoss' },
      { from: 1, to: 0, amount: 1, reason: 'hotshotLoss' },
    ]);
  });
  it('initiative moves to the next player on the left, skipping eliminated players; last player with chips wins', () => {
    let s = play(three([1, 1, 1], 0));
    // seat 1 loses its only chip to seat 0 (first in initiative order) and is out
    expect(s.seats.map((x) => x.chips)).toEqual([2, 0, 1]);
    expect(s.initiative).toBe(2);
    expect(s.phase).toBe('showdown');
    s = act(s, 0, { type: 'continue' });
    expect(game.actors(s)).toEqual([2]);
    s = act(s, 2, { type: 'continue' });
    expect(s.phase).toBe('draft');
    expect(s.round).toBe(2);
    expect(s.seats[1]?.packet).toEqual([]);
    const two = composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      chips: [1, 5],
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
    let e = act(two, 0, { type: 'roundTimeout' });
    e = act(e, 1, choose(['4S', '5S', 'JD']));
    e = act(e, 1, submit(sum(['4S', '5S', 'JD']), 20));
    expect(e.phase).toBe('over');
    expect(game.outcome(e)).toEqual({ winners: [1], scores: [0, 6] });
  });
});

describe('options', () => {
  it('Hotshot Spacer: a card can be locked only in the first Data Packet, and must then be used', () => {
    const s = game.setup(opts({ hotshotSpacer: true }), 2, 'hot');
    const c0 = s.seats[0]?.packet[0] as string;
    const locked = act(s, 0, { type: 'draftPick', card: c0, lock: true });
    expect(locked.seats[0]?.locked).toBe(c0);
    expect(game.view(locked, 1).seats[0]?.hotshot).toBe(true);
    expect(game.view(locked, 1).lockedCard).toBeNull();
    const c1 = s.seats[1]?.packet[0] as string;
    const next = act(locked, 1, { type: 'draftPick', card: c1 });
    const c2 = next.seats[0]?.packet[0] as string;
    expectErr(game.apply(next, 0, { type: 'draftPick', card: c2, lock: true }, 0), 'HOTSHOT_FIRST_PACKET');
    expectErr(
      game.apply(game.setup(opts(), 2, 'hot'), 0, { type: 'draftPick', card: c0, lock: true }, 0),
      'NO_HOTSHOT',
    );
    const cs = composeState(opts({ hotshotSpacer: true }), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
      patch: [{ locked: '2C' }],
    });
    expectErr(game.apply(cs, 0, choose(['7S', '8H', 'JD']), 0), 'MUST_USE');
    act(cs, 0, choose(['7S', '2C', 'JD']));
  });
  it('Hotshot Spacer: a winning hotshot is paid 2 by each other player; a losing one pays 2 to every other player', () => {
    const mk = (lockedSeat: number) =>
      composeState(opts({ hotshotSpacer: true }), {
        target: ['3S', 'AC'],
        beacon: 'JD',
        memories: [
          ['7S', '8H', '2C', '3C'],
          ['4S', '5S', '6S', '9S'],
          ['4H', '5H', '6H', '9H'],
        ],
        patch: lockedSeat === 0 ? [{ locked: '7S' }] : [{}, { locked: '4S' }],
      });
    const play = (s0: ReturnType<typeof mk>) => {
      let s = act(s0, 0, choose(['7S', '8H', 'JD']));
      s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
      s = act(s, 1, choose(['4S', '5S', 'JD']));
      s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
      s = act(s, 2, choose(['4H', '5H', 'JD']));
      s = act(s, 2, submit(sum(['4H', '5H', 'JD']), 20));
      return s;
    };
    expect(play(mk(0)).seats.map((x) => x.chips)).toEqual([14, 8, 8]);
    // seat 1 locked and lost: pays 2 to seats 0 and 2; seat 2 pays 1 to the winner
    expect(play(mk(1)).seats.map((x) => x.chips)).toEqual([13, 6, 11]);
  });
  it('Hotshot Spacer: "every other player will pay you 2" — a co-winner pays the winning hotshot 2 as well', () => {
    const s0 = composeState(opts({ hotshotSpacer: true }), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
        ['7H', '8S', '2D', '3D'],
      ],
      patch: [{ locked: '7S' }],
    });
    let s = act(s0, 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
    s = act(s, 1, choose(['4S', '5S', 'JD']));
    s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    s = act(s, 2, choose(['7H', '8S', 'JD']));
    s = act(s, 2, submit(O('*', O('-', L('JD'), L('7H')), L('8S')), 32));
    expect(s.lastShowdown?.lines.filter((l) => l.winner).map((l) => l.seat)).toEqual([0, 2]);
    // seat 1 pays the hotshot 2 and the plain co-winner 1; co-winner seat 2 pays the hotshot 2
    expect(s.seats.map((x) => x.chips)).toEqual([14, 7, 9]);
  });
  it('options out of range are refused with a message, never silently changed', () => {
    for (const [chips, message] of [
      [0, 'Starting chips: at least 1.'],
      [-5, 'Starting chips: at least 1.'],
      [1000, 'Starting chips: at most 100.'],
      [2.5, 'Starting chips must be a whole number.'],
      ['10', 'Starting chips must be a number.'],
    ] as const) {
      const r = StarNavigatorOptionsSchema.safeParse({ startingChips: chips });
      expect(r.success).toBe(false);
      if (!r.success) expect(r.error.issues[0]!.message).toBe(message);
    }
    const declared = StarNavigatorIntentSchema.safeParse({ type: 'submit', expr: L('JD'), declared: 'abc' });
    expect(declared.success ? '' : declared.error.issues[0]!.message).toBe(
      'Your Jump Coordinates must be a number.',
    );
  });
  it('Slingshot Manoeuvre: a Vector Set of one suit (beacon included) takes 2 off the distance, below zero too', () => {
    const s0 = composeState(opts({ slingshotManoeuvre: true }), {
      target: ['2H', '4C'],
      beacon: '3S',
      memories: [
        ['5S', '4S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    let s = act(s0, 0, choose(['5S', '4S', '3S']));
    s = act(s, 0, submit(O('+', O('*', L('5S'), L('4S')), L('3S')), 23)); // 1 away, slingshot −1
    s = act(s, 1, choose(['6H', '6C', '3S']));
    s = act(s, 1, submit(O('+', O('*', L('6H'), L('3S')), L('6C')), 24)); // exact hit, 0
    expect(s.lastShowdown?.lines.map((l) => [l.seat, l.distance, l.slingshot])).toEqual([
      [0, -1, true],
      [1, 0, false],
    ]);
    expect(s.lastShowdown?.winners).toEqual([0]);
  });
  it('Slingshot Manoeuvre: off by default; a joker has no suit', () => {
    const s0 = composeState(opts(), {
      target: ['2H', '4C'],
      beacon: '3S',
      memories: [
        ['5S', '4S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    let s = act(s0, 0, choose(['5S', '4S', '3S']));
    s = act(s, 0, submit(O('+', O('*', L('5S'), L('4S')), L('3S')), 23));
    expect(showdownLine(s, 0, 24)).toMatchObject({ slingshot: false, distance: 1 });
  });
  it('Extrapolative Computation: a phantom before or after three consecutive numbers (A = 1, not past K, 0 allowed)', () => {
    const st = composeState(opts({ extrapolativeComputation: true }), {
      target: ['2H', '4C'],
      beacon: '3S',
      memories: [
        ['AS', '2S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expect(phantomsFor(st, S('AS', '2S', '3S'))).toEqual([0, 4]);
    expect(phantomsFor(st, S('7S', '8H', '9D'))).toEqual([6, 10]);
    expect(phantomsFor(st, S('JS', 'QH', 'KD'))).toEqual([10]);
    expect(phantomsFor(st, S('JS', 'QH', 'AD'))).toEqual([]);
    expect(phantomsFor(st, S('JK1', 'AH', '2D'))).toEqual([3]);
  });
  it('Extrapolative Computation: the phantom must then be used like any card', () => {
    const st = composeState(opts({ extrapolativeComputation: true }), {
      target: ['2H', '4C'],
      beacon: '3S',
      memories: [
        ['AS', '2S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expectErr(game.apply(st, 0, choose(['AS', '2S', '3S'], [{ card: 'AS', value: 1 }], 5), 0), 'BAD_PHANTOM');
    let s = act(st, 0, choose(['AS', '2S', '3S'], [{ card: 'AS', value: 100 }], 4));
    let t = act(s, 0, submit(O('*', O('*', L('phantom'), L('3S')), L('2S')), 24));
    expect(showdownLine(t, 0, 24)).toMatchObject({ phantom: 4, forfeit: 'illegalCalculation' }); // Ace unused
    t = act(
      s,
      0,
      submit(O('-', O('*', O('*', L('phantom'), L('3S')), L('2S')), O('-', L('AS'), L('AS'))), 24),
    );
    expect(showdownLine(t, 0, 24).forfeit).toBe('illegalCalculation'); // Ace twice
    s = act(
      s,
      0,
      submit(O('+', O('*', O('*', L('phantom'), L('3S')), L('2S')), O('-', L('AS'), L('AS'))), 24),
    );
    expect(showdownLine(s, 0, 24).forfeit).toBe('illegalCalculation');
    const ok = act(st, 0, choose(['AS', '2S', '3S'], [{ card: 'AS', value: 1 }], 4));
    const done = act(ok, 0, submit(O('*', O('*', L('phantom'), L('3S')), O('*', L('2S'), L('AS'))), 24));
    expect(showdownLine(done, 0, 24)).toMatchObject({ result: 24, distance: 0, forfeit: null });
    const off = composeState(opts(), {
      target: ['2H', '4C'],
      beacon: '3S',
      memories: [
        ['AS', '2S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expectErr(game.apply(off, 0, choose(['AS', '2S', '3S'], [{ card: 'AS', value: 1 }], 4), 0), 'NO_PHANTOM');
  });
});

describe('variants', () => {
  it('Forced Command Override: all Override cards are must use; two of them plus the beacon make three', () => {
    const s = composeState(opts({ variant: 'forcedCommandOverride', overrideSuit: 'H' }), {
      target: ['2S', '4C'],
      beacon: '3S',
      overrideSuit: 'H',
      memories: [
        ['5H', '4H', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expectErr(game.apply(s, 0, choose(['5H', '2C', '3S']), 0), 'MUST_USE');
    act(s, 0, choose(['5H', '4H', '3S']));
    // one Override card: it plus any other card and the beacon
    expectErr(game.apply(s, 1, choose(['2D', '6C', '3S']), 0), 'MUST_USE');
    act(s, 1, choose(['6H', '6C', '3S']));
  });
  it('Forced Command Override: three Override cards are all used plus the beacon (four cards in all)', () => {
    const s = composeState(opts({ variant: 'forcedCommandOverride', overrideSuit: 'H' }), {
      target: ['2S', '4C'],
      beacon: '3S',
      overrideSuit: 'H',
      memories: [
        ['5H', '4H', '7H', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expectErr(game.apply(s, 0, choose(['5H', '4H', '3S']), 0), 'MUST_USE');
    let t = act(s, 0, choose(['5H', '4H', '7H', '3S']));
    t = act(t, 0, submit(sum(['5H', '4H', '7H', '3S']), 19));
    expect(showdownLine(t, 0, 24)).toMatchObject({ result: 19, forfeit: null });
  });
  it('Select Command Override: exactly three cards, using one of several Override cards', () => {
    const s = composeState(opts({ variant: 'selectCommandOverride', overrideSuit: 'H' }), {
      target: ['2S', '4C'],
      beacon: '3S',
      overrideSuit: 'H',
      memories: [
        ['5H', '4H', '7H', '3C'],
        ['6S', '2D', '6C', '9D'],
      ],
    });
    expectErr(game.apply(s, 0, choose(['3C', '5H', '4H', '3S']), 0), 'WRONG_SIZE');
    expectErr(game.apply(s, 0, choose(['3C', '5C', '3S']), 0), 'NOT_YOUR_CARD');
    act(s, 0, choose(['3C', '5H', '3S']));
    act(s, 0, choose(['4H', '5H', '3S']));
    act(s, 1, choose(['6S', '6C', '3S']));
  });
  it('Override suit: fixed by the host, or random each round; the Precog variants use the trumps and the Tarot', () => {
    expect(
      game.setup(opts({ variant: 'forcedCommandOverride', overrideSuit: 'D' }), 2, 'x').overrideSuit,
    ).toBe('D');
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i++)
      seen.add(game.setup(opts({ variant: 'selectCommandOverride' }), 2, `r${i}`).overrideSuit);
    expect(seen.size).toBeGreaterThan(1);
    const p = game.setup(opts({ variant: 'forcedPrecog' }), 3, 'p');
    expect(p.overrideSuit).toBe('trumps');
    expect(p.deckKind).toBe('tarot');
    expect(Object.keys(p.cards)).toHaveLength(80);
    expect(game.setup(opts(), 2, 'n').overrideSuit).toBeNull();
  });
  it('Precog: Ace is 100 with no choice; trumps are their number and must be used (Select: one of them)', () => {
    const s = composeState(opts({ variant: 'selectPrecog' }), {
      target: ['T20'],
      beacon: 'tAW',
      overrideSuit: 'trumps',
      memories: [
        ['T3', 'T5', 'tPC', 'tKS'],
        ['t2W', 't3W', 't4W', 't5W'],
      ],
    });
    expect(s.target).toBe(20);
    expectErr(game.apply(s, 0, choose(['tPC', 'tKS', 'tAW']), 0), 'MUST_USE');
    let t = act(s, 0, choose(['T3', 'tKS', 'tAW']));
    t = act(t, 0, submit(O('-', L('tAW'), O('*', L('T3'), L('tKS'))), 61));
    expect(showdownLine(t, 0, 20)).toMatchObject({ result: 61, values: [3, 13, 100] });
  });
  it('Pirate Map: bought before the deal for 2 into the Bounty; the price rises by one each purchase', () => {
    let s = game.setup(opts({ pirateMap: true }), 3, 'map');
    expect(s.phase).toBe('market');
    const first = s.marketQueue[0] as number;
    expect(first).toBe(s.initiative);
    expect(game.legalIntents(s, first)).toEqual([{ type: 'buyMap' }, { type: 'declineMap' }]);
    s = act(s, first, { type: 'buyMap' });
    expect(s.phase).toBe('draft');
    expect(s.bounty).toBe(2);
    expect(s.mapOwner).toBe(first);
    expect(s.seats[first]?.chips).toBe(8);
    expect(game.view(s, 'spectator').pirateMapPrice).toBe(3);
    expect(game.view(s, 'spectator').bountyEligible).not.toContain(first);
  });
  it('Pirate Map: the owner lays out the full Nav Memory, the seeded d4 corrupts one card, the roll is shown to all', () => {
    const s = layOutState();
    expectErr(game.apply(s, 0, choose(['5H', '4H', '3S']), 0), 'LAY_OUT_FIRST');
    expectErr(game.apply(s, 0, { type: 'layOutMemory', order: ['5H', '4H', '7H'] }, 0), 'BAD_ORDER');
    const t = act(s, 0, { type: 'layOutMemory', order: ['3C', '7H', '4H', '5H'] });
    const roll = t.seats[0]?.corruption?.roll as number;
    expect(roll).toBeGreaterThanOrEqual(1);
    expect(roll).toBeLessThanOrEqual(4);
    const lost = ['3C', '7H', '4H', '5H'][roll - 1] as string;
    expect(t.seats[0]?.memory).toHaveLength(3);
    expect(t.seats[0]?.memory).not.toContain(lost);
    expect(t.discard).toContain(lost);
    expect(game.view(t, 1).seats[0]?.corruptionRoll).toBe(roll);
    expect(game.view(t, 1).corruptedCard).toBeNull();
    expect(game.view(t, 0).corruptedCard?.id).toBe(lost);
  });
  it('Pirate Map: the owner may bypass the Signpost Beacon', () => {
    const s = composeState(opts({ pirateMap: true }), {
      target: ['2S', '4C'],
      beacon: '3S',
      mapOwner: 0,
      memories: [
        ['5H', '4H', '7H'],
        ['6S', '2D', '6C', '9D'],
      ],
    });
    act(s, 0, choose(['5H', '4H', '7H']));
    act(s, 0, choose(['5H', '4H', '3S']));
    expectErr(game.apply(s, 1, choose(['6S', '2D', '6C']), 0), 'MUST_USE');
  });
  it('Bounty: a sole winner who does not own the map takes it; tied winners or the owner leave it', () => {
    const mk = (owner: number) =>
      composeState(opts({ pirateMap: true }), {
        target: ['3S', 'AC'],
        beacon: 'JD',
        bounty: 5,
        mapOwner: owner,
        memories: [
          ['7S', '8H', '2C'],
          ['4S', '5S', '6S', '9S'],
        ],
      });
    const play = (s0: ReturnType<typeof mk>) => {
      let s = act(s0, 0, choose(['7S', '8H', 'JD']));
      s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
      s = act(s, 1, choose(['4S', '5S', 'JD']));
      return act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    };
    const won = play(mk(1));
    expect(won.lastShowdown).toMatchObject({ bountyClaimedBy: 0, bountyClaimed: 5 });
    expect(won.bounty).toBe(0);
    expect(won.seats.map((x) => x.chips)).toEqual([16, 9]);
    const owner = play(mk(0));
    expect(owner.lastShowdown?.bountyClaimedBy).toBeNull();
    expect(owner.bounty).toBe(5);
  });
  it('Pirate Map: a buyer must keep a chip; the owner is not offered the map', () => {
    // 2 chips cannot pay 2 and keep one: nobody is offered, the round is dealt at once
    let s = game.setup(opts({ pirateMap: true, startingChips: 2 }), 2, 'poor');
    expect(s.phase).toBe('draft');
    s = game.setup(opts({ pirateMap: true, startingChips: 3 }), 2, 'ok');
    expect(s.phase).toBe('market');
    const a = s.marketQueue[0] as number;
    const b = 1 - a;
    expect(s.marketQueue).toEqual([a, b]);
    expectErr(game.apply(s, b, { type: 'buyMap' }, 0), 'NOT_OFFERED');
    // a can afford 2 (keeps 1) and buys; next round the map costs 3: b (3 chips) cannot, and a, the
    // owner, is never offered it: no market at all
    s = act(s, a, { type: 'buyMap' });
    expect(s.mapOwner).toBe(a);
    for (const seat of [0, 1]) if (s.phase !== 'showdown') s = act(s, seat, { type: 'roundTimeout' });
    expect(s.lastShowdown?.winners).toEqual([]);
    for (const seat of [0, 1]) s = act(s, seat, { type: 'continue' });
    expect(s.round).toBe(2);
    expect(s.phase).toBe('draft');
    // with enough chips for everyone, the owner is still left out of the queue
    const rich: StarNavigatorState = {
      ...s,
      seats: s.seats.map((x) => ({ ...x, chips: 20 })),
      phase: 'showdown',
    };
    const r3 = [0, 1].reduce((st, seat) => act(st, seat, { type: 'continue' }), rich);
    expect(r3.phase).toBe('market');
    expect(r3.marketQueue).toEqual([b]);
    expect(game.legalIntents(r3, a)).toEqual([]);
    expectErr(game.apply(r3, a, { type: 'buyMap' }, 0), 'NOT_OFFERED');
  });
});

describe('wire schemas', () => {
  it('schema: defaults of the options are the rules text defaults', () => {
    expect(StarNavigatorOptionsSchema.parse({})).toEqual(game.defaultConfig);
  });
  it('schema: a submitted tree parses; a malformed one is refused', () => {
    expect(StarNavigatorIntentSchema.safeParse(submit(O('+', L('a'), L('b')), 3)).success).toBe(true);
    expect(
      StarNavigatorIntentSchema.safeParse({ type: 'submit', expr: { kind: 'op', op: '%' }, declared: 1 })
        .success,
    ).toBe(false);
    expect(StarNavigatorIntentSchema.safeParse({ type: 'submit', expr: L('a'), declared: 1.5 }).success).toBe(
      false,
    );
  });
  it('checkChoice: the result is normalised (aces in card order)', () => {
    const s = composeState(opts(), {
      target: ['4S', '4H'],
      beacon: 'AD',
      memories: [
        ['AS', '6H', 'JC', 'QC'],
        ['2S', '3S', '7S', '9S'],
      ],
    });
    const r = checkChoice(s, 0, {
      cards: ['AS', '6H', 'AD'],
      aces: [
        { card: 'AD', value: 1 },
        { card: 'AS', value: 100 },
      ],
      phantom: null,
    });
    expect(r.ok && r.value.aces.map((a) => a.card)).toEqual(['AS', 'AD']);
  });
});
