import { useState } from 'react';
import type { ComputerLevel, RoomInfo } from '@cards/schema';
import { sendLobby } from '../net/connection.ts';
import { useStore } from '../store.ts';
import { LEVEL_NAMES, LevelSelect } from './LevelSelect.tsx';

/** The badge of a seat a computer player plays (lobby, banner). */
export function ComputerBadge({ seat }: { seat: RoomInfo['seats'][number] }) {
  if (seat.computer === null) return null;
  return (
    <span className="tag tag--computer" data-testid={`computer-${seat.seat}`}>
      Computer · {LEVEL_NAMES[seat.computer]}
    </span>
  );
}

/** The host's control on an empty lobby seat: seat a computer player there. */
export function AddComputer({ seat }: { seat: number }) {
  const busy = useStore((s) => s.busy);
  const [level, setLevel] = useState<ComputerLevel>('normal');
  return (
    <span className="add-computer">
      <LevelSelect id={`add-computer-level-${seat}`} value={level} onChange={setLevel} />
      <button
        type="button"
        className="btn btn--small"
        data-testid={`add-computer-${seat}`}
        disabled={busy}
        onClick={() => void sendLobby({ type: 'addComputer', seat, level })}
      >
        Add computer
      </button>
    </span>
  );
}

/** During a game: which computer players are thinking (the tables show their names). */
export function ThinkingStrip({ info }: { info: RoomInfo }) {
  if (info.phase !== 'playing') return null;
  const thinking = info.seats.filter((s) => s.computer !== null && s.thinking);
  const computers = info.seats.filter((s) => s.computer !== null);
  if (computers.length === 0) return null;
  return (
    <div className="thinking-strip" role="status" data-testid="thinking-strip">
      {computers.map((s) => (
        <span key={s.seat} className="thinking-strip__seat" data-testid={`computer-status-${s.seat}`}>
          <ComputerBadge seat={s} /> {s.name}
          {thinking.includes(s) && <span className="thinking"> thinking…</span>}
        </span>
      ))}
    </div>
  );
}
