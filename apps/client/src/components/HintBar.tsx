import { GAMES_WITH_HINTS, type RoomInfo } from '@cards/schema';
import { requestHint } from '../net/connection.ts';
import { shownHint, useStore } from '../store.ts';

/**
 * In a room with hints on, while the server says a hint exists for this player (the game update's
 * `hint`: e.g. their turn with a card to place, an open target they may claim, their Vector Set to
 * choose): "Hint" asks the server for it. When the hint has more to tell (Blind Cassowary: which
 * cassowary), the button asks for it. A hint is for the position it was asked in (the update's
 * `hint` key: their own move, a new hand or target changes it, others' racing claims do not); the
 * cards it names are highlighted on the table meanwhile (useHinted).
 */
export function HintBar({ info }: { info: RoomInfo }) {
  const position = useStore((s) => s.game?.hint ?? null);
  const busy = useStore((s) => s.busy);
  const replaying = useStore((s) => s.replaying);
  const current = useStore(shownHint);
  if (!info.hints || replaying || info.phase !== 'playing' || !GAMES_WITH_HINTS.has(info.game)) return null;
  if (info.you.seat === null || position === null) return null;
  const ask = async (reveal: boolean) => {
    const hint = await requestHint(reveal);
    // Kept only if the position is still the one it was asked in.
    if (hint !== null && useStore.getState().game?.hint === position)
      useStore.setState({ hint: { position, hint } });
  };
  return (
    <div className="hint-bar" data-testid="hint-bar">
      {(current === null || current.more) && (
        <button
          type="button"
          className="btn btn--small"
          data-testid="hint-button"
          disabled={busy}
          onClick={() => void ask(current !== null)}
        >
          {current === null ? 'Hint' : 'Show me one'}
        </button>
      )}
      {current !== null && (
        <p className="hint-bar__text" role="status" data-testid="hint-text">
          {current.text}
        </p>
      )}
    </div>
  );
}
