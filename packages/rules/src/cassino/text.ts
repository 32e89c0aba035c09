import { cardName } from '../core/cards.ts';
import { itemCards, type Card, type CassinoTableItem } from './state.ts';

/** "a 9", "an 8", "an A": the article a rank label is read with. */
export const aRank = (label: string): string => `${/^(8|A)/.test(label) ? 'an' : 'a'} ${label}`;

/** "3♣ + 4♦" */
export const cardsText = (cards: readonly Card[]): string => cards.map(cardName).join(' + ');

/** A table item in words: "7♥" or "the build of 9 (3♣ + 6♦)". */
export function itemText(item: CassinoTableItem): string {
  if (item.type === 'card') return cardName(item.card);
  const b = item.build;
  const piles = b.groups.map(cardsText).join(', ');
  return b.kind === 'compound' ? `the build of ${b.value}s (${piles})` : `the build of ${b.value} (${piles})`;
}

/** A capture group in words: a lone item as itself, several items joined with "+". */
export function groupText(items: readonly CassinoTableItem[]): string {
  if (items.length === 1) return itemText(items[0] as CassinoTableItem);
  if (items.every((i) => i.type === 'card')) return cardsText(items.flatMap(itemCards));
  return items.map(itemText).join(' + ');
}
