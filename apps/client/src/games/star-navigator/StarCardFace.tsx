import type { StarCard, StarNavigatorView } from '@cards/schema';
import { FRENCH, spokenCard, TAROT_COURT } from './labels.ts';

/** An Override card: of the suit this round's Override names. */
export const isOverride = (view: StarNavigatorView, c: StarCard) =>
  view.overrideSuit !== null && c.suit === view.overrideSuit;

/**
 * Card faces for both decks. Only glyphs every phone and Debian's DejaVu fonts carry are used (the
 * four French suits and ★); the Tarot's minor suits are written out ("cups") and a Tarot card shows
 * its value large (Ace 100, Page 1, Knight 11) with the court's name above it.
 */
const RED = new Set(['H', 'D']);

function faceOf(c: StarCard): { big: string; small: string; over: string | null } {
  if (c.suit === 'joker') return { big: '0', small: 'Joker', over: null };
  if (c.suit === 'trumps') return { big: c.rank, small: '★ trump', over: null };
  const french = FRENCH[c.suit];
  if (french !== undefined) return { big: c.rank, small: french, over: null };
  return { big: String(c.value), small: c.suit, over: TAROT_COURT[c.rank] ?? null };
}

export function StarCardFace({
  card,
  size = 'md',
  note,
  override = false,
  sideways = false,
}: {
  card: StarCard;
  size?: 'sm' | 'md' | 'lg';
  /** A tag under the card ("beacon", "locked", an Ace's chosen value). */
  note?: string;
  /** Mark the card as one of the Override suit. */
  override?: boolean;
  /** Hotshot Spacer: the locked card lies sideways (drawn landscape, so nothing is clipped). */
  sideways?: boolean;
}) {
  const face = faceOf(card);
  const classes = [
    'sn-card',
    `sn-card--${size}`,
    RED.has(card.suit) ? 'sn-card--red' : '',
    FRENCH[card.suit] === undefined && card.suit !== 'joker' ? `sn-card--${card.suit}` : '',
    override ? 'sn-card--override' : '',
    sideways ? 'sn-card--sideways' : '',
  ];
  return (
    <span
      className={classes.filter(Boolean).join(' ')}
      role="img"
      data-suit={card.suit}
      aria-label={`${spokenCard(card)}${override ? ', Override' : ''}${note ? `, ${note}` : ''}`}
    >
      {override && <span className="sn-card__tag">Override</span>}
      {face.over !== null && <span className="sn-card__over">{face.over}</span>}
      <span className="sn-card__rank">{face.big}</span>
      <span className={`sn-card__suit ${face.small.length > 2 ? 'sn-card__suit--word' : ''}`}>
        {face.small}
      </span>
      {note !== undefined && <span className="sn-card__note">{note}</span>}
    </span>
  );
}
