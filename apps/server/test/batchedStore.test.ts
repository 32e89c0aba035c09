import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchedStore, LoopLoad, type StoreCall } from '../src/store/batchedStore.ts';

/** A batched store that only records the batches it is handed, answering each call with its id. */
class RecordingStore extends BatchedStore {
  readonly batches: number[][] = [];
  protected runCalls(calls: StoreCall[]): void {
    this.batches.push(calls.map((c) => c.id));
    for (const call of calls) this.settle({ id: call.id, value: call.id });
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** Keeps this thread busy for `ms` (a room handler's work between two calls of one turn). */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const defaultWait = BatchedStore.maxWaitMs;
afterEach(() => {
  BatchedStore.maxWaitMs = defaultWait;
});

describe('BatchedStore hands a batch on', () => {
  it.each([
    { when: 'its calls came close together', maxWaitMs: defaultWait, between: 0 },
    { when: 'maxWaitMs is 0, however long the turn', maxWaitMs: 0, between: defaultWait + 1 },
  ])('at the end of the turn when $when', async ({ maxWaitMs, between }) => {
    BatchedStore.maxWaitMs = maxWaitMs;
    const store = new RecordingStore();
    void store.heartbeat(1);
    busyFor(between);
    void store.heartbeat(2);
    await nextTick();
    expect(store.batches).toEqual([]);
    await nextTurn();
    expect(store.batches).toEqual([[1, 2]]);
  });

  it('before the turn ends once its first call has waited maxWaitMs, and starts a new batch after', async () => {
    const store = new RecordingStore();
    void store.heartbeat(1);
    busyFor(BatchedStore.maxWaitMs + 1);
    void store.heartbeat(2);
    await nextTick();
    // The first call did not wait for the rest of the turn.
    expect(store.batches).toEqual([[1, 2]]);
    void store.heartbeat(3);
    await nextTurn();
    expect(store.batches).toEqual([[1, 2], [3]]);
  });

  it('answers every call of an early batch and of the next one', async () => {
    const store = new RecordingStore();
    const first = store.heartbeat(1);
    busyFor(BatchedStore.maxWaitMs + 1);
    const second = store.heartbeat(2);
    const third = store.heartbeat(3);
    await expect(Promise.all([first, second, third])).resolves.toEqual([1, 2, 3]);
  });
});

describe('LoopLoad', () => {
  it('calls a loop busy for all of the last second saturated, and an idle one not', async () => {
    const load = new LoopLoad();
    // Idle for a second: the loop waits on a timer.
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(load.saturated()).toBe(false);
    busyFor(1050);
    expect(load.saturated()).toBe(true);
  });
});
