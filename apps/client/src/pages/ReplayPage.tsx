import { useCallback, useEffect, useState } from 'react';
import { GAME_CATALOG, type ReplayInfo } from '@cards/schema';
import type { GameState } from '../games/parse.ts';
import { HistoryList } from '../history/HistoryList.tsx';
import {
  type Loaded,
  loadReplayInfo,
  loadReplayStep,
  replayRoomInfo,
  stepAsTable,
} from '../history/replayData.ts';
import { navigate, onLinkClick } from '../lib/router.ts';
import { resetRoomState, useStore } from '../store.ts';
import { GameView } from './RoomPage.tsx';
import '../history/history.css';

const clamp = (n: number, max: number): number => Math.max(0, Math.min(max, n));

/**
 * A finished game, move by move: buttons and ←/→/Home/End step through it, the move (and whose eyes,
 * `seat`) are in the URL. The table is the spectator's unless a player's seat is chosen: the game
 * is over, so every hand may be shown.
 */
export function ReplayPage({ id, move, seat }: { id: string; move: number | null; seat: number | null }) {
  const [info, setInfo] = useState<Loaded<ReplayInfo> | null>(null);
  const [table, setTable] = useState<Loaded<GameState> | null>(null);

  useEffect(() => {
    let live = true;
    void loadReplayInfo(id).then((loaded) => live && setInfo(loaded));
    return () => {
      live = false;
      resetRoomState();
    };
  }, [id]);

  const replay = info?.ok ? info.value : null;
  const at = replay === null ? 0 : clamp(move ?? 0, replay.moves);
  const viewer = replay !== null && seat !== null && seat >= 0 && seat < replay.players.length ? seat : null;

  useEffect(() => {
    if (replay === null) return;
    let live = true;
    void loadReplayStep(id, at, viewer).then((loaded) => {
      if (!live) return;
      if (!loaded.ok) return setTable(loaded);
      const parsed = stepAsTable(replay, loaded.value, viewer);
      if (parsed.ok)
        useStore.setState({
          info: replayRoomInfo(replay, loaded.value, viewer),
          game: parsed.value,
          replaying: true,
        });
      setTable(parsed);
    });
    return () => {
      live = false;
    };
  }, [id, replay, at, viewer]);

  const go = useCallback(
    (to: number, who = viewer) => {
      if (replay === null) return;
      const params = new URLSearchParams({ move: String(clamp(to, replay.moves)) });
      if (who !== null) params.set('seat', String(who));
      navigate(`/replay/${id}?${params.toString()}`, true);
    },
    [id, replay, viewer],
  );

  useEffect(() => {
    if (replay === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement | null)?.closest('select, input'))
        return;
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: replay.moves }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [replay, at, go]);

  const name = GAME_CATALOG.find((g) => g.slug === replay?.game)?.name ?? 'Replay';
  return (
    <div className="room room--table replay">
      <header className="topbar">
        <a className="topbar__brand" href="/" onClick={(e) => onLinkClick(e, '/')} aria-label="Go home">
          <span aria-hidden="true">←</span>
          <span className="topbar__brand-text">Card Table</span>
        </a>
        <span className="topbar__title">Replay · {name}</span>
      </header>
      {info !== null && !info.ok && (
        <p className="replay__error" role="alert" data-testid="replay-error">
          {info.error}
        </p>
      )}
      {replay !== null && (
        <>
          <nav className="replay__controls" aria-label="Step through the game">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => go(0)}
              disabled={at === 0}
              aria-label="First move (Home)"
            >
              « First
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => go(at - 1)}
              disabled={at === 0}
              aria-label="Previous move (←)"
              data-testid="replay-prev"
            >
              ◀
            </button>
            <span className="replay__move" data-testid="replay-move" aria-live="polite">
              Move {at} of {replay.moves}
            </span>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => go(at + 1)}
              disabled={at === replay.moves}
              aria-label="Next move (→)"
              data-testid="replay-next"
            >
              ▶
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => go(replay.moves)}
              disabled={at === replay.moves}
              aria-label="Last move (End)"
            >
              Last »
            </button>
            <label
              className="replay__seat"
              title="A player's eyes: their own hand, and every hand once the game is over"
            >
              <span>Seen by</span>
              <select
                value={viewer ?? ''}
                data-testid="replay-seat"
                onChange={(e) => go(at, e.target.value === '' ? null : Number(e.target.value))}
              >
                <option value="">a spectator</option>
                {replay.players.map((player, i) => (
                  <option key={i} value={i}>
                    {player}
                  </option>
                ))}
              </select>
            </label>
          </nav>
          <div className="replay__stage">
            <div className="replay__table" inert data-testid="replay-table">
              {table === null ? (
                <p className="replay__loading">Loading…</p>
              ) : table.ok ? (
                <GameView game={table.value} />
              ) : (
                <p className="replay__error" role="alert">
                  {table.error}
                </p>
              )}
            </div>
            <aside className="replay__history history" aria-label="History">
              <h2 className="history__title">History</h2>
              <HistoryList entries={replay.history} names={replay.players} upTo={at} />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
