import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { SqliteBatchStore } from '../src/store/sqliteBatch.ts';
import { databaseFile } from '../src/store/sqliteStore.ts';
import { describeFrameWrites } from './frameWritesPlay.ts';
import { serverForFile } from './helpers.ts';

// main.ts's store: the mover's update and reply go out when its group commit has answered, after
// the room has handled the frame.
const dataDir = mkdtempSync(path.join(tmpdir(), 'frame-writes-'));
const store = new SqliteBatchStore(databaseFile(dataDir));
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describeFrameWrites(serverForFile(41502, { allowTestSeeds: true, store }), 'with the SQLite group commit');
