/**
 * The match worker pool's dispatch, with fake workers the test answers by hand (no timing): a slow
 * transition of one room holds one worker while other rooms' transitions run on the others; one
 * match's transitions keep their order; a failing worker's job runs here and the pool shrinks.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  blindCassowary,
  blindCassowaryMayRunSolver,
  type BlindCassowaryState,
  startMatch,
} from '@cards/rules';
import {
  OffloadingRunner,
  type PoolWorker,
  type RunAnswer,
  type RunJob,
  runHere,
  type Transition,
  WorkerMatchRunner,
} from '../src/room/matchRunner.ts';

class FakeWorker extends EventEmitter implements PoolWorker {
  readonly jobs: RunJob[] = [];
  postMessage(job: RunJob): void {
    this.jobs.push(job);
  }
  unref(): void {}
  terminate(): void {}
  /** Answers the job as a refusal carrying the job's transition intent, so the test sees which ran. */
  answer(job: RunJob): void {
    const reply: RunAnswer = {
      id: job.id,
      ok: false,
      error: { code: 'DONE', message: 'done' },
      ms: 1,
      cpuMs: 1,
    };
    this.emit('message', reply);
  }
}

const match = (seed: string) => startMatch(blindCassowary, blindCassowary.defaultConfig, 2, seed);
const prove: Transition = { kind: 'seat', actor: 0, intent: { type: 'prove' }, version: null, now: 1 };

function pool(size: number) {
  const spawned: FakeWorker[] = [];
  const runner = new WorkerMatchRunner(size, () => {
    const w = new FakeWorker();
    spawned.push(w);
    return w;
  });
  return { runner, spawned };
}

const settled = async <T>(p: Promise<T>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('match worker pool', () => {
  it('prepare starts every worker once; a ready report is not taken for a job’s answer', async () => {
    const { runner, spawned } = pool(2);
    runner.prepare();
    runner.prepare();
    expect(spawned).toHaveLength(2);
    const job = runner.run(blindCassowary, match('room-a'), prove);
    const ready = runner.ready();
    expect(await settled(ready)).toBe(false);
    for (const w of spawned)
      w.emit('message', { ready: { warmUpMs: 5, warmUpCpuMs: 5, heapUsedBytes: 1 } } satisfies RunAnswer);
    expect(await settled(ready)).toBe(true);
    expect(runner.readyReports).toHaveLength(2);
    expect(await settled(job)).toBe(false);
    spawned[0]!.answer(spawned[0]!.jobs[0]!);
    expect(await job).toMatchObject({ ok: false, error: { code: 'DONE' } });
    expect(spawned).toHaveLength(2);
  });

  it('another room runs on a free worker while one room’s transition is still running', async () => {
    const { runner, spawned } = pool(2);
    const slow = runner.run(blindCassowary, match('room-a'), prove);
    const other = runner.run(blindCassowary, match('room-b'), prove);
    expect(spawned).toHaveLength(2);
    expect(spawned.map((w) => w.jobs.map((j) => j.match.seed))).toEqual([['room-a'], ['room-b']]);
    spawned[1]!.answer(spawned[1]!.jobs[0]!);
    expect(await settled(other)).toBe(true);
    expect(await settled(slow)).toBe(false);
    spawned[0]!.answer(spawned[0]!.jobs[0]!);
    expect(await slow).toMatchObject({ ok: false, error: { code: 'DONE' } });
    expect(runner.mode).toBe('worker');
  });

  it('one match’s transitions never overlap and keep their order; a full pool queues', async () => {
    const { runner, spawned } = pool(2);
    const a1 = runner.run(blindCassowary, match('room-a'), prove);
    const a2 = runner.run(blindCassowary, match('room-a'), { ...prove, now: 2 });
    const b1 = runner.run(blindCassowary, match('room-b'), prove);
    const c1 = runner.run(blindCassowary, match('room-c'), prove);
    // a2 waits for a1 (same match) although a worker is free: b1 takes it; c1 waits for a worker.
    expect(spawned.map((w) => w.jobs.map((j) => `${j.match.seed}@${j.transition.now}`))).toEqual([
      ['room-a@1'],
      ['room-b@1'],
    ]);
    spawned[0]!.answer(spawned[0]!.jobs[0]!);
    await a1;
    // The freed worker takes the oldest job that may run: a2 (a1 is done).
    expect(spawned[0]!.jobs.map((j) => `${j.match.seed}@${j.transition.now}`)).toEqual([
      'room-a@1',
      'room-a@2',
    ]);
    spawned[1]!.answer(spawned[1]!.jobs[0]!);
    await b1;
    expect(spawned[1]!.jobs.at(-1)!.match.seed).toBe('room-c');
    spawned[0]!.answer(spawned[0]!.jobs[1]!);
    spawned[1]!.answer(spawned[1]!.jobs[1]!);
    await Promise.all([a2, c1]);
    expect(spawned).toHaveLength(2);
  });

  it('a worker that dies: its job runs here, the pool goes on with the others, then on this thread', async () => {
    const { runner, spawned } = pool(2);
    const a = runner.run(blindCassowary, match('room-a'), prove);
    const b = runner.run(blindCassowary, match('room-b'), prove);
    spawned[0]!.emit('exit', 1);
    // Run here with the real rules: the deal gets proven.
    const ran = await a;
    expect(ran.ok).toBe(true);
    if (ran.ok) expect(ran.value.log.map((e) => e.intent)).toEqual([{ type: 'prove' }]);
    expect(runner.mode).toBe('worker');
    spawned[1]!.emit('error', new Error('boom'));
    expect((await b).ok).toBe(true);
    expect(runner.mode).toBe('main-thread');
    expect((await runner.run(blindCassowary, match('room-c'), prove)).ok).toBe(true);
    expect(spawned).toHaveLength(2);
  });

  it('offloading: only a transition that may search goes to the pool; the rest run here at once', async () => {
    const { runner, spawned } = pool(1);
    const offloading = new OffloadingRunner(runner, (state, t) =>
      blindCassowaryMayRunSolver(state as BlindCassowaryState, t.kind === 'seat' ? t.actor : null, t.intent),
    );
    const dealt = match('room-c');
    // The deal's proof searches: it goes to the (fake) worker and stays pending there.
    const proof = offloading.run(blindCassowary, dealt, prove);
    expect(spawned[0]!.jobs.map((j) => j.transition.intent)).toEqual([{ type: 'prove' }]);
    // Another room's open-hand switch does not search: answered here, without waiting for the worker.
    const other = match('room-d');
    const open: Transition = {
      kind: 'seat',
      actor: 1,
      intent: { type: 'showHand', open: true },
      version: other.version,
      now: 2,
    };
    const cheap = offloading.run(blindCassowary, other, open);
    expect(await settled(cheap)).toBe(true);
    expect(await cheap).toEqual(runHere(blindCassowary, other, open));
    expect(spawned[0]!.jobs).toHaveLength(1);
    expect(await settled(proof)).toBe(false);
    spawned[0]!.answer(spawned[0]!.jobs[0]!);
    expect(await settled(proof)).toBe(true);
  });
});
