import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { codeLeases, randomCode } from '../src/room/codes.ts';
import { findRoom } from '../src/room/GameRoom.ts';
import { checkpointTiming, newReplayId } from '../src/room/recorder.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { restoreRoom } from '../src/store/restore.ts';
import { databaseFile } from '../src/store/sqliteStore.ts';
import type { StoredRoom } from '../src/store/tableStore.ts';
import { sleep, startTable, storedServerForFile, until } from './helpers.ts';

// The state checkpoint is read below: written at most every 500 ms instead of 5 s.
checkpointTiming.everyMs = 500;
const ctx = storedServerForFile(41540, { allowTestSeeds: true });

const known = new Set(Object.keys(GAME_ROOMS));
const ignoreLost = (): void => undefined;

/** A code no live or stored room has. */
async function freeCode(): Promise<string> {
  for (;;) {
    const code = randomCode();
    if (findRoom(code) === undefined && !(await ctx.store.isOpen(code))) return code;
  }
}

/**
 * Stores a copy of a real mid-game Cassino room under a new code, as a server that stopped would have
 * left it, with `edit` applied to its log; returns the code and the copy's match id.
 */
async function storedCopy(
  original: StoredRoom,
  edit: (log: NonNullable<StoredRoom['match']>['log']) => NonNullable<StoredRoom['match']>['log'],
): Promise<{ code: string; replayId: string }> {
  const match = original.match;
  if (match === null) throw new Error('the original room has no match');
  const code = await freeCode();
  const replayId = newReplayId();
  const epoch = Date.now();
  ctx.store.saveRoom({ ...original.snapshot, code, replayId, epoch });
  const fence = { code, epoch };
  ctx.store.matchStarted({ ...match, code, replayId }, fence);
  edit(match.log).forEach((entry, seq) => ctx.store.appendIntent(replayId, { seq, entry }, fence));
  return { code, replayId };
}

describe('a room whose game cannot be restored', () => {
  it('closes with a clear message, keeps its record and releases its code', async () => {
    const {
      host,
      guest,
      code: liveCode,
    } = await startTable(ctx.players, 'cassino', { seed: 'unrestorable' });
    for (let i = 0; i < 3; i++) {
      const mover = [host, guest].find((p) => p.game.actors.includes(p.info.you.seat ?? -1));
      if (mover === undefined || !(await mover.intent(mover.game.legal[0])).ok) break;
      await until(() => host.game.version > i && guest.game.version > i, 'the move reaching both');
    }
    await sleep(700); // the state checkpoint is written (at most every 500 ms here)
    const original = await ctx.store.openRoom(liveCode);
    if (original?.match == null || original.match.log.length < 3) throw new Error('not enough moves stored');

    // Positive control: an unchanged copy comes back, and the lookup finds it.
    const intact = await storedCopy(original, (log) => log);
    expect(await restoreRoom(intact.code, ctx.store, known, ignoreLost)).toBe('restored');
    expect((await fetch(`${ctx.server.url}/api/rooms/${intact.code}`)).status).toBe(200);

    // A rules change: the first stored move is no longer a move of the game.
    const broken = await storedCopy(original, (log) =>
      log.map((e, i) => (i === 0 ? { ...e, intent: { type: 'retired-move' } } : e)),
    );
    const result = await restoreRoom(broken.code, ctx.store, known, ignoreLost);
    expect(result).toEqual({ closed: expect.stringMatching(/could not be rebuilt after a server update/) });
    expect(findRoom(broken.code)).toBeUndefined();

    // The lookup says why (410), and the reason is kept in the ctx.store.
    const lookup = await fetch(`${ctx.server.url}/api/rooms/${broken.code}`);
    expect(lookup.status).toBe(410);
    expect(((await lookup.json()) as { error: string }).error).toMatch(
      /^This room was closed\. Its game could not be rebuilt after a server update \(.+\); the room was closed and its record kept\.$/,
    );
    expect(await ctx.store.closedReason(broken.code)).toMatch(/could not be rebuilt/);

    // Its record is kept: the room's row, the match (marked abandoned, with why) and its whole log.
    const db = new DatabaseSync(databaseFile(ctx.dataDir), { readOnly: true });
    const room = db.prepare('SELECT open, snapshot FROM rooms WHERE code = ?').get(broken.code) as {
      open: number;
      snapshot: string;
    };
    expect(room.open).toBe(0);
    expect(JSON.parse(room.snapshot)).toMatchObject({ code: broken.code, replayId: broken.replayId });
    const match = db
      .prepare('SELECT status, end_reason FROM matches WHERE replay_id = ?')
      .get(broken.replayId) as { status: string; end_reason: string };
    expect(match).toMatchObject({
      status: 'abandoned',
      end_reason: expect.stringMatching(/could not be rebuilt/),
    });
    const logged = db
      .prepare('SELECT COUNT(*) AS n FROM intents WHERE replay_id = ?')
      .get(broken.replayId) as {
      n: number;
    };
    expect(logged.n).toBe(original.match.log.length);
    db.close();

    // Its code is free again: no hold on it, not open in the store, so a new room may take it…
    expect(await ctx.store.isOpen(broken.code)).toBe(false);
    expect(await codeLeases().take(broken.code, ignoreLost)).toBe(true);
    await codeLeases().release(broken.code);
    // …while the restored control room still holds its own.
    expect(await codeLeases().take(intact.code, ignoreLost)).toBe(false);
    // A new room with that code is stored open, and the lookup no longer says "closed".
    ctx.store.saveRoom({ ...original.snapshot, code: broken.code, replayId: null, epoch: Date.now() });
    expect(await ctx.store.isOpen(broken.code)).toBe(true);
    expect(await ctx.store.closedReason(broken.code)).toBeNull();

    await host.room.leave();
    await guest.room.leave();
  }, 30_000);
});
