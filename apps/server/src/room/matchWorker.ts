/**
 * Worker thread of WorkerMatchRunner: applies match transitions with the game's pure rules, found by
 * slug among @cards/rules' exports, and answers the new state and log entry.
 */
import { parentPort } from 'node:worker_threads';
import * as rules from '@cards/rules';
import type { AnyGameModule } from '@cards/rules';
import { type RunAnswer, type RunJob, runHere } from './matchRunner.ts';

const modules = new Map<string, AnyGameModule>();
for (const value of Object.values(rules))
  if (typeof value === 'object' && value !== null && 'slug' in value && 'apply' in value)
    modules.set((value as AnyGameModule).slug, value as AnyGameModule);

parentPort?.on('message', (job: RunJob) => {
  let answer: RunAnswer;
  const started = performance.now();
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
        }
      : { id: job.id, ok: false, error: { ...result.error }, ms: performance.now() - started };
  } catch (error) {
    answer = { id: job.id, crashed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
