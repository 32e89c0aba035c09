import { describe, expect, it } from 'vitest';
import type { CsLinkView, CuntSoulIntent, PlayingCard } from '@cards/schema';
import {
  linkFor,
  linkSizes,
  linkZone,
  setupIntent,
  slotHandCards,
  slotIntents,
  tappableLinkCards,
  toggleSetupCard,
  valueOfId,
} from './compose.ts';
import { linkNote } from './labels.ts';

const card = (id: string): PlayingCard =>
  id.startsWith('JK')
    ? { id, joker: true, color: 'black' }
    : { id, rank: { A: 1, J: 11, Q: 12, K: 13 }[id.slice(0, -1)] ?? Number(id.slice(0, -1)), suit: 'S' };

const hand = ['5S', '5H', '5D', '9C', 'JK1', 'QH#1'].map(card);
// As the server lists links: once per value and count, the first cards of that value.
const legal: CuntSoulIntent[] = [
  { type: 'playLink', cards: ['5S'] },
  { type: 'playLink', cards: ['5S', '5H'] },
  { type: 'playLink', cards: ['5S', '5H', '5D'] },
  { type: 'playLink', cards: ['JK1'] },
  { type: 'pickUp' },
];

describe('cunt-soul table composition', () => {
  it('reads values from card ids, two-deck suffixes and jokers included', () => {
    expect(['5S', '10D', 'QH#1', 'AS', 'JK2#1'].map(valueOfId)).toEqual(['5', '10', 'Q', 'A', 'Joker']);
  });

  it('lights up only cards of a value some legal link has', () => {
    expect(linkSizes(legal)).toEqual(
      new Map([
        ['5', 3],
        ['Joker', 1],
      ]),
    );
    expect([...tappableLinkCards(hand, legal, [])]).toEqual(['5S', '5H', '5D', 'JK1']);
  });

  it('once a card is chosen only cards of its value stay lit, up to the largest listed link', () => {
    expect([...tappableLinkCards(hand, legal, ['5D'])]).toEqual(['5S', '5H', '5D']);
    expect([...tappableLinkCards(hand, legal, ['JK1'])]).toEqual(['JK1']);
  });

  it('any cards of a listed value and count make the link (suits never matter)', () => {
    expect(linkFor(legal, ['5D', '5H'])).toEqual({ type: 'playLink', cards: ['5D', '5H'] });
    expect(linkFor(legal, ['5D', 'JK1'])).toBeNull();
    expect(linkFor(legal, ['9C'])).toBeNull();
    expect(linkFor(legal, [])).toBeNull();
  });

  it('plays from the face-up cards when the listed links are not in the hand', () => {
    expect(linkZone(legal, hand)).toBe('hand');
    expect(linkZone([{ type: 'playLink', cards: ['KD'] }], hand)).toBe('up');
  });

  it('offers a field change or swap for every hand card of a listed value, to the listed slots', () => {
    const swaps: CuntSoulIntent[] = [
      { type: 'swap5', card: '5S', slot: 0 },
      { type: 'swap5', card: '5S', slot: 2 },
      { type: 'endSwaps' },
    ];
    expect([...slotHandCards(hand, swaps, 'swap5')]).toEqual(['5S', '5H', '5D']);
    expect(slotHandCards(hand, swaps, 'changeField').size).toBe(0);
    expect([...slotIntents(swaps, 'swap5', '5H')]).toEqual([
      [0, { type: 'swap5', card: '5H', slot: 0 }],
      [2, { type: 'swap5', card: '5H', slot: 2 }],
    ]);
  });

  it('setup: three taps lie face up, the fourth is the field card, a tap again drops it', () => {
    let pick = { up: [] as string[], field: null as string | null };
    for (const id of ['5S', '5H', '9C', 'JK1', 'QH#1']) pick = toggleSetupCard(pick, id);
    expect(pick).toEqual({ up: ['5S', '5H', '9C'], field: 'JK1' });
    expect(setupIntent(pick)).toEqual({ type: 'setupSelect', up: ['5S', '5H', '9C'], field: 'JK1' });
    pick = toggleSetupCard(pick, '5H');
    expect(setupIntent(pick)).toBeNull();
    expect(toggleSetupCard(pick, 'QH#1')).toEqual({ up: ['5S', '9C', 'QH#1'], field: 'JK1' });
  });

  it('names a link by the value it plays as when that differs from the print', () => {
    const link: CsLinkView = {
      id: 1,
      cards: [],
      player: 0,
      printed: '2',
      value: '2',
      ability: null,
      choice: null,
      run: false,
    };
    expect(linkNote({ ...link, printed: '6', value: '5' })).toBe('6 as 5');
    expect(linkNote({ ...link, printed: 'Joker', value: '8' })).toBe('Joker as 8');
    expect(linkNote({ ...link, printed: '6', value: 'table' })).toBe('6 as table');
    expect(linkNote({ ...link, printed: '7', value: '7', choice: 'lower' })).toBe('lower');
    expect(linkNote({ ...link, printed: '9', value: '9' })).toBeNull();
  });
});
