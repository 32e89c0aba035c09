// The SQLite store's WAL checkpointer (sqliteStore.ts): a worker thread with its own connection, so
// that the room thread never copies the WAL into the database nor waits for the fsyncs that go with
// it. Plain JavaScript: it needs nothing but node:sqlite, so it runs without a TypeScript loader.
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

/** `writes`: an Int32Array over shared memory, [0] = writes the store made since the last checkpoint. */
const { file, writes, tickMs, writesPerCheckpoint, idleCheckpointMs, restartFrames } = workerData;
const db = new DatabaseSync(file);
// synchronous=NORMAL here too: the WAL is fsynced before a checkpoint copies it and the database
// after, both on this thread.
db.exec('PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const restart = db.prepare('PRAGMA wal_checkpoint(RESTART)');
// A write of our own right after a complete checkpoint starts the WAL over from its beginning here,
// so the fsync of the new WAL header falls on this thread rather than on the room's next write.
const touch = db.prepare(
  "INSERT INTO meta (key, value) VALUES ('checkpointed', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
);
const figures = { checkpoints: 0, restarts: 0, worstMs: 0, restartLog: [] };
let lastAt = performance.now();

function checkpoint() {
  const started = performance.now();
  lastAt = started;
  Atomics.store(writes, 0, 0);
  try {
    const { busy, log, checkpointed } = passive.get();
    figures.checkpoints += 1;
    if (busy === 0 && log > 0 && checkpointed === log) touch.run(String(Date.now()));
    // The room kept writing while each checkpoint synced, so the WAL never started over: wait for the
    // writers once (it holds them for the copy of the few frames left and two fsyncs).
    else if (log >= restartFrames) {
      const at = Date.now();
      const from = performance.now();
      restart.get();
      figures.restarts += 1;
      // For `pnpm bench room`: which second's latencies it held (the last 100 restarts).
      figures.restartLog = [...figures.restartLog.slice(-99), { at, ms: performance.now() - from }];
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: String(error) });
  }
  figures.worstMs = Math.max(figures.worstMs, performance.now() - started);
}

/** As SQLite's own auto-checkpoint (about every 1000 pages), or after a quiet while if anything was written. */
function tick() {
  const pending = Atomics.load(writes, 0);
  if (pending >= writesPerCheckpoint || (pending > 0 && performance.now() - lastAt >= idleCheckpointMs))
    checkpoint();
}

const timer = setInterval(tick, tickMs);
parentPort.on('message', (message) => {
  if (message === 'figures') parentPort.postMessage({ type: 'figures', ...figures });
  if (message === 'close') {
    clearInterval(timer);
    if (Atomics.load(writes, 0) > 0) checkpoint();
    db.close();
    parentPort.close();
  }
});
