import { useEffect, useState } from 'react';
import type { RoomLookup } from '@cards/schema';
import { GAME_CATALOG } from '@cards/schema/catalog';
import { seatedRoomCodes } from '../net/session.ts';
import { onLinkClick } from '../lib/router.ts';
import type { RecentGame } from './recentGames.ts';

// The look-ups and the stored games are checked with zod, which loads after the home page's first paint.
const lookups = () => import('../net/lookup.ts');
const recentGames = () => import('./recentGames.ts');

const gameName = (slug: string): string => GAME_CATALOG.find((g) => g.slug === slug)?.name ?? slug;

/** Rooms where this browser holds a seat in a game still running (asked of the server). */
function useRunningGames(): RoomLookup[] {
  const [running, setRunning] = useState<RoomLookup[]>([]);
  useEffect(() => {
    let live = true;
    const codes = seatedRoomCodes().slice(0, 8);
    if (codes.length === 0) return;
    void lookups()
      .then(({ lookupRoom }) => Promise.all(codes.map((code) => lookupRoom(code).catch(() => null))))
      .then((rooms) => {
        if (live) setRunning(rooms.filter((r): r is RoomLookup => r !== null && r.phase === 'playing'));
      });
    return () => {
      live = false;
    };
  }, []);
  return running;
}

/** This browser's recent games: those remembered here, then the server's list merged in. */
function useRecentGames(): RecentGame[] {
  const [recent, setRecent] = useState<RecentGame[]>([]);
  useEffect(() => {
    let live = true;
    void recentGames().then(({ fetchRecentGames, loadRecentGames }) => {
      if (!live) return;
      setRecent(loadRecentGames());
      void fetchRecentGames().then((games) => live && setRecent(games));
    });
    return () => {
      live = false;
    };
  }, []);
  return recent;
}

/** The home page's "Return to your game" and this browser's recent games with their replays. */
export function YourGames() {
  const running = useRunningGames();
  const recent = useRecentGames();
  if (running.length === 0 && recent.length === 0) return null;
  return (
    <section className="panel-card your-games" aria-labelledby="your-games-heading" data-testid="your-games">
      <h2 id="your-games-heading" className="section-title">
        Your games
      </h2>
      {running.map((room) => (
        <a
          key={room.code}
          className="btn btn--primary your-games__return"
          href={`/r/${room.code}`}
          data-testid="return-to-game"
          onClick={(e) => onLinkClick(e, `/r/${room.code}`)}
        >
          Return to your game · {gameName(room.game)} <span className="topbar__code">{room.code}</span>
        </a>
      ))}
      {recent.length > 0 && (
        <ul className="your-games__recent" data-testid="recent-games">
          {recent.map((game) => (
            <li key={game.replayId}>
              <span>
                {gameName(game.game)} · {game.players.join(', ')}
                {game.winners.length > 0 &&
                  ` · won by ${game.winners.map((s) => game.players[s] ?? '?').join(' and ')}`}
                {' · '}
                <time dateTime={new Date(game.finishedAt).toISOString()}>
                  {new Date(game.finishedAt).toLocaleString()}
                </time>
              </span>
              <a
                href={`/replay/${game.replayId}`}
                onClick={(e) => onLinkClick(e, `/replay/${game.replayId}`)}
              >
                Replay
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
