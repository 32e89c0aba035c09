/**
 * The server half of `pnpm bench room`, run as a child process so that the simulated clients (in the
 * parent) do not share its event loop: the figures are the server's own.
 *
 * IPC from the parent: `{ type: 'measure' }` starts the measurement, `{ type: 'report' }` asks for
 * the figures (answered with a ServerFigures message), `{ type: 'stop' }` shuts down. The child says
 * `{ type: 'ready' }` once it listens.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGameServer, perMessageDeflate } from '../app.ts';
import { listenOn } from '../listen.ts';
import { databaseFile, SqliteStore } from '../store/sqliteStore.ts';
import { SplicedUpdates } from '../room/splicedUpdate.ts';
import { SqliteThreadStore } from '../store/sqliteThread.ts';
import { SqliteBatchStore } from '../store/sqliteBatch.ts';
import { BatchedStore } from '../store/batchedStore.ts';
import { digestOptions } from '../store/rebuild.ts';
import { Broadcaster } from '../room/broadcaster.ts';
import { GameRoom } from '../room/GameRoom.ts';
import { MatchHost } from '../room/matchHost.ts';
import { checkpointTiming, RoomRecorder } from '../room/recorder.ts';
import { workerMatchRunner } from '../room/matchRunner.ts';
import { frameWrites } from '../frames.ts';
import {
  type InProcessSwitch,
  isNodeFlagSwitch,
  switchSetting,
  type ChildMessage,
  serverCpuSince,
  cpuMark,
  loopSummary,
  memoryFigures,
  observeGcStalls,
  type ParentMessage,
  type Stall,
  STALL_MS,
  markProfile,
  startAllocationProfile,
  summarise,
} from './benchStats.ts';

/** The room's synchronous handlers, by the part that holds them. */
const TIMED: readonly [object, string][] = [
  [GameRoom.prototype, 'onIntent'],
  [MatchHost.prototype, 'fireTimer'],
  [GameRoom.prototype, 'startGame'],
  [Broadcaster.prototype, 'gameToAll'],
  // The store's writes after a handler: the room snapshot and the state checkpoint (its digest).
  [RoomRecorder.prototype, 'flushSave'],
  [RoomRecorder.prototype, 'flushCheckpoint'],
  // The group commit of a turn's store calls (appends, saves) on the room thread.
  [SqliteBatchStore.prototype, 'runCalls'],
];

/**
 * One handler call in this many has its thread CPU read, the sum scaled up: each reading is two
 * system calls (threadCpuUsage) the bare room does not pay, 3% of a saturated server's CPU when every
 * call was read.
 */
const CPU_SAMPLE_EVERY = 8;

/** Times the room's synchronous handlers: the event loop is blocked for exactly that long. */
function timeRoomHandlers(
  handlerMs: number[],
  worst: Map<string, number>,
  cpu: { ms: number; byName: Map<string, number> },
  stalls: Stall[],
): void {
  let depth = 0;
  for (const [prototype, name] of TIMED) {
    // Counted per handler: one count for all would read the same handler each time when calls alternate.
    let calls = 0;
    const proto = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = proto[name];
    if (typeof original !== 'function') throw new Error(`the room has no ${name}`);
    const nests = name !== 'gameToAll' && !name.startsWith('flush');
    proto[name] = function timed(this: unknown, ...args: unknown[]) {
      // gameToAll also runs inside the others: count it only on its own (e.g. after a join), and
      // read no clock inside them (each threadCpuUsage is a system call the bare room does not pay).
      if (!nests && depth > 0) return original.apply(this, args);
      const t = performance.now();
      const cpuFrom = calls++ % CPU_SAMPLE_EVERY === 0 ? process.threadCpuUsage() : null;
      if (nests) depth++;
      try {
        return original.apply(this, args);
      } finally {
        if (nests) depth--;
        const ms = performance.now() - t;
        handlerMs.push(ms);
        worst.set(name, Math.max(worst.get(name) ?? 0, ms));
        if (ms >= STALL_MS) stalls.push({ at: Date.now() - ms, kind: name, ms });
        if (cpuFrom !== null) {
          const used = process.threadCpuUsage(cpuFrom);
          const usedMs = ((used.user + used.system) / 1000) * CPU_SAMPLE_EVERY;
          cpu.ms += usedMs;
          cpu.byName.set(name, (cpu.byName.get(name) ?? 0) + usedMs);
        }
      }
    };
  }
}

