import { CassinoViewSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { cassino } from '../src/index.ts';
import { enumerateIntents } from '../src/cassino/legal.ts';
import { aRank } from '../src/cassino/text.ts';
import { buildItem, deepFreeze, loose, makeState, refused } from './cassino-helpers.ts';

describe('cassino: view', () => {
  const s = cassino.setup({ match: 'to21' }, 2, 'view');

  it('a seat sees its own hand only, counts for the rest, never the deck', () => {
    const v = CassinoViewSchema.parse(cassino.view(s, 0));
    expect(v.viewer).toBe(0);
    expect(v.hand).toEqual(s.hands[0]);
    expect(v.handCounts).toEqual([4, 4]);
    expect(v.deckCount).toBe(40);
    expect(v.turn).toBe(1);
    expect(v.dealer).toBe(0);
    expect(v.round).toBe(1);
    expect(v.dealNumber).toBe(1);
    expect(v.options).toEqual({ match: 'to21' });
    expect(v.lastAction).toMatchObject({ seat: 0, kind: 'deal' });
    const text = JSON.stringify(v);
    for (const c of [...s.hands[1]!, ...s.deck]) expect(text).not.toContain(`"${c.id}"`);
  });

  it('a spectator sees no hand at all', () => {
    const v = CassinoViewSchema.parse(cassino.view(s, 'spectator'));
    expect(v.viewer).toBe('spectator');
    expect(v.hand).toEqual([]);
    const text = JSON.stringify(v);
    for (const c of [...s.hands[0]!, ...s.hands[1]!, ...s.deck]) expect(text).not.toContain(`"${c.id}"`);
  });

  it('the view shows builds with their groups and controller, and is a copy', () => {
    const t = makeState({
      hands: ['9C 4D', '9H 4S'],
      table: [buildItem('b1', 'compound', 9, ['3C 6D', '9S'], 1), loose('5C')],
    });
    const v = CassinoViewSchema.parse(cassino.view(deepFreeze(t), 1));
    expect(v.table[0]).toEqual(t.table[0]);
    expect(v.awaitingContinue).toEqual([]);
    expect(v.winners).toEqual([]);
    v.hand.pop();
    expect(t.hands[1]).toHaveLength(2);
  });

  it('apply never mutates its input and refuses malformed intents', () => {
    const t = deepFreeze(makeState({ hands: ['9C 4D', '5H 6S'], table: [loose('2C')] }));
    const bad: unknown[] = [
      null,
      {},
      { type: 'dance' },
      { type: 'capture', card: '5H' },
      { type: 'capture', card: '5H', items: 'x' },
      { type: 'capture', card: '5H', items: [3] },
      { type: 'build', card: '5H', items: ['2C'], value: 7.5 },
      { type: 'build', card: '5H', items: ['2C'] },
      { type: 'trail' },
    ];
    for (const intent of bad) expect(cassino.apply(t, 1, intent as never, 0).ok).toBe(false);
    expect(refused(t, 0, { type: 'trail', card: '9C' }).code).toBe('NOT_YOUR_TURN');
    expect(refused(t, 1, { type: 'continue' }).code).toBe('NOT_ACCEPTING_CONTINUE');
    expect(cassino.apply(t, 1, { type: 'trail', card: '5H' }, 0).ok).toBe(true);
    expect(t.table).toHaveLength(1);
  });

  it('error messages are written for players', () => {
    const t = makeState({ hands: ['9C 4D', '5H 6S'], table: [loose('2C'), loose('KD')] });
    expect(refused(t, 1, { type: 'build', card: '5H', items: ['2C'], value: 7 }).message).toBe(
      'You must keep a 7 in your hand to build 7.',
    );
    expect(refused(t, 1, { type: 'capture', card: '6S', items: ['2C'] }).message).toBe(
      '6♠ cannot take those items: they must split into groups that each add up to 6.',
    );
    expect(refused(t, 1, { type: 'trail', card: '7S' }).message).toBe('That card is not in your hand.');
  });
});

describe('cassino: messages read right', () => {
  it('"an 8", "an A", "a 9"', () => {
    expect(aRank('8')).toBe('an 8');
    expect(aRank('A')).toBe('an A');
    expect(aRank('9')).toBe('a 9');
    expect(aRank('10')).toBe('a 10');
  });

  it('a view and a legal list asked between other states’ still come from their own state', () => {
    // legalPlays remembers the last state's enumerations only: asking about another state in
    // between must not hand one state's plays to another.
    const first = makeState({ hands: ['9C 4D', '9H 4S'], table: ['5C', '4H'].map(loose), turn: 0 });
    const second = makeState({ hands: ['KC 2D', '3H 2S'], table: ['2C', 'QH'].map(loose), turn: 0 });
    const fresh = (t: typeof first, seat: number) => enumerateIntents(t, seat);
    for (const [t, other] of [
      [first, second],
      [second, first],
      [first, second],
    ] as const) {
      expect(cassino.legalIntents(t, 0)).toEqual(fresh(t, 0).intents);
      expect(cassino.view(other, 1).freePlay).toEqual(fresh(other, 1).freePlay);
      expect(cassino.view(t, 0).freePlay).toEqual(fresh(t, 0).freePlay);
      expect(cassino.legalIntents(other, 0)).toEqual(fresh(other, 0).intents);
    }
    expect(cassino.legalIntents(first, 0)).not.toEqual(cassino.legalIntents(second, 0));
  });
});
