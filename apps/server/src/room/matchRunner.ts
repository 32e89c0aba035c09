import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { logger } from '@colyseus/core';
import {
  type AnyGameModule,
  type ArrivalTiming,
  err,
  type LoggedIntent,
  type Match,
  type Result,
  submitIntent,
  submitSpectatorIntent,
  withLoggedIntent,
} from '@cards/rules';

type AnyMatch = Match<unknown, unknown, unknown>;

/**
 * One change of a running match: a seat's intent (version null: "the current one", for timers) or a
 * spectator's. A raced intent (GameRoom.latencyRace) carries its arrival timing into the log.
 */
export type Transition =
  | {
      kind: 'seat';
      actor: number;
      intent: unknown;
      version: number | null;
      now: number;
      timing?: ArrivalTiming;
    }
  | { kind: 'spectator'; spectator: string; intent: unknown; now: number };

/** Applies a transition with the engine's generic checks, on the calling thread. */
export function runHere(game: AnyGameModule, match: AnyMatch, t: Transition): Result<AnyMatch> {
  if (t.kind === 'spectator') return submitSpectatorIntent(game, match, t.spectator, t.intent, t.now);
  // A transition without a version comes from the room's clock (a timer running out).
  return submitIntent(
    game,
    match,
    t.actor,
    t.intent,
    t.version ?? match.version,
    t.now,
    t.version === null,
    t.timing,
  );
}

/**
 * Where a room's match transitions run (see GameRoom.runner). The functions are the game's pure rules,
 * so running them elsewhere gives the same match, the same log and the same replay.
 */
export interface MatchRunner {
  run(game: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>>;
  /** Starts what runs the transitions ahead of the first one (a room opening calls it). */
  prepare?(): void;
  /** Whether `run` would apply this transition on the calling thread, at once. */
  runsHere?(state: unknown, t: Transition): boolean;
}

/**
 * Sends to `pool` only the transitions `offload` says may take long (a search), and runs the rest on
 * the calling thread at once: a cheap intent never waits for a free worker behind another room's
 * proof, nor pays the round trip with the whole state. The room's host applies its transitions one
 * at a time, so a cheap one that arrives while a proof of its own match is running still applies
 * after it. The functions are the same either way, so the log and the replay are too.
 */
export class OffloadingRunner implements MatchRunner {
  constructor(
    private readonly pool: MatchRunner,
    private readonly offload: (state: unknown, t: Transition) => boolean,
  ) {}

  run(game: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>> {
    if (this.offload(match.state, t)) return this.pool.run(game, match, t);
    return Promise.resolve(runHere(game, match, t));
  }

  prepare(): void {
    this.pool.prepare?.();
  }

  runsHere(state: unknown, t: Transition): boolean {
    return !this.offload(state, t);
  }
}

/** Worker protocol: the match goes without its log (it only grows); the new log entry comes back. */
export interface RunJob {
  id: number;
  slug: string;
  match: AnyMatch;
  transition: Transition;
}
export type RunAnswer =
  | {
      id: number;
      ok: true;
      state: unknown;
      version: number;
      entry: LoggedIntent<unknown>;
      ms: number;
      cpuMs: number;
    }
  | {
      id: number;
      ok: false;
      error: { code: string; message: string; context?: Record<string, unknown> };
      ms: number;
      cpuMs: number;
    }
  | { id: number; crashed: string }
  | { ready: WorkerReady };

/** A worker's report once it can take jobs: its warm-up's time (wall, CPU) and its heap after it. */
export interface WorkerReady {
  readonly warmUpMs: number;
  readonly warmUpCpuMs: number;
  readonly heapUsedBytes: number;
}

/** What a match worker is started with (`workerData`). */
export interface MatchWorkerOptions {
  /** Run the games' warm-up steps when it starts (default true; the bench compares without). */
  readonly warmUp?: boolean;
}

/** Default pool size: one worker per spare core, at least two (so one slow proof never holds every room). */
export const defaultPoolSize = (): number => Math.max(2, availableParallelism() - 1);

interface PoolJob {
  readonly id: number;
  /** Jobs with the same key (one match: its seed) run one after another, in submission order. */
  readonly key: string;
  readonly message: RunJob;
  readonly match: AnyMatch;
  readonly resolve: (r: Result<AnyMatch>) => void;
  readonly fallback: () => Result<AnyMatch>;
  readonly queuedAt: number;
}

/** What the pool needs of a worker thread (a test can pass a fake one). */
export interface PoolWorker {
  postMessage(job: RunJob): void;
  on(event: 'message', listener: (answer: RunAnswer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  unref(): void;
  terminate(): unknown;
}

export const spawnMatchWorker = (workerData: MatchWorkerOptions = {}): PoolWorker =>
  new Worker(new URL('./matchWorker.mjs', import.meta.url), { workerData });

interface Slot {
  readonly worker: PoolWorker;
  job: PoolJob | null;
}

/**
 * Runs transitions in a small pool of worker threads shared by every room that uses it. A job goes to
 * the first idle worker (workers start on demand, up to `size`); when all are busy it waits in one
 * queue. Transitions of one match never overlap and keep their order (the room also waits for each
 * before sending the next), so a slow proof in one room holds one worker, not every room. If a worker
 * cannot start or dies, its job runs on the calling thread and the pool shrinks; with no worker left,
 * every transition runs on the calling thread from then on.
 */
export class WorkerMatchRunner implements MatchRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: PoolJob[] = [];
  private readonly busyKeys = new Set<string>();
  private size: number;
  private broken = false;
  private nextId = 1;
  /** Slowest transition a worker ran (ms), for the bench. */
  worstMs = 0;
  /** The last answered transition's time in its worker: wall and the thread's CPU (ms), for the bench. */
  last = { ms: 0, cpuMs: 0 };
  /** Longest time a job waited for a free worker (ms), for the bench. */
  worstWaitMs = 0;
  /** Jobs that had to wait because every worker was busy. */
  waited = 0;
  /** Every worker's report once it was ready (warmed up), in order. */
  readonly readyReports: WorkerReady[] = [];
  private readyWaiters: (() => void)[] = [];

  constructor(
    size: number = defaultPoolSize(),
    private readonly spawn: () => PoolWorker = spawnMatchWorker,
  ) {
    this.size = Math.max(1, Math.floor(size));
  }

  get mode(): 'idle' | 'worker' | 'main-thread' {
    if (this.broken) return 'main-thread';
    return this.slots.length === 0 ? 'idle' : 'worker';
  }

  /** Workers started so far. */
  get workers(): number {
    return this.slots.length;
  }

  /** Starts every worker now (each warms up as it starts) rather than on the first jobs. */
  prepare(): void {
    while (!this.broken && this.slots.length < this.size && this.spawnSlot() !== null);
  }

  /** Stops every worker (the bench's pools; the server's lives as long as the process). */
  close(): void {
    for (const slot of this.slots.splice(0)) void slot.worker.terminate();
  }

  /** Resolves once every worker started so far has reported ready (the bench waits for warm-ups). */
  ready(): Promise<void> {
    if (this.readyReports.length >= this.slots.length) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(() => this.ready().then(resolve)));
  }

