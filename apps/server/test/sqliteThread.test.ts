import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';
import { SqliteThreadStore } from '../src/store/sqliteThread.ts';
import { SqliteBatchStore } from '../src/store/sqliteBatch.ts';
import { FencedOut } from '../src/store/tableStore.ts';
import { describeFencing, matchStart, snapshot } from './storeFencing.ts';

describeFencing('SQLite on its own thread', () => Promise.resolve(new SqliteThreadStore(':memory:')));
describeFencing('SQLite with its group commit on the room thread', () =>
  Promise.resolve(new SqliteBatchStore(':memory:')),
);

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const freshFile = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'card-table-thread-'));
  dirs.push(dir);
  return databaseFile(dir);
};

const intent = (seq: number, at = seq) => ({ seq, entry: { actor: seq % 2, intent: { type: 'trail' }, at } });

/** Every call's outcome: 'ok', or the refusal's class and message. */
const outcomes = (calls: (void | Promise<unknown>)[]) =>
  Promise.all(
    calls.map((call) =>
      Promise.resolve(call).then(
        () => 'ok',
        (error: Error) => `${error instanceof FencedOut ? 'FencedOut' : 'Error'}: ${error.message}`,
      ),
    ),
  );

/** The two SQLite stores that batch each turn's calls into one commit, and what a call after close hears. */
const BATCHED = [
  { name: 'on its own thread', open: (file: string) => new SqliteThreadStore(file), closed: /thread exited/ },
  {
    name: 'batched on the room thread',
    open: (file: string) => new SqliteBatchStore(file),
    closed: /is closed/,
  },
];

describe.each(BATCHED)('the SQLite store $name', ({ open, closed }) => {
  it('commits the calls of one turn together, each answered on its own, in the order they were made', async () => {
    const store = open(freshFile());
    const code = 'GRPA';
    const replayId = `replay-of-${code}-0001`;
    const fence = { code, epoch: 1 };
    // All in one turn of the event loop: one batch on the store's thread.
    const calls = [
      store.saveRoom(snapshot(code, 1)),
      store.matchStarted(matchStart(code, replayId), fence),
      store.appendIntent(replayId, intent(0), fence),
      store.appendIntent(replayId, intent(1), fence),
      store.appendIntent(replayId, intent(1, 99), fence), // the same place in the log again
      store.appendIntent(replayId, intent(2), { code, epoch: 0 }), // an older epoch
      store.appendIntent(replayId, intent(2), fence),
    ];
    const answers = await outcomes(calls);
    expect(answers.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(answers[4]).toMatch(/^Error: .*UNIQUE constraint failed: intents.replay_id, intents.seq/);
    expect(answers[5]).toBe(`FencedOut: room ${code} is now run by another server process`);
    expect(answers[6]).toBe('ok');
    const room = await store.openRoom(code);
    expect(room?.match?.log.map((e) => e.at)).toEqual([0, 1, 2]);
    // A fenced-out write leaves the rest of its turn's commit be.
    const next = await outcomes([
      store.appendIntent(replayId, intent(3), { code, epoch: 0 }),
      store.appendIntent(replayId, intent(3), fence),
      store.appendIntent(replayId, intent(4), fence),
    ]);
    expect(next).toEqual([`FencedOut: room ${code} is now run by another server process`, 'ok', 'ok']);
    expect((await store.openRoom(code))?.match?.log.map((e) => e.at)).toEqual([0, 1, 2, 3, 4]);
    await store.close();
  });

  it("hands on a call made while a batch is answered (a room's next move) without waiting for another turn", async () => {
    const store = open(freshFile());
    const code = 'GRPC';
    const replayId = `replay-of-${code}-0001`;
    const fence = { code, epoch: 1 };
    await Promise.all([
      store.saveRoom(snapshot(code, 1)),
      store.matchStarted(matchStart(code, replayId), fence),
    ]);
    const order: string[] = [];
    // Each batch the store hands on to be run (on this thread or on the store's).
    const batched = store as unknown as { runCalls(calls: unknown[]): void };
    const runCalls = batched.runCalls.bind(store);
    batched.runCalls = (calls) => {
      order.push(`batch of ${calls.length}`);
      runCalls(calls);
    };
    // As MatchHost does: the next move's append is made once the last one's is answered, a few
    // continuations later.
    const chained = store.appendIntent(replayId, intent(0), fence)!.then(async () => {
      setImmediate(() => order.push('the next turn'));
      await Promise.resolve();
      await Promise.resolve();
      await store.appendIntent(replayId, intent(1), fence);
    });
    await chained;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order.slice(0, 3)).toEqual(['batch of 1', 'batch of 1', 'the next turn']);
    expect((await store.openRoom(code))?.match?.log.map((e) => e.at)).toEqual([0, 1]);
    await store.close();
  });

  it('writes the calls still waiting for their turn before it closes', async () => {
    const file = freshFile();
    const store = open(file);
    const code = 'GRPB';
    const replayId = `replay-of-${code}-0001`;
    const fence = { code, epoch: 1 };
    void store.saveRoom(snapshot(code, 1));
    void store.matchStarted(matchStart(code, replayId), fence);
    for (let seq = 0; seq < 50; seq++) void store.appendIntent(replayId, intent(seq), fence);
    await store.close();
    const reopened = new SqliteStore(file);
    expect((await reopened.openRoom(code))?.match?.log).toHaveLength(50);
    await reopened.close();
    // After close, a call is refused rather than lost without a word.
    await expect(store.isOpen(code)).rejects.toThrow(closed);
  });
});

describe('the SQLite store batched on the room thread', () => {
  it('refuses a call with the very error SQLite raised (its class, code and fields)', async () => {
    const duplicateAppend = async (store: SqliteStore | SqliteBatchStore): Promise<unknown> => {
      const code = 'GRPC';
      const replayId = `replay-of-${code}-0001`;
      const fence = { code, epoch: 1 };
      await store.saveRoom(snapshot(code, 1));
      await store.matchStarted(matchStart(code, replayId), fence);
      await store.appendIntent(replayId, intent(0), fence);
      // SqliteStore throws at once; the batched store rejects at its turn's end.
      const refused = await (async () => store.appendIntent(replayId, intent(0, 99), fence))().then(
        () => null,
        (error: unknown) => error,
      );
      await store.close();
      return refused;
    };
    const plain = await duplicateAppend(new SqliteStore(freshFile()));
    const batched = await duplicateAppend(new SqliteBatchStore(freshFile()));
    expect(plain).toMatchObject({ code: 'ERR_SQLITE_ERROR', errcode: 1555 }); // SQLITE_CONSTRAINT_PRIMARYKEY
    expect(Object.getPrototypeOf(batched)).toBe(Object.getPrototypeOf(plain));
    expect({ ...(batched as object) }).toEqual({ ...(plain as object) });
    expect((batched as Error).stack).toMatch(/sqliteStore\.ts/);
  });
});

describe('the SQLite store on its own thread', () => {
  it('refuses every call once its thread is gone, and says so once', async () => {
    const store = new SqliteThreadStore(':memory:');
    expect(await store.isOpen('GONE')).toBe(false);
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await (store as unknown as { worker: Worker }).worker.terminate();
      await expect(store.isOpen('GONE')).rejects.toThrow(/thread exited/);
      await expect(Promise.resolve(store.saveRoom(snapshot('GONE', 1)))).rejects.toThrow(/thread exited/);
      expect(said.mock.calls.map((call) => String(call[0]))).toEqual([
        'the SQLite store’s thread stopped: every write is refused from now on',
      ]);
    } finally {
      said.mockRestore();
    }
    await store.close();
  });
});
