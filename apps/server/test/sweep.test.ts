import { describe, expect, it } from 'vitest';
import { sweepOrphans } from '../src/cluster/directory.ts';
import { SqliteStore } from '../src/store/sqliteStore.ts';
import type { RoomSnapshot } from '../src/store/tableStore.ts';
import { snapshot } from './storeFencing.ts';

const room = (code: string): RoomSnapshot => ({ ...snapshot(code, 1), replayId: null });

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
