import type { BlindCassowaryCard } from '@cards/schema';
import { standardDeck } from '../core/cards.ts';

/** Rank 0 marks a chameleon (a joker). */
export const CHAMELEON = 0;
export const CHAMELEON_IDS = ['X1', 'X2'] as const;

export const isChameleon = (card: BlindCassowaryCard): boolean => card.rank === CHAMELEON;

/** The 54-card deck in a fixed order: the standard 52 (ids "AS" … "KC"), then chameleons X1, X2. */
export function blindCassowaryDeck(): BlindCassowaryCard[] {
  const deck: BlindCassowaryCard[] = standardDeck().map((c) => ({ id: c.id, rank: c.rank, suit: c.suit }));
  for (const id of CHAMELEON_IDS) deck.push({ id, rank: CHAMELEON, suit: null });
  return deck;
}

export const DECK_SIZE = 54;
export const HAND_SIZE = 5;

const LABELS: Readonly<Record<number, string>> = { 0: 'C', 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
/** "C" for a chameleon, else A 2 … 10 J Q K. */
export const label = (card: BlindCassowaryCard): string => LABELS[card.rank] ?? String(card.rank);
