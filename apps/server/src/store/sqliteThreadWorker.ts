/**
 * The SQLite store's thread (SqliteThreadStore): runs the calls of each batch on a SqliteStore in the
 * order they came, committed together (group commit), and answers them in one message once they are
 * committed. 'close' closes the database and ends the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteStore } from './sqliteStore.ts';
import type { CallFailure, StoreAnswer, StoreCall } from './sqliteThread.ts';
import { FencedOut } from './tableStore.ts';

const { file, checkpointer } = workerData as { file: string; checkpointer: boolean };
const store = new SqliteStore(file, { checkpointer });
const port = parentPort;
if (port === null) throw new Error('sqliteThreadWorker runs as a worker thread');

function failureOf(error: unknown): CallFailure {
  if (error instanceof FencedOut) return { fencedOut: error.code };
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof errcode === 'number' ? { errcode } : {}),
  };
}

/** A call's answer, and whether it failed for a reason of the database's (not a fenced-out write). */
interface Ran {
  answer: Promise<StoreAnswer>;
  failed: boolean;
}

/** Runs one call. SqliteStore does its SQL before it returns (its promises are settled ones). */
function run(call: StoreCall): Ran {
  const method = store[call.method] as (...args: unknown[]) => unknown;
  const failure = (error: unknown): StoreAnswer => ({ id: call.id, failure: failureOf(error) });
  try {
    const value = method.apply(store, call.args);
    return {
      answer: Promise.resolve(value).then((v) => ({ id: call.id, value: v }), failure),
      failed: false,
    };
  } catch (error) {
    return { answer: Promise.resolve(failure(error)), failed: !(error instanceof FencedOut) };
  }
}

/** Thrown to undo a batch one of whose calls failed for a reason of the database's. */
class BatchFailed extends Error {}

/**
 * The batch's calls in one commit. A fenced-out write changed nothing and leaves the others be; any
 * other failure (or a failed commit) undoes the batch, whose calls are then run again one by one,
 * each committed alone, so each gets its own answer and no call is answered before its commit.
 */
function runBatch(calls: StoreCall[]): Ran[] {
  if (calls.length > 1)
    try {
      return store.inOneCommit(() => {
        const ran = calls.map(run);
        if (ran.some((r) => r.failed)) throw new BatchFailed();
        return ran;
      });
    } catch {
      // run alone below
    }
  return calls.map(run);
}

port.on('message', async (message: StoreCall[] | 'close') => {
  if (message === 'close') {
    await store.close();
    port.close();
    return;
  }
  const answers = await Promise.all(runBatch(message).map((r) => r.answer));
  port.postMessage(answers);
});