  run(game: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>> {
    if (this.broken) return Promise.resolve(runHere(game, match, t));
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.queue.push({
        id,
        key: `${game.slug}:${match.seed}`,
        message: { id, slug: game.slug, match: { ...match, log: [] }, transition: t },
        match,
        resolve,
        fallback: () => runHere(game, match, t),
        queuedAt: performance.now(),
      });
      this.pump();
    });
  }

  /** Starts every queued job that has a free worker and no earlier job of its match still running. */
  private pump(): void {
    for (let i = 0; i < this.queue.length;) {
      const job = this.queue[i] as PoolJob;
      if (this.busyKeys.has(job.key)) {
        i++;
        continue;
      }
      const slot = this.freeSlot();
      if (slot === null) {
        if (this.broken) this.drainHere();
        return;
      }
      this.queue.splice(i, 1);
      const wait = performance.now() - job.queuedAt;
      this.worstWaitMs = Math.max(this.worstWaitMs, wait);
      if (wait > 1) this.waited++;
      slot.job = job;
      this.busyKeys.add(job.key);
      slot.worker.postMessage(job.message);
    }
  }

  private freeSlot(): Slot | null {
    const idle = this.slots.find((s) => s.job === null);
    if (idle !== undefined) return idle;
    if (this.slots.length >= this.size) return null;
    return this.spawnSlot();
  }

  /** A new worker (null if it could not start). */
  private spawnSlot(): Slot | null {
    try {
      const worker = this.spawn();
      worker.unref();
      const slot: Slot = { worker, job: null };
      worker.on('message', (answer: RunAnswer) => this.onAnswer(slot, answer));
      worker.on('error', (error) => this.fail(slot, error));
      worker.on('exit', (code) => this.fail(slot, new Error(`match worker exited with ${code}`)));
      this.slots.push(slot);
      return slot;
    } catch (error) {
      this.giveUpOne(error);
      return this.slots.find((s) => s.job === null) ?? null;
    }
  }

  private finish(slot: Slot, job: PoolJob, result: Result<AnyMatch>): void {
    slot.job = null;
    this.busyKeys.delete(job.key);
    job.resolve(result);
    this.pump();
  }

  private onAnswer(slot: Slot, answer: RunAnswer): void {
    if ('ready' in answer) {
      this.readyReports.push(answer.ready);
      for (const wake of this.readyWaiters.splice(0)) wake();
      return;
    }
    const job = slot.job;
    if (job === null || job.id !== answer.id) return;
    if ('crashed' in answer) {
      logger.error(`match worker: a transition threw (${answer.crashed}); running it here`);
      this.finish(slot, job, job.fallback());
      return;
    }
    this.worstMs = Math.max(this.worstMs, answer.ms);
    this.last = { ms: answer.ms, cpuMs: answer.cpuMs };
    if (!answer.ok) {
      this.finish(slot, job, err(answer.error.code, answer.error.message, answer.error.context));
      return;
    }
    this.finish(slot, job, { ok: true, value: withLoggedIntent(job.match, answer.state, answer.entry) });
  }

  /** A worker failed: drop it (its job runs here) and run with one worker fewer. */
  private fail(slot: Slot, error: unknown): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    this.giveUpOne(error);
    for (const wake of this.readyWaiters.splice(0)) wake();
    const job = slot.job;
    slot.job = null;
    if (job !== null) this.finish(slot, job, job.fallback());
    else this.pump();
  }

  private giveUpOne(error: unknown): void {
    this.size -= 1;
    if (this.size > 0) {
      logger.error('a match worker failed; the pool runs with one worker fewer', error);
      return;
    }
    if (!this.broken) logger.error('match workers failed; running transitions on the main thread', error);
    this.broken = true;
  }

  /** No worker left: everything still queued runs here, in order. */
  private drainHere(): void {
    const owed = this.queue.splice(0);
    for (const job of owed) job.resolve(job.fallback());
  }
}

/** The process's worker pool for games whose transitions can take long (Blind Cassowary's proof). */
export const workerMatchRunner = new WorkerMatchRunner();
