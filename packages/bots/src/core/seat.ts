/**
 * A computer player sitting at a table: the part a match host drives. The host calls `show` with
 * every view the seat receives (and its legal intents and version); the seat asks its thinker for a
 * decision, waits out the think time ("thinking…" while it does), and submits through the host's
 * ordinary intent path. A newer view replaces the pending action — unless the bot still wants the
 * same intent, which then keeps its original time (a racing claim is not restarted by every
 * approval elsewhere on the table).
 */
import { sameIntent, type BotDecision } from './policy.ts';

/** Where decisions are computed: in-process, or in a worker so a search never blocks the room. */
export interface Thinker {
  decide(view: unknown, legal: readonly unknown[]): Promise<BotDecision<unknown>>;
  dispose(): void;
}

export interface SeatClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SeatClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SeatHooks {
  /** Submit as the seat's player would (the host's intent path: checks, refusals, log). */
  submit(intent: unknown, version: number): void;
  /** The seat started or stopped "thinking…" (shown to everyone). */
  thinking(on: boolean): void;
}

export class ComputerSeat {
  private shown = 0;
  private pending: { intent: unknown; at: number; handle: unknown; version: number } | null = null;
  private closed = false;

  constructor(
    private readonly thinker: Thinker,
    private readonly hooks: SeatHooks,
    private readonly clock: SeatClock = realClock,
  ) {}

  /** A new view for the seat: decide again (the answer of an older view is dropped). */
  show(view: unknown, legal: readonly unknown[], version: number): Promise<void> {
    const asked = ++this.shown;
    const askedAt = this.clock.now();
    return this.thinker.decide(view, legal).then(
      (decision) => {
        if (this.closed || asked !== this.shown) return;
        this.follow(decision, askedAt, version);
      },
      () => {
        if (asked === this.shown) this.cancel();
      },
    );
  }

  /** The seat is given back or the room closes. */
  dispose(): void {
    this.closed = true;
    this.cancel();
    this.thinker.dispose();
  }

  get isThinking(): boolean {
    return this.pending !== null;
  }

  private follow(decision: BotDecision<unknown>, askedAt: number, version: number): void {
    if (decision === null) {
      this.cancel();
      return;
    }
    if (this.pending !== null && sameIntent(this.pending.intent, decision.intent)) {
      this.pending.version = version;
      return;
    }
    this.cancel();
    // The think time counts from the view, so a slow search does not add to it.
    const at = askedAt + decision.delayMs;
    const handle = this.clock.setTimeout(() => this.fire(), Math.max(0, at - this.clock.now()));
    this.pending = { intent: decision.intent, at, handle, version };
    this.hooks.thinking(true);
  }

  private fire(): void {
    const due = this.pending;
    if (due === null || this.closed) return;
    this.pending = null;
    this.hooks.thinking(false);
    this.hooks.submit(due.intent, due.version);
  }

  private cancel(): void {
    if (this.pending === null) return;
    this.clock.clearTimeout(this.pending.handle);
    this.pending = null;
    this.hooks.thinking(false);
  }
}

/** A thinker that decides on the calling thread (tests, and the fallback when no worker can start). */
export const inProcessThinker = (bot: {
  decide(view: never, legal: readonly never[]): BotDecision<unknown>;
}): Thinker => ({
  decide: (view, legal) => Promise.resolve(bot.decide(view as never, legal as never[])),
  dispose: () => {},
});
