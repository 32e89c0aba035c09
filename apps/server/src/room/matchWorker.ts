/**
 * Worker thread of WorkerMatchRunner: applies match transitions with the game's pure rules, found by
 * slug among @cards/rules' exports, and answers the new state and log entry. When it starts it runs
 * the games' warm-up steps (GameModule.warmUp), one per turn of its event loop, so a job that arrives
 * meanwhile waits for one step at most; then it reports ready.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setImmediate as nextTurn } from 'node:timers/promises';
import * as rules from '@cards/rules';
import type { AnyGameModule } from '@cards/rules';
import { type MatchWorkerOptions, type RunAnswer, type RunJob, runHere } from './matchRunner.ts';

const modules = new Map<string, AnyGameModule>();
for (const value of Object.values(rules))
  if (typeof value === 'object' && value !== null && 'slug' in value && 'apply' in value)
    modules.set((value as AnyGameModule).slug, value as AnyGameModule);

parentPort?.on('message', (job: RunJob) => {
  let answer: RunAnswer;
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  try {
    const game = modules.get(job.slug);
    if (game === undefined) throw new Error(`no rules for ${job.slug}`);
    const result = runHere(game, job.match, job.transition);
    answer = result.ok
      ? {
          id: job.id,
          ok: true,
          state: result.value.state,
          version: result.value.version,
          entry: rules.lastLogged(result.value) as RunAnswer extends { entry: infer E } ? E : never,
          ms: performance.now() - started,
          cpuMs: threadCpuMsSince(cpu),
        }
      : {
          id: job.id,
          ok: false,
          error: { ...result.error },
          ms: performance.now() - started,
          cpuMs: threadCpuMsSince(cpu),
        };
  } catch (error) {
    answer = { id: job.id, crashed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});

/** This thread's CPU time (user + system) since `before`, ms. */
function threadCpuMsSince(before: NodeJS.CpuUsage): number {
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Runs every game's warm-up steps; their time, wall and this thread's CPU (ms). */
async function warmUp(): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.threadCpuUsage();
  let ms = 0;
  for (const game of modules.values())
    for (const step of game.warmUp?.() ?? []) {
      await nextTurn();
      const started = performance.now();
      try {
        step();
      } catch (error) {
        // A warm-up only saves time later: the worker still takes jobs without it.
        console.error('match worker: a warm-up step threw', error);
      }
      ms += performance.now() - started;
    }
  return { ms, cpuMs: threadCpuMsSince(cpu) };
}

const options = (workerData ?? {}) as MatchWorkerOptions;
const warmedUp = options.warmUp === false ? { ms: 0, cpuMs: 0 } : await warmUp();
parentPort?.postMessage({
  ready: {
    warmUpMs: warmedUp.ms,
    warmUpCpuMs: warmedUp.cpuMs,
    heapUsedBytes: process.memoryUsage().heapUsed,
  },
} satisfies RunAnswer);
