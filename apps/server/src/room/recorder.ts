import { randomBytes } from 'node:crypto';
import { logger, matchMaker } from '@colyseus/core';
import type { AnyGameModule, LoggedIntent, Outcome } from '@cards/rules';
import { stateDigest } from '../store/rebuild.ts';
import { rulesVersion } from '../store/rulesVersion.ts';
import { type Fence, FencedOut, type RoomSnapshot, type TableStore } from '../store/tableStore.ts';
import type { AnyMatch, MatchListener } from './matchHost.ts';

/**
 * At most one state checkpoint per room per `everyMs` (they are off the intent path, but each is a
 * digest of the whole state and a write: at 500 ms, a table played at human pace wrote one for almost
 * every intent, as much CPU as the intents' own appends). A restore checks the replay against the
 * last checkpoint and replays the rest of the log, so a sparser one only checks fewer of the last moves.
 * Tests that read the checkpoint shorten it; `pnpm bench room --compare sparse-checkpoints` compares.
 */
export const checkpointTiming = { everyMs: 5000 };

/** What the recorder reads from the rest of the room. */
export interface RecordedRoom {
  code(): string;
  snapshot(): RoomSnapshot;
  /** Who sits in the seats of the match that is starting. */
  players(): { name: string; browserHash: string | null }[];
  /** The room's fencing epoch (see Fence). */
  epoch(): number;
  /** The store refused a write: another process has taken the room over. */
  fencedOut(): void;
}

/** Unguessable id of a match and its replay page (128 random bits). */
export const newReplayId = (): string => randomBytes(16).toString('base64url');

/** While Colyseus shuts down, rooms are disposed and clients dropped: none of that is the room's state. */
export const shuttingDown = (): boolean => matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;

/**
 * The store's hook into a room: a MatchListener that appends every accepted intent before its result
 * goes out, records match starts and ends, and saves the room's snapshot when the lobby changes.
 */
export class RoomRecorder implements MatchListener {
  /** The room's current match in the store, or null in the lobby. */
  replayId: string | null = null;
  private pending: { replayId: string; match: AnyMatch } | null = null;
  private checkpointTimer: NodeJS.Timeout | null = null;
  private saveQueued = false;

  constructor(
    private readonly store: TableStore,
    private readonly game: AnyGameModule,
    private readonly room: RecordedRoom,
  ) {}

  private fence(): Fence {
    return { code: this.room.code(), epoch: this.room.epoch() };
  }

  matchStarted(match: AnyMatch, gameNumber: number, startedAt: number): void {
    this.replayId = newReplayId();
    this.write(() =>
      this.store.matchStarted(
        {
          replayId: this.replayId as string,
          code: this.room.code(),
          game: this.game.slug,
          gameNumber,
          config: match.config,
          players: match.players,
          seed: match.seed,
          rulesVersion: rulesVersion(),
          startedAt,
          seats: this.room.players(),
        },
        this.fence(),
      ),
    );
    this.saveRoom();
  }

  intentAccepted(match: AnyMatch, entry: LoggedIntent<unknown>): void | Promise<void> {
    const replayId = this.replayId;
    if (replayId === null) throw new Error('an intent for a match the store never saw');
    const refused = (error: unknown): never => {
      if (error instanceof FencedOut) this.room.fencedOut();
      throw error;
    };
    let appended: void | Promise<void>;
    try {
      appended = this.store.appendIntent(replayId, { seq: match.version - 1, entry }, this.fence());
    } catch (error) {
      return refused(error);
    }
    if (appended instanceof Promise)
      return appended.then(() => this.queueCheckpoint(replayId, match), refused);
    this.queueCheckpoint(replayId, match);
  }

  matchEnded(match: AnyMatch, outcome: Outcome): void {
    const replayId = this.replayId;
    if (replayId === null) return;
    this.write(() => this.store.matchEnded(replayId, outcome, match.log.at(-1)?.at ?? 0, this.fence()));
  }

  matchStopped(): void {
    const replayId = this.replayId;
    this.replayId = null;
    if (replayId !== null) this.write(() => this.store.matchAbandoned(replayId, 'ended early', this.fence()));
  }

  /**
   * Saves the room's snapshot once the current handler has run: the saves one handler asks for (start
   * and rematch ask two or three times) become one write of the final snapshot, made before any later
   * message is handled. Intents are not coalesced (intentAccepted stores each before its result).
   */
  saveRoom(): void {
    if (this.saveQueued) return;
    this.saveQueued = true;
    queueMicrotask(() => this.flushSave());
  }

  private flushSave(): void {
    if (!this.saveQueued) return;
    this.saveQueued = false;
    if (shuttingDown()) return;
    this.write(() => this.store.saveRoom(this.room.snapshot()));
  }

  /** The room closed for good (not a shutdown: those rooms come back after the restart). */
  closeRoom(reason: string | null): void {
    this.flushSave();
    this.flushCheckpoint();
    if (shuttingDown()) return;
    this.write(() => this.store.closeRoom(this.room.code(), reason, this.fence()));
  }

  /** Writes other than intents: a failure is logged (the game goes on; the next save repairs it). */
  private write(action: () => void | Promise<void>): void {
    const failed = (error: unknown) => {
      logger.error(`room ${this.room.code()}: the store refused a write`, error);
      if (error instanceof FencedOut) this.room.fencedOut();
    };
    try {
      const done = action();
      if (done instanceof Promise) done.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  private queueCheckpoint(replayId: string, match: AnyMatch): void {
    this.pending = { replayId, match };
    this.checkpointTimer ??= setTimeout(() => this.flushCheckpoint(), checkpointTiming.everyMs);
    this.checkpointTimer.unref();
  }

  private flushCheckpoint(): void {
    if (this.checkpointTimer !== null) clearTimeout(this.checkpointTimer);
    this.checkpointTimer = null;
    const pending = this.pending;
    this.pending = null;
    if (pending === null) return;
    const { replayId, match } = pending;
    this.write(() =>
      this.store.checkpoint(
        replayId,
        { version: match.version, digest: stateDigest(match.state) },
        this.fence(),
      ),
    );
  }
}
