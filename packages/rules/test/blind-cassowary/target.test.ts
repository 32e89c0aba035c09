import { describe, expect, it } from 'vitest';
import { methodOne, drawTarget } from '../../src/blind-cassowary/target.ts';
import { blindCassowaryDeck } from '../../src/blind-cassowary/deck.ts';
import { seedPrng } from '../../src/core/prng.ts';
import { card, cards, game } from './helpers.ts';
import { BLIND_CASSOWARY_DEFAULTS } from '../../src/blind-cassowary/index.ts';

const one = (a: string, b: string) => methodOne(card(a), card(b));

describe('blind-cassowary: deck', () => {
  it('has 52 cards plus two chameleons, ids unique', () => {
    const deck = blindCassowaryDeck();
    expect(deck).toHaveLength(54);
    expect(new Set(deck.map((c) => c.id)).size).toBe(54);
    expect(deck.filter((c) => c.rank === 0).map((c) => c.id)).toEqual(['X1', 'X2']);
  });
});

describe('blind-cassowary: Method One target', () => {
  const cases: [string, string, number, string][] = [
    ['KS', '3H', 16, 'faceThenNumber'],
    ['KS', '7H', 20, 'faceThenNumber'],
    ['10S', '5H', 15, 'faceThenNumber'],
    ['8S', 'JH', 91, 'numberThenFace'],
    ['7S', 'KH', 83, 'numberThenFace'],
    ['5S', '10H', 60, 'numberThenFace'],
    ['KS', 'JH', 141, 'curse'],
    ['JS', 'KH', 123, 'curse'],
    ['10S', 'JH', 111, 'curse'],
    ['10S', '10H', 110, 'curse'],
    ['JS', 'X1', 1111, 'chameleon'],
    ['QS', 'X1', 1212, 'chameleon'],
    ['X2', 'QS', 1212, 'chameleon'],
    ['5S', 'X1', 55, 'chameleon'],
    ['8S', '5H', 85, 'digits'],
    ['AS', '5H', 15, 'digits'],
  ];
  for (const [a, b, value, rule] of cases)
    it(`${a}, ${b} → ${value}`, () => {
      expect(one(a, b)).toMatchObject({ value, rule });
    });

  it('two chameleons: both go back and two more are drawn', () => {
    expect(one('X1', 'X2')).toBeNull();
    const reserve = cards('X1 X2 3S 4S 5S 6S 7S 8S');
    const r = drawTarget(reserve, 'one', seedPrng('t'))!;
    expect(r.target.redrawn.map((c) => c.id)).toEqual(['X1', 'X2']);
    expect(r.target.cards.some((c) => c.rank === 0 && r.target.cards.every((d) => d.rank === 0))).toBe(false);
    // the chameleons went back into the reserve: nothing is lost
    expect(r.reserve.length + r.target.cards.length).toBe(8);
  });
});

describe('blind-cassowary: Method Two target', () => {
  it('sets aside faces, 10s and chameleons until each digit is 1–9', () => {
    const r = drawTarget(cards('KS X1 4H 10D QC 7S 9S'), 'two', seedPrng('t'))!;
    expect(r.target.value).toBe(47);
    expect(r.target.redrawn.map((c) => c.id)).toEqual(['KS', 'X1', '10D', 'QC']);
    expect(r.reserve.map((c) => c.id)).toEqual(['9S']);
  });
  it('A = 1: an Ace is a digit and is kept (not set aside)', () => {
    const ace = drawTarget(cards('AS 7H 9S'), 'two', seedPrng('t'))!;
    expect(ace.target).toMatchObject({ value: 17, redrawn: [] });
    expect(ace.target.cards.map((c) => c.id)).toEqual(['AS', '7H']);
    const second = drawTarget(cards('JD 4C AH 2S'), 'two', seedPrng('t'))!;
    expect(second.target.value).toBe(41);
    expect(second.target.cards.map((c) => c.id)).toEqual(['4C', 'AH']);
    expect(second.target.redrawn.map((c) => c.id)).toEqual(['JD']);
    expect(second.reserve.map((c) => c.id)).toEqual(['2S']);
    expect(drawTarget(cards('AS AH'), 'two', seedPrng('t'))!.target.value).toBe(11);
  });
  it('a reserve without two 1–9 cards cannot give a target: the deal is made again', () => {
    expect(drawTarget(cards('KS X1 4H 10D QC'), 'two', seedPrng('t'))).toBeNull();
    expect(drawTarget(cards('KS JH'), 'two', seedPrng('t'))).toBeNull();
    // Eight players leave 14 cards: setup always ends with a proper target and all 54 cards.
    for (let i = 0; i < 200; i++) {
      const s = game.setup({ ...BLIND_CASSOWARY_DEFAULTS, targetMethod: 'two' }, 8, `eight-${i}`);
      expect(s.target.cards).toHaveLength(2);
      const total = s.hands.flat().length + s.reserve.length + s.target.cards.length + s.setAside.length;
      expect(total).toBe(54);
    }
  });
  it('setup keeps the set-aside cards out of play', () => {
    for (let i = 0; i < 30; i++) {
      const s = game.setup({ ...BLIND_CASSOWARY_DEFAULTS, targetMethod: 'two' }, 4, `two-${i}`);
      expect(s.target.value).toBeGreaterThanOrEqual(11);
      expect(s.target.value).toBeLessThanOrEqual(99);
      expect(s.target.value % 10).not.toBe(0);
      const total = s.hands.flat().length + s.reserve.length + s.target.cards.length + s.setAside.length;
      expect(total).toBe(54);
    }
  });
});
