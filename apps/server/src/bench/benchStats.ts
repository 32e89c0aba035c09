import type { ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import type { HeapProfiler } from 'node:inspector';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { constants, PerformanceObserver, type RecordableHistogram } from 'node:perf_hooks';
/** Messages and figures shared by the two halves of `pnpm bench room`. */

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ServerFigures {
  type: 'figures';
  /** Main-thread time of the room's handlers (intent, timer, start, game update refresh), ms. */
  handlers: Summary;
  /** Slowest call per handler name, ms. */
  worst: Record<string, number>;
  /** Event-loop delay of the server process, ms. */
  loop: Summary;
  /** Slowest rules transition run in the match worker (Blind Cassowary), ms. */
  workerWorstMs: number;
  /** Match workers in the pool, transitions that waited for a free one, and the longest wait (ms). */
  workers: number;
  waited: number;
  worstWaitMs: number;
  /** With the store: time of each intent append (ms); null without. */
  append: Summary | null;
  /**
   * From the room's intent handler being called to its reply settling (the append awaited, the
   * views and the reply handed to the sockets), ms: the server's own part of intent → view, without
   * the wait for the event loop before the frame is read nor the network and the bench's clients.
   */
  served?: Summary;
  /** With the store's checkpointer: checkpoints it ran, blocking restarts, its slowest (ms). */
  checkpoints?: { checkpoints: number; restarts: number; worstMs: number } | null;
  /** What held the server's event loop STALL_MS or more while measuring, for the per-second p99s. */
  stalls?: Stall[];
  /**
   * CPU time of the whole server process (every thread, user + system) while measuring, ms: unlike
   * latency, it hardly moves with the machine's other load.
   */
  cpuMs: number;
  /**
   * The part of cpuMs spent in the kernel (system time: socket writes, the store's file writes and
   * locks, epoll), ms. The V8 profile charges a thread preempted in a system call to that call; this
   * does not.
   */
  systemCpuMs: number;
  /** The part of cpuMs on the process's main thread (the rooms', the event loop's), ms. */
  mainThreadCpuMs: number;
  /**
   * Thread CPU time inside the room's synchronous handlers (those timed above), ms: the room's own
   * work per intent (rules, log, store append, views, encoding), not counting time the OS gave to
   * other processes. NaN for the bare room.
   */
  handlerCpuMs: number;
  /** The same thread CPU time by handler name (onIntent, flushCheckpoint, …), ms. */
  handlerCpuByName?: Record<string, number>;
}

/**
 * One pause of the server's event loop: a garbage collection, a blocking WAL restart (the room's
 * appends wait for it), or a room handler that ran long; `at` is wall-clock ms (Date.now()) at its start.
 */
export interface Stall {
  at: number;
  kind: string;
  ms: number;
}

/** Pauses shorter than this are not listed. */
export const STALL_MS = 10;

/** Collects the garbage collections of STALL_MS or more into `stalls` (until disconnected). */
export function observeGcStalls(stalls: Stall[]): PerformanceObserver {
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'gc-minor',
    [constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP]: 'gc-minor-ms',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'gc-major',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'gc-incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'gc-weak',
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < STALL_MS) continue;
      const detail = (entry as { detail?: { kind?: number } | null }).detail;
      const kind = kinds[detail?.kind ?? 0] ?? 'gc';
      stalls.push({ at: performance.timeOrigin + entry.startTime, kind, ms: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return observer;
}

/** CPU time (user + system) the process has used since `from` (process.cpuUsage()), ms. */
export function cpuMsSince(from: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
}

/** Where a server's CPU count starts: the whole process's and the main thread's. */
export interface CpuMark {
  process: NodeJS.CpuUsage;
  mainThread: NodeJS.CpuUsage;
}

/** Call on the main thread. */
export const cpuMark = (): CpuMark => ({ process: process.cpuUsage(), mainThread: process.threadCpuUsage() });

/**
 * The process's CPU time since `from`, ms, the system (kernel) part of it, and the main thread's
 * (the rest is the other threads': V8's collector helpers, the store's checkpointer, libuv's pool).
 */
export function serverCpuSince(
  from: CpuMark,
): Pick<ServerFigures, 'cpuMs' | 'systemCpuMs' | 'mainThreadCpuMs'> {
  const used = process.cpuUsage(from.process);
  const main = process.threadCpuUsage(from.mainThread);
  return {
    cpuMs: (used.user + used.system) / 1000,
    systemCpuMs: used.system / 1000,
    mainThreadCpuMs: (main.user + main.system) / 1000,
  };
}

/**
 * Server switches `pnpm bench room --compare <switch>` turns off and on, run after run (benchServer.ts
 * maps each to the flag it flips): one-write, the sender's update and reply in one socket write
 * (frames.ts frameWrites); spectator-once, the spectators' game update encoded once per broadcast
 * (Broadcaster.encodeSpectatorGameOnce); fast-digest, the state checkpoint's digest serialised without a
 * replacer unless the state holds a bigint (store/rebuild.ts digestOptions); sparse-checkpoints, a room's
 * state checkpoint at most every 5 s instead of every 500 ms (room/recorder.ts checkpointTiming);
 * splice-shared, the fields every seat's game update shares encoded once per broadcast and spliced into
 * each seat's message (Broadcaster.spliceShared, room/splicedUpdate.ts); view-runs, the entries every
 * seat's view shares by reference spliced in runs of 256 B or more (off: each view packed whole;
 * SplicedUpdates.minRunBytes); deflate-16k, the websocket's deflate threshold 16 KB, the default (off:
 * 4 KB, as before 27 Nov; app.ts perMessageDeflate); store-thread, the SQLite
 * store on a thread of its own (store/sqliteThread.ts) instead of on the room thread; store-batch, the
 * SQLite store's group commit on the room thread (store/sqliteBatch.ts: a turn's calls in one commit);
 * answers-at-once, a call made while the batched store answers a batch (a room's next move) handed on
 * once those answers' continuations have run, not at the end of the next turn
 * (BatchedStore.handOnAtOnce); early-commit, a batch whose first call waited 4 ms handed on before the
 * turn ends unless the loop is saturated (off: at the end of the turn, as before 29 Nov 21:00;
 * BatchedStore.maxWaitMs);
 * young-64, young-8, young-16 and young-128, the server's Node started with a young generation
 * semi-space of at most 64, 8, 16 or 128 MB (`--max-semi-space-size`; given when the bench starts the
 * process, see NODE_FLAGS); young-128-fixed, of 128 MB from the start (`--min-semi-space-size` too);
 * serial-scavenge, the young generation collected on the main thread alone (`--no-parallel-scavenge`);
 * same, nothing (an A/A run: the difference the bench shows between two identical servers).
 */
export const IN_PROCESS_SWITCHES = [
  'one-write',
  'spectator-once',
  'fast-digest',
  'sparse-checkpoints',
  'splice-shared',
  'store-thread',
  'store-batch',
  'same',
  'view-runs',
  'deflate-16k',
  'cheap-at-once',
  'answers-at-once',
  'early-commit',
] as const;
/** The switches flipped inside the server process (benchServer.ts SWITCHES). */
export type InProcessSwitch = (typeof IN_PROCESS_SWITCHES)[number];

/** The switches that are Node (V8) flags, so given when the server process starts, and their flags. */
export const NODE_FLAGS = {
  'young-64': ['--max-semi-space-size=64'],
  'young-8': ['--max-semi-space-size=8'],
  'young-16': ['--max-semi-space-size=16'],
  'young-128': ['--max-semi-space-size=128'],
  'young-128-fixed': ['--min-semi-space-size=128', '--max-semi-space-size=128'],
  'serial-scavenge': ['--no-parallel-scavenge'],
  'minor-ms': ['--minor-ms'],
} as const satisfies Record<string, readonly string[]>;
export type NodeFlagSwitch = keyof typeof NODE_FLAGS;

export type BenchSwitch = InProcessSwitch | NodeFlagSwitch;
export const BENCH_SWITCHES: readonly BenchSwitch[] = [
  ...IN_PROCESS_SWITCHES,
  ...(Object.keys(NODE_FLAGS) as NodeFlagSwitch[]),
];

export const isNodeFlagSwitch = (name: string): name is NodeFlagSwitch => Object.hasOwn(NODE_FLAGS, name);

/** One switch setting as `pnpm bench room` passes it to a server process (`name=0|1`). */
export function switchSetting(setting: string): { name: string; on: boolean } {
  const [name = '', on] = setting.split('=');
  return { name, on: on === '1' };
}

/** The server process's memory after a full garbage collection (the child runs with --expose-gc). */
export interface MemoryFigures {
  type: 'memory';
  rss: number;
  heapUsed: number;
}

export function memoryFigures(): MemoryFigures {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return { type: 'memory', rss: m.rss, heapUsed: m.heapUsed };
}

export type ParentMessage = { type: 'measure' } | { type: 'report' } | { type: 'memory' } | { type: 'stop' };
export type ChildMessage = { type: 'ready' } | ServerFigures | MemoryFigures;

/**
 * Sends a child process (a server half, a client process) a request and waits for its answer of the
 * given type; rejects if the child exits first.
 */
export function askChild<A extends { type: string }, T extends A['type']>(
  child: ChildProcess,
  request: unknown,
  type: T,
): Promise<Extract<A, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`a bench child process exited (${code}) before answering '${type}'`));
    };
    const onMessage = (m: A) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as Extract<A, { type: T }>);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(request as Parameters<ChildProcess['send']>[0]);
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The event-loop delay histogram's figures, in ms. */
export function loopSummary(loop: Pick<RecordableHistogram, 'count' | 'percentile' | 'max'>): Summary {
  const ms = (ns: number) => ns / 1e6;
  return { n: loop.count, p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) };
}