/** Times each intent from the room's handler being called to its reply settling (ServerFigures.served). */
function timeServedIntents(servedMs: number[]): void {
  const proto = GameRoom.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const onIntent = proto.onIntent;
  if (typeof onIntent !== 'function') throw new Error('the room has no onIntent');
  proto.onIntent = function served(this: unknown, ...args: unknown[]) {
    const t = performance.now();
    const reply = onIntent.apply(this, args);
    const done = () => void servedMs.push(performance.now() - t);
    if (reply instanceof Promise) void reply.then(done, done);
    else done();
    return reply;
  };
}

/** How each `--compare` switch is turned off or on in this process. */
/** The room's floor for splicing a run of shared view entries (`view-runs` off sets it out of reach). */
const SPLICED_RUN_BYTES = SplicedUpdates.minRunBytes;

/** The store's wait before a batch is handed on early (`early-commit` off sets it to never). */
const EARLY_COMMIT_MS = BatchedStore.maxWaitMs;

const SWITCHES: Record<InProcessSwitch, (on: boolean) => void> = {
  'one-write': (on) => {
    frameWrites.coalesce = on;
  },
  'spectator-once': (on) => {
    Broadcaster.encodeSpectatorGameOnce = on;
  },
  'fast-digest': (on) => {
    digestOptions.fastPath = on;
  },
  'sparse-checkpoints': (on) => {
    checkpointTiming.everyMs = on ? 5000 : 500;
  },
  'splice-shared': (on) => {
    Broadcaster.spliceShared = on;
  },
  'store-thread': (on) => {
    if (on) storeKind = 'thread';
  },
  'store-batch': (on) => {
    if (!on) storeKind = 'plain';
  },
  same: () => undefined,
  'deflate-16k': (on) => {
    perMessageDeflate.threshold = on ? 16 * 1024 : 4 * 1024;
  },
  'cheap-at-once': (on) => {
    MatchHost.applyCheapAtOnce = on;
  },
  'answers-at-once': (on) => {
    BatchedStore.handOnAtOnce = on;
  },
  'early-commit': (on) => {
    BatchedStore.maxWaitMs = on ? EARLY_COMMIT_MS : 0;
  },
  'view-runs': (on) => {
    SplicedUpdates.minRunBytes = on ? SPLICED_RUN_BYTES : Number.POSITIVE_INFINITY;
  },
};

