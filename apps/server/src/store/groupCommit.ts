/**
 * The SQLite store's group commit: the calls of one batch run on a SqliteStore in the order they came,
 * committed together (one WAL write for many intents), each answered once committed. Used on the
 * store's own thread (sqliteThreadWorker.ts) and on the room thread (SqliteBatchStore).
 */
import type { SqliteStore } from './sqliteStore.ts';
import type { CallFailure, StoreAnswer, StoreCall } from './batchedStore.ts';
import { FencedOut } from './tableStore.ts';

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
function run(store: SqliteStore, call: StoreCall): Ran {
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
 * The batch's calls in one commit, answered. A fenced-out write changed nothing and leaves the others
 * be; any other failure (or a failed commit) undoes the batch, whose calls are then run again one by
 * one, each committed alone, so each gets its own answer and no call is answered before its commit.
 */
export function runBatch(store: SqliteStore, calls: readonly StoreCall[]): Promise<StoreAnswer[]> {
  let ran: Ran[] | null = null;
  if (calls.length > 1)
    try {
      ran = store.inOneCommit(() => {
        const each = calls.map((call) => run(store, call));
        if (each.some((r) => r.failed)) throw new BatchFailed();
        return each;
      });
    } catch {
      // run alone below
    }
  ran ??= calls.map((call) => run(store, call));
  return Promise.all(ran.map((r) => r.answer));
}
