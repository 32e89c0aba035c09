import type { Card, Joker, PlayingCard, Suit } from '@cards/schema';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const RANK_LABELS: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

export const rankLabel = (rank: number): string => RANK_LABELS[rank] ?? String(rank);

/** Stable id for a standard card, e.g. "AS", "10D", "QH". Decks of several copies add a suffix. */
export const cardId = (rank: number, suit: Suit, copy = 0): string =>
  `${rankLabel(rank)}${suit}${copy > 0 ? `#${copy}` : ''}`;

export const cardName = (card: Card): string => `${rankLabel(card.rank)}${SUIT_SYMBOLS[card.suit]}`;

/** The standard 52-card deck in a fixed order (spades, hearts, diamonds, clubs; A..K). */
export function standardDeck(copy = 0): Card[] {
  return SUITS.flatMap((suit) =>
    Array.from({ length: 13 }, (_, i) => ({ id: cardId(i + 1, suit, copy), rank: i + 1, suit })),
  );
}

/**
 * The two jokers of a standard deck: JK1 black (the "little" joker), JK2 red. Games that do not tell
 * them apart just ignore the colour. Decks of several copies add the same suffix as cardId.
 */
export function jokers(copy = 0): Joker[] {
  const suffix = copy > 0 ? `#${copy}` : '';
  return [
    { id: `JK1${suffix}`, joker: true, color: 'black' },
    { id: `JK2${suffix}`, joker: true, color: 'red' },
  ];
}

export const isJoker = (card: PlayingCard): card is Joker => 'joker' in card;

export const playingCardName = (card: PlayingCard): string =>
  isJoker(card) ? `${card.color === 'red' ? 'Red' : 'Black'} Joker` : cardName(card);

/** The 54-card deck: the standard 52 (in standardDeck's order) followed by the two jokers. */
export function deckWithJokers(copy = 0): PlayingCard[] {
  return [...standardDeck(copy), ...jokers(copy)];
}

export interface DeckSpec {
  /** How many full decks are shuffled together (copy 0, 1, …; ids are unique across copies). */
  copies?: number;
  /** Jokers per deck: 0, 1 (the black one) or 2 (default 0). */
  jokers?: 0 | 1 | 2;
  /** Leave out cards, e.g. a Piquet deck drops ranks 2–6: `(c) => c.rank >= 7 || c.rank === 1`. */
  keep?: (card: Card) => boolean;
}

/**
 * Builds a deck from standard cards and jokers in a fixed order (deal from it after a seeded
 * shuffle). Custom card types (the maths game's numbers, a Tarot deck) have their own builders.
 */
export function buildDeck(spec: DeckSpec = {}): PlayingCard[] {
  const copies = spec.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1) throw new Error(`a deck needs at least one copy (${copies})`);
  const keep = spec.keep ?? (() => true);
  return Array.from({ length: copies }, (_, copy) => [
    ...standardDeck(copy).filter(keep),
    ...jokers(copy).slice(0, spec.jokers ?? 0),
  ]).flat();
}
