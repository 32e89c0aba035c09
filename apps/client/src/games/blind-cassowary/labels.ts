import { useEffect, useState } from 'react';
import type {
  BlindCassowaryClaimView,
  BlindCassowarySpectatorIntent,
  GameTimerInfo,
  RoomInfo,
} from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';
import type { BlindCassowaryGameState } from '../parse.ts';

import { seatName } from '../../table-kit/seatName.ts';

/** A seat's display name from the room info. */
export { seatName };

export const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** "first", or "0.012 s after Ana". */
export function gapText(claim: BlindCassowaryClaimView, info: RoomInfo | null): string {
  if (claim.gapMs === null || claim.afterSeat === null) return 'first';
  const s = (claim.gapMs / 1000).toFixed(3);
  return `${s} s after ${seatName(info, claim.afterSeat)}`;
}

/**
 * Milliseconds left on a timer the server reported (by key, or the first one a test picks), counting
 * down locally from when it arrived.
 */
export function useRemaining(
  state: BlindCassowaryGameState,
  which: string | ((t: GameTimerInfo) => boolean),
): number | null {
  const timer = state.timers.find(typeof which === 'string' ? (t) => t.key === which : which);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const id = window.setInterval(() => setNow(Date.now()), 200);
    return () => window.clearInterval(id);
  }, [timer]);
  if (!timer) return null;
  return Math.max(0, timer.remainingMs - Math.max(0, now - state.receivedAt));
}

/**
 * A spectator's challenge or Best in Show vote: sent as an 'intent' request like a player's; the room
 * sees the sender has no seat and hands it to the game's spectator path.
 */
export function sendSpectatorIntent(intent: BlindCassowarySpectatorIntent): Promise<boolean> {
  return sendIntent(intent);
}
