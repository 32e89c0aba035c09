import type { ReactNode } from 'react';
import type { RoomInfo } from '@cards/schema';
import { matchWinsText } from '../lib/matchWins.ts';
import { sendLobby } from '../net/connection.ts';
import { useStore } from '../store.ts';

/**
 * "Games won in this room: Ana 1 · Ben 0", shown on every game's final score sheet, with the link
 * to the game's replay (not on the replay page itself, which has no room).
 */
export function MatchWins({ info, className }: { info: RoomInfo | null; className: string }) {
  const replayId = useStore((s) => s.replayId);
  const inRoom = useStore((s) => s.code !== null);
  return (
    <>
      <p className={className} data-testid="match-wins">
        Games won in this room: {matchWinsText(info)}
      </p>
      {inRoom && replayId !== null && (
        <p className="replay-link">
          <a href={`/replay/${replayId}`} data-testid="replay-link" target="_blank" rel="noreferrer">
            Watch the replay of this game
          </a>
        </p>
      )}
    </>
  );
}

const names = (seats: readonly { name: string | null }[]) => seats.map((s) => s.name ?? '?').join(' and ');

/**
 * The rematch offer on every game's final score sheet (seated players only). The next game starts
 * once every player still in the room has accepted; who has is shown. When too few players are
 * left, the button takes the room back to the lobby instead. The host may also take everyone back
 * to the lobby with the same seats (to change the options). `lead` (the sheet's "See the table") goes
 * first in the row of buttons, so the offer takes one row of the sheet, not two.
 */
export function RematchButton({ seated, lead = null }: { seated: boolean; lead?: ReactNode }) {
  const busy = useStore((s) => s.busy);
  const info = useStore((s) => s.info);
  if (!seated || !info || info.phase !== 'finished') return lead;
  const players = info.seats.filter((s) => s.name !== null);
  const present = players.filter((s) => !s.left);
  const gone = players.filter((s) => s.left);
  const me = players.find((s) => s.seat === info.you.seat);
  const accepted = present.filter((s) => s.rematch);
  const waiting = present.filter((s) => !s.rematch && s.seat !== me?.seat);

  const rematch = (accept: boolean) => void sendLobby({ type: 'rematch', accept });
  const button = (testId: string, label: string, accept: boolean, primary = true) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn--primary' : 'btn--ghost-dark'}`}
      data-testid={testId}
      disabled={busy}
      onClick={() => rematch(accept)}
    >
      {label}
    </button>
  );

  const missing = info.minPlayers - present.length;
  if (missing > 0) {
    return (
      <div className="rematch" data-testid="rematch-panel">
        <p className="rematch__status" data-testid="rematch-status">
          {names(gone)} left, so a rematch needs {missing} more player{missing === 1 ? '' : 's'}.
        </p>
        <div className="row">
          {lead}
          {button('rematch', 'Back to the lobby', true)}
        </div>
      </div>
    );
  }

  const others = accepted.filter((s) => s.seat !== me?.seat);
  let status: string;
  if (me?.rematch) status = `You accepted. Waiting for ${names(waiting)}…`;
  else if (others.length > 0) status = `${names(others)} want${others.length === 1 ? 's' : ''} a rematch.`;
  else
    status =
      'Play again? Everyone has to accept; the seats move round one place, so the next player deals or starts.';
  return (
    <div className="rematch" data-testid="rematch-panel" data-accepted={accepted.length}>
      <p className="rematch__status" data-testid="rematch-status" aria-live="polite">
        {status}
        {gone.length > 0 && ` ${names(gone)} left and sit${gone.length === 1 ? 's' : ''} it out.`}
      </p>
      <div className="row">
        {lead}
        {me?.rematch
          ? button('rematch-withdraw', 'Withdraw', false, false)
          : button('rematch', others.length > 0 ? 'Accept rematch' : 'Rematch', true)}
        {info.hostSeat === me?.seat && (
          <button
            type="button"
            className="btn btn--ghost-dark"
            data-testid="to-lobby"
            disabled={busy}
            title="Everyone keeps their seat; change the options, then start again"
            onClick={() => void sendLobby({ type: 'toLobby' })}
          >
            Back to the lobby
          </button>
        )}
      </div>
    </div>
  );
}
