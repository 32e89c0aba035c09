/**
 * The decks: the standard 54-card deck (52 + 2 jokers) and, for the Precog variants, an 80-card
 * Tarot deck (56 minor cards, 22 trumps, 2 jokers). Card values per the rules and rulings.
 */
import type { Joker, StarCard, StarNavigatorOptions, StarSuit } from '@cards/schema';
import { deckWithJokers, isJoker, jokers, rankLabel } from '../core/cards.ts';

export type DeckKind = 'standard' | 'tarot';

/** Tarot minor ranks: Ace 100 (always), 2–10, Page 1, Knight 11, Queen 12, King 13. */
const TAROT_RANKS: readonly [string, number][] = [
  ['A', 100],
  ...Array.from({ length: 9 }, (_, i): [string, number] => [String(i + 2), i + 2]),
  ['P', 1],
  ['N', 11],
  ['Q', 12],
  ['K', 13],
];

const TAROT_SUITS: readonly StarSuit[] = ['wands', 'cups', 'swords', 'coins'];
const TAROT_PREFIX: Readonly<Record<string, string>> = { wands: 'W', cups: 'C', swords: 'S', coins: 'P' };

/** A joker of the shared deck (core/cards.ts) as a Star Navigator card: worth 0. */
const starJoker = (joker: Joker): StarCard => ({
  id: joker.id,
  suit: 'joker',
  rank: 'Joker',
  value: 0,
  aceChoice: false,
});

/** The shared 54-card deck (core/cards.ts) as Star Navigator cards: A 1 (or 100 by choice) … K 13, jokers 0. */
export function standardDeck(): StarCard[] {
  return deckWithJokers().map((card) =>
    isJoker(card)
      ? starJoker(card)
      : {
          id: card.id,
          suit: card.suit,
          rank: rankLabel(card.rank),
          value: card.rank,
          aceChoice: card.rank === 1,
        },
  );
}

export function tarotDeck(): StarCard[] {
  return [
    ...TAROT_SUITS.flatMap((suit) =>
      TAROT_RANKS.map(([rank, value]) => ({
        id: `t${rank}${TAROT_PREFIX[suit] ?? '?'}`,
        suit,
        rank,
        value,
        aceChoice: false,
      })),
    ),
    ...Array.from({ length: 22 }, (_, n): StarCard => ({
      id: `T${n}`,
      suit: 'trumps',
      rank: String(n),
      value: n,
      aceChoice: false,
    })),
    ...jokers().map(starJoker),
  ];
}

export const deckKindOf = (options: StarNavigatorOptions): DeckKind =>
  options.variant === 'forcedPrecog' || options.variant === 'selectPrecog' ? 'tarot' : 'standard';

export const deckOf = (kind: DeckKind): StarCard[] => (kind === 'tarot' ? tarotDeck() : standardDeck());

export type OverrideRule = 'none' | 'forced' | 'select';

export function overrideRuleOf(options: StarNavigatorOptions): OverrideRule {
  switch (options.variant) {
    case 'forcedCommandOverride':
    case 'forcedPrecog':
      return 'forced';
    case 'selectCommandOverride':
    case 'selectPrecog':
      return 'select';
    default:
      return 'none';
  }
}

/** A card's value in the target: its fixed value (a standard Ace is 1 here; a Tarot Ace stays 100). */
export const targetValue = (card: StarCard): number => card.value;

/**
 * A card's value in a sequence (Extrapolative Computation): its number value. "Ace is equal to 1 for
 * sequences" concerns the standard Ace, whose value is a choice (its fixed value is 1). The Tarot Ace
 * is 100 always, so it never makes a run (there is no 99 or 101); the Tarot's 1 is the Page.
 */
export const sequenceValue = (card: StarCard): number => card.value;

/** Highest number a phantom may be: the King (13), or the highest trump (21) with the Tarot. */
export const phantomMax = (kind: DeckKind): number => (kind === 'tarot' ? 21 : 13);

/** Short human name, as the table shows it: "Q♥", "Joker", "Page of cups (1)", "Trump 20". */
export { starCardLabel as cardLabel } from '@cards/schema';
