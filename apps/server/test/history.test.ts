import { afterAll, describe, expect, it } from 'vitest';
import { cassino, type CassinoState, replaySteps, SPECTATOR } from '@cards/rules';
import { type GameUpdate, ReplayInfoSchema, ReplayStepSchema } from '@cards/schema';
import { historyOf, joinOptions, type Probe, serverForFile, sleep, startTable } from './helpers.ts';
import { SqliteStore } from '../src/store/sqliteStore.ts';

// Finished games are kept by the store; an in-memory SQLite database is enough here.
const store = new SqliteStore(':memory:');
// Registered first so it runs after the server's own afterAll (after-hooks run in reverse).
afterAll(() => store.close());
const ctx = serverForFile(41330, { allowTestSeeds: true, store });

/** Plays the first legal intent of whoever may act until the game is over. */
async function playOut(seats: Probe[]): Promise<void> {
  for (let tries = 0; seats[0]!.info.phase === 'playing' && tries < 2000; tries++) {
    const actor = seats.find((p) => p.game.legal.length > 0 && p.game.actors.includes(p.info.you.seat ?? -1));
    if (!actor) {
      await sleep(5);
      continue;
    }
    const { version, legal } = actor.game;
    const reply = await actor.intent(legal[0], version);
    if (!reply.ok && reply.error.code === 'RATE_LIMITED') await sleep(100);
    else if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    else await actor.waitGame((g) => g.version > version, 'next version');
  }
  await seats[0]!.waitRoom((r) => r.phase === 'finished', 'finished');
}

const getJson = async (path: string): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${ctx.server.url}${path}`);
  return { status: res.status, body: await res.json() };
};

describe('history and replays in the room', () => {
  it('sends the same public history to players and spectators, and a finished game has a replay', async () => {
    const { host, guest, code } = await startTable(ctx.players, 'cassino', { seed: 'history-1' });
    const watcher = await ctx.players.join(code, joinOptions('Watcher', { spectate: true }));
    await watcher.waitGame(() => true, 'spectator game');
    await playOut([host, guest]);
    const last = (p: Probe): GameUpdate => p.game;
    await watcher.waitGame((g) => g.version === last(host).version, 'spectator caught up');

    const story = historyOf(host);
    expect(story[0]?.text).toMatch(/^\{p[01]\} dealt deal 1$/);
    expect(historyOf(guest)).toEqual(story);
    expect(historyOf(watcher)).toEqual(story);
    // After the first update, each carries only what is new.
    expect(host.games.slice(1).every((g) => (g.history?.from ?? 0) > 0)).toBe(true);

    // A late spectator gets the whole list at once.
    const late = await ctx.players.join(code, joinOptions('Late', { spectate: true }));
    const first = await late.waitGame(() => true, 'late game');
    expect(first.history).toEqual({ from: 0, entries: story });

    const replayId = last(host).replayId;
    expect(replayId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{22}$/));
    const info = ReplayInfoSchema.parse((await getJson(`/api/replays/${replayId}`)).body);
    expect(info.players).toEqual(['Host', 'Guest']);
    expect(info.moves).toBe(last(host).version);
    expect(info.history).toEqual(story);

    // The last step is the table as the spectator saw it at the end; seat views show the hands.
    const end = ReplayStepSchema.parse((await getJson(`/api/replays/${replayId}/${info.moves}`)).body);
    expect(end.view).toEqual(last(watcher).view);
    const start = ReplayStepSchema.parse((await getJson(`/api/replays/${replayId}/0?seat=1`)).body);
    const match = (await store.finishedMatch(replayId!))!;
    const deal = replaySteps(cassino, match.config, 2, match.seed, [])[0]!.state as CassinoState;
    expect(start.view).toEqual(cassino.view(deal, 1));
    expect(start.view).not.toEqual(cassino.view(deal, SPECTATOR));

    expect((await getJson(`/api/replays/${replayId}/${info.moves + 1}`)).status).toBe(404);
    expect((await getJson(`/api/replays/${'x'.repeat(22)}`)).status).toBe(404);
    expect((await getJson('/api/replays/short')).status).toBe(404);
  });

  it('answers 410 for a kept game the current rules can no longer replay', async () => {
    const id = 'unreplayable-game-0001';
    store.matchStarted({
      replayId: id,
      code: 'ZZZZZ',
      game: 'cassino',
      gameNumber: 1,
      config: cassino.defaultConfig,
      players: 2,
      seed: 'x',
      rulesVersion: 'test',
      startedAt: 0,
      seats: [
        { name: 'A', browserHash: null },
        { name: 'B', browserHash: null },
      ],
    });
    store.appendIntent(id, {
      seq: 0,
      entry: { actor: 0, intent: { type: 'trail', card: 'no-such-card' }, at: 1 },
    });
    store.matchEnded(id, { winners: [0], scores: [1, 0] }, 1);
    const res = await getJson(`/api/replays/${id}`);
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ error: 'This game can no longer be replayed with the current rules.' });
  });
});
