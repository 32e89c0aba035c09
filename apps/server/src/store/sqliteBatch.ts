import { BatchedStore, type StoreCall } from './batchedStore.ts';
import { runBatch } from './groupCommit.ts';
import { SqliteStore } from './sqliteStore.ts';

/**
 * The SQLite store with a group commit on the room thread: each turn's calls (BatchedStore) run at
 * its end in one commit, so a busy turn's intents share one WAL write instead of one each.
 */
export class SqliteBatchStore extends BatchedStore {
  private readonly store: SqliteStore;
  /** The last batch's outcomes, given out. */
  private answering: Promise<void> = Promise.resolve();

  constructor(file: string, options: { checkpointer?: boolean } = {}) {
    super();
    this.store = new SqliteStore(file, options);
  }

  protected runCalls(calls: StoreCall[]): void {
    this.answering = runBatch(this.store, calls).then((outcomes) => outcomes.forEach((o) => this.settle(o)));
  }

  /** Runs the calls already made, then closes the database (after its last checkpoint). */
  async close(): Promise<void> {
    if (this.stopped !== null) return;
    this.closing = true;
    this.flush();
    await this.answering;
    this.stop(new Error('the store is closed'));
    await this.store.close();
  }
}
