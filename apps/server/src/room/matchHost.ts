import { randomBytes } from 'node:crypto';
import { type Delayed, logger, type Room } from '@colyseus/core';
import {
  type AnyGameModule,
  lastLogged,
  type LoggedIntent,
  type Match,
  type Outcome,
  type Result,
  startMatch,
} from '@cards/rules';
import type { GameTimerInfo, Reply } from '@cards/schema';
import { type MatchRunner, runHere, type Transition } from './matchRunner.ts';
import { accepted, refused } from './replies.ts';

export type AnyMatch = Match<unknown, unknown, unknown>;

/**
 * Where other capabilities hook into a room's match (the store, history events, computer players).
 * The hooks run on the room's thread, in this order for one accepted intent: intentAccepted, then (if
 * it ended the game) matchEnded, then the views go out. So whatever intentAccepted records is recorded
 * before anyone sees the result.
 */
export interface MatchListener {
  /** A new match was set up at room clock `startedAt` (before its first views go out). */
  matchStarted?(match: AnyMatch, gameNumber: number, startedAt: number): void;
  /**
   * An intent (a seat's, a spectator's or a deadline's) passed the rules; `match` includes it. It is
   * not yet the room's match: if this throws, the intent is refused. If it returns a promise, the
   * views wait for it (the match moves on meanwhile).
   */
  intentAccepted?(match: AnyMatch, entry: LoggedIntent<unknown>): void | Promise<void>;
  /** The match reached its outcome (once per match). */
  matchEnded?(match: AnyMatch, outcome: Outcome): void;
  /** The match was dropped before its end (the players went back to the lobby). */
  matchStopped?(match: AnyMatch): void;
  /** A match rebuilt after a restart was taken up (it may be over already). */
  matchRestored?(match: AnyMatch): void;
}

/** What the match host asks of the rest of the room. */
export interface MatchHostEffects {
  /** The game reached its outcome (after the listeners' matchEnded): the lobby scores it. */
  ended(outcome: Outcome): void;
  /** The match changed (or only its deadlines did): every client needs a fresh view. */
  changed(): void;
}

/** A game deadline the room is running: `delayed` is null once it has fired (its key still listed). */
interface RunningTimer {
  readonly seat: number;
  readonly intent: unknown;
  delayed: Delayed | null;
}

const noGame = (): Reply => refused('NO_GAME', 'No game is running.');

/**
 * The match host: owns a room's authoritative match, its seed, its clock, its deadlines and the order
 * in which transitions are applied. Everything that changes the match comes through `submit`
 * (seat intents, spectator actions) or a deadline firing; listeners (MatchListener) see each change.
 *
 * Intents are stamped with the room's clock (`now()`: performance.now(), monotonic, offset to epoch ms
 * when the room was created), which the rules see as `now` and the replay log records as `at`.
 *
 * Slow rules: with a `runner` (a worker pool) the host applies transitions one at a time in arrival
 * order, each stamped with its arrival time first; the reply waits for the result. A transition the
 * runner would apply on this thread anyway (MatchRunner.runsHere), with nothing ahead of it, is
 * applied at once, as without a runner. Match setup stays on the room's thread.
 */
export class MatchHost {
  match: AnyMatch | null = null;
  gameNumber = 0;
  private readonly listeners: MatchListener[] = [];
  /**
   * The tail of the transitions queued for the runner, or behind a move an async store is still
   * recording (they run strictly one after another).
   */
  private applying: Promise<unknown> = Promise.resolve();
  /** Moves applied whose record an async store has not confirmed yet (the match has not moved on). */
  private recording = 0;
  /** Transitions in `applying` that have not finished (waiting, or running in the pool). */
  private queued = 0;
  /** The room is gone: nothing more is applied or written (its store row is closed). */
  private disposed = false;
  /**
   * A transition the runner would run on this thread, with nothing queued, is applied at once (off:
   * queued like every other, as before 29 Nov; only for `bench room --compare cheap-at-once`).
   */
  static applyCheapAtOnce = true;
  /** Epoch ms at performance.now() = 0 (see now()). */
  private clockOrigin = Date.now() - performance.now();
  /** Game deadlines by key (see GameModule.timers), kept in step with the match by syncTimers. */
  private readonly timers = new Map<string, RunningTimer>();
  private ended = false;

  constructor(
    private readonly game: AnyGameModule,
    private readonly runner: MatchRunner | null,
    private readonly clock: Room['clock'],
    private readonly testSeed: string | null,
    private readonly label: () => string,
    private readonly effects: MatchHostEffects,
  ) {}

