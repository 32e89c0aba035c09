import type { MathCardGameView } from '@cards/schema';
import { type HistoryEvent, seatRef } from '../core/history.ts';

/**
 * The public history of Wouter's Math Card Game: each cut, turn and mulligan in the words of the
 * view's last action (colours name the players; cards put under a pile are only counted), then the
 * final score.
 */
export function mathHistory(previous: MathCardGameView | null, after: MathCardGameView): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (previous === null) return [{ text: "Each player cuts the other's deck." }];
  const before = previous;
  const action = after.lastAction;
  if (
    action !== null &&
    (after.turnNumber !== before.turnNumber || JSON.stringify(action) !== JSON.stringify(before.lastAction))
  )
    events.push({ text: action.text });
  if (after.final !== null && before.final === null) {
    const { scores, winners } = after.final;
    const points = scores.map((score, seat) => `${seatRef(seat)} ${score}`).join(', ');
    const result = winners.length === 1 ? `${seatRef(winners[0] ?? 0)} wins` : 'a tie';
    events.push({ text: `Final score: ${points}: ${result}.` });
  }
  return events;
}
