import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdCodes, isHeld } from '../src/room/codes.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { restoreRooms } from '../src/store/restore.ts';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';
import type { StoredRoom } from '../src/store/tableStore.ts';
import { bootServer, Players, startTable, type TestServer, until } from './helpers.ts';

const PORT = 41434;
let server: TestServer;
let store: SqliteStore;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-restore-codes-test-'));
  store = new SqliteStore(databaseFile(dataDir));
  server = await bootServer(PORT, { allowTestSeeds: true, store });
});
afterAll(async () => {
  await server.close();
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a stored room that cannot be restored', () => {
  it('gives its code back at once (a code still waiting for its room stays held)', async () => {
    const { host, guest, code } = await startTable(new Players(server.url), 'cassino', { seed: 'codes' });
    let stored: StoredRoom | undefined;
    await until(() => {
      void store.openRooms().then((rooms) => (stored = rooms.find((r) => r.snapshot.code === code)));
      return stored;
    }, 'the room stored');
    if (stored === undefined) throw new Error('not stored');
    await host.room.leave();
    await guest.room.leave();
    // Copies of it under other codes, as a restart would find them: a damaged log, an unknown game.
    const damaged = { ...stored, snapshot: { ...stored.snapshot, code: 'DMGD1' }, problem: 'a damaged log' };
    const unknown = { ...stored, snapshot: { ...stored.snapshot, code: 'UNKN1', game: 'no-such-game' } };
    holdCodes(['DMGD1', 'UNKN1', 'KEPT1']);
    const report = await restoreRooms([damaged, unknown], store, new Set(Object.keys(GAME_ROOMS)));
    expect(report.restored).toEqual([]);
    expect(report.closed.map((c) => c.code)).toEqual(['DMGD1', 'UNKN1']);
    expect(report.closed[0]!.reason).toMatch(/could not be rebuilt/);
    expect(isHeld('DMGD1')).toBe(false);
    expect(isHeld('UNKN1')).toBe(false);
    // Positive control: a code still waiting for its room stays held.
    expect(isHeld('KEPT1')).toBe(true);
  });
});