  listen(listener: MatchListener): void {
    this.listeners.push(listener);
  }

  /**
   * The room's clock for intents: monotonic (performance.now()) in epoch ms, to the microsecond, so
   * arrival order and gaps are exact even if the wall clock is adjusted.
   */
  now(): number {
    return Math.round((this.clockOrigin + performance.now()) * 1000) / 1000;
  }

  /** A new game for `players` seats. Every deadline starts afresh, even under a key the last game used. */
  startGame(config: unknown, players: number): void {
    this.gameNumber += 1;
    this.match = startMatch(this.game, config, players, this.nextSeed());
    this.ended = false;
    this.clearTimers();
    const startedAt = this.now();
    for (const l of this.listeners) l.matchStarted?.(this.match, this.gameNumber, startedAt);
    this.syncTimers();
  }

  /** Drops the match (back to the lobby). */
  stopGame(): void {
    const match = this.match;
    this.match = null;
    this.clearTimers();
    if (match !== null && !this.ended) for (const l of this.listeners) l.matchStopped?.(match);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimers();
  }

  /**
   * Applies a transition to the match (here, or queued for the runner) and, if accepted, moves on.
   * A transition whose match was replaced while it waited (game ended, new game) is refused.
   */
  submit(t: Transition): Reply | Promise<Reply> {
    const runner = this.runner;
    const from = this.match;
    // Without a match now, none can be applied later either (a new game's number refuses a queued move).
    if (this.disposed || !from) return noGame();
    if (this.recording === 0 && this.queued === 0 && this.runsHere(from, t)) {
      const reply = this.settle(from, runHere(this.game, from, t));
      if (reply instanceof Promise) this.applying = reply.catch(() => undefined);
      return reply;
    }
    const gameNumber = this.gameNumber;
    this.queued += 1;
    const job = this.applying.then(async () => {
      try {
        const match = this.match;
        // A move that waited while the room closed (everyone left) is not applied: its write would be refused.
        if (!match || this.gameNumber !== gameNumber || this.disposed) return noGame();
        return await this.settle(
          match,
          runner ? await runner.run(this.game, match, t) : runHere(this.game, match, t),
        );
      } finally {
        // Only now: a transition arriving while this one runs in the pool must wait behind it.
        this.queued -= 1;
      }
    });
    this.applying = job.catch(() => undefined);
    return job;
  }

  /** Whether `t` is applied on this thread: no runner, or one that would run it here anyway. */
  private runsHere(from: AnyMatch, t: Transition): boolean {
    const runner = this.runner;
    if (runner === null) return true;
    return MatchHost.applyCheapAtOnce && runner.runsHere?.(from.state, t) === true;
  }

  private settle(from: AnyMatch, result: Result<AnyMatch>): Reply | Promise<Reply> {
    if (this.match !== from) return noGame();
    if (!result.ok) return { ok: false, error: { ...result.error } };
    const match = result.value;
    const entry = lastLogged(match);
    return entry === undefined ? this.moveOn(match) : this.record(from, match, entry, 0);
  }

  /**
   * Tells the listeners from `first` on of the move, in order. A listener that records it
   * asynchronously (a store over the network) is waited for before the next one hears of it and
   * before the match moves on, so a move the store refused is not in the match, the history or any
   * later move.
   */
  private record(
    from: AnyMatch,
    match: AnyMatch,
    entry: LoggedIntent<unknown>,
    first: number,
  ): Reply | Promise<Reply> {
    for (let i = first; i < this.listeners.length; i++) {
      let recorded: void | Promise<void>;
      try {
        recorded = this.listeners[i]?.intentAccepted?.(match, entry);
      } catch (error) {
        return this.notRecorded(error);
      }
      if (!(recorded instanceof Promise)) continue;
      this.recording += 1;
      return recorded.then(
        () => {
          this.recording -= 1;
          return this.match === from ? this.record(from, match, entry, i + 1) : noGame();
        },
        (error: unknown) => {
          this.recording -= 1;
          return this.notRecorded(error);
        },
      );
    }
    return this.moveOn(match);
  }

  private moveOn(match: AnyMatch): Reply {
    this.match = match;
    this.afterMove(match);
    return accepted();
  }

  private notRecorded(error: unknown): Reply {
    logger.error(`room ${this.label()}: an accepted intent could not be recorded`, error);
    return refused('NOT_SAVED', 'The server could not save that move; please try again.');
  }

