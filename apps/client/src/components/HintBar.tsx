import { useMemo, useState } from 'react';
import { GAMES_WITH_HINTS, type Hint, type RoomInfo } from '@cards/schema';
import { requestHint } from '../net/connection.ts';
import { useStore } from '../store.ts';

/**
 * In a room with hints on, while this player can act: "Hint" asks the server for a hint for their
 * own seat. When the hint has more to tell (Blind Cassowary: which cassowary), the button asks for
 * it. A hint is for the position it was asked in: it goes away once what this player may do changes
 * (their legal intents, which name their own cards), not on every move of others (Blind Cassowary's
 * racing claims would wipe it before the second tap).
 */
export function HintBar({ info }: { info: RoomInfo }) {
  const game = useStore((s) => s.game);
  const busy = useStore((s) => s.busy);
  const replaying = useStore((s) => s.replaying);
  const [shown, setShown] = useState<{ position: string; hint: Hint } | null>(null);
  const legal = game?.legal;
  const position = useMemo(() => JSON.stringify(legal ?? []), [legal]);
  const seat = info.you.seat;
  if (!info.hints || replaying || info.phase !== 'playing' || !GAMES_WITH_HINTS.has(info.game)) return null;
  if (game === null || seat === null || !game.actors.includes(seat) || game.legal.length === 0) return null;
  const current = shown !== null && shown.position === position ? shown.hint : null;
  const ask = async (reveal: boolean) => {
    const asked = position;
    const hint = await requestHint(reveal);
    if (hint !== null) setShown({ position: asked, hint });
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
