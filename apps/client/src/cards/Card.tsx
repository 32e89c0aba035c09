import { motion } from 'motion/react';
import type { Card } from '@cards/schema';
import { isRed, SUIT_NAMES, SuitIcon } from './suits.tsx';
import './cards.css';

const RANK_LABELS: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const RANK_NAMES: Readonly<Record<number, string>> = { 1: 'Ace', 11: 'Jack', 12: 'Queen', 13: 'King' };

export const rankText = (rank: number) => RANK_LABELS[rank] ?? String(rank);

/** "10 of diamonds", for screen readers and titles. */
export const spokenCard = (card: Card) => `${RANK_NAMES[card.rank] ?? card.rank} of ${SUIT_NAMES[card.suit]}`;

export type CardSize = 'sm' | 'md' | 'lg';

interface FaceProps {
  card: Card;
  size?: CardSize;
  /** Animate between places that show the same card (hand → table → pile). */
  layoutId?: string;
  className?: string;
}

const spring = { type: 'spring', stiffness: 420, damping: 36 } as const;

/** A card face: corner indices, a large centre suit (or a framed court letter). */
export function CardFace({ card, size = 'md', layoutId, className }: FaceProps) {
  const label = rankText(card.rank);
  const court = card.rank >= 11;
  return (
    <motion.div
      layoutId={layoutId}
      layout={layoutId ? true : undefined}
      transition={spring}
      className={`card card--${size} ${isRed(card.suit) ? 'card--red' : 'card--black'} ${className ?? ''}`}
      role="img"
      aria-label={spokenCard(card)}
      data-card={card.id}
      data-suit={card.suit}
    >
      <span className="card__corner card__corner--tl" aria-hidden="true">
        <span className="card__rank">{label}</span>
        <SuitIcon suit={card.suit} className="card__corner-suit" />
      </span>
      <span className={`card__center ${court ? 'card__center--court' : ''}`} aria-hidden="true">
        {court ? (
          <>
            <span className="card__court-letter" data-rank={label} />
            <SuitIcon suit={card.suit} className="card__court-suit" />
          </>
        ) : card.rank === 1 ? (
          <SuitIcon suit={card.suit} className="card__ace-suit" />
        ) : (
          <SuitIcon suit={card.suit} className="card__big-suit" />
        )}
      </span>
      <span className="card__corner card__corner--br" aria-hidden="true">
        {/* Drawn by CSS: a card's visible text is its rank once, as in its name ("7 of hearts"). */}
        <span className="card__rank" data-rank={label} />
        <SuitIcon suit={card.suit} className="card__corner-suit" />
      </span>
    </motion.div>
  );
}

/** The back of a card. */
export function CardBack({
  size = 'md',
  layoutId,
  className,
}: {
  size?: CardSize;
  layoutId?: string;
  className?: string;
}) {
  return (
    <motion.div
      layoutId={layoutId}
      layout={layoutId ? true : undefined}
      transition={spring}
      className={`card card--${size} card--back ${className ?? ''}`}
      aria-hidden="true"
    >
      <span className="card__back-pattern" />
    </motion.div>
  );
}
