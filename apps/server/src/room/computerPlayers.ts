/**
 * Computer players' decisions off the event loop: one worker thread shared by every room's computer
 * players holds them (with their memory) and answers each decision. If the worker cannot start or
 * dies, decisions run on the calling thread from then on (a bot rebuilt there starts with no memory,
 * which only costs it what it had counted so far).
 */
import { Worker } from 'node:worker_threads';
import { logger } from '@colyseus/core';
import { BOTS, type Bot, type BotDecision, type Level, type Thinker } from '@cards/bots';

export interface BotSpec {
  readonly slug: string;
  readonly level: Level;
  readonly seed: string;
}

export type BotJob =
  | { kind: 'decide'; id: number; bot: string; spec: BotSpec; view: unknown; legal: readonly unknown[] }
  | { kind: 'drop'; bot: string };
export type BotAnswer = { id: number; decision: BotDecision<unknown> } | { id: number; crashed: string };

export interface BotWorker {
  postMessage(job: BotJob): void;
  on(event: 'message', listener: (answer: BotAnswer) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  unref(): void;
}

const spawnBotWorker = (): BotWorker => new Worker(new URL('./botWorker.mjs', import.meta.url));

export class BotPool {
  private worker: BotWorker | null = null;
  private broken = false;
  private nextId = 1;
  private nextBot = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (d: BotDecision<unknown>) => void; fallback: () => BotDecision<unknown> }
  >();
  private readonly local = new Map<string, Bot<unknown, unknown>>();

  constructor(private readonly spawn: () => BotWorker = spawnBotWorker) {}

  /** A thinker for one computer player; dispose it when the seat is given back or the room ends. */
  thinker(spec: BotSpec): Thinker {
    const bot = `bot${this.nextBot++}`;
    return {
      decide: (view, legal) => this.decide(bot, spec, view, legal),
      dispose: () => {
        this.local.delete(bot);
        this.worker?.postMessage({ kind: 'drop', bot });
      },
    };
  }

  private decideHere(
    bot: string,
    spec: BotSpec,
    view: unknown,
    legal: readonly unknown[],
  ): BotDecision<unknown> {
    let player = this.local.get(bot);
    if (player === undefined) {
      const factory = BOTS[spec.slug];
      if (factory === undefined) return null;
      player = factory({ level: spec.level, seed: spec.seed });
      this.local.set(bot, player);
    }
    return player.decide(view, legal);
  }

  private decide(
    bot: string,
    spec: BotSpec,
    view: unknown,
    legal: readonly unknown[],
  ): Promise<BotDecision<unknown>> {
    const fallback = () => this.decideHere(bot, spec, view, legal);
    const worker = this.ensureWorker();
    if (worker === null) return Promise.resolve(fallback());
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve, fallback });
      worker.postMessage({ kind: 'decide', id, bot, spec, view, legal });
    });
  }

  private ensureWorker(): BotWorker | null {
    if (this.broken) return null;
    if (this.worker !== null) return this.worker;
    try {
      const worker = this.spawn();
      worker.unref();
      worker.on('message', (answer) => this.onAnswer(answer));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`bot worker exited with ${code}`)));
      this.worker = worker;
      return worker;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  private onAnswer(answer: BotAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (waiting === undefined) return;
    this.waiting.delete(answer.id);
    if ('crashed' in answer) {
      logger.error(`bot worker: a decision threw (${answer.crashed}); deciding here`);
      waiting.resolve(waiting.fallback());
    } else waiting.resolve(answer.decision);
  }

  private fail(error: unknown): void {
    if (this.broken) return;
    logger.error('the computer players worker failed; deciding on the main thread', error);
    this.broken = true;
    this.worker = null;
    const owed = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of owed) w.resolve(w.fallback());
  }
}

/** The process's computer players. */
export const botPool = new BotPool();
