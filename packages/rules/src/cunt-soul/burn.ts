/** B-1: burning the pile, out of the game or under the source while field 10 is in play. */
import { fieldFlags } from './fields.ts';
import type { BurnReason, Draft } from './state.ts';

export function burnCards(d: Draft, cards: readonly string[]): void {
  if (fieldFlags(d).f10 && d.source.length > 0) d.source.push(...cards);
  else d.out.push(...cards);
}

/** Burns the whole pile; the chain ends and every obligation lapses (B-4). */
export function burnPile(d: Draft, reason: BurnReason): void {
  const cards = d.pile.flatMap((l) => l.cards);
  burnCards(d, cards);
  d.pile = [];
  d.lastBurn = { seat: d.current, reason, cards: cards.length };
  d.step.burn = reason;
  d.turn.chainOver = true;
  d.turn.oblig = 'none';
  d.turn.run = null;
}
