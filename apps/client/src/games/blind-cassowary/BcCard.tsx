import type { BlindCassowaryCard } from '@cards/schema';
import { CardFace, rankText, spokenCard } from '../../cards/Card.tsx';
import { cardLabel, isChameleon } from './compose.ts';

export type BcSize = 'xs' | 'sm' | 'md' | 'lg';

/** "Queen of hearts", "chameleon", "chameleon as 7". */
export function spokenBcCard(card: BlindCassowaryCard, copiesRank: number | null = null): string {
  if (isChameleon(card) || card.suit === null)
    return copiesRank === null ? 'chameleon' : `chameleon as ${rankText(copiesRank)}`;
  return spokenCard({ id: card.id, rank: card.rank, suit: card.suit });
}

/** A card of this game: a standard face, or a chameleon (with what it copies, when known). */
export function BcCard({
  card,
  size = 'md',
  copiesRank = null,
}: {
  card: BlindCassowaryCard;
  size?: BcSize;
  copiesRank?: number | null;
}) {
  if (isChameleon(card) || card.suit === null) {
    return (
      <span
        className={`bc-card bc-card--${size} bc-chameleon`}
        role="img"
        aria-label={spokenBcCard(card, copiesRank)}
        data-card={card.id}
      >
        <span className="bc-chameleon__c" data-rank="C" aria-hidden="true" />
        <svg className="bc-chameleon__curl" viewBox="0 0 32 32" aria-hidden="true">
          <path
            d="M3 22c3-9 13-13 20-9 5 3 5 11-1 12-4 1-7-2-6-5 1-2 4-2 5 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
          <circle cx="22" cy="10" r="1.8" fill="currentColor" />
        </svg>
        {copiesRank !== null && (
          <span className="bc-chameleon__as" aria-hidden="true">
            as {rankText(copiesRank)}
          </span>
        )}
      </span>
    );
  }
  return (
    <span className={`bc-card bc-card--${size}`}>
      <CardFace card={{ id: card.id, rank: card.rank, suit: card.suit }} size="md" />
    </span>
  );
}

/** A compact text token for a card: "Q♥", "C". */
export function cardShort(card: BlindCassowaryCard): string {
  if (card.suit === null) return cardLabel(card);
  const suit = { S: '♠', H: '♥', D: '♦', C: '♣' }[card.suit];
  return `${cardLabel(card)}${suit}`;
}
