import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGameServer } from './app.ts';
import { listenOn } from './listen.ts';
import { scaledAddressLimits } from './connections.ts';
import { parseOrigins } from './cors.ts';
import { clusterDirectory, sweepOrphans } from './cluster/directory.ts';
import { DEFAULT_LEASE_MS, FORGET_PROCESS_AFTER_LEASES, RedisCodeLeases } from './cluster/leases.ts';
import { findRoom } from './room/GameRoom.ts';
import { codeLeases, useCodeLeases } from './room/codes.ts';
import { GAME_ROOMS } from './rooms/index.ts';
import { restoreRooms } from './store/restore.ts';
import { PostgresStore } from './store/postgresStore.ts';
import { databaseFile } from './store/sqliteStore.ts';
import { SqliteBatchStore } from './store/sqliteBatch.ts';
import { SqliteThreadStore } from './store/sqliteThread.ts';
import type { TableStore } from './store/tableStore.ts';

const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST ?? '127.0.0.1';
const allowTestSeeds = process.env.ALLOW_TEST_SEEDS === '1';
// Behind N reverse proxies you run (TRUST_PROXY=N): count the per-address limits by the address
// the outermost proxy appended to X-Forwarded-For (see README).
const proxyHops = Number(process.env.TRUST_PROXY ?? 0);
if (!Number.isInteger(proxyHops) || proxyHops < 0)
  throw new Error('TRUST_PROXY must be the number of reverse proxies in front (0, 1, 2, …).');
const allowedOrigins = parseOrigins(process.env.ALLOWED_ORIGINS);
// Test knobs (e2e specs that run their own server): a shorter reconnection window, faster computer players.
const reconnectSeconds = positiveNumber('RECONNECT_SECONDS');
const computerPace = positiveNumber('COMPUTER_PACE');

function positiveNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
}

// Default: ./data at the repository root. A relative DATA_DIR is taken from where npm was started.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// DATA_DIR=:memory: keeps the database in memory (tests: nothing survives a restart).
const inMemory = process.env.DATA_DIR === ':memory:';
const dataDir = inMemory
  ? ':memory:'
  : path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? repoRoot + '/data');
/** How often the store learns the server is alive (a restart resumes room clocks from the last one). */
const HEARTBEAT_MS = 1000;

// Cluster mode: REDIS_URL (Colyseus's Redis presence and driver; room codes leased in Redis) and
// PUBLIC_ADDRESS, the host:port browsers reach this process at (README "Several processes").
const redisUrl = process.env.REDIS_URL || null;
const leaseMs = Number(process.env.ROOM_LEASE_MS ?? DEFAULT_LEASE_MS);
const publicAddress = process.env.PUBLIC_ADDRESS || `${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
if (redisUrl !== null) useCodeLeases(new RedisCodeLeases(redisUrl, leaseMs));

// DATABASE_URL: PostgreSQL (processes on several machines share it); else SQLite under DATA_DIR.
const databaseUrl = process.env.DATABASE_URL || null;
// SQLite commits each turn's writes together (SqliteBatchStore); SQLITE_THREAD=1 does so on a thread
// of its own (a machine with a core to spare for it).
const sqliteFile = inMemory ? ':memory:' : databaseFile(dataDir);
const store: TableStore =
  databaseUrl !== null
    ? await PostgresStore.open(databaseUrl)
    : process.env.SQLITE_THREAD === '1'
      ? new SqliteThreadStore(sqliteFile)
      : new SqliteBatchStore(sqliteFile);
const open = await store.openRooms();
const stored = open.map((room) => room.snapshot.code);
// Read before this process's first heartbeat: when the previous one stopped.
const lastAlive = open[0]?.lastAlive ?? Date.now();
const beat = async (): Promise<void> => {
  try {
    await store.heartbeat(Date.now());
  } catch (error) {
    console.error('the store missed a heartbeat', error);
  }
};
await beat();
setInterval(() => void beat(), HEARTBEAT_MS).unref();

// A client built elsewhere (the bundle bench serves an older build this way); default apps/client/dist.
const clientDist = process.env.CLIENT_DIST || undefined;

// ADDRESS_LIMIT_SCALE: every per-address limit times N (benches driving many tables from loopback).
const limitScale = Number(process.env.ADDRESS_LIMIT_SCALE ?? 1);
const addressLimits = limitScale > 1 ? scaledAddressLimits(limitScale) : null;

// Cluster mode: one directory for lookups, joins by code and the sweep below, so a room being
// restored for one of them is not restored again for another.
const directory = redisUrl === null ? null : clusterDirectory(store, new Set(Object.keys(GAME_ROOMS)));

const server = createGameServer({
  ...(addressLimits === null
    ? {}
    : {
        httpLimits: addressLimits.httpLimits,
        connectionLimits: { perAddress: proxyHops > 0 ? null : addressLimits.connectionsPerAddress },
      }),
  allowTestSeeds,
  reconnectSeconds,
  computerPace,
  proxyHops,
  allowedOrigins,
  clientDist,
  handleSignals: true,
  store,
  cluster: redisUrl === null ? null : { redisUrl, publicAddress },
  ...(directory === null ? {} : { directory }),
});
// A stop (SIGTERM, SIGINT) closes the store once the rooms are down: writes still queued (the SQLite
// store's thread, PostgreSQL) are made, and SQLite's last checkpoint is run.
server.onShutdown(() => Promise.resolve(store.close()));
try {
  await listenOn(server, port, host);
} catch (error) {
  console.error(`Cannot listen on ${host}:${port}:`, error);
  process.exit(1);
}
console.log(
  `Card table server listening on http://${host}:${port}${allowTestSeeds ? ' (test seeds allowed)' : ''}; data in ${databaseUrl === null ? dataDir : 'PostgreSQL'}` +
    (redisUrl === null ? '' : `; cluster mode, reached at ${publicAddress}`),
);
const started = performance.now();
const report = await restoreRooms(
  stored,
  store,
  new Set(Object.keys(GAME_ROOMS)),
  (code) => findRoom(code)?.handOver('lease-lost'),
  lastAlive,
);
console.log(
  `Ready: restored ${report.restored.length} room(s) in ${Math.round(performance.now() - started)} ms` +
    (report.closed.length > 0 ? `; closed ${report.closed.map((c) => c.code).join(', ')}` : '') +
    (report.elsewhere.length > 0 ? `; ${report.elsewhere.length} run by other processes` : '') +
    (store instanceof SqliteThreadStore ? '; the SQLite store runs on its own thread' : ''),
);

// Every few lease periods, give or take a third so the processes do not all sweep at once: the
// heartbeats of processes long stopped go, and in cluster mode the rooms of a process that died come
// back here (or close) even if nobody asks for them.
const sweep = async (): Promise<void> => {
  try {
    if (directory !== null) await sweepOrphans(store, directory, (code) => codeLeases().holder(code));
    await store.forgetStoppedProcesses(Date.now() - leaseMs * FORGET_PROCESS_AFTER_LEASES);
  } catch (error) {
    console.error('the sweep for rooms and heartbeats of stopped processes failed', error);
  }
};
setInterval(() => void sweep(), leaseMs * (2.5 + Math.random())).unref();
