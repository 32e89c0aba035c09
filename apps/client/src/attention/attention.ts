/**
 * What deserves a player's attention after a game update, worked out from what the server sent: the
 * intents it offers this tab (never the rules) and the public history. Pure, so it is unit-tested.
 */

export type Cue = 'turn' | 'card' | 'end';

/** One moment of the room as the cues compare it. */
export interface AttentionSnapshot {
  /** The server offers this tab something to do now (its turn, a prompt, a claim to review). */
  needsYou: boolean;
  /** How many public history entries there are. */
  historyLength: number;
  finished: boolean;
  /** A claim waits for this tab's review (Blind Cassowary: the server offers approve, challenge or a vote). */
  review?: boolean;
}

export const QUIET: AttentionSnapshot = { needsYou: false, historyLength: 0, finished: false };

const REVIEW_INTENTS = new Set(['approve', 'challenge', 'vote']);

/** The server offers this tab a review of someone's claim (approve, challenge, or a vote on it). */
export function reviewWaiting(legalTypes: readonly string[], phase: string | undefined): boolean {
  return phase === 'playing' && legalTypes.some((t) => REVIEW_INTENTS.has(t));
}

/** This tab has something to do: the server computed at least one legal intent for it. */
export function needsYou(legalCount: number, phase: string | undefined): boolean {
  return phase === 'playing' && legalCount > 0;
}

export interface AttentionEvent {
  /** The sound to play, if any (one per update: the end, else your turn, else a card played). */
  cue: Cue | null;
  /** Short words for the polite live region, or null when nothing changed worth saying. */
  announce: string | null;
}

/**
 * The sound and the live-region words for one change. `newTexts` are the history entries added by
 * this update, with names filled in. A first snapshot (a join or reload) makes no sound.
 */
export function attentionEvent(
  before: AttentionSnapshot | null,
  after: AttentionSnapshot,
  newTexts: readonly string[],
): AttentionEvent {
  if (before === null) return { cue: null, announce: null };
  const words: string[] = [];
  // The last two moves at most (a burst of moves while away is not read out in full), as sentences.
  words.push(...newTexts.slice(-2).map((text) => (/[.!?…]$/.test(text) ? text : `${text}.`)));
  const ended = after.finished && !before.finished;
  const yourTurn = after.needsYou && !before.needsYou;
  const review = after.review === true && before.review !== true;
  if (ended) words.push('Game over.');
  else if (review) words.push('A claim waits for your review.');
  else if (yourTurn) words.push('Your turn.');
  const cue: Cue | null = ended
    ? 'end'
    : yourTurn || review
      ? 'turn'
      : after.historyLength > before.historyLength
        ? 'card'
        : null;
  return { cue, announce: words.length > 0 ? words.join(' ') : null };
}

/** The tab's title: a dot and what waits for you while the tab is in the background. */
export type Waiting = 'review' | 'turn' | 'end';

export function tabTitle(gameName: string, code: string, waiting: Waiting | null): string {
  if (waiting === 'review') return `● Claim to review — ${gameName}`;
  if (waiting === 'turn') return `● Your turn — ${gameName}`;
  if (waiting === 'end') return `● Game over — ${gameName}`;
  return `${gameName} · ${code} — Card Table`;
}

/**
 * The players' names for the live region: your own seat is "Ana (you)", so your own moves read back
 * as yours (a move the server made for you — a deadline, a claim's verdict — included).
 */
export function announcedNames(
  names: readonly (string | null | undefined)[],
  you: number | null,
): (string | null | undefined)[] {
  return names.map((name, seat) => (seat === you && name ? `${name} (you)` : name));
}

/** The favicon with a gold dot in its corner (the page's own icon is an SVG data URL). */
export function badgedIcon(href: string): string {
  const dot = "%3Ccircle cx='76' cy='24' r='22' fill='%23f4b942' stroke='%23000' stroke-width='5'/%3E";
  const end = '%3C/svg%3E';
  return href.endsWith(end) ? href.slice(0, -end.length) + dot + end : href;
}
