import {
  GameUpdateSchema,
  type ReplayInfo,
  ReplayInfoSchema,
  type ReplayStep,
  ReplayStepSchema,
  type RoomInfo,
} from '@cards/schema';
import { parseGameUpdate, type GameState } from '../games/parse.ts';
import { apiUrl } from '../net/endpoint.ts';

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

async function getJson<T>(path: string, parse: (raw: unknown) => T): Promise<Loaded<T>> {
  try {
    const res = await fetch(apiUrl(path));
    const body: unknown = await res.json();
    if (!res.ok) {
      const error = (body as { error?: unknown }).error;
      return { ok: false, error: typeof error === 'string' ? error : `The server answered ${res.status}.` };
    }
    return { ok: true, value: parse(body) };
  } catch {
    return { ok: false, error: 'The replay could not be loaded. Check your connection and try again.' };
  }
}

export const loadReplayInfo = (id: string): Promise<Loaded<ReplayInfo>> =>
  getJson(`/api/replays/${encodeURIComponent(id)}`, (raw) => ReplayInfoSchema.parse(raw));

export const loadReplayStep = (id: string, move: number, seat: number | null): Promise<Loaded<ReplayStep>> =>
  getJson(`/api/replays/${encodeURIComponent(id)}/${move}${seat === null ? '' : `?seat=${seat}`}`, (raw) =>
    ReplayStepSchema.parse(raw),
  );

/** A replay step as the game's table renders it: nothing is legal, no clock runs. */
export function stepAsTable(info: ReplayInfo, step: ReplayStep, seat: number | null): Loaded<GameState> {
  const update = GameUpdateSchema.parse({
    version: step.move,
    view: step.view,
    legal: [],
    // Seen through a seat, the game is still not this browser's to play: that seat never acts.
    actors: step.actors.filter((a) => a !== seat),
    timers: [],
  });
  const parsed = parseGameUpdate(update, info.game);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false, error: parsed.error };
}

/** The room as the table expects it, rebuilt for a replay: the players seated, the viewer's seat. */
export function replayRoomInfo(info: ReplayInfo, step: ReplayStep, seat: number | null): RoomInfo {
  const over = step.move === info.moves;
  return {
    code: '',
    game: info.game,
    phase: over ? 'finished' : 'playing',
    minPlayers: info.players.length,
    maxPlayers: info.players.length,
    hostSeat: null,
    seats: info.players.map((name, i) => ({
      seat: i,
      name,
      connected: true,
      ready: true,
      left: false,
      rematch: false,
      computer: null,
      thinking: false,
    })),
    spectators: [],
    hints: false,
    options: (step.view as { options?: unknown }).options ?? {},
    matchWins: info.players.map((_, i) => (over && info.winners.includes(i) ? 1 : 0)),
    gameNumber: 1,
    startBlocker: null,
    you: { seat, name: seat === null ? '' : (info.players[seat] ?? '') },
  };
}
