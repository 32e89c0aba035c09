import { describe, expect, it } from 'vitest';
import { TimerClock } from '../src/room/timerClock.ts';
import { sleep } from './helpers.ts';

describe('TimerClock (the room clock without a 60 Hz tick)', () => {
  it('fires timeouts and intervals on their own, without tick()', async () => {
    const clock = new TimerClock();
    const fired: string[] = [];
    clock.setTimeout((what: unknown) => fired.push(String(what)), 20, 'timeout');
    const interval = clock.setInterval(() => fired.push('interval'), 15);
    expect(clock.scheduled).toBe(2);
    await sleep(100);
    interval.clear();
    expect(fired).toContain('timeout');
    expect(fired.filter((f) => f === 'interval').length).toBeGreaterThanOrEqual(2);
    expect(clock.scheduled).toBe(0);
    const count = fired.length;
    await sleep(40);
    expect(fired.length).toBe(count);
  });

  it('cancels a cleared timeout, and clear() cancels everything', async () => {
    const clock = new TimerClock();
    let fired = 0;
    const one = clock.setTimeout(() => fired++, 20);
    clock.setTimeout(() => fired++, 20);
    clock.setInterval(() => fired++, 10);
    one.clear();
    expect(one.active).toBe(false);
    clock.clear();
    expect(clock.scheduled).toBe(0);
    await sleep(50);
    expect(fired).toBe(0);
  });

  it('reads the time when asked (Colyseus rate-limits messages by currentTime)', async () => {
    const clock = new TimerClock();
    clock.start();
    const at = clock.currentTime;
    const delayed = clock.setTimeout(() => undefined, 1000);
    await sleep(30);
    expect(clock.currentTime - at).toBeGreaterThanOrEqual(25);
    expect(clock.elapsedTime).toBeGreaterThanOrEqual(25);
    // What a deadline has left is its time minus what has elapsed (MatchHost.timerInfo).
    expect(delayed.time - delayed.elapsedTime).toBeLessThanOrEqual(975);
    clock.clear();
  });
});
