import type { RoomInfo } from '@cards/schema';
import { matchWinsText } from '../lib/matchWins.ts';
import { sendLobby } from '../net/connection.ts';
import { useStore } from '../store.ts';

/** "Games won in this room: Ana 1 · Ben 0", shown on every game's final score sheet. */
export function MatchWins({ info, className }: { info: RoomInfo | null; className: string }) {
  return (
    <p className={className} data-testid="match-wins">
      Games won in this room: {matchWinsText(info)}
    </p>
  );
}

/** Starts another game with the same seats; only seated players get the button. */
export function RematchButton({ seated }: { seated: boolean }) {
  const busy = useStore((s) => s.busy);
  if (!seated) return null;
  return (
    <button
      type="button"
      className="btn btn--primary"
      data-testid="rematch"
      disabled={busy}
      onClick={() => void sendLobby({ type: 'rematch' })}
    >
      Rematch
    </button>
  );
}
