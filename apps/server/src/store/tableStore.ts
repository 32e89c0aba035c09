import type { ComputerLevel } from '@cards/schema';
import type { LoggedIntent, Outcome } from '@cards/rules';
import type { RoomPhase } from '@cards/schema';

/** One seat as stored: never the player's secrets, only their hashes (room/members.ts secretHash). */
export interface StoredSeat {
  name: string;
  tokenHash: string;
  browserHash: string | null;
  ready: boolean;
  rematch: boolean;
  /** The player left for good (their seat is kept during and after a game for their return). */
  left: boolean;
  /** A computer player plays the seat at this level (absent in records from before computer players). */
  computer?: ComputerLevel | null;
}

/** What a room is, apart from its match: enough to rebuild its lobby exactly. */
export interface RoomSnapshot {
  code: string;
  game: string;
  options: unknown;
  /** Players may ask for hints (absent in records from before hints: off). */
  hints?: boolean;
  phase: RoomPhase;
  hostSeat: number | null;
  seats: (StoredSeat | null)[];
  matchWins: number[];
  bannedTokens: string[];
  bannedBrowsers: string[];
  gameNumber: number;
  /** The test seed the room was created with (ALLOW_TEST_SEEDS only), or null. */
  testSeed: string | null;
  /** The room's current (running or finished) match, by its replay id, or null in the lobby. */
  replayId: string | null;
  /** The room clock minus the wall clock (ms) when saved: with the last heartbeat it gives the room
   *  clock at the moment the process stopped. */
  clockSkew: number;
  /** The fencing epoch of the process running the room (see Fence); absent in older records. */
  epoch?: number;
  /** The BOOT_ID of the process running the room: its heartbeats tell when the room's clock stopped. */
  process?: string;
}

/**
 * Which room a write is for and the epoch its writer holds. A process that takes over a room
 * (restores it) raises the room's epoch in the store (TableStore.claimRoom); from then on a write
 * carrying an older epoch — from a process that still believes it runs the room — is refused
 * (FencedOut) and changes nothing. Writes without a fence are not checked (tools, tests).
 */
export interface Fence {
  code: string;
  epoch: number;
}

/** A write refused because another process took the room over (a newer epoch). */
export class FencedOut extends Error {
  constructor(readonly code: string) {
    super(`room ${code} is now run by another server process`);
    this.name = 'FencedOut';
  }
}

/** A match as it starts: its replayable inputs and who plays it. */
export interface MatchStart {
  /** Unguessable id of the match (and of its replay page). */
  replayId: string;
  code: string;
  game: string;
  gameNumber: number;
  config: unknown;
  players: number;
  seed: string;
  rulesVersion: string;
  /** Room clock (epoch ms) at the start. */
  startedAt: number;
  seats: { name: string; browserHash: string | null }[];
}

/** One accepted intent as stored: its place in the log (0-based, = the version it produced − 1). */
export interface StoredIntent {
  seq: number;
  entry: LoggedIntent<unknown>;
}

/** An open room as the store has it: its snapshot, and its current match with the whole log. */
export interface StoredRoom {
  snapshot: RoomSnapshot;
  match: (MatchStart & { log: LoggedIntent<unknown>[]; checkpoint: Checkpoint | null }) | null;
  /** Wall-clock ms of the last heartbeat of the process that ran the room (snapshot.process), else
   *  the last heartbeat of any process (see TableStore.heartbeat). */
  lastAlive: number;
  /** Why the stored match cannot be read (a damaged log), or null. */
  problem: string | null;
}

/** A digest of the match state after `version` intents, to check a rebuilt match against. */
export interface Checkpoint {
  version: number;
  digest: string;
}

/** What a finished game's replay needs (read by the replay page). */
export interface FinishedMatch {
  replayId: string;
  game: string;
  config: unknown;
  players: { seat: number; name: string }[];
  seed: string;
  rulesVersion: string;
  startedAt: number;
  endedAt: number;
  log: LoggedIntent<unknown>[];
  outcome: Outcome;
}

/** A finished game in a browser's list of recent games. */
export interface MatchSummary {
  replayId: string;
  game: string;
  code: string;
  players: { seat: number; name: string }[];
  /** The seat this browser played. */
  seat: number;
  outcome: Outcome;
  endedAt: number;
}

/**
 * Where rooms, matches and every accepted intent are kept, so a restart loses nothing and finished
 * games can be replayed. SQLite (sqliteStore.ts) by default; a server database can take its place.
 *
 * Writes are issued in order from the room's thread and must be applied in that order. They return
 * nothing, or a promise for stores that write asynchronously: `appendIntent`'s promise is awaited
 * before anyone sees the intent's result (MatchHost), the others are fire-and-forget (a networked
 * store queues them on one connection, in order). A write that throws refuses what it records.
 * Reads are async.
 */
export interface TableStore {
  /**
   * Inserts or replaces the open room with this code. A new room is stored with `snapshot.epoch`;
   * replacing one whose stored epoch differs is refused (FencedOut).
   */
  saveRoom(snapshot: RoomSnapshot): void | Promise<void>;
  /** The room is closed (everyone left, or it could not be restored): no longer restored, record kept. */
  closeRoom(code: string, reason: string | null, fence?: Fence): void | Promise<void>;
  matchStarted(match: MatchStart, fence?: Fence): void | Promise<void>;
  /** Appends one accepted intent; `seq` must be the next in the match's log. */
  appendIntent(replayId: string, intent: StoredIntent, fence?: Fence): void | Promise<void>;
  /** A digest of the state after `version` intents (written off the hot path). */
  checkpoint(replayId: string, checkpoint: Checkpoint, fence?: Fence): void | Promise<void>;
  matchEnded(replayId: string, outcome: Outcome, endedAt: number, fence?: Fence): void | Promise<void>;
  /** The match was dropped unfinished (back to the lobby); `reason` says why. */
  matchAbandoned(replayId: string, reason: string, fence?: Fence): void | Promise<void>;
  /**
   * Takes over the open room with this code before restoring it: raises its epoch and returns the
   * new one (the restored room writes with it), or null when no such room is open.
   */
  claimRoom(code: string): Promise<number | null>;
  /**
   * Records that the process `boot` (default: this one, BOOT_ID) is alive now (wall ms). A room
   * restored after its process stopped resumes its clock from that process's last heartbeat, so its
   * deadlines do not count the time it was away, whichever process restores it.
   */
  heartbeat(now: number, boot?: string): void | Promise<void>;
  /**
   * Deletes the heartbeats of processes last alive before `before` (wall ms) that no open room names
   * as its process: processes long stopped whose rooms have all moved or closed. Each start of a
   * process adds a heartbeat row, so without this they would pile up. Returns how many went.
   */
  forgetStoppedProcesses(before: number): Promise<number>;

  /** Every open room (to restore them after a restart). */
  openRooms(): Promise<StoredRoom[]>;
  /** The open room with this code (a cluster process restores a room another one ran), or null. */
  openRoom(code: string): Promise<StoredRoom | null>;
  /** The codes of every open room (cheap: no logs read). */
  openCodes(): Promise<string[]>;
  /** A room with this code is open in the store (a new room never takes its code). */
  isOpen(code: string): Promise<boolean>;
  /** The reason a room with this code was last closed, if it was closed for a reason. */
  closedReason(code: string): Promise<string | null>;
  finishedMatch(replayId: string): Promise<FinishedMatch | null>;
  /** Finished games with a seat played by this browser (its secret, not its hash), newest first. */
  recentMatchesFor(browser: string, limit?: number): Promise<MatchSummary[]>;
  close(): void | Promise<void>;
}
