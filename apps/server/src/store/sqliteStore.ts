import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { LoggedIntent, Outcome } from '@cards/rules';
import {
  type Checkpoint,
  type Fence,
  FencedOut,
  type FinishedMatch,
  type MatchStart,
  type MatchSummary,
  type RoomSnapshot,
  type StoredIntent,
  type StoredRoom,
  type TableStore,
} from './tableStore.ts';
import { BOOT_ID } from '../room/codes.ts';
import { secretHash } from '../room/members.ts';
import {
  aliveKey,
  DAMAGED_RECORD,
  finishedMatch,
  intentRowValues,
  type IntentRow,
  logFromRows,
  type MatchRow,
  parseSnapshot,
  runningMatch,
  type SeatRow,
  stoppedProcessesSql,
  summary,
  type SummaryRow,
} from './rows.ts';

interface RoomRow {
  code: string;
  snapshot: string;
}

/** The database file under a data directory. */
export const databaseFile = (dataDir: string): string => path.join(dataDir, 'card-table.sqlite');

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rooms (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL,
  game TEXT NOT NULL,
  open INTEGER NOT NULL DEFAULT 1,
  snapshot TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  closed_reason TEXT,
  epoch INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS rooms_open_code ON rooms (code) WHERE open = 1;
CREATE INDEX IF NOT EXISTS rooms_code ON rooms (code, id);
CREATE TABLE IF NOT EXISTS matches (
  replay_id TEXT PRIMARY KEY,
  code TEXT NOT NULL,
  game TEXT NOT NULL,
  game_number INTEGER NOT NULL,
  config TEXT NOT NULL,
  players INTEGER NOT NULL,
  seed TEXT NOT NULL,
  rules_version TEXT NOT NULL,
  started_at REAL NOT NULL,
  status TEXT NOT NULL DEFAULT 'playing',
  outcome TEXT,
  ended_at REAL,
  end_reason TEXT,
  checkpoint_version INTEGER,
  checkpoint_digest TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS match_seats (
  replay_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  browser_hash TEXT,
  PRIMARY KEY (replay_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS match_seats_browser ON match_seats (browser_hash);
CREATE TABLE IF NOT EXISTS intents (
  replay_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  actor INTEGER NOT NULL,
  spectator TEXT,
  intent TEXT NOT NULL,
  at REAL NOT NULL,
  timing TEXT,
  PRIMARY KEY (replay_id, seq)
) WITHOUT ROWID;
`;

/** The room's epoch must still be the writer's (see Fence); appended to a write's WHERE. */
const FENCE_SQL = 'EXISTS (SELECT 1 FROM rooms WHERE code = ? AND open = 1 AND epoch = ?)';

/**
 * When the checkpointer (checkpointWorker.mjs) copies the WAL into the database: after about as many
 * writes as SQLite's own auto-checkpoint would wait for (1000 pages, an append writes one or two), or
 * after a quiet while; a blocking RESTART only if the WAL reaches `restartFrames` (40 MB) anyway.
 */
const CHECKPOINTS = { tickMs: 100, writesPerCheckpoint: 500, idleCheckpointMs: 5000, restartFrames: 10_000 };

/** What the checkpointer did (for `pnpm bench room`). */
export interface CheckpointFigures {
  checkpoints: number;
  restarts: number;
  worstMs: number;
  /** When each blocking restart began (Date.now()) and how long it took, ms. */
  restartLog: { at: number; ms: number }[];
}

const SQLITE_BUSY = 5;
const OPEN_RETRY_MS = 20;
const OPEN_GIVE_UP_MS = 10_000;

/** Runs `step`, again every 20 ms while SQLite says the file is locked (10 s at most): opening only. */
function whileLocked(step: () => void): void {
  const giveUp = Date.now() + OPEN_GIVE_UP_MS;
  for (;;) {
    try {
      return step();
    } catch (error) {
      if ((error as { errcode?: number }).errcode !== SQLITE_BUSY || Date.now() > giveUp) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, OPEN_RETRY_MS);
    }
  }
}

/**
 * The default TableStore: one SQLite file (node:sqlite, built into Node 24) in WAL mode with
 * synchronous=NORMAL. Every write is its own transaction, committed before the call returns, so an
 * intent is in the database before its result is sent. In WAL mode with synchronous=NORMAL a commit
 * is a write into the WAL file without an fsync: it survives the server process being killed
 * (kill -9, a crash) because the data is in the operating system's cache, and only an operating-system
 * crash or power loss can lose the last commits (the database itself stays consistent). The fsyncs
 * happen at checkpoints, which run in a worker thread on a connection of their own (SQLite's
 * auto-checkpoint, which would run them inside a commit on the room thread, is off).
 */
export class SqliteStore implements TableStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** [0]: writes since the last checkpoint, shared with the checkpointer. */
  private readonly writes = new Int32Array(new SharedArrayBuffer(4));
  private checkpointer: Worker | null = null;

  /** `checkpointer: false` leaves checkpoints to SQLite, inside commits (`pnpm bench room --inline-checkpoints`). */
  constructor(file: string, options: { checkpointer?: boolean } = {}) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA busy_timeout = 5000;');
    // Processes started together on one file (npm run cluster) each switch it to WAL and create the
    // schema; SQLite answers the loser of that race "database is locked" at once, without waiting.
    whileLocked(() => this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;'));
    whileLocked(() => this.db.exec(SCHEMA));
    // Databases from before the cluster mode: their rooms get the fencing epoch 0.
    const columns = this.db.prepare('PRAGMA table_info(rooms)').all() as { name: string }[];
    if (!columns.some((c) => c.name === 'epoch'))
      this.db.exec('ALTER TABLE rooms ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0');
    // Files made before raced claims' arrival timing was kept (latency fairness) gain its column.
    const intentColumns = this.db.prepare('PRAGMA table_info(intents)').all() as { name: string }[];
    if (!intentColumns.some((c) => c.name === 'timing'))
      this.db.exec('ALTER TABLE intents ADD COLUMN timing TEXT');
    if (file !== ':memory:' && options.checkpointer !== false)
      this.checkpointer = this.startCheckpointer(file);
  }

  private startCheckpointer(file: string): Worker {
    this.db.exec('PRAGMA wal_autocheckpoint = 0');
    const worker = new Worker(new URL('./checkpointWorker.mjs', import.meta.url), {
      workerData: { file, writes: this.writes, ...CHECKPOINTS },
    });
    worker.unref();
    worker.once('exit', () => {
      if (this.checkpointer === worker) this.checkpointer = null;
    });
    // Without its checkpointer the store checkpoints inside its commits again, as SQLite does by default.
    worker.on('error', (error) => {
      console.error('the SQLite checkpointer stopped; checkpoints run on the room thread', error);
      if (this.db.isOpen) this.db.exec('PRAGMA wal_autocheckpoint = 1000');
    });
    worker.on('message', (m: { type: string; message?: string }) => {
      if (m.type === 'error') console.error('an SQLite checkpoint failed:', m.message);
    });
    return worker;
  }

  /** What the checkpointer did so far, or null without one (an in-memory database). */
  checkpointFigures(): Promise<CheckpointFigures | null> {
    const worker = this.checkpointer;
    if (worker === null) return Promise.resolve(null);
    return new Promise((resolve) => {
      const onMessage = (m: { type: string } & CheckpointFigures) => {
        if (m.type !== 'figures') return;
        worker.off('message', onMessage);
        resolve({
          checkpoints: m.checkpoints,
          restarts: m.restarts,
          worstMs: m.worstMs,
          restartLog: m.restartLog,
        });
      };
      worker.on('message', onMessage);
      worker.postMessage('figures');
    });
  }

  /** Counts a write towards the next checkpoint. */
  private wrote(): void {
    Atomics.add(this.writes, 0, 1);
  }

  /** Runs a write; with a fence, only if the room's epoch is still the writer's (else FencedOut). */
  private fenced(text: string, params: (string | number | null)[], fence?: Fence, mustChange = true): void {
    this.wrote();
    if (fence === undefined) {
      this.sql(text.replace(' AND FENCE', '')).run(...params);
      return;
    }
    const result = this.sql(text.replace('FENCE', FENCE_SQL)).run(...params, fence.code, fence.epoch);
    if (mustChange && Number(result.changes) === 0) throw new FencedOut(fence.code);
  }

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  saveRoom(snapshot: RoomSnapshot): void {
    this.wrote();
    const result = this.sql(
      `INSERT INTO rooms (code, game, snapshot, updated_at, epoch) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (code) WHERE open = 1 DO UPDATE SET snapshot = excluded.snapshot, updated_at = excluded.updated_at
       WHERE rooms.epoch = excluded.epoch`,
    ).run(snapshot.code, snapshot.game, JSON.stringify(snapshot), Date.now(), snapshot.epoch ?? 0);
    if (Number(result.changes) === 0) throw new FencedOut(snapshot.code);
  }

  closeRoom(code: string, reason: string | null, fence?: Fence): void {
    this.fenced(
      'UPDATE rooms SET open = 0, closed_reason = ?, updated_at = ? WHERE code = ? AND open = 1 AND FENCE',
      [reason, Date.now(), code],
      fence,
      false,
    );
  }

  claimRoom(code: string): Promise<number | null> {
    this.wrote();
    const row = this.sql(
      'UPDATE rooms SET epoch = epoch + 1 WHERE code = ? AND open = 1 RETURNING epoch',
    ).get(code) as { epoch: number } | undefined;
    return Promise.resolve(row === undefined ? null : row.epoch);
  }

  matchStarted(match: MatchStart, fence?: Fence): void {
    this.transaction(() => {
      this.fenced(
        `INSERT INTO matches (replay_id, code, game, game_number, config, players, seed, rules_version, started_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE 1 AND FENCE`,
        [
          match.replayId,
          match.code,
          match.game,
          match.gameNumber,
          JSON.stringify(match.config),
          match.players,
          match.seed,
          match.rulesVersion,
          match.startedAt,
        ],
        fence,
      );
      const seat = this.sql(
        'INSERT INTO match_seats (replay_id, seat, name, browser_hash) VALUES (?, ?, ?, ?)',
      );
      match.seats.forEach((s, i) => seat.run(match.replayId, i, s.name, s.browserHash));
    });
  }

  appendIntent(replayId: string, intent: StoredIntent, fence?: Fence): void {
    this.fenced(
      'INSERT INTO intents (replay_id, seq, actor, spectator, intent, at, timing) SELECT ?, ?, ?, ?, ?, ?, ? WHERE 1 AND FENCE',
      intentRowValues(replayId, intent),
      fence,
    );
  }

  checkpoint(replayId: string, checkpoint: Checkpoint, fence?: Fence): void {
    this.fenced(
      'UPDATE matches SET checkpoint_version = ?, checkpoint_digest = ? WHERE replay_id = ? AND FENCE',
      [checkpoint.version, checkpoint.digest, replayId],
      fence,
    );
  }

  matchEnded(replayId: string, outcome: Outcome, endedAt: number, fence?: Fence): void {
    this.fenced(
      "UPDATE matches SET status = 'finished', outcome = ?, ended_at = ? WHERE replay_id = ? AND FENCE",
      [JSON.stringify(outcome), endedAt, replayId],
      fence,
    );
  }

  matchAbandoned(replayId: string, reason: string, fence?: Fence): void {
    this.fenced(
      "UPDATE matches SET status = 'abandoned', end_reason = ? WHERE replay_id = ? AND status = 'playing' AND FENCE",
      [reason, replayId],
      fence,
      false,
    );
  }

  heartbeat(now: number, boot = BOOT_ID): void {
    this.wrote();
    this.sql(
      'INSERT INTO meta (key, value) VALUES (?, ?), (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run('alive', String(now), aliveKey(boot), String(now));
  }

  forgetStoppedProcesses(before: number): Promise<number> {
    this.wrote();
    const sql = stoppedProcessesSql({ open: 'rooms.open = 1', before: '?', real: 'REAL' });
    return Promise.resolve(Number(this.sql(sql).run(before).changes));
  }

  openRooms(): Promise<StoredRoom[]> {
    const rows = this.sql(
      'SELECT code, snapshot FROM rooms WHERE open = 1 ORDER BY id',
    ).all() as unknown as RoomRow[];
    const rooms = rows.map((row) => this.storedRoom(row));
    return Promise.resolve(rooms.filter((room) => room !== null));
  }

  openRoom(code: string): Promise<StoredRoom | null> {
    const row = this.sql('SELECT code, snapshot FROM rooms WHERE code = ? AND open = 1').get(code) as
      RoomRow | undefined;
    return Promise.resolve(row === undefined ? null : this.storedRoom(row));
  }

  openCodes(): Promise<string[]> {
    const rows = this.sql('SELECT code FROM rooms WHERE open = 1 ORDER BY id').all() as { code: string }[];
    return Promise.resolve(rows.map((r) => r.code));
  }

  isOpen(code: string): Promise<boolean> {
    return Promise.resolve(
      this.sql('SELECT 1 FROM rooms WHERE code = ? AND open = 1').get(code) !== undefined,
    );
  }

  /** The last heartbeat of the process `boot`, else of any process, else now. */
  private lastAlive(boot?: string): number {
    const read = (key: string) =>
      this.sql('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    const alive = (boot === undefined ? undefined : read(aliveKey(boot))) ?? read('alive');
    return alive === undefined ? Date.now() : Number(alive.value);
  }

  /** An open room's record with its match; a damaged record closes the room (null). */
  private storedRoom(row: RoomRow): StoredRoom | null {
    const snapshot = parseSnapshot(row.snapshot);
    if (snapshot === null) {
      this.closeRoom(row.code, DAMAGED_RECORD);
      return null;
    }
    const lastAlive = this.lastAlive(snapshot.process);
    try {
      const match = snapshot.replayId === null ? null : this.matchWithLog(snapshot.replayId);
      return { snapshot, match, lastAlive, problem: null };
    } catch (error) {
      return { snapshot, match: null, lastAlive, problem: String(error) };
    }
  }

  closedReason(code: string): Promise<string | null> {
    const row = this.sql('SELECT open, closed_reason FROM rooms WHERE code = ? ORDER BY id DESC LIMIT 1').get(
      code,
    ) as { open: number; closed_reason: string | null } | undefined;
    return Promise.resolve(row === undefined || row.open === 1 ? null : row.closed_reason);
  }

  finishedMatch(replayId: string): Promise<FinishedMatch | null> {
    const row = this.matchRow(replayId);
    return Promise.resolve(
      row === undefined
        ? null
        : finishedMatch(replayId, row, this.seatsOf(replayId), () => this.logOf(replayId)),
    );
  }

  recentMatchesFor(browser: string, limit = 20): Promise<MatchSummary[]> {
    const rows = this.sql(
      `SELECT m.replay_id, m.code, m.game, m.outcome, m.ended_at, s.seat FROM match_seats s
       JOIN matches m ON m.replay_id = s.replay_id
       WHERE s.browser_hash = ? AND m.status = 'finished' ORDER BY m.ended_at DESC LIMIT ?`,
    ).all(secretHash(browser), limit) as unknown as SummaryRow[];
    return Promise.resolve(rows.map((r) => summary(r, this.seatsOf(r.replay_id))));
  }

  /** Closes the database after the checkpointer's last checkpoint (it runs one if anything was written). */
  async close(): Promise<void> {
    const worker = this.checkpointer;
    if (worker !== null) {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.ref(); // the process waits for the last checkpoint
      worker.postMessage('close');
      await exited;
    }
    this.db.close();
  }

  /** Runs `body` all or nothing; a savepoint, so it also nests inside inOneCommit. */
  private transaction(body: () => void): void {
    this.db.exec('SAVEPOINT body');
    try {
      body();
      this.db.exec('RELEASE body');
    } catch (error) {
      this.db.exec('ROLLBACK TO body; RELEASE body');
      throw error;
    }
  }

  /**
   * Runs `body`, the store's calls in it committed together at its end (one commit, one WAL write,
   * for many writes: SqliteThreadStore's group commit). If it throws, none of them is kept.
   */
  inOneCommit<T>(body: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = body();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  private matchRow(replayId: string): MatchRow | undefined {
    return this.sql('SELECT * FROM matches WHERE replay_id = ?').get(replayId) as MatchRow | undefined;
  }

  private seatsOf(replayId: string): SeatRow[] {
    return this.sql('SELECT seat, name, browser_hash FROM match_seats WHERE replay_id = ? ORDER BY seat').all(
      replayId,
    ) as unknown as SeatRow[];
  }

  private logOf(replayId: string): LoggedIntent<unknown>[] {
    const rows = this.sql(
      'SELECT seq, actor, spectator, intent, at, timing FROM intents WHERE replay_id = ? ORDER BY seq',
    ).all(replayId) as unknown as IntentRow[];
    return logFromRows(replayId, rows);
  }

  private matchWithLog(replayId: string): StoredRoom['match'] {
    const row = this.matchRow(replayId);
    return row === undefined
      ? null
      : runningMatch(replayId, row, this.seatsOf(replayId), this.logOf(replayId));
  }
}
