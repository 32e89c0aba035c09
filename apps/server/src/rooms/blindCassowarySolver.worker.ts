/**
 * Worker thread of BlindCassowarySolver: answers the solver calls behind Blind Cassowary's legal claim
 * and blind-cassowary suggestions (up to ~300 ms each), so they never block the room's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { blindCassowaryBestBlind, blindCassowarySearchHand } from '@cards/rules';
import type { SolverJob, SolverAnswer } from './blindCassowarySolver.ts';

parentPort?.on('message', (job: SolverJob) => {
  const started = performance.now();
  const answer =
    job.kind === 'search'
      ? blindCassowarySearchHand(job.hand, job.target)
      : blindCassowaryBestBlind(job.hand, job.target);
  const reply: SolverAnswer = { key: job.key, answer, ms: performance.now() - started };
  parentPort?.postMessage(reply);
});
