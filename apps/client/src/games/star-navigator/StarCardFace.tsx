import type { StarCard, StarNavigatorView } from '@cards/schema';

/** An Override card: of the suit this round's Override names. */
export const isOverride = (view: StarNavigatorView, c: StarCard) =>
  view.overrideSuit !== null && c.suit === view.overrideSuit;

/**
 * Card faces for both decks. Only glyphs every phone and Debian's DejaVu fonts carry are used (the
 * four French suits and ★); the Tarot's minor suits are written out ("cups") and a Tarot card shows
 * its value large (Ace 100, Page 1, Knight 11) with the court's name above it.
 */
const FRENCH: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const SUIT_NAME: Readonly<Record<string, string>> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  wands: 'wands',
  cups: 'cups',
  swords: 'swords',
  coins: 'coins',
  trumps: 'trumps',
  joker: 'joker',
};
const TAROT_COURT: Readonly<Record<string, string>> = {
  A: 'Ace',
  P: 'Page',
  N: 'Knight',
  Q: 'Queen',
  K: 'King',
};
const RED = new Set(['H', 'D']);

/** A short suit mark for running text: ♠ ♥ ♦ ♣, ★ for trumps, the word for a Tarot suit. */
export const suitMark = (suit: string): string => FRENCH[suit] ?? (suit === 'trumps' ? '★' : suit);

/** Short text name: "Q♥", "Joker", "Ace of cups (100)", "Page of wands (1)", "Trump 20". */
export function cardLabel(c: StarCard): string {
  if (c.suit === 'joker') return 'Joker';
  if (c.suit === 'trumps') return `Trump ${c.rank}`;
  const french = FRENCH[c.suit];
  if (french !== undefined) return `${c.rank}${french}`;
  const court = TAROT_COURT[c.rank];
  return court === undefined ? `${c.rank} of ${c.suit}` : `${court} of ${c.suit} (${c.value})`;
}

export function spokenCard(c: StarCard): string {
  if (c.suit === 'joker') return 'Joker, value 0';
  if (c.suit === 'trumps') return `Trump ${c.rank}, value ${c.value}`;
  const rank = FRENCH[c.suit] === undefined ? (TAROT_COURT[c.rank] ?? c.rank) : c.rank;
  return `${rank} of ${SUIT_NAME[c.suit] ?? c.suit}, value ${c.aceChoice ? '1 or 100' : c.value}`;
}

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
