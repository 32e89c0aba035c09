/**
 * The SQLite store's group commit: the calls of one batch run on a SqliteStore in the order they came,
 * committed together (one WAL write for many intents), each answered once committed. Used on the
 * store's own thread (sqliteThreadWorker.ts) and on the room thread (SqliteBatchStore).
 */
import type { SqliteStore } from './sqliteStore.ts';
import type { CallOutcome, StoreCall } from './batchedStore.ts';
import { FencedOut } from './tableStore.ts';

/** A call's outcome, and whether it failed for a reason of the database's (not a fenced-out write). */
interface Ran {
  outcome: Promise<CallOutcome>;
  failed: boolean;
}

/** Runs one call. SqliteStore does its SQL before it returns (its promises are settled ones). */
function run(store: SqliteStore, call: StoreCall): Ran {
  const method = store[call.method] as (...args: unknown[]) => unknown;
  const failure = (error: unknown): CallOutcome => ({ id: call.id, error });
  try {
    const value = method.apply(store, call.args);
    return {
      outcome: Promise.resolve(value).then((v) => ({ id: call.id, value: v }), failure),
      failed: false,
    };
  } catch (error) {
    return { outcome: Promise.resolve(failure(error)), failed: !(error instanceof FencedOut) };
  }
}

/** Thrown to undo a batch one of whose calls failed for a reason of the database's. */
class BatchFailed extends Error {}

/**
 * The batch's calls in one commit, with their outcomes. A fenced-out write changed nothing and leaves the others
 * be; any other failure (or a failed commit) undoes the batch, whose calls are then run again one by
 * one, each committed alone, so each gets its own answer and no call is answered before its commit.
 */
export function runBatch(store: SqliteStore, calls: readonly StoreCall[]): Promise<CallOutcome[]> {
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
  return Promise.all(ran.map((r) => r.outcome));
}