  /**
   * Takes up a match rebuilt after a restart: the room clock resumes at `clockAt` (the time the
   * process stopped, so downtime does not count) and every deadline that had not fired resumes with
   * the time it had left.
   */
  restore(
    match: AnyMatch,
    gameNumber: number,
    clockAt: number,
    timers: readonly {
      key: string;
      seat: number;
      intent: unknown;
      afterMs: number;
      startedAt: number;
      fired: boolean;
    }[],
  ): void {
    this.gameNumber = gameNumber;
    this.clockOrigin = clockAt - performance.now();
    this.match = match;
    this.ended = this.game.outcome(match.state) !== null;
    this.clearTimers();
    for (const t of timers) {
      const left = Math.max(0, t.afterMs - (clockAt - t.startedAt));
      const delayed = t.fired ? null : this.clock.setTimeout(() => this.fireTimer(t.key), left);
      this.timers.set(t.key, { seat: t.seat, intent: t.intent, delayed });
    }
    for (const l of this.listeners) l.matchRestored?.(match);
  }

  /** The room clock resumes at `clockAt` (a restored room without a running match). */
  resumeClock(clockAt: number, gameNumber: number): void {
    this.clockOrigin = clockAt - performance.now();
    this.gameNumber = gameNumber;
  }

  private afterMove(match: AnyMatch): void {
    const outcome = this.game.outcome(match.state);
    if (outcome && !this.ended) {
      this.ended = true;
      for (const l of this.listeners) l.matchEnded?.(match, outcome);
      this.effects.ended(outcome);
    }
    this.syncTimers();
    this.effects.changed();
  }

  // ---- game deadlines ------------------------------------------------------------------------

  /**
   * Brings the running deadlines in line with `game.timers(state)`: new keys start their clock, keys
   * still listed keep running (or stay fired), the rest are cancelled. Called after every change.
   */
  private syncTimers(): void {
    const match = this.match;
    const wanted =
      match && this.game.outcome(match.state) === null ? (this.game.timers?.(match.state) ?? []) : [];
    const keys = new Set(wanted.map((t) => t.key));
    for (const [key, running] of this.timers)
      if (!keys.has(key)) {
        running.delayed?.clear();
        this.timers.delete(key);
      }
    for (const timer of wanted) {
      if (this.timers.has(timer.key)) continue;
      const delayed = this.clock.setTimeout(() => this.fireTimer(timer.key), Math.max(0, timer.afterMs));
      this.timers.set(timer.key, { seat: timer.seat, intent: timer.intent, delayed });
    }
  }

  private clearTimers(): void {
    for (const running of this.timers.values()) running.delayed?.clear();
    this.timers.clear();
  }

  /** A deadline ran out: play its intent for its seat like any other intent (logged with the time). */
  private fireTimer(key: string): void {
    const running = this.timers.get(key);
    if (!running || running.delayed === null || !this.match) return;
    // Fired once per appearance of the key: it stays listed (not re-armed) until the game drops it.
    running.delayed = null;
    const done = (reply: Reply): void => {
      if (reply.ok) return;
      logger.warn(`room ${this.label()}: timer ${key} refused: ${reply.error.code} ${reply.error.message}`);
      // Same version, but the countdown the clients show is gone.
      this.effects.changed();
    };
    const failed = (error: unknown): void => logger.error(`room ${this.label()}: timer ${key} failed`, error);
    try {
      // version null: the timer's intent is for the match as it is when it runs.
      const reply = this.submit({
        kind: 'seat',
        actor: running.seat,
        intent: running.intent,
        version: null,
        now: this.now(),
      });
      if (reply instanceof Promise) reply.then(done, failed);
      else done(reply);
    } catch (error) {
      failed(error);
    }
  }

  timerInfo(): GameTimerInfo[] {
    const out: GameTimerInfo[] = [];
    for (const [key, running] of this.timers) {
      const delayed = running.delayed;
      if (delayed === null || !delayed.active) continue;
      const remainingMs = Math.max(0, Math.round(delayed.time - delayed.elapsedTime));
      out.push({ key, seat: running.seat, remainingMs });
    }
    return out;
  }

  private nextSeed(): string {
    if (this.testSeed === null) return randomBytes(16).toString('hex');
    return this.gameNumber === 1 ? this.testSeed : `${this.testSeed}#${this.gameNumber}`;
  }
}
