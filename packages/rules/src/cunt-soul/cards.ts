/** Card ids, syntactic values and their labels (V-1). Suits never matter in this game. */
import type { CsValue, PlayingCard } from '@cards/schema';
import { deckWithJokers, isJoker, rankLabel } from '../core/cards.ts';

/** Numeric values: ranks 2…14 (A = 14); `TABLE` is a semantic value only; `JOKER` a syntactic one. */
export const TABLE = 1;
export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;
export const ACE = 14;
export const JOKER = 15;
/** An ability value meaning "no ability" (V-4). */
export const NONE = 0;

const ALL_CARDS: readonly PlayingCard[] = [...deckWithJokers(0), ...deckWithJokers(1)];
const BY_ID: ReadonlyMap<string, PlayingCard> = new Map(ALL_CARDS.map((c) => [c.id, c]));

/** The card ids of `decks` full 54-card decks, in a fixed order (shuffled by the deal). */
export const deckIds = (decks: number): string[] =>
  Array.from({ length: decks }, (_, copy) => deckWithJokers(copy).map((c) => c.id)).flat();

export const isCardId = (id: unknown): id is string => typeof id === 'string' && BY_ID.has(id);

export function cardOf(id: string): PlayingCard {
  const card = BY_ID.get(id);
  if (card === undefined) throw new Error(`unknown card ${id}`);
  return card;
}

const SYN: ReadonlyMap<string, number> = new Map(
  ALL_CARDS.map((c) => [c.id, isJoker(c) ? JOKER : c.rank === 1 ? ACE : c.rank]),
);

/** The syntactic value of a card: 2…14 or JOKER. */
export function syn(id: string): number {
  const value = SYN.get(id);
  if (value === undefined) throw new Error(`unknown card ${id}`);
  return value;
}

export function valueLabel(value: number): CsValue {
  if (value === JOKER) return 'Joker';
  if (value === TABLE) return 'table';
  if (value === ACE) return 'A';
  return rankLabel(value) as CsValue;
}
