/**
 * Blind Cassowary's match workers under proofs (`pnpm bench solver`, last section): rooms whose deal
 * proofs keep every worker of the pool busy, and other rooms sending a cheap intent (open / close the
 * hand) every 20 ms, each room applying its transitions one at a time as MatchHost does. The same
 * load runs through the old path (every transition in the pool) and the new one (OffloadingRunner:
 * only transitions that may search), alternating, in one run; it prints the cheap intents' wait
 * (sent → applied) p50/p99/max, the proofs' time, and a room's own cheap intent sent right behind
 * its proof (it must apply after it, on both paths). Real worker threads; no server.
 */
import {
  type AnyGameModule,
  blindCassowary,
  blindCassowaryMayRunSolver,
  type BlindCassowaryState,
  type Match,
  type Result,
  startMatch,
} from '@cards/rules';
import type { BlindCassowaryCard } from '@cards/schema';
import {
  defaultPoolSize,
  type MatchRunner,
  OffloadingRunner,
  runHere,
  type Transition,
  WorkerMatchRunner,
} from '../room/matchRunner.ts';

type AnyMatch = Match<unknown, unknown, unknown>;
export const game = blindCassowary as unknown as AnyGameModule;

/** One room: its match and the tail of its transitions (one at a time, in order, as MatchHost). */
class BenchRoom {
  private tail: Promise<unknown> = Promise.resolve();
  constructor(public match: AnyMatch) {}

  /**
   * Queues a transition built from the match it will apply to; resolves with ms from now to applied,
   * the version after it and when it was applied.
   */
  submit(
    runner: MatchRunner,
    make: (m: AnyMatch) => Transition,
  ): Promise<{ ms: number; version: number; at: number }> {
    const sent = performance.now();
    const job = this.tail.then(async () => {
      const r: Result<AnyMatch> = await runner.run(game, this.match, make(this.match));
      if (r.ok) this.match = r.value;
      const at = performance.now();
      return { ms: at - sent, version: this.match.version, at };
    });
    this.tail = job.catch(() => undefined);
    return job;
  }
}

export const prove = (): Transition => ({
  kind: 'seat',
  actor: 0,
  intent: { type: 'prove' },
  version: null,
  now: performance.now(),
});
export const toggle = (m: AnyMatch): Transition => ({
  kind: 'seat',
  actor: 1,
  intent: { type: 'showHand', open: !(m.state as BlindCassowaryState).openHands[1] },
  version: m.version,
  now: performance.now(),
});

/** A 2-seat deal awaiting its proof, with both hands replaced (the hard low hands: long proofs). */
export function dealWith(hands: BlindCassowaryCard[][], target: number, seed: string): AnyMatch {
  const m = startMatch(game, blindCassowary.defaultConfig, 2, seed);
  const s = m.state as BlindCassowaryState;
  return { ...m, state: { ...s, hands, target: { ...s.target, value: target } } };
}

export const quantile = (xs: number[], q: number): number =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? Number.NaN;
const ms = (v: number): string => `${v.toFixed(1)} ms`;

interface Figures {
  waits: number[];
  proofs: number[];
  behind: number[];
  ordered: boolean;
}

async function round(
  runner: MatchRunner,
  slow: readonly { hands: BlindCassowaryCard[][]; target: number }[],
  seconds: number,
  into: Figures,
): Promise<void> {
  const size = defaultPoolSize();
  const cheapRooms = Array.from({ length: 4 }, (_, k) => {
    const dealt = runHere(game, startMatch(game, blindCassowary.defaultConfig, 2, `cheap-${k}`), prove());
    if (!dealt.ok) throw new Error('bench deal refused');
    return new BenchRoom(dealt.value);
  });
  const until = performance.now() + seconds * 1000;
  let next = 0;
  const proofLoop = async (r: number): Promise<void> => {
    while (performance.now() < until) {
      const s = slow[next++ % slow.length]!;
      const room = new BenchRoom(dealWith(s.hands, s.target, `slow-${r}-${next}`));
      const proof = room.submit(runner, prove);
      // The room's own cheap intent right behind its proof: it must wait for it, then apply after it.
      const own = room.submit(runner, toggle);
      const [p, o] = await Promise.all([proof, own]);
      into.proofs.push(p.ms);
      into.behind.push(o.ms);
      // Applied after it: the next version, and not earlier (its wait is counted from a later send, so
      // with a fast proof it may be the shorter of the two).
      into.ordered &&= o.version === p.version + 1 && o.at >= p.at;
    }
  };
  const cheapLoop = async (room: BenchRoom): Promise<void> => {
    while (performance.now() < until) {
      into.waits.push((await room.submit(runner, toggle)).ms);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all([
    ...Array.from({ length: size }, (_, r) => proofLoop(r)),
    ...cheapRooms.map((room) => cheapLoop(room)),
  ]);
}

export async function benchOffload(
  slow: readonly { hands: BlindCassowaryCard[][]; target: number }[],
  seconds = 3,
): Promise<void> {
  const size = defaultPoolSize();
  const paths: [string, (pool: MatchRunner) => MatchRunner][] = [
    ['old: every transition in the pool', (pool) => pool],
    [
      'new: only transitions that may search',
      (pool) =>
        new OffloadingRunner(pool, (state, t) =>
          blindCassowaryMayRunSolver(
            state as BlindCassowaryState,
            t.kind === 'seat' ? t.actor : null,
            t.intent,
          ),
        ),
    ],
  ];
  const figures = paths.map((): Figures => ({ waits: [], proofs: [], behind: [], ordered: true }));
  console.log(
    `  cheap intents behind proofs: ${size} rooms keep the ${size} match workers busy with deal proofs ` +
      `(hard low hands), 4 other rooms open/close a hand every 20 ms; old and new path alternate, 2 × ${seconds} s each`,
  );
  for (let rep = 0; rep < 2; rep++)
    for (const [k, [, make]] of paths.entries()) {
      const pool = new WorkerMatchRunner(size);
      await Promise.all(
        Array.from({ length: size }, (_, w) =>
          pool.run(game, startMatch(game, blindCassowary.defaultConfig, 2, `warm-${w}`), prove()),
        ),
      );
      await round(make(pool), slow, seconds, figures[k]!);
    }
  for (const [k, [label]] of paths.entries()) {
    const f = figures[k]!;
    console.log(
      `    ${label}: other rooms' cheap intents n=${f.waits.length} wait p50 ${ms(quantile(f.waits, 0.5))}, ` +
        `p99 ${ms(quantile(f.waits, 0.99))}, max ${ms(Math.max(...f.waits))}; proofs n=${f.proofs.length} ` +
        `p50 ${ms(quantile(f.proofs, 0.5))}, p99 ${ms(quantile(f.proofs, 0.99))}; the proving room's own ` +
        `cheap intent p50 ${ms(quantile(f.behind, 0.5))} (always applied after its proof: ${f.ordered ? 'yes' : 'NO'})`,
    );
  }
}
