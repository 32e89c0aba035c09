import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { ArrivalTiming, LoggedIntent, Outcome } from '@cards/rules';
import type {
  Checkpoint,
  FinishedMatch,
  MatchStart,
  MatchSummary,
  RoomSnapshot,
  StoredIntent,
  StoredRoom,
  TableStore,
} from './tableStore.ts';
import { secretHash } from '../room/members.ts';

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
  closed_reason TEXT
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

interface MatchRow {
  replay_id: string;
  code: string;
  game: string;
  game_number: number;
  config: string;
  players: number;
  seed: string;
  rules_version: string;
  started_at: number;
  status: string;
  outcome: string | null;
  ended_at: number | null;
  checkpoint_version: number | null;
  checkpoint_digest: string | null;
}

interface IntentRow {
  seq: number;
  actor: number;
  spectator: string | null;
  intent: string;
  at: number;
  timing: string | null;
}

interface SeatRow {
  seat: number;
  name: string;
  browser_hash: string | null;
}

/**
 * The default TableStore: one SQLite file (node:sqlite, built into Node 24) in WAL mode with
 * synchronous=NORMAL. Every write is its own transaction, committed before the call returns, so an
 * intent is in the database before its result is sent. In WAL mode with synchronous=NORMAL a commit
 * is a write into the WAL file without an fsync: it survives the server process being killed
 * (kill -9, a crash) because the data is in the operating system's cache, and only an operating-system
 * crash or power loss can lose the last commits (the database itself stays consistent). The fsyncs
 * happen at checkpoints, off the per-intent path.
 */
