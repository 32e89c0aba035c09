/** The computer player at a table: think time, "thinking…", replaced and kept decisions, late answers. */
import { describe, expect, it } from 'vitest';
import { ComputerSeat, type SeatClock, type Thinker } from '../src/index.ts';
import type { BotDecision } from '../src/index.ts';

class FakeClock implements SeatClock {
  time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.run();
    }
    this.time = until;
  }
}

/** A thinker whose answers the test releases by hand, in any order. */
class ManualThinker implements Thinker {
  readonly asked: { view: unknown; answer: (d: BotDecision<unknown>) => void }[] = [];
  decide(view: unknown): Promise<BotDecision<unknown>> {
    return new Promise((answer) => this.asked.push({ view, answer }));
  }
  dispose(): void {}
}

function setup() {
  const clock = new FakeClock();
  const thinker = new ManualThinker();
  const submitted: { intent: unknown; version: number; at: number }[] = [];
  const thinking: boolean[] = [];
  const seat = new ComputerSeat(
    thinker,
    {
      submit: (intent, version) => submitted.push({ intent, version, at: clock.time }),
      thinking: (on) => thinking.push(on),
    },
    clock,
  );
  return { clock, thinker, submitted, thinking, seat };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a computer player at the table', () => {
  it('thinks for the delay, then submits with the version of the view it decided on', async () => {
    const { clock, thinker, submitted, thinking, seat } = setup();
    const done = seat.show('v1', ['a'], 1);
    thinker.asked[0]?.answer({ intent: 'a', delayMs: 1000 });
    await done;
    expect(thinking).toEqual([true]);
    clock.advance(999);
    expect(submitted).toEqual([]);
    clock.advance(1);
    expect(submitted).toEqual([{ intent: 'a', version: 1, at: 1000 }]);
    expect(thinking).toEqual([true, false]);
  });

  it('keeps its time when a newer view still calls for the same intent, and drops it when not', async () => {
    const { clock, thinker, submitted, seat } = setup();
    const first = seat.show('v1', ['claim'], 1);
    thinker.asked[0]?.answer({ intent: 'claim', delayMs: 3000 });
    await first;
    clock.advance(2000);
    const second = seat.show('v2', ['claim'], 2);
    thinker.asked[1]?.answer({ intent: 'claim', delayMs: 3000 });
    await second;
    clock.advance(1000);
    expect(submitted).toEqual([{ intent: 'claim', version: 2, at: 3000 }]);

    const third = seat.show('v3', ['x'], 3);
    thinker.asked[2]?.answer({ intent: 'x', delayMs: 500 });
    await third;
    const fourth = seat.show('v4', [], 4);
    thinker.asked[3]?.answer(null);
    await fourth;
    clock.advance(10_000);
    expect(submitted).toHaveLength(1);
    expect(seat.isThinking).toBe(false);
  });

  it("ignores an older view's late answer", async () => {
    const { clock, thinker, submitted, seat } = setup();
    const a = seat.show('v1', ['old'], 1);
    const b = seat.show('v2', ['new'], 2);
    thinker.asked[1]?.answer({ intent: 'new', delayMs: 100 });
    thinker.asked[0]?.answer({ intent: 'old', delayMs: 50 });
    await Promise.all([a, b]);
    clock.advance(1000);
    expect(submitted.map((s) => s.intent)).toEqual(['new']);
  });

  it('does nothing once disposed (the seat was given back)', async () => {
    const { clock, thinker, submitted, seat } = setup();
    const a = seat.show('v1', ['a'], 1);
    thinker.asked[0]?.answer({ intent: 'a', delayMs: 100 });
    await a;
    seat.dispose();
    clock.advance(1000);
    await settle();
    expect(submitted).toEqual([]);
  });
});
