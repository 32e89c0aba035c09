import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGameServer } from './app.ts';
import { holdCodes } from './room/codes.ts';
import { GAME_ROOMS } from './rooms/index.ts';
import { restoreRooms } from './store/restore.ts';
import { databaseFile, SqliteStore } from './store/sqliteStore.ts';

const port = Number(process.env.PORT ?? 2567);
const host = process.env.HOST ?? '127.0.0.1';
const allowTestSeeds = process.env.ALLOW_TEST_SEEDS === '1';
// Behind a reverse proxy you run: count the per-address HTTP limits by the forwarded client address.
const trustProxy = process.env.TRUST_PROXY === '1';
// Default: ./data at the repository root. A relative DATA_DIR is taken from where npm was started.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.env.DATA_DIR ?? repoRoot + '/data',
);
/** How often the store learns the server is alive (a restart resumes room clocks from the last one). */
const HEARTBEAT_MS = 1000;

const store = new SqliteStore(databaseFile(dataDir));
const stored = await store.openRooms();
holdCodes(stored.map((room) => room.snapshot.code));
store.heartbeat(Date.now());
setInterval(() => store.heartbeat(Date.now()), HEARTBEAT_MS).unref();

const server = createGameServer({ allowTestSeeds, trustProxy, handleSignals: true, store });
await server.listen(port, host);
console.log(
  `Card table server listening on http://${host}:${port}${allowTestSeeds ? ' (test seeds allowed)' : ''}; data in ${dataDir}`,
);
const started = performance.now();
const report = await restoreRooms(stored, store, new Set(Object.keys(GAME_ROOMS)));
console.log(
  `Ready: restored ${report.restored.length} room(s) in ${Math.round(performance.now() - started)} ms` +
    (report.closed.length > 0 ? `; closed ${report.closed.map((c) => c.code).join(', ')}` : ''),
);