export class SqliteStore implements TableStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    this.db.exec(SCHEMA);
    // Files made before raced claims' arrival timing was kept (latency fairness) gain its column.
    const columns = this.db.prepare('PRAGMA table_info(intents)').all() as { name: string }[];
    if (!columns.some((c) => c.name === 'timing')) this.db.exec('ALTER TABLE intents ADD COLUMN timing TEXT');
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
    this.sql(
      `INSERT INTO rooms (code, game, snapshot, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (code) WHERE open = 1 DO UPDATE SET snapshot = excluded.snapshot, updated_at = excluded.updated_at`,
    ).run(snapshot.code, snapshot.game, JSON.stringify(snapshot), Date.now());
  }

  closeRoom(code: string, reason: string | null): void {
    this.sql('UPDATE rooms SET open = 0, closed_reason = ?, updated_at = ? WHERE code = ? AND open = 1').run(
      reason,
      Date.now(),
      code,
    );
  }

  matchStarted(match: MatchStart): void {
    this.transaction(() => {
      this.sql(
        `INSERT INTO matches (replay_id, code, game, game_number, config, players, seed, rules_version, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        match.replayId,
        match.code,
        match.game,
        match.gameNumber,
        JSON.stringify(match.config),
        match.players,
        match.seed,
        match.rulesVersion,
        match.startedAt,
      );
      const seat = this.sql(
        'INSERT INTO match_seats (replay_id, seat, name, browser_hash) VALUES (?, ?, ?, ?)',
      );
      match.seats.forEach((s, i) => seat.run(match.replayId, i, s.name, s.browserHash));
    });
  }

  appendIntent(replayId: string, { seq, entry }: StoredIntent): void {
    this.sql(
      'INSERT INTO intents (replay_id, seq, actor, spectator, intent, at, timing) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      replayId,
      seq,
      entry.actor,
      entry.spectator ?? null,
      JSON.stringify(entry.intent),
      entry.at,
      entry.timing === undefined ? null : JSON.stringify(entry.timing),
    );
  }

  checkpoint(replayId: string, checkpoint: Checkpoint): void {
    this.sql('UPDATE matches SET checkpoint_version = ?, checkpoint_digest = ? WHERE replay_id = ?').run(
      checkpoint.version,
      checkpoint.digest,
      replayId,
    );
  }

  matchEnded(replayId: string, outcome: Outcome, endedAt: number): void {
    this.sql("UPDATE matches SET status = 'finished', outcome = ?, ended_at = ? WHERE replay_id = ?").run(
      JSON.stringify(outcome),
      endedAt,
      replayId,
    );
  }

  matchAbandoned(replayId: string, reason: string): void {
    this.sql(
      "UPDATE matches SET status = 'abandoned', end_reason = ? WHERE replay_id = ? AND status = 'playing'",
    ).run(reason, replayId);
  }

  heartbeat(now: number): void {
    this.sql(
      "INSERT INTO meta (key, value) VALUES ('alive', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(String(now));
  }

  openRooms(): Promise<StoredRoom[]> {
    const alive = this.sql("SELECT value FROM meta WHERE key = 'alive'").get() as
      { value: string } | undefined;
    const lastAlive = alive === undefined ? Date.now() : Number(alive.value);
    const rows = this.sql('SELECT code, snapshot FROM rooms WHERE open = 1 ORDER BY id').all() as {
      code: string;
      snapshot: string;
    }[];
    const rooms: StoredRoom[] = [];
    for (const row of rows) {
      let snapshot: RoomSnapshot;
      try {
        snapshot = JSON.parse(row.snapshot) as RoomSnapshot;
      } catch {
        this.closeRoom(row.code, 'Its stored record is damaged, so it could not be restored.');
        continue;
      }
      try {
        const match = snapshot.replayId === null ? null : this.matchWithLog(snapshot.replayId);
        rooms.push({ snapshot, match, lastAlive, problem: null });
      } catch (error) {
        rooms.push({ snapshot, match: null, lastAlive, problem: String(error) });
      }
    }
    return Promise.resolve(rooms);
  }

  closedReason(code: string): Promise<string | null> {
    const row = this.sql('SELECT open, closed_reason FROM rooms WHERE code = ? ORDER BY id DESC LIMIT 1').get(
      code,
    ) as { open: number; closed_reason: string | null } | undefined;
    return Promise.resolve(row === undefined || row.open === 1 ? null : row.closed_reason);
  }

  finishedMatch(replayId: string): Promise<FinishedMatch | null> {
    const row = this.matchRow(replayId);
    if (row === undefined || row.status !== 'finished' || row.outcome === null || row.ended_at === null)
      return Promise.resolve(null);
    return Promise.resolve({
      replayId,
      game: row.game,
      config: JSON.parse(row.config) as unknown,
      players: this.seatsOf(replayId).map((s) => ({ seat: s.seat, name: s.name })),
      seed: row.seed,
      rulesVersion: row.rules_version,
      startedAt: row.started_at,
      endedAt: row.ended_at,
      log: this.logOf(replayId),
      outcome: JSON.parse(row.outcome) as Outcome,
    });
  }

  recentMatchesFor(browser: string, limit = 20): Promise<MatchSummary[]> {
    const rows = this.sql(
      `SELECT m.replay_id, m.code, m.game, m.outcome, m.ended_at, s.seat FROM match_seats s
       JOIN matches m ON m.replay_id = s.replay_id
       WHERE s.browser_hash = ? AND m.status = 'finished' ORDER BY m.ended_at DESC LIMIT ?`,
    ).all(secretHash(browser), limit) as {
      replay_id: string;
      code: string;
      game: string;
      outcome: string;
      ended_at: number;
      seat: number;
    }[];
    return Promise.resolve(
      rows.map((r) => ({
        replayId: r.replay_id,
        game: r.game,
        code: r.code,
        players: this.seatsOf(r.replay_id).map((s) => ({ seat: s.seat, name: s.name })),
        seat: r.seat,
        outcome: JSON.parse(r.outcome) as Outcome,
        endedAt: r.ended_at,
      })),
    );
  }

  close(): void {
    this.db.close();
  }

  private transaction(body: () => void): void {
    this.db.exec('BEGIN');
    try {
      body();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
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
    return rows.map((row, i) => {
      if (row.seq !== i) throw new Error(`intent ${i} of match ${replayId} is missing from the log`);
      const entry: LoggedIntent<unknown> = {
        actor: row.actor,
        intent: JSON.parse(row.intent) as unknown,
        at: row.at,
        ...(row.timing === null ? {} : { timing: JSON.parse(row.timing) as ArrivalTiming }),
      };
      return row.spectator === null ? entry : { ...entry, spectator: row.spectator };
    });
  }

  private matchWithLog(replayId: string): StoredRoom['match'] {
    const row = this.matchRow(replayId);
    if (row === undefined) return null;
    const checkpoint =
      row.checkpoint_version === null || row.checkpoint_digest === null
        ? null
        : { version: row.checkpoint_version, digest: row.checkpoint_digest };
    return {
      replayId,
      code: row.code,
      game: row.game,
      gameNumber: row.game_number,
      config: JSON.parse(row.config) as unknown,
      players: row.players,
      seed: row.seed,
      rulesVersion: row.rules_version,
      startedAt: row.started_at,
      seats: this.seatsOf(replayId).map((s) => ({ name: s.name, browserHash: s.browser_hash })),
      log: this.logOf(replayId),
      checkpoint,
    };
  }
}
