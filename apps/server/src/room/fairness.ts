/**
 * Latency fairness for turnless races (Blind Cassowary claims): claims that reach the server within a
 * short window of each other are ordered by their estimated send time — arrival time minus half the
 * connection's round-trip time as the server measured it (client clocks are never trusted), the
 * credit bounded so a slow or lying connection cannot jump far ahead.
 *
 * The room (GameRoom.latencyRace) passes a game's raced intents through a RaceWindow; round trips
 * come from the server's keep-alive pings (spreadPings.ts). `pnpm bench fairness` measures how often
 * the real server restores the true order.
 */
import type { ArrivalTiming } from '@cards/rules';
import type { Reply } from '@cards/schema';
import { refused } from './replies.ts';

/** The most a connection's latency can move its claim earlier. */
export const MAX_CREDIT_MS = 100;
/** How long the first claim waits for others before the window closes and review starts. */
export const FAIRNESS_WINDOW_MS = 100;

export interface Arrival<T> {
  readonly item: T;
  /** Server receive time (the room's clock, ms). */
  readonly receivedAt: number;
  /** Round-trip time the server measured for this connection; null when not yet measured. */
  readonly rttMs: number | null;
}

/** Estimated send time: arrival minus half the round trip, the credit capped at MAX_CREDIT_MS. */
export function effectiveTime(a: Arrival<unknown>): number {
  const credit = a.rttMs === null || !(a.rttMs > 0) ? 0 : Math.min(MAX_CREDIT_MS, a.rttMs / 2);
  return a.receivedAt - credit;
}

/**
 * The order in which a window's arrivals are reviewed: by effective time, ties by arrival. Arrivals
 * are grouped into windows that open at the first arrival and close FAIRNESS_WINDOW_MS later;
 * `windowMs` 0 is plain arrival order (fairness off).
 */
export function fairOrder<T>(arrivals: readonly Arrival<T>[], windowMs = FAIRNESS_WINDOW_MS): Arrival<T>[] {
  const byArrival = [...arrivals].sort((a, b) => a.receivedAt - b.receivedAt);
  const out: Arrival<T>[] = [];
  for (let i = 0; i < byArrival.length;) {
    const opened = byArrival[i]!.receivedAt;
    let j = i;
    while (j < byArrival.length && byArrival[j]!.receivedAt <= opened + windowMs) j++;
    const window = byArrival.slice(i, j);
    if (windowMs > 0)
      window.sort((a, b) => effectiveTime(a) - effectiveTime(b) || a.receivedAt - b.receivedAt);
    out.push(...window);
    i = j;
  }
  return out;
}

/** What a race window asks of the room. */
export interface RaceWindowEffects {
  /** A window opened: the table is told "judging…". */
  opened(): void;
  /** Every intent of the window was applied (or refused). */
  closed(): void;
}

interface Waiting {
  readonly submit: (timing: ArrivalTiming) => Reply | Promise<Reply>;
  readonly resolve: (reply: Reply | Promise<Reply>) => void;
}

/**
 * Holds a room's raced intents: the first opens a window of `windowMs`; when it closes, every intent
 * that arrived meanwhile is submitted in fair order (fairOrder), each with its ArrivalTiming for the
 * log, and each sender gets the reply of its own intent. Nothing is applied while the window is open.
 */
export class RaceWindow {
  private waiting: Arrival<Waiting>[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly windowMs: number,
    private readonly effects: RaceWindowEffects,
  ) {}

  offer(
    receivedAt: number,
    rttMs: number | null,
    submit: (timing: ArrivalTiming) => Reply | Promise<Reply>,
  ): Promise<Reply> {
    return new Promise((resolve) => {
      this.waiting.push({ item: { submit, resolve }, receivedAt, rttMs });
      if (this.timer !== null) return;
      this.timer = setTimeout(() => this.close(), this.windowMs);
      this.effects.opened();
    });
  }

  private close(): void {
    this.timer = null;
    const window = fairOrder(this.waiting, Number.POSITIVE_INFINITY);
    this.waiting = [];
    const replies = window.map((a) => {
      const { receivedAt, rttMs } = a;
      const reply = a.item.submit({ receivedAt, rttMs, effectiveAt: effectiveTime(a) });
      a.item.resolve(reply);
      return reply;
    });
    void Promise.allSettled(replies).then(() => this.effects.closed());
  }

  /** The room closes: intents still waiting are refused. */
  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    for (const a of this.waiting) a.item.resolve(refused('NO_GAME', 'No game is running.'));
    this.waiting = [];
  }
}
