import type { MathCard, MathOperator } from '@cards/schema';
import { cardSymbol, MODIFIER_ICON, spokenMathCard } from './labels.ts';

export type MathCardSize = 'xs' | 'sm' | 'lg';

/** A Math Card Game card: the deck colour's ink, one big symbol, a small kind mark. */
export function MathCardFace({
  card,
  chosen = null,
  size = 'sm',
  className = '',
}: {
  card: MathCard;
  /** For a `?` on the table: the operator it stands for. */
  chosen?: MathOperator | null;
  size?: MathCardSize;
  className?: string;
}) {
  const isAny = card.kind === 'operator' && card.operator === '?';
  return (
    <span
      className={`mcard mcard--${size} mcard--${card.colour} mcard--${card.kind} ${className}`}
      role="img"
      aria-label={spokenMathCard(card, chosen)}
      title={spokenMathCard(card, chosen)}
      data-card={card.id}
    >
      {card.kind === 'starter' && <span className="mcard__mark">{'start '}</span>}
      {isAny && chosen !== null && <span className="mcard__mark">?</span>}
      {card.kind === 'modifier' ? (
        <>
          <span className="mcard__icon" aria-hidden="true">
            {MODIFIER_ICON[card.modifier]}
          </span>
          <span className="mcard__word" aria-hidden="true">
            {card.modifier}
          </span>
        </>
      ) : (
        <span className="mcard__symbol" aria-hidden="true">
          {cardSymbol(card, chosen)}
        </span>
      )}
    </span>
  );
}

/** A face-down card of a deck. */
export function MathCardBack({ colour, size = 'sm' }: { colour: 'red' | 'blue'; size?: MathCardSize }) {
  return <span className={`mcard mcard--${size} mcard--back mcard--back-${colour}`} aria-hidden="true" />;
}
