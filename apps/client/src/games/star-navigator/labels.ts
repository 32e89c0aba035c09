import type { StarCard } from '@cards/schema';

/** The cards' names in text, for both decks (the faces are StarCardFace.tsx). */
export const FRENCH: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAME: Readonly<Record<string, string>> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  wands: 'wands',
  cups: 'cups',
  swords: 'swords',
  coins: 'coins',
  trumps: 'trumps',
  joker: 'joker',
};
export const TAROT_COURT: Readonly<Record<string, string>> = {
  A: 'Ace',
  P: 'Page',
  N: 'Knight',
  Q: 'Queen',
  K: 'King',
};

/** A short suit mark for running text: ♠ ♥ ♦ ♣, ★ for trumps, the word for a Tarot suit. */
export const suitMark = (suit: string): string => FRENCH[suit] ?? (suit === 'trumps' ? '★' : suit);

/** Short text name, the same in every text: "Q♥", "Joker", "Ace of cups (100)", "Trump 20". */
export { starCardLabel as cardLabel } from '@cards/schema';

export function spokenCard(c: StarCard): string {
  if (c.suit === 'joker') return 'Joker, value 0';
  if (c.suit === 'trumps') return `Trump ${c.rank}, value ${c.value}`;
  const rank = FRENCH[c.suit] === undefined ? (TAROT_COURT[c.rank] ?? c.rank) : c.rank;
  return `${rank} of ${SUIT_NAME[c.suit] ?? c.suit}, value ${c.aceChoice ? '1 or 100' : c.value}`;
}
