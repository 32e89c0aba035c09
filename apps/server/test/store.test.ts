import { describe, expect, it, vi } from 'vitest';
import { logger } from '@colyseus/core';
import type { AnyGameModule, Match } from '@cards/rules';
import { BROWSER_ID_HEADER, RecentGamesSchema } from '@cards/schema';
import { findRoom } from '../src/room/GameRoom.ts';
import { checkpointTiming } from '../src/room/recorder.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { rebuildMatch, stateDigest, UnreplayableError } from '../src/store/rebuild.ts';
import { playSome, sleep, startTable, storedServerForFile, until } from './helpers.ts';

// The state checkpoint is read below: written at most every 500 ms instead of 5 s.
checkpointTiming.everyMs = 500;
const ctx = storedServerForFile(41200, { allowTestSeeds: true });

type AnyMatch = Match<unknown, unknown, unknown>;

const liveMatch = (code: string): AnyMatch => {
  const room = findRoom(code) as unknown as { match: AnyMatch | null; game: AnyGameModule } | undefined;
  if (!room?.match) throw new Error(`room ${code} has no match`);
  return room.match;
};
const gameOf = (code: string): AnyGameModule => (findRoom(code) as unknown as { game: AnyGameModule }).game;

async function storedRoom(code: string) {
  const room = (await ctx.store.openRooms()).find((r) => r.snapshot.code === code);
  if (!room) throw new Error(`room ${code} is not stored open`);
  return room;
}

