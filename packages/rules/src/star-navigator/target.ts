/**
 * The target and the Signpost Beacon. Without an Override suit the target is the
 * first card × 10 + the second (A = 1, Joker = 0: "Q, 5" → 125, "5, K" → 63). With one, an Override
 * card is the whole target by itself: drawn first it stands alone; drawn second, the first card is
 * discarded and it stands alone.
 */
import type { StarCard, StarSuit } from '@cards/schema';
import { invariant } from '../core/result.ts';
import { targetValue } from './cards.ts';

export interface DealtTarget {
  /** The cards that make the target (one or two). */
  readonly cards: readonly StarCard[];
  /** Cards drawn for the target and discarded. */
  readonly setAside: readonly StarCard[];
  readonly value: number;
  /** How many cards were taken from the top of the deck. */
  readonly used: number;
}

/** Draws the target from the top of `deck` (which is not changed). */
export function dealTarget(deck: readonly StarCard[], overrideSuit: StarSuit | null): DealtTarget {
  const first = deck[0];
  const second = deck[1];
  invariant(first !== undefined && second !== undefined, 'deck too small for a target');
  if (overrideSuit !== null && first.suit === overrideSuit) {
    return { cards: [first], setAside: [], value: targetValue(first), used: 1 };
  }
  if (overrideSuit !== null && second.suit === overrideSuit) {
    return { cards: [second], setAside: [first], value: targetValue(second), used: 2 };
  }
  return {
    cards: [first, second],
    setAside: [],
    value: targetValue(first) * 10 + targetValue(second),
    used: 2,
  };
}

/** The target a pair of cards makes without an Override suit. */
export const pairTarget = (first: StarCard, second: StarCard): number =>
  targetValue(first) * 10 + targetValue(second);
