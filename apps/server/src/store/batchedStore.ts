import { performance } from 'node:perf_hooks';
import type { CheckpointFigures } from './sqliteStore.ts';
import type { TableStore } from './tableStore.ts';

/** The store's methods a call can name (close is the store's own). */
export type StoreMethod = Exclude<keyof TableStore, 'close'> | 'checkpointFigures';

/** One call to the store, queued for its batch. */
export interface StoreCall {
  id: number;
  method: StoreMethod;
  args: unknown[];
}

/** How one call ended: its value, or what the store threw or rejected with. */
export type CallOutcome = { id: number; value: unknown } | { id: number; error: unknown };

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * A TableStore whose calls are queued and run in batches: the calls made in one turn of the event
 * loop are handed to `runCalls` together at its end (setImmediate), in the order they were made, to
 * be run in one commit (groupCommit.ts) and answered once committed. Every method returns a promise;
 * the room awaits an intent's append before its result goes out (MatchHost, as with PostgreSQL), so
 * an intent is still committed before anyone sees it. Calls made while a batch is being answered (a
 * room's next move, which waited for the last one's append) are handed on as soon as that answering
 * is done, not at the end of the next turn: each such move would otherwise wait a whole turn of a
 * busy loop for its commit. Nor does a batch wait for the end of a long turn: once its first call has
 * waited `maxWaitMs`, it is handed on after the call that finds it so (unless the loop is saturated).
 */
export abstract class BatchedStore implements TableStore {
  private readonly pending = new Map<number, Pending>();
  /** Calls made during this turn of the event loop, handed on together at its end. */
  private outbox: StoreCall[] = [];
  private nextId = 1;
  /**
   * Calls made while a batch is answered are handed on once the answers' continuations have run (off:
   * at the end of the next turn, as before 29 Nov; only for `bench room --compare answers-at-once`).
   */
  static handOnAtOnce = true;
  /**
   * A batch whose first call waited this long is handed on once the call that finds it so has run,
   * not at the end of the turn (0: always at the end; `pnpm bench room --compare early-commit`).
   */
  static maxWaitMs = 4;
  /** When the batch's first call was made (performance.now()). */
  private firstQueuedAt = 0;
  /** The batch is to be handed on at the next tick already. */
  private handingOnSoon = false;
  /** From a batch's first answer until the microtasks that follow its answers have run. */
  private givingAnswers = false;
  /** Why the store stopped, once it has: every later call is refused with it. */
  protected stopped: Error | null = null;
  protected closing = false;

  /** Runs a batch; its outcomes come back through `settle`. */
  protected abstract runCalls(calls: StoreCall[]): void;
  /** Calls are in flight (first one) or none is any more. */
  protected busy(_on: boolean): void {}

  protected settle(outcome: CallOutcome): void {
    if (!this.givingAnswers) {
      this.givingAnswers = true;
      // A tick queued from a microtask runs once every microtask queued meanwhile has run: the
      // answers' continuations (a room's next move and its append) come first.
      queueMicrotask(() => process.nextTick(() => (this.givingAnswers = false)));
    }
    const call = this.pending.get(outcome.id);
    if (call === undefined) return;
    this.pending.delete(outcome.id);
    if (this.pending.size === 0) this.busy(false);
    if ('error' in outcome) call.reject(outcome.error);
    else call.resolve(outcome.value);
  }

  protected stop(error: Error): void {
    this.stopped ??= error;
    for (const call of this.pending.values()) call.reject(this.stopped);
    this.pending.clear();
  }

  private call<T>(method: StoreMethod, args: unknown[]): Promise<T> {
    if (this.stopped !== null) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if (this.pending.size === 0) this.busy(true);
    const answer = new Promise<T>((resolve, reject) =>
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
    if (this.outbox.push({ id, method, args }) === 1) {
      this.firstQueuedAt = performance.now();
      this.handingOnSoon = false;
      if (this.givingAnswers && BatchedStore.handOnAtOnce) process.nextTick(() => this.flush());
      else setImmediate(() => this.flush());
    } else if (!this.handingOnSoon && this.waitedLongEnough()) {
      this.handingOnSoon = true;
      process.nextTick(() => this.flush());
    }
    return answer;
  }

  /**
   * Whether the batch has waited long enough to be handed on before the turn ends: its first call
   * `maxWaitMs` ago, on a loop that is not saturated (see LoopLoad). A busy turn (a burst of moves
   * after a pause) otherwise held every one of its moves until its end, and their answers' broadcasts
   * made the next turn longer still; a saturated loop keeps whole turns' batches, which cost least.
   */
  private waitedLongEnough(): boolean {
    const wait = BatchedStore.maxWaitMs;
    return wait > 0 && performance.now() - this.firstQueuedAt >= wait && !LOOP_LOAD.saturated();
  }

  /** Hands on the calls made so far. */
  protected flush(): void {
    if (this.outbox.length === 0) return;
    const calls = this.outbox;
    this.outbox = [];
    this.runCalls(calls);
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

  abstract close(): Promise<void>;
}

/**
 * How busy this thread's event loop has been since it was last sampled (event-loop utilisation,
 * sampled at most once a second, when a batched store asks).
 */
export class LoopLoad {
  /** At or above this share of the time busy, the loop counts as saturated. */
  static readonly SATURATED = 0.9;
  private last = performance.eventLoopUtilization();
  private lastAt = performance.now();
  private busy = 0;

  saturated(): boolean {
    const now = performance.now();
    if (now - this.lastAt >= 1000) {
      const current = performance.eventLoopUtilization();
      this.busy = performance.eventLoopUtilization(current, this.last).utilization;
      this.last = current;
      this.lastAt = now;
    }
    return this.busy >= LoopLoad.SATURATED;
  }
}

/** The room thread's (each thread that imports this module has its own). */
const LOOP_LOAD = new LoopLoad();
