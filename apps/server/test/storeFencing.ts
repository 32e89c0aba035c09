import { describe, expect, it } from 'vitest';
import { FencedOut, type MatchStart, type RoomSnapshot, type TableStore } from '../src/store/tableStore.ts';

/** A stored room's snapshot (a two-seat Cassino room in game) for store tests. */
export const snapshot = (code: string, epoch: number): RoomSnapshot => ({
  code,
  game: 'cassino',
  options: {},
  phase: 'playing',
  hostSeat: 0,
  seats: [null, null],
  matchWins: [0, 0],
  bannedTokens: [],
  bannedBrowsers: [],
  gameNumber: 1,
  testSeed: null,
  replayId: `replay-of-${code}-0001`,
  clockSkew: 0,
  epoch,
});

/** A two-seat Cassino match starting in room `code`, for store tests. */
export const matchStart = (code: string, replayId: string): MatchStart => ({
  replayId,
  code,
  game: 'cassino',
  gameNumber: 1,
  config: {},
  players: 2,
  seed: 's',
  rulesVersion: 't',
  startedAt: 0,
  seats: [
    { name: 'A', browserHash: null },
    { name: 'B', browserHash: null },
  ],
});

const intent = (seq: number) => ({
  seq,
  entry: { actor: seq % 2, intent: { type: 'trail', card: 'x' }, at: seq },
});

/** A raced claim's arrival timing (latency fairness), kept so a replay applies claims in the same order. */
const timing = { receivedAt: 1_000, rttMs: 180, effectiveAt: 910 };

/**
 * What every TableStore must do for the cluster mode: a process that takes a room over raises its
 * epoch, and from then on the old process's writes are refused and change nothing.
 */
export function describeFencing(name: string, open: () => Promise<TableStore>): void {
  describe(`${name}: fencing between processes`, () => {
    it('refuses the old epoch’s writes once another process has claimed the room', async () => {
      const store = await open();
      const code = `F${Date.now().toString(36).slice(-4).toUpperCase()}`;
      const first = 1000;
      const replayId = `replay-of-${code}-0001`;
      await store.saveRoom(snapshot(code, first));
      const fence = { code, epoch: first };
      await store.matchStarted(matchStart(code, replayId), fence);
      await store.appendIntent(replayId, intent(0), fence);
      expect(await store.isOpen(code)).toBe(true);

      // Another process takes the room over.
      const second = await store.claimRoom(code);
      expect(second).toBeGreaterThan(first);
      const next = { code, epoch: second as number };

      // The first process, unaware, writes on: refused, and nothing changes.
      await expect(
        Promise.resolve().then(() => store.appendIntent(replayId, intent(1), fence)),
      ).rejects.toThrow(FencedOut);
      await expect(Promise.resolve().then(() => store.saveRoom(snapshot(code, first)))).rejects.toThrow(
        FencedOut,
      );
      await expect(
        Promise.resolve().then(() => store.matchEnded(replayId, { winners: [0], scores: [1, 0] }, 5, fence)),
      ).rejects.toThrow(FencedOut);
      await store.closeRoom(code, null, fence);
      expect(await store.isOpen(code)).toBe(true);

      // The new holder's writes go through.
      await store.appendIntent(replayId, { seq: 1, entry: { ...intent(1).entry, timing } }, next);
      await store.saveRoom(snapshot(code, next.epoch));
      const room = await store.openRoom(code);
      expect(room?.match?.log.map((e) => e.at)).toEqual([0, 1]);
      expect(room?.match?.log.map((e) => e.timing)).toEqual([undefined, timing]);
      expect(room?.snapshot.epoch).toBe(next.epoch);
      await store.closeRoom(code, null, next);
      expect(await store.isOpen(code)).toBe(false);
      expect(await store.claimRoom(code)).toBeNull();
      await store.close();
    });

    it('resumes a room from the last heartbeat of the process that ran it, not of the survivors', async () => {
      const store = await open();
      const code = `H${Date.now().toString(36).slice(-4).toUpperCase()}`;
      await store.saveRoom({ ...snapshot(code, 1), replayId: null, process: 'stopped-process' });
      await store.heartbeat(1_000, 'stopped-process');
      await store.heartbeat(9_000); // this process, still alive, beats on
      expect((await store.openRoom(code))?.lastAlive).toBe(1_000);
      expect((await store.openRooms()).find((r) => r.snapshot.code === code)?.lastAlive).toBe(1_000);
      // Control: a record from before per-process heartbeats resumes from the last heartbeat of any process.
      const older = `${code.slice(0, 4)}O`;
      await store.saveRoom({ ...snapshot(older, 1), replayId: null });
      expect((await store.openRoom(older))?.lastAlive).toBe(9_000);
      await store.closeRoom(code, null);
      await store.closeRoom(older, null);
      await store.close();
    });

    it('forgets the heartbeats of processes long stopped that no open room names', async () => {
      const store = await open();
      const code = `P${Date.now().toString(36).slice(-4).toUpperCase()}`;
      const named = (suffix: string, process: string) => ({
        ...snapshot(`${code.slice(0, 4)}${suffix}`, 1),
        replayId: null,
        process,
      });
      await store.saveRoom(named('K', 'still-named'));
      await store.saveRoom(named('C', 'named-by-a-closed-room'));
      await store.closeRoom(`${code.slice(0, 4)}C`, null);
      for (const boot of ['still-named', 'named-by-a-closed-room', 'long-gone'])
        await store.heartbeat(1_000, boot);
      await store.heartbeat(50_000, 'recently-alive');
      await store.heartbeat(60_000); // this process

      expect(await store.forgetStoppedProcesses(10_000)).toBe(2);
      expect(await store.forgetStoppedProcesses(10_000)).toBe(0);
      // Kept: the row an open room resumes its clock from, and a process alive since the cut-off.
      expect((await store.openRoom(`${code.slice(0, 4)}K`))?.lastAlive).toBe(1_000);
      await store.saveRoom(named('R', 'recently-alive'));
      expect((await store.openRoom(`${code.slice(0, 4)}R`))?.lastAlive).toBe(50_000);
      // Gone: a room naming a forgotten process falls back to the last heartbeat of any process.
      await store.saveRoom(named('G', 'long-gone'));
      expect((await store.openRoom(`${code.slice(0, 4)}G`))?.lastAlive).toBe(60_000);
      await store.close();
    });
  });
}
