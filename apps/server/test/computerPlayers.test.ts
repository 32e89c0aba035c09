/** Computer players' decisions in the worker thread: the same as on the main thread, and a fallback. */
import { cassino, blindCassowary } from '@cards/rules';
import { BOTS } from '@cards/bots';
import { describe, expect, it } from 'vitest';
import { BotPool } from '../src/room/computerPlayers.ts';

const state = cassino.setup({ match: 'single' }, 2, 'pool');
const seat = cassino.actors(state)[0] as number;
const view = cassino.view(state, seat);
const legal = cassino.legalIntents(state, seat);
const spec = { slug: 'cassino', level: 'hard' as const, seed: 'pool-bot' };

describe('the computer players worker', () => {
  it('decides in the worker exactly as the same bot would on the main thread', async () => {
    const pool = new BotPool();
    const thinker = pool.thinker(spec);
    const fromWorker = await thinker.decide(view, legal);
    const here = BOTS.cassino?.({ level: 'hard', seed: 'pool-bot' }).decide(view, legal);
    expect(fromWorker).toEqual(here);
    expect(legal).toContainEqual(fromWorker?.intent);
    thinker.dispose();
  });

  it('answers for Blind Cassowary too: waits while the deal is being checked', async () => {
    const pool = new BotPool();
    const s = blindCassowary.setup(blindCassowary.defaultConfig, 2, 'pool');
    const a = pool.thinker({ slug: 'blind-cassowary', level: 'normal', seed: 'a' });
    const decision = await a.decide(blindCassowary.view(s, 0), blindCassowary.legalIntents(s, 0));
    // Right after the deal the proof has not run: nobody may claim yet, so the bot waits.
    expect(decision).toBeNull();
    a.dispose();
  });

  it('decides on the calling thread when no worker can start', async () => {
    const pool = new BotPool(() => {
      throw new Error('no threads here');
    });
    const decision = await pool.thinker(spec).decide(view, legal);
    expect(legal).toContainEqual(decision?.intent);
  });
});
