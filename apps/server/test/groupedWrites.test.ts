import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnyGameModule, cassino, startMatch, submitIntent } from '@cards/rules';
import { RoomRecorder, roomWrites } from '../src/room/recorder.ts';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';
import { FencedOut, type MatchStart } from '../src/store/tableStore.ts';
import { snapshot } from './storeFencing.ts';

const stores: SqliteStore[] = [];
/** A store on a fresh file, and a second connection to read what was committed. */
function twoConnections(): { store: SqliteStore; reader: SqliteStore } {
  const file = databaseFile(mkdtempSync(path.join(tmpdir(), 'card-table-grouped-')));
  const store = new SqliteStore(file, { checkpointer: false });
  const reader = new SqliteStore(file, { checkpointer: false });
  stores.push(store, reader);
  return { store, reader };
}
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  roomWrites.grouped = true;
});

const start = (code: string, replayId: string, names: (string | null)[]): MatchStart => ({
  replayId,
  code,
  game: 'cassino',
  gameNumber: 1,
  config: {},
  players: names.length,
  seed: 's',
  rulesVersion: 't',
  startedAt: 0,
  seats: names.map((name) => ({ name: name as string, browserHash: null })),
});

describe('SQLite writes grouped in one transaction (TableStore.together)', () => {
  it('commits every write that succeeded; a refused one throws on its own and changes nothing', async () => {
    const { store, reader } = twoConnections();
    store.saveRoom(snapshot('GRPA', 1));
    const refusals: unknown[] = [];
    store.together(() => {
      store.saveRoom({ ...snapshot('GRPA', 1), gameNumber: 7 });
      try {
        store.saveRoom({ ...snapshot('GRPA', 2), gameNumber: 8 }); // another epoch: fenced out
      } catch (error) {
        refusals.push(error);
      }
      store.saveRoom(snapshot('GRPB', 1));
    });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBeInstanceOf(FencedOut);
    expect((await reader.openRoom('GRPA'))?.snapshot.gameNumber).toBe(7);
    expect(await reader.isOpen('GRPB')).toBe(true);
    // The connection is not left in a transaction: a lone write is committed at once.
    store.saveRoom(snapshot('GRPC', 1));
    expect(await reader.isOpen('GRPC')).toBe(true);
  });

  it('undoes the whole of a match start that fails halfway, and keeps the rest', async () => {
    const { store, reader } = twoConnections();
    store.saveRoom(snapshot('GRPD', 1));
    const fence = { code: 'GRPD', epoch: 1 };
    let failed = false;
    store.together(() => {
      try {
        // The match row goes in, then the second seat (no name) breaks a NOT NULL constraint.
        store.matchStarted(start('GRPD', 'broken-start', ['A', null]), fence);
      } catch {
        failed = true;
      }
      store.matchStarted(start('GRPD', 'good-start', ['A', 'B']), fence);
    });
    expect(failed).toBe(true);
    expect(() => store.matchEnded('broken-start', { winners: [0], scores: [1, 0] }, 1, fence)).toThrow(
      FencedOut,
    );
    expect(await reader.finishedMatch('broken-start')).toBeNull();
    store.matchEnded('good-start', { winners: [1], scores: [0, 1] }, 2, fence);
    expect((await reader.finishedMatch('good-start'))?.players.map((p) => p.name)).toEqual(['A', 'B']);
  });
});

describe('RoomRecorder: grouped room writes', () => {
  const game = cassino as unknown as AnyGameModule;

  /** A recorder for a room in game, and its first intent applied. */
  function recorderFor(store: SqliteStore, code: string) {
    const match = startMatch(game, game.defaultConfig, 2, `grouped-${code}`);
    const seat = game.actors(match.state)[0] as number;
    const intent = game.legalIntents(match.state, seat)[0];
    const next = submitIntent(game, match, seat, intent, 0, 1);
    if (!next.ok) throw new Error(next.error.message);
    const recorder: RoomRecorder = new RoomRecorder(store, game, {
      code: () => code,
      snapshot: () => ({ ...snapshot(code, 1), replayId: recorder.replayId }),
      players: () => [
        { name: 'A', browserHash: null },
        { name: 'B', browserHash: null },
      ],
      epoch: () => 1,
      fencedOut: () => undefined,
    });
    return { recorder, match, after: next.value };
  }

  it('writes a match start and the room before the first intent of the turn the match started', async () => {
    const { store, reader } = twoConnections();
    const { recorder, match, after } = recorderFor(store, 'GRPE');
    recorder.saveRoom(); // the room's creation, a turn before
    await new Promise((resolve) => setImmediate(resolve));
    expect((await reader.openRoom('GRPE'))?.snapshot.replayId).toBeNull();
    recorder.matchStarted(match, 1, 0);
    // Nothing is written yet: the writes wait for the end of the turn...
    expect((await reader.openRoom('GRPE'))?.snapshot.replayId).toBeNull();
    // ...unless the room writes an intent first (numbered in its match: the match row must be there).
    recorder.intentAccepted(after, after.log[0] as never);
    const stored = await reader.openRoom('GRPE');
    expect(stored?.snapshot.replayId).toBe(recorder.replayId);
    expect(stored?.match?.log).toEqual(after.log);
  });

  it('writes the saves of every room of a turn at its end, the last snapshot of each', async () => {
    const { store, reader } = twoConnections();
    const rooms = ['GRPF', 'GRPG', 'GRPH'].map((code) => recorderFor(store, code).recorder);
    for (const recorder of rooms) recorder.saveRoom();
    expect(await reader.openCodes()).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await reader.openCodes()).toEqual(['GRPF', 'GRPG', 'GRPH']);
    // The next turn: a start and saves again (the start's snapshot names its match).
    (rooms[0] as RoomRecorder).matchStarted(recorderFor(store, 'GRPF').match, 1, 0);
    for (const recorder of rooms) recorder.saveRoom();
    expect((await reader.openRoom('GRPF'))?.snapshot.replayId).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    const first = await reader.openRoom('GRPF');
    expect(first?.snapshot.replayId).toBe((rooms[0] as RoomRecorder).replayId);
    expect(first?.match?.replayId).toBe((rooms[0] as RoomRecorder).replayId);
  });
});
