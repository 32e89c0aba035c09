import type { Card, Suit } from '@cards/schema';

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
