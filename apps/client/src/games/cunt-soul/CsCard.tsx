import type { PlayingCard } from '@cards/schema';
import { isRed, SuitIcon } from '../../cards/suits.tsx';
import { cardText } from './labels.ts';

const RANKS: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/**
 * A compact card: rank and suit, small enough for eight seats of face-up cards on one screen.
 * `known` marks a face-down card its owner saw go there (a field-5 swap).
 */
export function CsCard({
  card,
  size,
  known = false,
  testId,
}: {
  card: PlayingCard;
  size: 'sm' | 'md';
  known?: boolean;
  testId?: string;
}) {
  const joker = 'joker' in card;
  const red = joker ? card.color === 'red' : isRed(card.suit);
  return (
    <span
      className={`cs-card cs-card--${size} ${red ? 'is-red' : 'is-black'} ${known ? 'is-known' : ''}`}
      role="img"
      aria-label={cardText(card)}
      data-card={card.id}
      data-testid={testId}
    >
      {joker ? (
        <span className="cs-card__joker" aria-hidden="true">
          <span className="cs-card__joker-star">★</span>
          <span className="cs-card__joker-text">Joker</span>
        </span>
      ) : (
        <span className="cs-card__face" aria-hidden="true">
          <span className="cs-card__rank">{RANKS[card.rank] ?? card.rank}</span>
          <SuitIcon suit={card.suit} className="cs-card__suit" />
        </span>
      )}
    </span>
  );
}

export function CsBack({ size }: { size: 'sm' | 'md' }) {
  return <span className={`cs-card cs-card--${size} cs-card--back`} aria-hidden="true" />;
}