describe('the store', () => {
  for (const slug of Object.keys(GAME_ROOMS))
    it(`${slug}: mid-game, the stored room rebuilds to exactly the live match`, async () => {
      const { host, guest, code } = await startTable(ctx.players, slug, { seed: `store-${slug}` });
      await playSome([host, guest], 8);
      // Blind Cassowary offers no claims (they would be solutions): its deal's proof is the move here.
      await until(() => liveMatch(code).version >= 1, 'a move to be played', 15_000);
      await sleep(700); // one state checkpoint (at most every 500 ms here) is written
      const live = liveMatch(code);
      const stored = await storedRoom(code);
      expect(stored.snapshot).toMatchObject({ code, game: slug, phase: live ? 'playing' : 'lobby' });
      expect(stored.snapshot.seats.slice(0, 2).map((s) => s?.name)).toEqual(['Host', 'Guest']);
      // Only hashes of the secrets are kept.
      const file = JSON.stringify(stored);
      expect(file).not.toContain(host.options.token);
      expect(file).not.toContain(guest.options.token);
      const match = stored.match;
      if (match === null) throw new Error('no stored match');
      expect(match.log).toEqual(live.log);
      expect(match.checkpoint?.version).toBe(live.version);
      const rebuilt = rebuildMatch(gameOf(code), match);
      expect(rebuilt.match.version).toBe(live.version);
      expect(rebuilt.match.state).toEqual(live.state);
      expect(stateDigest(rebuilt.match.state)).toBe(match.checkpoint?.digest);
      await host.room.leave();
      await guest.room.leave();
    });

  it('refuses a log the rules cannot replay, and a state that differs from its checkpoint', async () => {
    const { host, guest, code } = await startTable(ctx.players, 'cassino', { seed: 'store-corrupt' });
    await playSome([host, guest], 3);
    await sleep(700);
    const match = (await storedRoom(code)).match;
    if (match === null || match.log.length < 2) throw new Error('not enough moves stored');
    const game = gameOf(code);
    const garbled = match.log.map((e, i) => (i === 1 ? { ...e, intent: { type: 'no-such-move' } } : e));
    expect(() => rebuildMatch(game, { ...match, log: garbled })).toThrow(UnreplayableError);
    const swapped = [match.log[1]!, match.log[0]!, ...match.log.slice(2)];
    expect(() => rebuildMatch(game, { ...match, log: swapped })).toThrow(UnreplayableError);
    const otherDeal = { ...match, seed: 'another-seed' };
    expect(() => rebuildMatch(game, otherDeal)).toThrow(UnreplayableError);
    // Positive control: the stored match itself rebuilds.
    expect(rebuildMatch(game, match).match.version).toBe(match.log.length);
    await host.room.leave();
    await guest.room.leave();
  });

  it('keeps finished games for replays and lists them for the browsers that played', async () => {
    const browser = 'browser-secret-of-host-0001';
    const { host, guest, code } = await startTable(ctx.players, 'cassino', {
      seed: 'store-finished',
      browser,
    });
    await playSome([host, guest], 200);
    await host.waitRoom((r) => r.phase === 'finished', 'the game to finish');
    const live = liveMatch(code);
    const recent = await ctx.store.recentMatchesFor(browser);
    expect(recent).toHaveLength(1);
    const summary = recent[0]!;
    expect(summary).toMatchObject({ game: 'cassino', code, seat: 0 });
    expect(summary.players.map((p) => p.name)).toEqual(['Host', 'Guest']);
    expect(summary.replayId).toMatch(/^[\w-]{22}$/);
    const finished = await ctx.store.finishedMatch(summary.replayId);
    expect(finished).toMatchObject({ game: 'cassino', seed: live.seed, config: live.config });
    expect(finished?.log).toEqual(live.log);
    expect(finished?.outcome).toEqual(gameOf(code).outcome(live.state));
    expect(await ctx.store.recentMatchesFor('a-browser-that-never-played')).toEqual([]);
    // The home page's list comes from the store, by the browser id in a header.
    const listed = async (headers: Record<string, string>) =>
      RecentGamesSchema.parse(await (await fetch(`${ctx.server.url}/api/recent-games`, { headers })).json());
    expect(await listed({ [BROWSER_ID_HEADER]: browser })).toEqual([
      {
        replayId: summary.replayId,
        game: 'cassino',
        code,
        players: ['Host', 'Guest'],
        seat: 0,
        winners: [...summary.outcome.winners],
        finishedAt: summary.endedAt,
      },
    ]);
    expect(await listed({ [BROWSER_ID_HEADER]: 'a-browser-that-never-played' })).toEqual([]);
    expect(await listed({})).toEqual([]);
    expect(await ctx.store.finishedMatch('no-such-replay-id-000')).toBeNull();
    await host.room.leave();
    await guest.room.leave();
  });

  it('closes a room everyone left (its record is kept, no longer restored)', async () => {
    const { host, guest, code } = await startTable(ctx.players, 'cassino', { seed: 'store-close' });
    expect((await ctx.store.openRooms()).some((r) => r.snapshot.code === code)).toBe(true);
    await host.room.leave();
    await guest.room.leave();
    await until(() => findRoom(code) === undefined, 'the room to close');
    await until(async () => !(await ctx.store.openRooms()).some((r) => r.snapshot.code === code), 'closed');
  });

  it('a room another process restored stops here: the store refuses its move, its clients are told to reconnect', async () => {
    const warn = vi.spyOn(logger, 'warn');
    try {
      const { host, guest, code } = await startTable(ctx.players, 'cassino', { seed: 'store-fenced' });
      for (const p of [host, guest]) p.room.reconnection.maxRetries = 0;
      // What another process restoring the room does: it raises the room's epoch in the store.
      expect(await ctx.store.claimRoom(code)).not.toBeNull();
      const mover = [host, guest].find((p) => p.game.actors.includes(p.info.you.seat ?? -1));
      const reply = await mover?.intent(mover.game.legal[0]).catch((error: unknown) => String(error));
      expect(reply).not.toEqual({ ok: true });
      await until(() => host.leaveCode !== null && guest.leaveCode !== null, 'the room to close here');
      expect(findRoom(code)).toBeUndefined();
      expect(warn).toHaveBeenCalledWith(
        `room ${code}: the store refused a write from this copy (another server process restored the room); closing it here`,
      );
    } finally {
      warn.mockRestore();
    }
  });
});
