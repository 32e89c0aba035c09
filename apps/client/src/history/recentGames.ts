import { BROWSER_ID_HEADER, RecentGamesSchema } from '@cards/schema';
import { z } from 'zod';
import { apiUrl } from '../net/endpoint.ts';
import { browserId } from '../net/session.ts';

/** A finished game this browser played or watched, for the home page's "Recent games". */
const RecentGameSchema = z.object({
  replayId: z.string().min(16).max(64),
  game: z.string(),
  code: z.string(),
  players: z.array(z.string()),
  /** The seat this browser held (null: watched). */
  seat: z.number().int().nullable(),
  winners: z.array(z.number().int()),
  finishedAt: z.number(),
});
export type RecentGame = z.infer<typeof RecentGameSchema>;

const KEY = 'cards.recentGames';
const MAX_RECENT = 20;

export function loadRecentGames(): RecentGame[] {
  try {
    const parsed = z.array(RecentGameSchema).safeParse(JSON.parse(localStorage.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Newest first; a game is listed once however many updates announce it. */
export function rememberRecentGame(game: RecentGame): void {
  const list = loadRecentGames().filter((g) => g.replayId !== game.replayId);
  try {
    localStorage.setItem(KEY, JSON.stringify([game, ...list].slice(0, MAX_RECENT)));
  } catch {
    // Storage disabled: nothing to remember.
  }
}

/**
 * This browser's recent games: those the server's store kept for the seats it played (so they follow
 * the browser id, not this tab's storage), merged with the ones remembered here (games watched, and
 * every game when the server keeps none), newest first.
 */
export async function fetchRecentGames(): Promise<RecentGame[]> {
  const local = loadRecentGames();
  let stored: RecentGame[] = [];
  try {
    const res = await fetch(apiUrl('/api/recent-games'), {
      headers: { accept: 'application/json', [BROWSER_ID_HEADER]: browserId() },
    });
    const parsed = RecentGamesSchema.safeParse(res.ok ? await res.json() : null);
    if (parsed.success) stored = parsed.data;
  } catch {
    // Offline or no server: the games remembered here are all there is.
  }
  const seen = new Set(stored.map((g) => g.replayId));
  return [...stored, ...local.filter((g) => !seen.has(g.replayId))]
    .sort((a, b) => b.finishedAt - a.finishedAt)
    .slice(0, MAX_RECENT);
}
