import { describe, expect, it } from 'vitest';
import { CardSchema, JokerSchema, PlayingCardSchema } from '@cards/schema';
import {
  buildDeck,
  cardName,
  deckWithJokers,
  isJoker,
  jokers,
  playingCardName,
  standardDeck,
} from '../src/core/cards.ts';
import { seedPrng, shuffle } from '../src/core/prng.ts';

describe('shared cards and decks', () => {
  it('the standard deck is 52 distinct cards, 13 per suit, in a fixed order', () => {
    const deck = standardDeck();
    expect(deck).toHaveLength(52);
    expect(new Set(deck.map((c) => c.id)).size).toBe(52);
    for (const suit of ['S', 'H', 'D', 'C'] as const)
      expect(deck.filter((c) => c.suit === suit).map((c) => c.rank)).toEqual(
        Array.from({ length: 13 }, (_, i) => i + 1),
      );
    expect(deck.slice(0, 2).map((c) => c.id)).toEqual(['AS', '2S']);
    expect(deck.at(-1)?.id).toBe('KC');
    for (const card of deck) expect(CardSchema.parse(card)).toEqual(card);
  });

  it('offers two jokers, black JK1 and red JK2, that no standard card is mistaken for', () => {
    expect(jokers()).toEqual([
      { id: 'JK1', joker: true, color: 'black' },
      { id: 'JK2', joker: true, color: 'red' },
    ]);
    for (const joker of jokers()) expect(JokerSchema.parse(joker)).toEqual(joker);
    expect(jokers(2).map((j) => j.id)).toEqual(['JK1#2', 'JK2#2']);
    const deck = deckWithJokers();
    expect(deck).toHaveLength(54);
    expect(deck.filter(isJoker).map((j) => j.id)).toEqual(['JK1', 'JK2']);
    expect(deck.filter((c) => !isJoker(c))).toEqual(standardDeck());
    for (const card of deck) expect(PlayingCardSchema.parse(card)).toEqual(card);
    expect(playingCardName(jokers()[1]!)).toBe('Red Joker');
    expect(playingCardName(standardDeck()[0]!)).toBe(cardName(standardDeck()[0]!));
  });

  it('builds multi-deck shoes with unique ids, jokers per deck and filtered ranks', () => {
    const shoe = buildDeck({ copies: 2, jokers: 2 });
    expect(shoe).toHaveLength(108);
    expect(new Set(shoe.map((c) => c.id)).size).toBe(108);
    expect(shoe.filter(isJoker).map((j) => j.id)).toEqual(['JK1', 'JK2', 'JK1#1', 'JK2#1']);
    expect(buildDeck()).toEqual(standardDeck());
    expect(buildDeck({ jokers: 1 }).filter(isJoker)).toEqual([jokers()[0]]);
    const piquet = buildDeck({ keep: (c) => c.rank === 1 || c.rank >= 7 });
    expect(piquet).toHaveLength(32);
    expect(() => buildDeck({ copies: 0 })).toThrow();
  });

  it('a seeded shuffle of a deck with jokers is a permutation and deterministic', () => {
    const [a] = shuffle(deckWithJokers(), seedPrng('jokers'));
    const [b] = shuffle(deckWithJokers(), seedPrng('jokers'));
    expect(a).toEqual(b);
    expect([...a].map((c) => c.id).sort()).toEqual(
      deckWithJokers()
        .map((c) => c.id)
        .sort(),
    );
    expect(a.map((c) => c.id)).not.toEqual(deckWithJokers().map((c) => c.id));
  });
});
