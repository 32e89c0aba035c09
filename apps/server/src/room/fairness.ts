/**
 * Latency fairness for turnless races (Blind Cassowary claims): claims that reach the server within a
 * short window of each other are ordered by their estimated send time — arrival time minus half the
 * connection's round-trip time as the server measured it (client clocks are never trusted), the
 * credit bounded so a slow or lying connection cannot jump far ahead.
 *
 * Not yet wired into the room: this is the ordering rule and its bounds, with `pnpm bench fairness`
 * measuring how often it restores the true order.
 */

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
