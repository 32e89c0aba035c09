import { useState } from 'react';
import type { ComputerLevel, RoomInfo } from '@cards/schema';
import { LevelSelect } from './LevelSelect.tsx';
import { sendLobby } from '../net/connection.ts';
import { useStore } from '../store.ts';

/**
 * During a game, a player who left for good would leave the table waiting forever; this banner
 * says who left and lets a seated player end the game (the server allows it only then). After the
 * game it just says who left: the score sheet stays up, and the rematch goes on without them.
 */
export function LeftPlayersBanner({ info }: { info: RoomInfo }) {
  const busy = useStore((s) => s.busy);
  const [level, setLevel] = useState<ComputerLevel>('normal');
  const gone = info.seats.filter((s) => s.left && s.name !== null);
  if (info.phase === 'lobby' || gone.length === 0) return null;
  const names = gone.map((s) => s.name).join(' and ');
  const seated = info.you.seat !== null;
  if (info.phase === 'finished')
    return (
      <div className="left-banner" role="status" data-testid="left-banner">
        <span>{names} left the room.</span>
      </div>
    );
  return (
    <div className="left-banner" role="alert" data-testid="left-banner">
      <span>
        {names} left the game. They can still come back from the same tab
        {seated ? '; meanwhile a computer player can take their seat, or you can end the game now.' : '.'}
      </span>
      {seated && (
        <span className="add-computer">
          <LevelSelect id="replace-level" value={level} onChange={setLevel} />
          <button
            type="button"
            className="btn btn--small"
            data-testid="replace-with-computer"
            disabled={busy}
            onClick={() => {
              for (const s of gone) void sendLobby({ type: 'replaceWithComputer', seat: s.seat, level });
            }}
          >
            Computer takes the seat
          </button>
        </span>
      )}
      {seated && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="end-game"
          disabled={busy}
          onClick={() => void sendLobby({ type: 'endGame' })}
        >
          End game
        </button>
      )}
    </div>
  );
}