/** The SQLite stores a run can open: main.ts's (batch), on a thread of its own, or without a group commit. */
const SQLITE_STORES = { batch: SqliteBatchStore, thread: SqliteThreadStore, plain: SqliteStore };
/** The store this run opens: main.ts's unless `store-thread` is on or `store-batch` off. */
let storeKind: keyof typeof SQLITE_STORES = 'batch';

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || process.send === undefined)
    throw new Error('benchServer runs as a child of `pnpm bench room`');
  // argv[4]: switches set in this run (`--compare`), comma-separated name=0|1.
  for (const setting of (process.argv[4] ?? '').split(',').filter(Boolean)) {
    const { name, on } = switchSetting(setting);
    // Node flags were given when the process started (NODE_FLAGS): nothing to flip here.
    if (!isNodeFlagSwitch(name)) SWITCHES[name as InProcessSwitch](on);
  }
  const handlerMs: number[] = [];
  const worst = new Map<string, number>();
  // The handlers' CPU time on the room's thread: not stretched when the OS runs another process.
  const handlerCpu = { ms: 0, byName: new Map<string, number>() };
  const stalls: Stall[] = [];
  timeRoomHandlers(handlerMs, worst, handlerCpu, stalls);
  const servedMs: number[] = [];
  timeServedIntents(servedMs);
  observeGcStalls(stalls);
  // argv[3] 'sqlite': the default store, in a fresh temporary DATA_DIR ('sqlite-inline': with SQLite's
  // own checkpoints inside commits); otherwise no store.
  const variant = process.argv[3] ?? 'none';
  const dataDir = variant.startsWith('sqlite') ? mkdtempSync(path.join(tmpdir(), 'card-table-bench-')) : null;
  const storeOptions = { checkpointer: variant !== 'sqlite-inline' };
  const store = dataDir === null ? null : new SQLITE_STORES[storeKind](databaseFile(dataDir), storeOptions);
  const appendMs: number[] = [];
  if (store !== null) {
    const append = store.appendIntent.bind(store);
    // On the store's thread: from the call to its answer on the room thread.
    store.appendIntent = (replayId, intent, fence) => {
      const t = performance.now();
      const appended = append(replayId, intent, fence);
      if (!(appended instanceof Promise)) return void appendMs.push(performance.now() - t);
      return appended.then(() => void appendMs.push(performance.now() - t));
    };
  }
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let cpuFrom = cpuMark();
  // Every table is created from one address: the per-address HTTP limits would refuse them.
  const server = createGameServer({ httpLimits: false, store });
  // A port another process holds: exit, so the parent's bench stops (Colyseus keeps a process alive).
  await listenOn(server, port, '127.0.0.1').catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

  let stopAllocationProfile: (() => Promise<void>) | null = null;
  process.on('message', async (message: ParentMessage) => {
    markProfile(message.type);
    if (message.type === 'measure') {
      stopAllocationProfile = await startAllocationProfile();
      handlerMs.length = 0;
      appendMs.length = 0;
      servedMs.length = 0;
      worst.clear();
      handlerCpu.ms = 0;
      handlerCpu.byName.clear();
      stalls.length = 0;
      loop.reset();
      loop.enable();
      cpuFrom = cpuMark();
    } else if (message.type === 'report') {
      await stopAllocationProfile?.();
      loop.disable();
      const cpu = serverCpuSince(cpuFrom);
      const checkpoints = (await store?.checkpointFigures()) ?? null;
      send({
        type: 'figures',
        ...cpu,
        handlerCpuMs: handlerCpu.ms,
        handlerCpuByName: Object.fromEntries(handlerCpu.byName),
        handlers: summarise(handlerMs),
        worst: Object.fromEntries(worst),
        loop: loopSummary(loop),
        workerWorstMs: workerMatchRunner.worstMs,
        workers: workerMatchRunner.workers,
        waited: workerMatchRunner.waited,
        worstWaitMs: workerMatchRunner.worstWaitMs,
        append: store === null ? null : summarise(appendMs),
        served: summarise(servedMs),
        checkpoints,
        stalls: [
          ...stalls,
          ...(checkpoints?.restartLog ?? []).map((r) => ({ at: r.at, kind: 'wal-restart', ms: r.ms })),
        ],
      });
    } else if (message.type === 'memory') {
      const figures = memoryFigures();
      // BENCH_HEAP_SNAPSHOT=<dir>: a heap snapshot beside each memory figure, to diff idle tables.
      const dir = process.env.BENCH_HEAP_SNAPSHOT;
      if (dir) writeHeapSnapshot(path.join(dir, `project-${Date.now()}.heapsnapshot`));
      send(figures);
    } else if (message.type === 'stop') {
      await server.gracefullyShutdown(false).catch(() => undefined);
      await store?.close();
      if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  send({ type: 'ready' });
}

await main();
