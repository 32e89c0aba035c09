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
}

export const QUIET: AttentionSnapshot = { needsYou: false, historyLength: 0, finished: false };

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
  if (ended) words.push('Game over.');
  else if (yourTurn) words.push('Your turn.');
  const cue: Cue | null = ended
    ? 'end'
    : yourTurn
      ? 'turn'
      : after.historyLength > before.historyLength
        ? 'card'
        : null;
  return { cue, announce: words.length > 0 ? words.join(' ') : null };
}

/** The tab's title: a dot and what waits for you while the tab is in the background. */
export function tabTitle(gameName: string, code: string, waiting: 'turn' | 'end' | null): string {
  if (waiting === 'turn') return `● Your turn — ${gameName}`;
  if (waiting === 'end') return `● Game over — ${gameName}`;
  return `${gameName} · ${code} — Card Table`;
}

/** The favicon with a gold dot in its corner (the page's own icon is an SVG data URL). */
export function badgedIcon(href: string): string {
  const dot = "%3Ccircle cx='76' cy='24' r='22' fill='%23f4b942' stroke='%23000' stroke-width='5'/%3E";
  const end = '%3C/svg%3E';
  return href.endsWith(end) ? href.slice(0, -end.length) + dot + end : href;
}
