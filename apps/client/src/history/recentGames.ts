import { z } from 'zod';

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
