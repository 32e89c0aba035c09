import { describe, expect, it } from 'vitest';
import { PingSpreader, type PingedClient } from '../src/spreadPings.ts';

const client = (): PingedClient & { pings: number; terminated: boolean } => ({
  pingCount: 0,
  pings: 0,
  terminated: false,
  ping(cb) {
    this.pings++;
    cb();
  },
  terminate() {
    this.terminated = true;
  },
});

describe('keep-alive pings spread over the interval', () => {
  it('pings every client exactly once per interval, a slice per tick', () => {
    const clients = Array.from({ length: 100 }, client);
    const spreader = new PingSpreader(10, 2);
    const perTick: number[] = [];
    for (let t = 0; t < 10; t++) {
      const before = clients.reduce((n, c) => n + c.pings, 0);
      spreader.tick(clients);
      perTick.push(clients.reduce((n, c) => n + c.pings, 0) - before);
      for (const c of clients) c.pingCount = 0; // every pong arrives
    }
    expect(clients.every((c) => c.pings === 1)).toBe(true);
    expect(Math.max(...perTick)).toBe(10);
  });

  it('terminates a client after the allowed unanswered pings, as Colyseus does, and no other', () => {
    const [silent, answering] = [client(), client()];
    const spreader = new PingSpreader(4, 2);
    for (let t = 0; t < 4 * 3; t++) {
      spreader.tick([silent, answering]);
      answering.pingCount = 0;
    }
    expect(silent.pings).toBe(2);
    expect(silent.terminated).toBe(true);
    expect(answering.pings).toBe(3);
    expect(answering.terminated).toBe(false);
  });
});
