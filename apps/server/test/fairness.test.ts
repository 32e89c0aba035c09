import { describe, expect, it } from 'vitest';
import { effectiveTime, fairOrder, MAX_CREDIT_MS } from '../src/room/fairness.ts';

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
