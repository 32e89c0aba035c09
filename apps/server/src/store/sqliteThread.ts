import { Worker } from 'node:worker_threads';
import type { CheckpointFigures } from './sqliteStore.ts';
import { FencedOut, type TableStore } from './tableStore.ts';

/** The store's methods a call can name (close is the thread's own). */
export type StoreMethod = Exclude<keyof TableStore, 'close'> | 'checkpointFigures';

/** One call to the store's thread. */
export interface StoreCall {
  id: number;
  method: StoreMethod;
  args: unknown[];
}

/** Why a call failed, as it crosses the thread (an Error's class does not). */
export type CallFailure = { fencedOut: string } | { message: string; errcode?: number };

/** The store thread's answer to one call. */
export type StoreAnswer = { id: number; value: unknown } | { id: number; failure: CallFailure };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** A refusal as the caller would have had it from SqliteStore itself. */
function errorOf(failure: CallFailure): Error {
  if ('fencedOut' in failure) return new FencedOut(failure.fencedOut);
  return Object.assign(new Error(failure.message), { errcode: failure.errcode });
}

/**
 * The SQLite store on a thread of its own (sqliteThreadWorker.ts runs a SqliteStore there): a
 * write's SQL and its commit, 50–100 µs an intent under load, leave the room thread, which only posts
 * the calls and hears the answers. Every method returns a promise. The calls made in one turn of the
 * event loop go to the thread together at its end and are run there in the order they were made, in
 * one commit (a group commit: one WAL write for a turn's intents; see sqliteThreadWorker.ts), and
 * answered once committed. The room awaits an intent's append before its result goes out (MatchHost,
 * as with PostgreSQL), so an intent is still committed before anyone sees it.
 */
export class SqliteThreadStore implements TableStore {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  /** Calls made during this turn of the event loop, posted together at its end (setImmediate). */
  private outbox: StoreCall[] = [];
  private nextId = 1;
  /** Why the thread stopped, once it has: every later call is refused with it. */
  private stopped: Error | null = null;
  private closing = false;

  constructor(file: string, options: { checkpointer?: boolean } = {}) {
    this.worker = new Worker(new URL('./sqliteThreadWorker.mjs', import.meta.url), {
      workerData: { file, checkpointer: options.checkpointer !== false },
    });
    this.worker.unref();
    this.worker.on('message', (answers: StoreAnswer[]) => answers.forEach((a) => this.answered(a)));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the SQLite store's thread exited (${code})`)));
  }

  private answered(answer: StoreAnswer): void {
    const call = this.pending.get(answer.id);
    if (call === undefined) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if ('failure' in answer) call.reject(errorOf(answer.failure));
    else call.resolve(answer.value);
  }

  private stop(error: Error): void {
    if (this.stopped === null && !this.closing)
      console.error('the SQLite store’s thread stopped: every write is refused from now on', error);
    this.stopped ??= error;
    for (const call of this.pending.values()) call.reject(this.stopped);
    this.pending.clear();
  }

  private call<T>(method: StoreMethod, args: unknown[]): Promise<T> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // The process waits for calls in flight (a last write at shutdown), not for an idle thread.
    if (this.pending.size === 0) this.worker.ref();
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    if (this.outbox.push({ id, method, args }) === 1) setImmediate(() => this.post());
    return answer;
  }

  private post(): void {
    if (this.outbox.length === 0) return;
    this.worker.postMessage(this.outbox);
    this.outbox = [];
  }

  saveRoom: TableStore['saveRoom'] = (...args) => this.call('saveRoom', args);
  closeRoom: TableStore['closeRoom'] = (...args) => this.call('closeRoom', args);
  matchStarted: TableStore['matchStarted'] = (...args) => this.call('matchStarted', args);
  appendIntent: TableStore['appendIntent'] = (...args) => this.call('appendIntent', args);
  checkpoint: TableStore['checkpoint'] = (...args) => this.call('checkpoint', args);
  matchEnded: TableStore['matchEnded'] = (...args) => this.call('matchEnded', args);
  matchAbandoned: TableStore['matchAbandoned'] = (...args) => this.call('matchAbandoned', args);
  claimRoom: TableStore['claimRoom'] = (...args) => this.call('claimRoom', args);
  heartbeat: TableStore['heartbeat'] = (...args) => this.call('heartbeat', args);
  forgetStoppedProcesses: TableStore['forgetStoppedProcesses'] = (...args) =>
    this.call('forgetStoppedProcesses', args);
  openRooms: TableStore['openRooms'] = () => this.call('openRooms', []);
  openRoom: TableStore['openRoom'] = (...args) => this.call('openRoom', args);
  openCodes: TableStore['openCodes'] = () => this.call('openCodes', []);
  isOpen: TableStore['isOpen'] = (...args) => this.call('isOpen', args);
  closedReason: TableStore['closedReason'] = (...args) => this.call('closedReason', args);
  finishedMatch: TableStore['finishedMatch'] = (...args) => this.call('finishedMatch', args);
  recentMatchesFor: TableStore['recentMatchesFor'] = (...args) => this.call('recentMatchesFor', args);

  /** What the store's checkpointer did so far (for `pnpm bench room`). */
  checkpointFigures(): Promise<CheckpointFigures | null> {
    return this.call('checkpointFigures', []);
  }

  /** Runs the calls already made, closes the database (after its last checkpoint), ends the thread. */
  async close(): Promise<void> {
    if (this.stopped !== null) return;
    this.closing = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.ref();
    this.post();
    this.worker.postMessage('close');
    await exited;
  }
}
