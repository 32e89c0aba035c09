/**
 * A cluster on one machine, in one command: `npm run cluster` (builds the client first), or
 * `npx pnpm@12.21.0 cluster` on a built checkout.
 *
 * Starts Debian's redis-server on REDIS_PORT (default 6390) and PROCESSES server processes (default 2)
 * on PORT, PORT+1, … (default 2567), all on the SQLite file under DATA_DIR (default ./data). Each
 * process serves the page, matchmaking and the rooms it runs; a browser may open any of them (the
 * first is printed): rooms are spread over the processes by Colyseus, and each room's websocket goes
 * to the process that runs it (PUBLIC_ADDRESS = PUBLIC_HOST:port, default 127.0.0.1). A process that
 * dies is started again; meanwhile its rooms come back on the others when their players return.
 * Ctrl-C stops everything.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RedisServer } from '../apps/server/src/cluster/redisServer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? process.env.PROCESSES ?? 2);
const basePort = Number(process.env.PORT ?? 2567);
const redisPort = Number(process.env.REDIS_PORT ?? 6390);
const publicHost = process.env.PUBLIC_HOST ?? '127.0.0.1';
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(count) || count < 1) throw new Error('PROCESSES must be a whole number ≥ 1.');

const redis = await RedisServer.start(redisPort);
console.log(`redis-server on ${redis.url}`);
const children = new Map<number, ChildProcess>();
let stopping = false;

function start(port: number): void {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ALLOW_TEST_SEEDS: '',
      PORT: String(port),
      HOST: host,
      REDIS_URL: redis.url,
      PUBLIC_ADDRESS: `${publicHost}:${port}`,
    },
    stdio: 'inherit',
  });
  children.set(port, child);
  child.once('exit', (code, signal) => {
    children.delete(port);
    if (stopping) return;
    console.log(`process on :${port} stopped (${signal ?? code}); starting it again`);
    setTimeout(() => start(port), 1000);
  });
}

for (let i = 0; i < count; i++) start(basePort + i);
console.log(
  `${count} server process(es); open http://${publicHost}:${basePort} (or any of the next ${count - 1} ports)`,
);

async function stop(): Promise<void> {
  stopping = true;
  await Promise.all(
    [...children.values()].map(
      (child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGTERM')),
    ),
  );
  await redis.stop();
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