/** mulberry32: a seeded, repeatable run. */
export function seededRandom(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * BENCH_ALLOC_PROF=<dir>: samples where the server allocates during the measured window, objects the
 * GC has since collected included (what the young generation's scavenges pay for), and writes a
 * `.heapprofile` there (Chrome DevTools' Memory tab reads it). Null without the variable.
 * BENCH_ALLOC_LIVE=1 keeps only what is still reachable at the window's end, after a full GC: what the
 * window's play left alive (each table's current state and what hangs on it), the objects a young
 * generation's scavenge has to copy.
 */
export async function startAllocationProfile(): Promise<(() => Promise<void>) | null> {
  const dir = process.env.BENCH_ALLOC_PROF;
  if (dir === undefined || dir === '') return null;
  mkdirSync(dir, { recursive: true });
  const live = process.env.BENCH_ALLOC_LIVE === '1';
  const stop = await sampleHeap(Number(process.env.BENCH_ALLOC_INTERVAL ?? 16384), !live);
  return async () => {
    // Dead objects not yet collected would count as live (servers run with --expose-gc).
    if (live) globalThis.gc?.();
    const profile = await stop();
    const name = `alloc-${path.basename(process.argv[1] ?? 'server', '.ts')}-${process.pid}-${Date.now()}`;
    writeFileSync(path.join(dir, `${name}.heapprofile`), JSON.stringify(profile));
  };
}

/**
 * V8's sampling heap profiler on this thread from now on (one sample per `intervalBytes` allocated,
 * on average); the function returned stops it and gives the profile. `collected`: the objects the GC
 * has collected meanwhile stay in it (everything allocated), else only what is still reachable.
 */
export async function sampleHeap(
  intervalBytes: number,
  collected: boolean,
): Promise<() => Promise<HeapProfiler.SamplingHeapProfile>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: intervalBytes,
    includeObjectsCollectedByMajorGC: collected,
    includeObjectsCollectedByMinorGC: collected,
  });
  return async () => {
    try {
      return (await session.post('HeapProfiler.stopSampling')).profile;
    } finally {
      session.disconnect();
    }
  };
}

/**
 * With BENCH_CPU_PROF=<dir>, each IPC request a bench server gets (measure, report, …) is written to
 * `<dir>/marks-<server file>-<pid>.txt` with the monotonic time in µs, the clock of the V8 profile's sample times:
 * a profile can be cut to one phase of the run (e.g. the opening: the first `measure` to the first
 * `report`).
 */
export function markProfile(what: string): void {
  const dir = process.env.BENCH_CPU_PROF;
  if (dir === undefined || dir === '') return;
  appendFileSync(
    path.join(dir, `marks-${path.basename(process.argv[1] ?? 'server', '.ts')}-${process.pid}.txt`),
    `${process.hrtime.bigint() / 1000n} ${what}\n`,
  );
}
