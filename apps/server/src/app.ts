import { createServer } from 'node:http';
import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { configureHttp, DEFAULT_CLIENT_DIST } from './http.ts';
import { DEFAULT_HTTP_LIMITS, type HttpLimits, HttpRateLimiter } from './httpLimits.ts';
import { RECONNECT_SECONDS, type ServerRoomOptions } from './room/GameRoom.ts';
import { GAME_ROOMS, type GameRoomClass } from './rooms/index.ts';
import type { TableStore } from './store/tableStore.ts';

/** Largest WebSocket frame a client may send; game messages are tiny. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/**
 * Compress the large messages only: a view with its legal plays is a few KB, but a Cassino table
 * crowded by endless trailing lists up to 10,000 plays (about 880 KB of JSON, 31 KB deflated), which
 * a phone should not have to download after every move. No context is kept between messages, so
 * each connection holds no zlib window while idle.
 */
const PER_MESSAGE_DEFLATE = {
  threshold: 4 * 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
} as const;

export interface AppOptions {
  /** Honour the `seed` join option (deterministic deals for tests). */
  allowTestSeeds?: boolean;
  /** How long a dropped player may reconnect (default 60 s); tests shorten it. */
  reconnectSeconds?: number;
  /** Rooms by slug; defaults to every playable game. Tests add their own. */
  rooms?: Readonly<Record<string, GameRoomClass>>;
  clientDist?: string;
  /** Let Colyseus exit the process on SIGINT/SIGTERM (main.ts); off for tests and benches. */
  handleSignals?: boolean;
  /**
   * Per-address limits on room lookups, creation and joins (default DEFAULT_HTTP_LIMITS); `false`
   * turns them off (room tests and the bench, which create many rooms from one address).
   */
  httpLimits?: Partial<HttpLimits> | false;
  /** Count the HTTP limits per `X-Forwarded-For` client (only behind your own reverse proxy). */
  trustProxy?: boolean;
  /** Keep rooms, matches and intents here (main.ts: SQLite under DATA_DIR); none by default. */
  store?: TableStore | null;
}

/** Builds the Colyseus server with its express routes; call `listen(port, host)` on the result. */
export function createGameServer(options: AppOptions = {}): Server {
  // Set every key: these override whatever a client passes in its create options.
  const serverOptions: ServerRoomOptions = {
    allowTestSeeds: options.allowTestSeeds === true,
    reconnectSeconds: options.reconnectSeconds ?? RECONNECT_SECONDS,
    store: options.store ?? null,
  };
  const rooms = Object.fromEntries(
    Object.entries(options.rooms ?? GAME_ROOMS).map(([slug, room]) => [
      slug,
      defineRoom(room, serverOptions),
    ]),
  );
  const httpServer = createServer();
  if (options.httpLimits !== false)
    new HttpRateLimiter(
      { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits },
      options.trustProxy === true,
    ).install(httpServer);
  return defineServer({
    rooms,
    transport: new WebSocketTransport({
      server: httpServer,
      maxPayload: MAX_PAYLOAD_BYTES,
      perMessageDeflate: PER_MESSAGE_DEFLATE,
    }),
    express: (app) => configureHttp(app, options.clientDist ?? DEFAULT_CLIENT_DIST, options.store ?? null),
    gracefullyShutdown: options.handleSignals === true,
    greet: false,
  });
}
