import { describe, expect, it } from 'vitest';
import { sweepOrphans } from '../src/cluster/directory.ts';
import { SqliteStore } from '../src/store/sqliteStore.ts';
import type { RoomSnapshot } from '../src/store/tableStore.ts';

const room = (code: string): RoomSnapshot => ({
  code,
  game: 'cassino',
  options: {},
  phase: 'lobby',
  hostSeat: 0,
  seats: [null, null],
  matchWins: [0, 0],
  bannedTokens: [],
  bannedBrowsers: [],
  gameNumber: 0,
  testSeed: null,
  replayId: null,
  clockSkew: 0,
  epoch: 1,
});

describe('the sweep for rooms of stopped processes (cluster mode)', () => {
  it('looks up exactly the open rooms no process holds, so they are restored or closed', async () => {
    const store = new SqliteStore(':memory:');
    for (const code of ['HELDA', 'LOSTB', 'LOSTC', 'SHUTD']) store.saveRoom(room(code));
    store.closeRoom('SHUTD', null);
    const holders = new Map([['HELDA', 'a-live-process']]);
    const asked: string[] = [];
    const swept = await sweepOrphans(
      store,
      (code) => {
        asked.push(code);
        return Promise.resolve(null);
      },
      (code) => Promise.resolve(holders.get(code) ?? null),
    );
    expect(swept).toEqual(['LOSTB', 'LOSTC']);
    expect(asked).toEqual(['LOSTB', 'LOSTC']);
    expect(await store.openCodes()).toEqual(['HELDA', 'LOSTB', 'LOSTC']);
    await store.close();
  });
});
