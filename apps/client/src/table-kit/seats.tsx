import type { ReactNode } from 'react';
import type { RoomInfo } from '@cards/schema';
import { seatName } from './seatName.ts';

/** "Ana (you)": the name a seat strip shows. */
export function SeatName({
  info,
  seat,
  you,
  className,
  fallback,
  children,
}: {
  info: RoomInfo | null;
  seat: number;
  you: boolean;
  className: string;
  fallback?: string;
  /** Drawn before the name (a colour dot, a game's own marks). */
  children?: ReactNode;
}) {
  return (
    <span className={className}>
      {children}
      {seatName(info, seat, fallback)}
      {you && <span className="kit-seat__you"> (you)</span>}
    </span>
  );
}

/**
 * The badges every table's seats share: dealer (where the game has one), host, computer, and the
 * player's presence ("reconnecting…" while the connection is down, "left" once they left for good),
 * and whose turn it is (in a replay: at the move shown) in words, not an unexplained dot.
 */
export function SeatBadges({
  info,
  seat,
  dealer = false,
  turn = false,
}: {
  info: RoomInfo | null;
  seat: number;
  dealer?: boolean;
  turn?: boolean;
}) {
  const seatInfo = info?.seats.find((s) => s.seat === seat);
  const seated = seatInfo !== undefined && seatInfo.name !== null;
  const away = seated && !seatInfo.connected && seatInfo.computer === null;
  return (
    <>
      {dealer && (
        <span className="tag" title="Dealer">
          Dealer
        </span>
      )}
      {seated && info?.hostSeat === seat && (
        <span className="tag tag--host" data-testid={`seat-host-${seat}`}>
          Host
        </span>
      )}
      {seated && seatInfo.computer !== null && (
        <span className="tag tag--computer" data-testid={`seat-computer-${seat}`}>
          Computer
        </span>
      )}
      {away && (
        <span className="tag tag--warn" data-testid={`reconnecting-${seat}`}>
          {seatInfo.left ? 'left' : 'reconnecting…'}
        </span>
      )}
      {turn && (
        <span className="tag tag--turn" data-testid={`seat-turn-${seat}`} title="Whose turn it is">
          Turn
        </span>
      )}
    </>
  );
}
