import type { Suit } from '@cards/schema';

export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
};

export const isRed = (suit: Suit) => suit === 'H' || suit === 'D';

/** Suit symbols drawn as SVG so they look the same on every platform (no emoji fallback). */
export function SuitIcon({ suit, className }: { suit: Suit; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      {suit === 'H' && (
        <path d="M50 90C22 66 5 50 5 30 5 15 16 5 29 5c9 0 17 5 21 13 4-8 12-13 21-13 13 0 24 10 24 25 0 20-17 36-45 60z" />
      )}
      {suit === 'D' && <path d="M50 3 88 50 50 97 12 50z" />}
      {suit === 'S' && (
        <path d="M50 3C38 22 6 38 6 62c0 14 10 23 22 23 8 0 14-4 18-10-1 9-5 16-13 22h34c-8-6-12-13-13-22 4 6 10 10 18 10 12 0 22-9 22-23C94 38 62 22 50 3z" />
      )}
      {suit === 'C' && (
        <>
          <circle cx="50" cy="27" r="20" />
          <circle cx="26" cy="58" r="20" />
          <circle cx="74" cy="58" r="20" />
          <path d="M45 50h10c0 20 4 34 14 47H31c10-13 14-27 14-47z" />
        </>
      )}
    </svg>
  );
}
