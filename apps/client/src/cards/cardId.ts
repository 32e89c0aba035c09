import type { Card, Suit } from '@cards/schema';

const RANKS: Readonly<Record<string, number>> = { A: 1, J: 11, Q: 12, K: 13 };

/** Decode a standard card id ("10D", "AS", "QH#1") for display; null if it is not one. */
export function cardFromId(id: string): Card | null {
  const m = /^(A|[2-9]|10|J|Q|K)([SHDC])(#\d+)?$/.exec(id);
  if (!m) return null;
  const rank = RANKS[m[1] ?? ''] ?? Number(m[1]);
  return { id, rank, suit: m[2] as Suit };
}
