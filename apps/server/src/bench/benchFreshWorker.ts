/**
 * A fresh match worker's first proofs (`pnpm bench solver`): the same hard hands sent to a worker
 * started without its warm-up ("before") and to one started with it and ready ("after"),
 * alternating, in one run. Prints the worker's warm-up time and heap, its first proof (the
 * transition's time in the worker: its thread's CPU and wall, as the worker reports them), and the p99 of the cold
 * set — hands the worker has never seen, sent one after another, as a new worker meets them. Last,
 * a room's cheap intents and a deal proof while a worker warms up.
 */
import {
  blindCassowary,
  blindCassowaryMayRunSolver,
  type BlindCassowaryState,
  startMatch,
} from '@cards/rules';
import type { BlindCassowaryCard } from '@cards/schema';
import { OffloadingRunner, runHere, spawnMatchWorker, WorkerMatchRunner } from '../room/matchRunner.ts';
import { dealWith, game, prove, quantile, toggle } from './benchOffload.ts';

export interface Hand {
  readonly hand: BlindCassowaryCard[];
  readonly target: number;
}

/** A 2-seat deal awaiting its proof whose hands are both `hand` (the second is a remembered answer). */
const dealOf = ({ hand, target }: Hand, seed: string) => dealWith([hand, hand], target, seed);

/** The proof's own time in the worker (its thread's CPU ms and wall ms) into `into`. */
async function timeProof(
  pool: WorkerMatchRunner,
  h: Hand,
  seed: string,
  into: { cpu: number[]; wall: number[] },
): Promise<void> {
  const r = await pool.run(game, dealOf(h, seed), prove());
  if (!r.ok) throw new Error(`bench proof refused: ${r.error.code}`);
  into.cpu.push(pool.last.cpuMs);
  into.wall.push(pool.last.ms);
}

/**
 * While a new worker warms up: a room opens and closes a hand every 20 ms through the room's runner
 * (OffloadingRunner, as BlindCassowaryRoom), and another room's deal proof is sent at once. Returns
 * the cheap intents' waits and the proof's (sent → applied, wall ms).
 */
async function duringWarmUp(first: Hand): Promise<{ cheap: number[]; proof: number; readyAt: number }> {
  const pool = new WorkerMatchRunner(1, () => spawnMatchWorker({ warmUp: true }));
  const runner = new OffloadingRunner(pool, (state, t) =>
    blindCassowaryMayRunSolver(state as BlindCassowaryState, t.kind === 'seat' ? t.actor : null, t.intent),
  );
  const dealt = runHere(game, startMatch(game, blindCassowary.defaultConfig, 2, 'during'), prove());
  if (!dealt.ok) throw new Error('bench deal refused');
  let room = dealt.value;
  const start = performance.now();
  runner.prepare();
  let readyAt = Number.NaN;
  const ready = pool.ready().then(() => (readyAt = performance.now() - start));
  const proof = runner
    .run(game, dealOf(first, 'during-proof'), prove())
    .then(() => performance.now() - start);
  const cheap: number[] = [];
  while (Number.isNaN(readyAt)) {
    const sent = performance.now();
    const r = await runner.run(game, room, toggle(room));
    if (r.ok) room = r.value;
    cheap.push(performance.now() - sent);
    await new Promise((wake) => setTimeout(wake, 20));
  }
  await ready;
  const out = { cheap, proof: await proof, readyAt };
  pool.close();
  return out;
}

const ms = (v: number): string => `${v.toFixed(1)} ms`;
const list = (xs: number[]): string => xs.map((x) => x.toFixed(0)).join(', ');

/** `firsts`: one hard hand per round (the first proof each new worker gets); `cold`: the set after it. */
export async function benchFreshWorker(firsts: readonly Hand[], cold: readonly Hand[]): Promise<void> {
  console.log(
    `  a fresh match worker, before (no warm-up) and after (warmed up, then sent the same hands), ` +
      `alternating, ${firsts.length} rounds: the first proof (a hard hand), then ${cold.length} cold hands in turn`,
  );
  const side = (label: string, warmUp: boolean) => ({
    label,
    warmUp,
    /** CPU and wall ms of each round's first proof, and of the cold set's proofs. */
    first: { cpu: [] as number[], wall: [] as number[] },
    cold: { cpu: [] as number[], wall: [] as number[] },
    heap: [] as number[],
    readyMs: [] as number[],
  });
  const sides = [side('before', false), side('after', true)];
  const warmUps: number[] = [];
  for (const [round, first] of firsts.entries())
    for (const side of sides) {
      const pool = new WorkerMatchRunner(1, () => spawnMatchWorker({ warmUp: side.warmUp }));
      const started = performance.now();
      pool.prepare();
      await pool.ready();
      side.readyMs.push(performance.now() - started);
      const report = pool.readyReports[0]!;
      if (side.warmUp) warmUps.push(report.warmUpCpuMs);
      side.heap.push(report.heapUsedBytes / 2 ** 20);
      await timeProof(pool, first, `first-${round}`, side.first);
      for (const [i, h] of cold.entries()) await timeProof(pool, h, `cold-${round}-${i}`, side.cold);
      pool.close();
    }
  console.log(
    `    warm-up ${list(warmUps)} ms CPU per worker; proofs: the transition's time in the worker, ` +
      `its thread's CPU (coarse: ~1 ms ticks) and wall`,
  );
  for (const s of sides)
    console.log(
      `    ${s.label.padEnd(6)}: ready (start + warm-up) after ${list(s.readyMs)} ms wall, heap then ` +
        `${list(s.heap)} MB; first proof CPU ${list(s.first.cpu)} ms, wall ${list(s.first.wall)} ms; ` +
        `cold set n=${s.cold.cpu.length} CPU p50 ${ms(quantile(s.cold.cpu, 0.5))}, ` +
        `p99 ${ms(quantile(s.cold.cpu, 0.99))}, max ${ms(Math.max(...s.cold.cpu))}; ` +
        `wall p99 ${ms(quantile(s.cold.wall, 0.99))}`,
    );
  const during = await duringWarmUp(firsts[0]!);
  console.log(
    `    during a warm-up (ready after ${ms(during.readyAt)} wall): a room's cheap intents (room thread) ` +
      `n=${during.cheap.length} wait p99 ${ms(quantile(during.cheap, 0.99))}, max ${ms(Math.max(...during.cheap))}; ` +
      `a deal proof sent at the worker's start applied after ${ms(during.proof)}`,
  );
}
