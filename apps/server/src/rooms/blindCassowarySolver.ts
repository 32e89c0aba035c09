import { Worker } from 'node:worker_threads';
import {
  BLIND_CASSOWARY_SYNC_SOLVER,
  type BlindCassowaryFound,
  type BlindCassowaryHandSolver,
  type BlindCassowaryProof,
} from '@cards/rules';
import type { BlindCassowaryCard } from '@cards/schema';
import { logger } from '@colyseus/core';

/**
 * Blind Cassowary's legalIntents suggests a claim per hand (searchHand) and, in the blind phase, a
 * best submission (bestBlind). One such call can take ~300 ms at worst (measured: legalIntents worst
 * 294 ms over 400 random games), and the room asks for every seat after every change. So the room
 * answers those calls from this process-wide cache instead: on a miss the call is queued to one
 * worker thread and the suggestion is left out of `legal` for now; when the worker answers, every
 * room that asked re-sends its 'game' updates (same version, now with the suggestion). Results are
 * deterministic functions of (hand, target), so caching them across rooms is safe. The rules' own
 * "no cassowary exists" proof (inside apply) stays synchronous and deterministic (worst measured
 * 21 ms), so replays do not depend on this cache.
 */
export type SolverJob =
  | { key: string; kind: 'search'; hand: BlindCassowaryCard[]; target: number }
  | { key: string; kind: 'best'; hand: BlindCassowaryCard[]; target: number };
export type SolverAnswer = {
  key: string;
  answer: BlindCassowaryProof | BlindCassowaryFound | null;
  ms: number;
};
type Answer = SolverAnswer['answer'];

const CACHE_LIMIT = 20_000;

class SolverService {
  private readonly cache = new Map<string, Answer>();
  /** Keys sent to the worker, with the callbacks to run when each is answered. */
  private readonly pending = new Map<string, { job: SolverJob; waiters: Set<() => void> }>();
  private worker: Worker | null = null;
  /** Set once the worker failed: everything is answered synchronously from then on. */
  private broken = false;
  /** Slowest worker answer so far (ms), for the bench. */
  worstMs = 0;

  /** Where suggestions are computed: 'idle' before the first one is needed. */
  get mode(): 'idle' | 'worker' | 'main-thread' {
    if (this.broken) return 'main-thread';
    return this.worker === null ? 'idle' : 'worker';
  }

  /** A HandSolver for legalIntentsWith that calls `onReady` once a missing answer has arrived. */
  solverFor(onReady: () => void): BlindCassowaryHandSolver {
    return {
      search: (hand, target) =>
        this.lookup(
          { key: keyOf('search', hand, target), kind: 'search', hand: [...hand], target },
          onReady,
        ) as BlindCassowaryProof | undefined,
      best: (hand, target) =>
        this.lookup({ key: keyOf('best', hand, target), kind: 'best', hand: [...hand], target }, onReady) as
          BlindCassowaryFound | null | undefined,
    };
  }

  private lookup(job: SolverJob, onReady: () => void): Answer | undefined {
    if (this.cache.has(job.key)) return this.cache.get(job.key);
    if (this.broken) return this.solveHere(job);
    const waiting = this.pending.get(job.key);
    if (waiting) {
      waiting.waiters.add(onReady);
      return undefined;
    }
    const worker = this.ensureWorker();
    if (worker === null) return this.solveHere(job);
    this.pending.set(job.key, { job, waiters: new Set([onReady]) });
    worker.postMessage(job);
    return undefined;
  }

  private solveHere(job: SolverJob): Answer {
    const answer =
      job.kind === 'search'
        ? BLIND_CASSOWARY_SYNC_SOLVER.search(job.hand, job.target)
        : BLIND_CASSOWARY_SYNC_SOLVER.best(job.hand, job.target);
    this.remember(job.key, answer ?? null);
    return answer ?? null;
  }

  private remember(key: string, answer: Answer): void {
    if (this.cache.size >= CACHE_LIMIT) {
      const oldest = this.cache.keys().next();
      if (oldest.done !== true) this.cache.delete(oldest.value);
    }
    this.cache.set(key, answer);
  }

  private ensureWorker(): Worker | null {
    if (this.worker !== null) return this.worker;
    try {
      const worker = new Worker(new URL('./blindCassowarySolver.worker.mjs', import.meta.url));
      // Idle, it must not keep the process (or a test run) alive.
      worker.unref();
      worker.on('message', (reply: SolverAnswer) => this.onAnswer(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`solver worker exited with ${code}`)));
      this.worker = worker;
      return worker;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  private onAnswer(reply: SolverAnswer): void {
    this.worstMs = Math.max(this.worstMs, reply.ms);
    this.remember(reply.key, reply.answer);
    const waiting = this.pending.get(reply.key);
    this.pending.delete(reply.key);
    for (const ready of waiting?.waiters ?? []) ready();
  }

  /** The worker is gone: answer what it still owed here (once), and every later call too. */
  private fail(error: unknown): void {
    if (this.broken) return;
    logger.error('Blind Cassowary solver worker failed; solving on the main thread', error);
    this.broken = true;
    this.worker = null;
    const owed = [...this.pending.values()];
    this.pending.clear();
    for (const { job, waiters } of owed) {
      this.solveHere(job);
      for (const ready of waiters) ready();
    }
  }
}

const keyOf = (kind: string, hand: readonly BlindCassowaryCard[], target: number): string =>
  `${kind}|${target}|${hand.map((c) => c.id).join(',')}`;

/** One worker and one cache for every Blind Cassowary room of the process. */
export const blindCassowarySolver = new SolverService();
