import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Server processes started together on one SQLite file (`npm run cluster`, cluster.test) each open
 * the store at once: switching the file to WAL and creating the schema must wait for the others,
 * not fail "database is locked" (SQLite answers that at once there, busy_timeout or not: before the
 * store retried, 114 of these 180 opens failed, and cluster.test failed once in a fresh `npm test`).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'card-table-open-'));
const openers = [0, 1, 2].map(
  () => new Worker(new URL('./fixtures/openStore.ts', import.meta.url), { execArgv: ['--import', 'tsx'] }),
);
afterAll(async () => {
  await Promise.all(openers.map((w) => w.terminate()));
  rmSync(dir, { recursive: true, force: true });
});

const open = (opener: Worker, file: string): Promise<string> =>
  new Promise((resolve) => {
    opener.once('message', (answer: string) => resolve(answer));
    opener.postMessage(file);
  });

describe('SQLite store opened by several processes at once', () => {
  it('opens every time on a new file, three threads at a time', async () => {
    const answers: string[] = [];
    for (let round = 0; round < 60; round++) {
      const file = path.join(dir, `tables-${round}.sqlite`);
      answers.push(...(await Promise.all(openers.map((opener) => open(opener, file)))));
    }
    expect(answers.filter((a) => a !== 'ok')).toEqual([]);
    expect(answers).toHaveLength(180);
  }, 60_000);
});
