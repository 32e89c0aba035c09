import type { CassinoLastAction, CassinoView } from '@cards/schema';
import { type HistoryEvent, seatRef } from '../core/history.ts';

/** The same action (the state keeps one object while it stands; a new one may still say the same). */
const same = (a: CassinoLastAction, b: CassinoLastAction | null): boolean =>
  a === b ||
  (b !== null &&
    a.seat === b.seat &&
    a.kind === b.kind &&
    a.text === b.text &&
    a.played === b.played &&
    a.cardIds.length === b.cardIds.length &&
    a.cardIds.every((id, i) => id === b.cardIds[i]));

const list = (seats: readonly number[]): string => seats.map(seatRef).join(' and ');

/** Cassino's public history: each play's words (the view's last action), deal scores and the result. */
export function cassinoHistory(previous: CassinoView | null, after: CassinoView): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  // The deal: the view's last action says who dealt.
  const before = previous ?? {
    ...after,
    lastAction: null,
    dealScores: [],
    awaitingContinue: [],
    phase: 'playing',
  };
  const action = after.lastAction;
  if (action !== null && !same(action, before.lastAction))
    events.push({ text: `${seatRef(action.seat)} ${action.text}` });
  if (after.dealScores.length > before.dealScores.length) {
    const lines = after.dealScores[after.dealScores.length - 1] ?? [];
    const points = lines.map((line, seat) => `${seatRef(seat)} ${line.total}`).join(', ');
    events.push({ text: `Deal ${after.dealNumber} scored: ${points}.` });
  }
  for (const seat of before.awaitingContinue)
    if (after.phase === 'dealOver' && !after.awaitingContinue.includes(seat))
      events.push({ text: `${seatRef(seat)} is ready for the next deal.` });
  if (after.phase === 'matchOver' && before.phase !== 'matchOver')
    events.push({
      text:
        after.winners.length === 1
          ? `${list(after.winners)} won the game.`
          : `The game is a tie between ${list(after.winners)}.`,
    });
  return events;
}
