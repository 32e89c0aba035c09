import { createServer } from 'node:http';
import { defineRoom, defineServer, type Server } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import {
  clusterDirectory,
  localDirectory,
  restoreBeforeJoin,
  type RoomDirectory,
} from './cluster/directory.ts';
import {
  type ConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  guardConnections,
  httpServerOptions,
} from './connections.ts';
import { installCorsPolicy } from './cors.ts';
import { GuardedWebSocketTransport } from './frames.ts';
import { trustForwardedFor } from './forwarded.ts';
import { configureHttp, DEFAULT_CLIENT_DIST } from './http.ts';
import { DEFAULT_HTTP_LIMITS, type HttpLimits, HttpRateLimiter } from './httpLimits.ts';
import { throttledLogger } from './logging.ts';
import { RECONNECT_SECONDS, type ServerRoomOptions } from './room/GameRoom.ts';
import { GAME_ROOMS, type GameRoomClass } from './rooms/index.ts';
import type { TableStore } from './store/tableStore.ts';

/** Largest WebSocket frame a client may send; game messages are tiny. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/**
 * Compress the large messages only: a Cassino table crowded by endless trailing lists up to 2,000
 * plays (about 160 KB of JSON) is not for a phone to download after every move. Below 16 KB deflating
 * costs more than it saves: a Math Card Game seat's update is 5–8 KB, and deflating each seat's took
 * half the server's CPU at 200 saturated tables (DEVELOPERS.md, "The deflate threshold"), for a few
 * KB a move. No context is kept between messages, so each connection holds no zlib window while idle.
 * Mutable for `pnpm bench room --compare deflate-16k` only.
 */
export const perMessageDeflate = {
  threshold: 16 * 1024,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
};

export interface AppOptions {
  /** Honour the `seed` join option (deterministic deals for tests). */
  allowTestSeeds?: boolean;
  /** How long a dropped player may reconnect (default 60 s); tests shorten it. */
  reconnectSeconds?: number;
  /** Multiplies computer players' think times (default 1); tests shorten it. */
  computerPace?: number;
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
  /**
   * How many reverse proxies of your own stand in front of the server (default 0): the limits then
   * count the client address the outermost proxy appended to `X-Forwarded-For`.
   */
  proxyHops?: number;
  /** Origins besides the site's own whose pages may call the server (see cors.ts). */
  allowedOrigins?: readonly string[];
  /**
   * Connection timeouts and the per-address bound (default DEFAULT_CONNECTION_LIMITS). The bound is
   * off when `httpLimits` is false (tests, benches: one address) or behind a proxy (one address too;
   * bound connections per client at the proxy).
   */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Keep rooms, matches and intents here (main.ts: SQLite under DATA_DIR); none by default. */
  store?: TableStore | null;
  /**
   * Cluster mode (README "Several processes"): this process is one Colyseus node among several
   * sharing Redis (presence and matchmaking driver) and the store. Room codes are held by leases
   * the caller installs (codes.ts useCodeLeases).
   */
  cluster?: { redisUrl: string; publicAddress: string } | null;
  /**
   * Where rooms are looked up (GET /api/rooms/:code, and in cluster mode joins by code). Default: this
   * process's rooms, or in cluster mode a clusterDirectory over `store`. main.ts passes its own so
   * its background sweep shares the directory's in-flight restores.
   */
  directory?: RoomDirectory;
}

/** Builds the Colyseus server with its express routes; call `listenOn(server, port, host)` on the result. */
export function createGameServer(options: AppOptions = {}): Server {
  // Set every key: these override whatever a client passes in its create options.
  const serverOptions: ServerRoomOptions = {
    allowTestSeeds: options.allowTestSeeds === true,
    reconnectSeconds: options.reconnectSeconds ?? RECONNECT_SECONDS,
    computerPace: options.computerPace ?? 1,
    store: options.store ?? null,
  };
  const rooms = Object.fromEntries(
    Object.entries(options.rooms ?? GAME_ROOMS).map(([slug, room]) => [
      slug,
      defineRoom(room, serverOptions),
    ]),
  );
  const proxyHops = options.proxyHops ?? 0;
  const origins = { allowed: options.allowedOrigins ?? [] };
  const unbounded = options.httpLimits === false || proxyHops > 0;
  const connectionLimits: ConnectionLimits = {
    ...DEFAULT_CONNECTION_LIMITS,
    ...(unbounded ? { perAddress: null } : {}),
    ...options.connectionLimits,
  };
  const httpServer = createServer(httpServerOptions(connectionLimits));
  guardConnections(httpServer, connectionLimits);
  installCorsPolicy(origins);
  const limits = options.httpLimits === false ? null : { ...DEFAULT_HTTP_LIMITS, ...options.httpLimits };
  new HttpRateLimiter(limits, proxyHops, origins).install(httpServer);
  // Installed last, so it runs first: the limiter and the rooms see only the trusted address.
  trustForwardedFor(httpServer, proxyHops);
  const cluster = options.cluster ?? null;
  const directory =
    options.directory ??
    (cluster === null
      ? localDirectory
      : clusterDirectory(options.store ?? null, new Set(Object.keys(rooms))));
  if (cluster !== null) restoreBeforeJoin(directory);
  return defineServer({
    rooms,
    ...(cluster === null
      ? {}
      : {
          presence: new RedisPresence(cluster.redisUrl),
          driver: new RedisDriver(cluster.redisUrl),
          publicAddress: cluster.publicAddress,
        }),
    // Every frame screened (frames.ts); keep-alive pings spread over the interval (spreadPings.ts).
    transport: new GuardedWebSocketTransport({
      server: httpServer,
      maxPayload: MAX_PAYLOAD_BYTES,
      perMessageDeflate,
    }),
    express: (app) =>
      configureHttp(app, options.clientDist ?? DEFAULT_CLIENT_DIST, options.store ?? null, directory),
    gracefullyShutdown: options.handleSignals === true,
    greet: false,
    logger: throttledLogger(),
  });
}
