/**
 * Computer players' decisions and players' hints off the event loop: one worker thread shared by
 * every room's computer players holds them (with their memory) and answers each decision and hint. If the worker cannot start or
 * dies, decisions run on the calling thread from then on (a bot rebuilt there starts with no memory,
 * which only costs it what it had counted so far).
 */
import { Worker } from 'node:worker_threads';
import { logger } from '@colyseus/core';
import {
  BOTS,
  type Bot,
  type BotDecision,
  ComputerSeat,
  HINT_POSITIONS,
  HINTS,
  type Hint,
  type Level,
  type Thinker,
} from '@cards/bots';
import type { AnyGameModule } from '@cards/rules';
import type { Reply } from '@cards/schema';
import type { MatchHost } from './matchHost.ts';
import type { SeatTable } from './seats.ts';

export interface BotSpec {
  readonly slug: string;
  readonly level: Level;
  readonly seed: string;
}

export type BotJob =
  | { kind: 'decide'; id: number; bot: string; spec: BotSpec; view: unknown; legal: readonly unknown[] }
  | { kind: 'hint'; id: number; slug: string; view: unknown; legal: readonly unknown[]; reveal: boolean }
  | { kind: 'drop'; bot: string };
/** `value`: a decision (BotDecision) or a hint (Hint | null), as the job asked. */
export type BotAnswer = { id: number; value: unknown } | { id: number; crashed: string };

/** A hint for a seat from its view and legal intents (null: this game gives no hint here). */
export function hintFor(
  slug: string,
  view: unknown,
  legal: readonly unknown[],
  reveal: boolean,
): Hint | null {
  return HINTS[slug]?.(view, legal, reveal) ?? null;
}

/** Whether a hint exists for a seat now, as the position it is for (see HintPosition), or null. */
export function hintPosition(slug: string, view: unknown, legal: readonly unknown[]): string | null {
  return HINT_POSITIONS[slug]?.(view, legal) ?? null;
}

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
    { resolve: (value: unknown) => void; fallback: () => unknown }
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
    return this.ask(
      (id) => ({ kind: 'decide', id, bot, spec, view, legal }),
      () => this.decideHere(bot, spec, view, legal),
    );
  }

  /** A hint for a seat (see hintFor), worked out in the worker (a solver may take a while). */
  hint(slug: string, view: unknown, legal: readonly unknown[], reveal: boolean): Promise<Hint | null> {
    return this.ask(
      (id) => ({ kind: 'hint', id, slug, view, legal, reveal }),
      () => hintFor(slug, view, legal, reveal),
    );
  }

  /** Posts a job to the worker; `here` answers on this thread when the worker cannot. */
  private ask<T>(job: (id: number) => BotJob, here: () => T): Promise<T> {
    const worker = this.ensureWorker();
    if (worker === null) return Promise.resolve(here());
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, { resolve: (value) => resolve(value as T), fallback: here });
      worker.postMessage(job(id));
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
      logger.error(`bot worker: a job threw (${answer.crashed}); doing it here`);
      waiting.resolve(waiting.fallback());
    } else waiting.resolve(answer.value);
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

/** What the computer players need of the room. */
export interface ComputerPlayersEffects {
  /** Submit as the seat's player (the match host's ordinary intent path). */
  submit(seat: number, intent: unknown, version: number): Reply | Promise<Reply>;
  /** A computer player started or stopped thinking: the seats shown to everyone changed. */
  thinkingChanged(): void;
}

/**
 * The room's computer players: one ComputerSeat per seat a computer plays in the running match, each
 * shown its seat's view after every change. Seats follow the table (`sync`): a computer added, a
 * player replaced, a player back (the computer gives the seat back), a new game.
 */
export class ComputerPlayers {
  private readonly seats = new Map<number, { level: Level; game: number; seat: ComputerSeat }>();
  private readonly thinkingSeats = new Set<number>();

  constructor(
    private readonly game: AnyGameModule,
    private readonly table: SeatTable,
    private readonly host: MatchHost,
    private readonly effects: ComputerPlayersEffects,
    /** Multiplies every think time (tests and the e2e server shorten it). */
    private readonly pace: number = 1,
    private readonly pool: BotPool = botPool,
  ) {}

  thinking(seat: number): boolean {
    return this.thinkingSeats.has(seat);
  }

  /** Brings the computer seats in line with the table; with `matchChanged`, shows each the new view. */
  sync(matchChanged: boolean): void {
    const match = this.host.match;
    const running = match !== null && this.game.outcome(match.state) === null;
    const fresh: number[] = [];
    this.table.seats.forEach((occupant, seat) => {
      const level = running && seat < (match?.players ?? 0) ? (occupant?.computer ?? null) : null;
      const have = this.seats.get(seat);
      if (have !== undefined && (have.level !== level || have.game !== this.host.gameNumber)) this.drop(seat);
      if (level === null || this.seats.has(seat) || match === null) return;
      this.seats.set(seat, { level, game: this.host.gameNumber, seat: this.seat(seat, level, match.seed) });
      fresh.push(seat);
    });
    for (const [seat, entry] of this.seats)
      if (matchChanged || fresh.includes(seat)) this.show(seat, entry.seat);
  }

  dispose(): void {
    for (const seat of [...this.seats.keys()]) this.drop(seat);
  }

  private seat(seat: number, level: Level, seed: string): ComputerSeat {
    const thinker = this.pool.thinker({ slug: this.game.slug, level, seed: `${seed}/computer ${seat}` });
    const paced: Thinker = {
      decide: async (view, legal) => {
        const decision = await thinker.decide(view, legal);
        return decision === null ? null : { ...decision, delayMs: decision.delayMs * this.pace };
      },
      dispose: () => thinker.dispose(),
    };
    return new ComputerSeat(paced, {
      submit: (intent, version) => {
        const done = (reply: Reply) => {
          if (!reply.ok) logger.debug(`computer player ${seat}: ${reply.error.code} ${reply.error.message}`);
        };
        const reply = this.effects.submit(seat, intent, version);
        if (reply instanceof Promise)
          reply.then(done, (e) => logger.error('computer player intent failed', e));
        else done(reply);
      },
      thinking: (on) => {
        if (on === this.thinkingSeats.has(seat)) return;
        if (on) this.thinkingSeats.add(seat);
        else this.thinkingSeats.delete(seat);
        this.effects.thinkingChanged();
      },
    });
  }

  private show(seat: number, computer: ComputerSeat): void {
    const match = this.host.match;
    if (match === null) return;
    const legal = this.game.actors(match.state).includes(seat)
      ? this.game.legalIntents(match.state, seat)
      : [];
    void computer.show(this.game.view(match.state, seat), legal, match.version);
  }

  private drop(seat: number): void {
    this.seats.get(seat)?.seat.dispose();
    this.seats.delete(seat);
    if (this.thinkingSeats.delete(seat)) this.effects.thinkingChanged();
  }
}
