/**
 * Worker thread of WorkerThinkers: holds computer players (each with its memory of past views) and
 * answers their decisions, so a search (Cassino's sampled worlds, Blind Cassowary's solver) never
 * runs on a room's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { BOTS, type Bot } from '@cards/bots';
import type { BotAnswer, BotJob } from './computerPlayers.ts';

const bots = new Map<string, Bot<unknown, unknown>>();

parentPort?.on('message', (job: BotJob) => {
  if (job.kind === 'drop') {
    bots.delete(job.bot);
    return;
  }
  let answer: BotAnswer;
  try {
    let bot = bots.get(job.bot);
    if (bot === undefined) {
      const factory = BOTS[job.spec.slug];
      if (factory === undefined) throw new Error(`no computer player for ${job.spec.slug}`);
      bot = factory({ level: job.spec.level, seed: job.spec.seed });
      bots.set(job.bot, bot);
    }
    answer = { id: job.id, decision: bot.decide(job.view, job.legal) };
  } catch (error) {
    answer = { id: job.id, crashed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
