/**
 * Worker thread of WorkerThinkers: holds computer players (each with its memory of past views) and
 * answers their decisions (and players' hints), so a search (Cassino's sampled worlds, Blind Cassowary's solver) never
 * runs on a room's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { BOTS, type Bot } from '@cards/bots';
import { type BotAnswer, type BotJob, hintFor } from './computerPlayers.ts';

const bots = new Map<string, Bot<unknown, unknown>>();

function decide(job: Extract<BotJob, { kind: 'decide' }>): unknown {
  let bot = bots.get(job.bot);
  if (bot === undefined) {
    const factory = BOTS[job.spec.slug];
    if (factory === undefined) throw new Error(`no computer player for ${job.spec.slug}`);
    bot = factory({ level: job.spec.level, seed: job.spec.seed });
    bots.set(job.bot, bot);
  }
  return bot.decide(job.view, job.legal);
}

parentPort?.on('message', (job: BotJob) => {
  if (job.kind === 'drop') {
    bots.delete(job.bot);
    return;
  }
  let answer: BotAnswer;
  try {
    const value = job.kind === 'hint' ? hintFor(job.slug, job.view, job.legal, job.reveal) : decide(job);
    answer = { id: job.id, value };
  } catch (error) {
    answer = { id: job.id, crashed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
