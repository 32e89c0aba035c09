import { describe, expect, it } from 'vitest';
import type { ArrivalTiming } from '@cards/rules';
import { effectiveTime, fairOrder, MAX_CREDIT_MS, RaceWindow } from '../src/room/fairness.ts';
import { accepted, refused } from '../src/room/replies.ts';
import { RoundTrips } from '../src/spreadPings.ts';

describe('latency fairness: ordering claims by estimated send time', () => {
  it('credit is half the round trip, at most 100 ms; unmeasured or nonsense round trips get none', () => {
    expect(effectiveTime({ item: 0, receivedAt: 1000, rttMs: 40 })).toBe(980);
    expect(effectiveTime({ item: 0, receivedAt: 1000, rttMs: 300 })).toBe(1000 - MAX_CREDIT_MS);
    expect(effectiveTime({ item: 0, receivedAt: 1000, rttMs: null })).toBe(1000);
    expect(effectiveTime({ item: 0, receivedAt: 1000, rttMs: -50 })).toBe(1000);
    expect(effectiveTime({ item: 0, receivedAt: 1000, rttMs: NaN })).toBe(1000);
  });

  it('within the window the slower connection that sent first is reviewed first; outside it, arrival order', () => {
    const fast = { item: 'fast', receivedAt: 1020, rttMs: 40 }; // sent ≈ 1000
    const slow = { item: 'slow', receivedAt: 1090, rttMs: 240 }; // credit capped at 100: ≈ 990
    expect(fairOrder([fast, slow]).map((a) => a.item)).toEqual(['slow', 'fast']);
    expect(fairOrder([fast, slow], 0).map((a) => a.item)).toEqual(['fast', 'slow']);
    const late = { ...slow, receivedAt: 1200 }; // 180 ms after the first arrival: the window had closed
    expect(fairOrder([fast, late]).map((a) => a.item)).toEqual(['fast', 'slow']);
  });
});

describe('the race window and the round-trip meter', () => {
  it('applies nothing while open, then every intent in fair order with its timing; each sender gets its reply', async () => {
    const events: string[] = [];
    const window = new RaceWindow(20, {
      opened: () => events.push('opened'),
      closed: () => events.push('closed'),
    });
    const submit = (who: string) => (timing: ArrivalTiming) => {
      events.push(`${who}@${timing.effectiveAt}`);
      return who === 'b' ? refused('X', who) : accepted();
    };
    const a = window.offer(1000, 10, submit('a')); // effective 995
    const b = window.offer(1030, 200, submit('b')); // effective 930 (credit capped at 100)
    const c = window.offer(1040, null, submit('c')); // effective 1040
    expect(events).toEqual(['opened']);
    expect(await b).toEqual({ ok: false, error: { code: 'X', message: 'b' } });
    expect(await a).toEqual({ ok: true });
    expect(await c).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(events).toEqual(['opened', 'b@930', 'a@995', 'c@1040', 'closed']);
  });

  it('a round trip is the median of the last pings answered, from the server clock only', () => {
    const meter = new RoundTrips();
    const socket = {};
    expect(meter.of(socket)).toBeNull();
    for (const [sent, got] of [
      [0, 40],
      [100, 130],
      [200, 600], // one slow pong does not move the median
    ] as const) {
      meter.pinged(socket, sent);
      meter.ponged(socket, got);
    }
    expect(meter.of(socket)).toBe(40);
    meter.ponged(socket, 700); // a pong nobody pinged for is ignored
    expect(meter.of(socket)).toBe(40);
    // The last ROUND_TRIP_SAMPLES (5) only: after these the 40 and 30 have left; an even count takes the upper one.
    for (const rtt of [90, 10, 70, 20]) {
      meter.pinged(socket, 1000);
      meter.ponged(socket, 1000 + rtt);
    }
    expect(meter.of(socket)).toBe(70); // 400, 90, 10, 70, 20
    const two = {};
    for (const rtt of [50, 20]) {
      meter.pinged(two, 0);
      meter.ponged(two, rtt);
    }
    expect(meter.of(two)).toBe(50);
  });
});
