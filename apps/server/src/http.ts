import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { BROWSER_ID_HEADER, type RecentGames, ReplayIdSchema, RoomCodeSchema } from '@cards/schema';
import { logger } from '@colyseus/core';
import { Replays } from './replay/replays.ts';
import { localDirectory, type RoomDirectory } from './cluster/directory.ts';
import { BOOT_ID } from './room/codes.ts';
import { GAME_MODULES } from './rooms/index.ts';
import type { TableStore } from './store/tableStore.ts';

/** apps/client/dist, relative to this file so it works from any working directory. */
export const DEFAULT_CLIENT_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../client/dist',
);

export { BOOT_ID };
/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashes, so the browser checks it every time (a 304 when unchanged). */
const NO_CACHE = 'no-cache';

function cacheControlFor(file: string): string {
  return file.split(path.sep).includes('assets') ? IMMUTABLE : NO_CACHE;
}

const NOT_SPA = /^\/(api|healthz|matchmake)(\/|$)/;

export function configureHttp(
  app: express.Application,
  clientDist: string,
  store: TableStore | null = null,
  directory: RoomDirectory = localDirectory,
): void {
  app.get('/healthz', (_req, res) => {
    // `boot` tells a client whose connection dropped whether the server restarted meanwhile.
    res.json({ ok: true, boot: BOOT_ID });
  });
  app.get('/api/rooms/:code', async (req, res) => {
    const code = RoomCodeSchema.safeParse(req.params.code);
    const room = code.success ? await directory(code.data.trim().toUpperCase()) : null;
    if (room === 'moving') {
      res
        .status(503)
        .set('Retry-After', '1')
        .json({ error: 'This room is moving to another server; try again.' });
      return;
    }
    if (room !== null) {
      res.json(room);
      return;
    }
    // A room the server closed for a reason (its game could not be restored): say why.
    const closed = code.success && store !== null ? await store.closedReason(code.data.toUpperCase()) : null;
    if (closed !== null) res.status(410).json({ error: `This room was closed. ${closed}` });
    else res.status(404).json({ error: 'No room with that code.' });
  });
  configureReplays(app, store);
  app.get('/api/recent-games', (req, res) => void recentGames(req, res, store));
  app.use('/api', (_req, res) => {
    res.status(404).json({ error: 'Not found.' });
  });
  serveClient(app, clientDist);
}

/** The finished games this browser played (its id comes in a header, never in the URL). */
async function recentGames(req: express.Request, res: express.Response, store: TableStore | null) {
  const browser = req.get(BROWSER_ID_HEADER) ?? '';
  if (store === null || browser.length < 16 || browser.length > 64) {
    res.json([] satisfies RecentGames);
    return;
  }
  try {
    const games = await store.recentMatchesFor(browser);
    res.json(
      games.map((g) => ({
        replayId: g.replayId,
        game: g.game,
        code: g.code,
        players: [...g.players].sort((a, b) => a.seat - b.seat).map((p) => p.name),
        seat: g.seat,
        winners: [...g.outcome.winners],
        finishedAt: g.endedAt,
      })) satisfies RecentGames,
    );
  } catch (error) {
    logger.error('recent games could not be read', error);
    res.status(500).json({ error: 'Your games could not be read; please try again.' });
  }
}

/** A finished game's replay: its summary and history, then the table after any move. */
function configureReplays(app: express.Application, store: TableStore | null): void {
  const replays = new Replays(store, (slug) => GAME_MODULES[slug]);
  const serve = async (res: express.Response, id: string, answer: () => Promise<unknown>): Promise<void> => {
    try {
      const body = ReplayIdSchema.safeParse(id).success ? await answer() : null;
      if (body === null) res.status(404).json({ error: 'No replay with that link.' });
      else res.json(body);
    } catch (error) {
      // A log the current rules refuse: the record stays, the replay cannot be shown.
      logger.error(`replay ${id} cannot be rebuilt`, error);
      res.status(410).json({ error: 'This game can no longer be replayed with the current rules.' });
    }
  };
  app.get(
    '/api/replays/:id',
    (req, res) => void serve(res, req.params.id, () => replays.info(req.params.id)),
  );

  app.get('/api/replays/:id/:move', (req, res) => {
    const move = Number(req.params.move);
    const seat = typeof req.query.seat === 'string' ? Number(req.query.seat) : null;
    void serve(res, req.params.id, () =>
      Number.isInteger(move) && move >= 0
        ? replays.step(req.params.id, move, seat !== null && Number.isInteger(seat) ? seat : null)
        : Promise.resolve(null),
    );
  });
}

function serveClient(app: express.Application, clientDist: string): void {
  const indexHtml = path.join(clientDist, 'index.html');
  if (!existsSync(indexHtml)) {
    app.get('/', (_req, res) => {
      res
        .type('text/plain')
        .send('The client is not built yet: run `npm run build`, then restart the server.');
    });
    return;
  }
  // The build writes .br and .gz beside each asset; the browser gets the smallest it accepts.
  app.use(
    expressStaticGzip(clientDist, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: 'index.html',
      serveStatic: {
        cacheControl: false,
        setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControlFor(file)),
      },
    }),
  );
  // SPA fallback: client routes such as /r/ABCDE get index.html; missing files stay 404.
  app.use((req, res, next) => {
    const isFile = path.posix.basename(req.path).includes('.');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path) || isFile) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml);
  });
}
