import { Worker } from 'node:worker_threads';
import { BatchedStore, type StoreCall } from './batchedStore.ts';
import { outcomeOf, type StoreAnswer } from './threadWire.ts';

/**
 * The SQLite store on a thread of its own (sqliteThreadWorker.ts runs a SqliteStore there): a
 * write's SQL and its commit, 50–100 µs an intent under load, leave the room thread, which only posts
 * each turn's calls (BatchedStore) and hears the answers.
 */
export class SqliteThreadStore extends BatchedStore {
  private readonly worker: Worker;

  constructor(file: string, options: { checkpointer?: boolean } = {}) {
    super();
    this.worker = new Worker(new URL('./sqliteThreadWorker.mjs', import.meta.url), {
      workerData: { file, checkpointer: options.checkpointer !== false },
    });
    this.worker.unref();
    this.worker.on('message', (answers: StoreAnswer[]) => answers.forEach((a) => this.settle(outcomeOf(a))));
    this.worker.on('error', (error) => this.halt(error));
    this.worker.on('exit', (code) => this.halt(new Error(`the SQLite store's thread exited (${code})`)));
  }

  private halt(error: Error): void {
    if (this.stopped === null && !this.closing)
      console.error('the SQLite store’s thread stopped: every write is refused from now on', error);
    this.stop(error);
  }

  // The process waits for calls in flight (a last write at shutdown), not for an idle thread.
  protected override busy(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  protected runCalls(calls: StoreCall[]): void {
    this.worker.postMessage(calls);
  }

  /** Runs the calls already made, closes the database (after its last checkpoint), ends the thread. */
  async close(): Promise<void> {
    if (this.stopped !== null) return;
    this.closing = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.ref();
    this.flush();
    this.worker.postMessage('close');
    await exited;
  }
}
