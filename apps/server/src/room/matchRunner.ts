import { Worker } from 'node:worker_threads';
import { logger } from '@colyseus/core';
import {
  type AnyGameModule,
  err,
  type LoggedIntent,
  type Match,
  type Result,
  submitIntent,
  submitSpectatorIntent,
} from '@cards/rules';

type AnyMatch = Match<unknown, unknown, unknown>;

/** One change of a running match: a seat's intent (version null: "the current one", for timers) or a spectator's. */
export type Transition =
  | { kind: 'seat'; actor: number; intent: unknown; version: number | null; now: number }
  | { kind: 'spectator'; spectator: string; intent: unknown; now: number };

/** Applies a transition with the engine's generic checks, on the calling thread. */
export function runHere(game: AnyGameModule, match: AnyMatch, t: Transition): Result<AnyMatch> {
  if (t.kind === 'spectator') return submitSpectatorIntent(game, match, t.spectator, t.intent, t.now);
  // A transition without a version comes from the room's clock (a timer running out).
  return submitIntent(game, match, t.actor, t.intent, t.version ?? match.version, t.now, t.version === null);
}

/**
 * Where a room's match transitions run (see GameRoom.runner). The functions are the game's pure rules,
 * so running them elsewhere gives the same match, the same log and the same replay.
 */
export interface MatchRunner {
  run(game: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>>;
}

/** Worker protocol: the match goes without its log (it only grows); the new log entry comes back. */
export interface RunJob {
  id: number;
  slug: string;
  match: AnyMatch;
  transition: Transition;
}
export type RunAnswer =
  | { id: number; ok: true; state: unknown; version: number; entry: LoggedIntent<unknown>; ms: number }
  | {
      id: number;
      ok: false;
      error: { code: string; message: string; context?: Record<string, unknown> };
      ms: number;
    }
  | { id: number; crashed: string };

/**
 * Runs transitions in one worker thread shared by every room that uses it, one at a time in the order
 * submitted. If the worker cannot start or dies, transitions run on the calling thread from then on.
 */
export class WorkerMatchRunner implements MatchRunner {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  /** Slowest transition the worker ran (ms), for the bench. */
  worstMs = 0;
  private readonly pending = new Map<
    number,
    { match: AnyMatch; resolve: (r: Result<AnyMatch>) => void; fallback: () => Result<AnyMatch> }
  >();

  get mode(): 'idle' | 'worker' | 'main-thread' {
    if (this.broken) return 'main-thread';
    return this.worker === null ? 'idle' : 'worker';
  }

  run(game: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>> {
    const worker = this.ensureWorker();
    if (worker === null) return Promise.resolve(runHere(game, match, t));
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.pending.set(id, { match, resolve, fallback: () => runHere(game, match, t) });
      const job: RunJob = { id, slug: game.slug, match: { ...match, log: [] }, transition: t };
      worker.postMessage(job);
    });
  }

  private ensureWorker(): Worker | null {
    if (this.broken) return null;
    if (this.worker !== null) return this.worker;
    try {
      const worker = new Worker(new URL('./matchWorker.mjs', import.meta.url));
      worker.unref();
      worker.on('message', (answer: RunAnswer) => this.onAnswer(answer));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`match worker exited with ${code}`)));
      this.worker = worker;
      return worker;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  private onAnswer(answer: RunAnswer): void {
    const job = this.pending.get(answer.id);
    if (!job) return;
    this.pending.delete(answer.id);
    if ('crashed' in answer) {
      logger.error(`match worker: a transition threw (${answer.crashed}); running it here`);
      job.resolve(job.fallback());
      return;
    }
    this.worstMs = Math.max(this.worstMs, answer.ms);
    if (!answer.ok) {
      job.resolve(err(answer.error.code, answer.error.message, answer.error.context));
      return;
    }
    job.resolve({
      ok: true,
      value: {
        ...job.match,
        state: answer.state,
        version: answer.version,
        log: [...job.match.log, answer.entry],
      },
    });
  }

  private fail(error: unknown): void {
    if (this.broken) return;
    logger.error('match worker failed; running transitions on the main thread', error);
    this.broken = true;
    this.worker = null;
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const job of owed) job.resolve(job.fallback());
  }
}

/** The process's worker for games whose transitions can take long (Blind Cassowary's proof). */
export const workerMatchRunner = new WorkerMatchRunner();
