import pg from 'pg';
import type { LoggedIntent, Outcome } from '@cards/rules';
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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
  id BIGSERIAL PRIMARY KEY,
  code TEXT NOT NULL,
  game TEXT NOT NULL,
  open BOOLEAN NOT NULL DEFAULT TRUE,
  snapshot TEXT NOT NULL,
  updated_at DOUBLE PRECISION NOT NULL,
  closed_reason TEXT,
  epoch DOUBLE PRECISION NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS rooms_open_code ON rooms (code) WHERE open;
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
  started_at DOUBLE PRECISION NOT NULL,
  status TEXT NOT NULL DEFAULT 'playing',
  outcome TEXT,
  ended_at DOUBLE PRECISION,
  end_reason TEXT,
  checkpoint_version INTEGER,
  checkpoint_digest TEXT
);
CREATE TABLE IF NOT EXISTS match_seats (
  replay_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  name TEXT NOT NULL,
  browser_hash TEXT,
  PRIMARY KEY (replay_id, seat)
);
CREATE INDEX IF NOT EXISTS match_seats_browser ON match_seats (browser_hash);
CREATE TABLE IF NOT EXISTS intents (
  replay_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  actor INTEGER NOT NULL,
  spectator TEXT,
  intent TEXT NOT NULL,
  at DOUBLE PRECISION NOT NULL,
  timing TEXT,
  PRIMARY KEY (replay_id, seq)
);
ALTER TABLE intents ADD COLUMN IF NOT EXISTS timing TEXT;
`;

/**
 * The room's epoch must still be the writer's. FOR SHARE holds the room row until the write commits,
 * so a concurrent claimRoom (an UPDATE of that row) waits for it, and a write that waited for a claim
 * re-reads the row and sees the new epoch.
 */
const fenceSql = (code: number, epoch: number) =>
  `EXISTS (SELECT 1 FROM rooms WHERE code = $${code} AND open AND epoch = $${epoch} FOR SHARE)`;

type Param = string | number | boolean | null;

/**
 * A TableStore on a PostgreSQL server (`DATABASE_URL`), for processes on several machines. One
 * connection per process: its queries run in the order they were issued, so the fire-and-forget
 * writes keep their order (TableStore), and `appendIntent`'s promise resolves once the intent is
 * committed. Each statement is its own transaction (autocommit), `matchStarted` one transaction.
 */
export class PostgresStore implements TableStore {
  private constructor(private readonly db: pg.Client) {}

  static async open(url: string): Promise<PostgresStore> {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    // Two processes starting at once may both create the schema: serialise them.
    await db.query('SELECT pg_advisory_lock(770077)');
    try {
      await db.query(SCHEMA);
    } finally {
      await db.query('SELECT pg_advisory_unlock(770077)');
    }
    return new PostgresStore(db);
  }

  private async run(text: string, params: Param[]): Promise<number> {
    return (await this.db.query(text, params)).rowCount ?? 0;
  }

  private async rows<T>(text: string, params: Param[]): Promise<T[]> {
    return (await this.db.query(text, params)).rows as T[];
  }

  /** Runs a write; with a fence, only if the room's epoch is still the writer's (else FencedOut). */
  private async fenced(text: string, params: Param[], fence?: Fence, mustChange = true): Promise<void> {
    if (fence === undefined) {
      await this.run(text.replace(' AND FENCE', ''), params);
      return;
    }
    const n = params.length;
    const changed = await this.run(text.replace('FENCE', fenceSql(n + 1, n + 2)), [
      ...params,
      fence.code,
      fence.epoch,
    ]);
    if (mustChange && changed === 0) throw new FencedOut(fence.code);
  }

  async saveRoom(snapshot: RoomSnapshot): Promise<void> {
    const changed = await this.run(
      `INSERT INTO rooms (code, game, snapshot, updated_at, epoch) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (code) WHERE open DO UPDATE SET snapshot = EXCLUDED.snapshot, updated_at = EXCLUDED.updated_at
       WHERE rooms.epoch = EXCLUDED.epoch`,
      [snapshot.code, snapshot.game, JSON.stringify(snapshot), Date.now(), snapshot.epoch ?? 0],
    );
    if (changed === 0) throw new FencedOut(snapshot.code);
  }

  closeRoom(code: string, reason: string | null, fence?: Fence): Promise<void> {
    return this.fenced(
      'UPDATE rooms SET open = FALSE, closed_reason = $1, updated_at = $2 WHERE code = $3 AND open AND FENCE',
      [reason, Date.now(), code],
      fence,
      false,
    );
  }

  async claimRoom(code: string): Promise<number | null> {
    const [row] = await this.rows<{ epoch: number }>(
      'UPDATE rooms SET epoch = epoch + 1 WHERE code = $1 AND open RETURNING epoch',
      [code],
    );
    return row === undefined ? null : row.epoch;
  }

  /** One statement (so one transaction even while other rooms' writes share the connection). */
  matchStarted(match: MatchStart, fence?: Fence): Promise<void> {
    const seats = match.seats.map((s, seat) => ({ seat, name: s.name, browser_hash: s.browserHash }));
    return this.fenced(
      `WITH m AS (
         INSERT INTO matches (replay_id, code, game, game_number, config, players, seed, rules_version, started_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE TRUE AND FENCE RETURNING replay_id)
       INSERT INTO match_seats (replay_id, seat, name, browser_hash)
       SELECT m.replay_id, s.seat, s.name, s.browser_hash
       FROM m, json_to_recordset($10::json) AS s(seat INTEGER, name TEXT, browser_hash TEXT)`,
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
        JSON.stringify(seats),
      ],
      fence,
    );
  }

  appendIntent(replayId: string, intent: StoredIntent, fence?: Fence): Promise<void> {
    return this.fenced(
      `INSERT INTO intents (replay_id, seq, actor, spectator, intent, at, timing)
       SELECT $1, $2, $3, $4, $5, $6, $7 WHERE TRUE AND FENCE`,
      intentRowValues(replayId, intent),
      fence,
    );
  }

  checkpoint(replayId: string, checkpoint: Checkpoint, fence?: Fence): Promise<void> {
    return this.fenced(
      'UPDATE matches SET checkpoint_version = $1, checkpoint_digest = $2 WHERE replay_id = $3 AND FENCE',
      [checkpoint.version, checkpoint.digest, replayId],
      fence,
    );
  }

  matchEnded(replayId: string, outcome: Outcome, endedAt: number, fence?: Fence): Promise<void> {
    return this.fenced(
      "UPDATE matches SET status = 'finished', outcome = $1, ended_at = $2 WHERE replay_id = $3 AND FENCE",
      [JSON.stringify(outcome), endedAt, replayId],
      fence,
    );
  }

  matchAbandoned(replayId: string, reason: string, fence?: Fence): Promise<void> {
    return this.fenced(
      "UPDATE matches SET status = 'abandoned', end_reason = $1 WHERE replay_id = $2 AND status = 'playing' AND FENCE",
      [reason, replayId],
      fence,
      false,
    );
  }

  async heartbeat(now: number, boot = BOOT_ID): Promise<void> {
    await this.run(
      'INSERT INTO meta (key, value) VALUES ($1, $2), ($3, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
      ['alive', String(now), aliveKey(boot)],
    );
  }

  forgetStoppedProcesses(before: number): Promise<number> {
    const sql = stoppedProcessesSql({ open: 'rooms.open', before: '$1', real: 'DOUBLE PRECISION' });
    return this.run(sql, [before]);
  }

  async openRooms(): Promise<StoredRoom[]> {
    const rows = await this.rows<{ code: string }>('SELECT code FROM rooms WHERE open ORDER BY id', []);
    const rooms: StoredRoom[] = [];
    for (const { code } of rows) {
      const room = await this.openRoom(code);
      if (room !== null) rooms.push(room);
    }
    return rooms;
  }

  async openRoom(code: string): Promise<StoredRoom | null> {
    const [row] = await this.rows<{ snapshot: string }>(
      'SELECT snapshot FROM rooms WHERE code = $1 AND open',
      [code],
    );
    if (row === undefined) return null;
    const snapshot = parseSnapshot(row.snapshot);
    if (snapshot === null) {
      await this.closeRoom(code, DAMAGED_RECORD);
      return null;
    }
    const lastAlive = await this.lastAlive(snapshot.process);
    try {
      const match = snapshot.replayId === null ? null : await this.matchWithLog(snapshot.replayId);
      return { snapshot, match, lastAlive, problem: null };
    } catch (error) {
      return { snapshot, match: null, lastAlive, problem: String(error) };
    }
  }

  async openCodes(): Promise<string[]> {
    return (await this.rows<{ code: string }>('SELECT code FROM rooms WHERE open ORDER BY id', [])).map(
      (r) => r.code,
    );
  }

  async isOpen(code: string): Promise<boolean> {
    return (await this.rows('SELECT 1 FROM rooms WHERE code = $1 AND open', [code])).length > 0;
  }

  async closedReason(code: string): Promise<string | null> {
    const [row] = await this.rows<{ open: boolean; closed_reason: string | null }>(
      'SELECT open, closed_reason FROM rooms WHERE code = $1 ORDER BY id DESC LIMIT 1',
      [code],
    );
    return row === undefined || row.open ? null : row.closed_reason;
  }

  async finishedMatch(replayId: string): Promise<FinishedMatch | null> {
    const row = await this.matchRow(replayId);
    if (row === undefined) return null;
    const log = await this.logOf(replayId);
    return finishedMatch(replayId, row, await this.seatsOf(replayId), () => log);
  }

  async recentMatchesFor(browser: string, limit = 20): Promise<MatchSummary[]> {
    const rows = await this.rows<SummaryRow>(
      `SELECT m.replay_id, m.code, m.game, m.outcome, m.ended_at, s.seat FROM match_seats s
       JOIN matches m ON m.replay_id = s.replay_id
       WHERE s.browser_hash = $1 AND m.status = 'finished' ORDER BY m.ended_at DESC LIMIT $2`,
      [secretHash(browser), limit],
    );
    const summaries: MatchSummary[] = [];
    for (const r of rows) summaries.push(summary(r, await this.seatsOf(r.replay_id)));
    return summaries;
  }

  async close(): Promise<void> {
    await this.db.end();
  }

  /** The last heartbeat of the process `boot`, else of any process, else now. */
  private async lastAlive(boot?: string): Promise<number> {
    const read = async (key: string) =>
      (await this.rows<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]))[0];
    const alive = (boot === undefined ? undefined : await read(aliveKey(boot))) ?? (await read('alive'));
    return alive === undefined ? Date.now() : Number(alive.value);
  }

  private async matchRow(replayId: string): Promise<MatchRow | undefined> {
    const [row] = await this.rows<MatchRow>('SELECT * FROM matches WHERE replay_id = $1', [replayId]);
    return row;
  }

  private seatsOf(replayId: string): Promise<SeatRow[]> {
    return this.rows('SELECT seat, name, browser_hash FROM match_seats WHERE replay_id = $1 ORDER BY seat', [
      replayId,
    ]);
  }

  private async logOf(replayId: string): Promise<LoggedIntent<unknown>[]> {
    const rows = await this.rows<IntentRow>(
      'SELECT seq, actor, spectator, intent, at, timing FROM intents WHERE replay_id = $1 ORDER BY seq',
      [replayId],
    );
    return logFromRows(replayId, rows);
  }

  private async matchWithLog(replayId: string): Promise<StoredRoom['match']> {
    const row = await this.matchRow(replayId);
    if (row === undefined) return null;
    return runningMatch(replayId, row, await this.seatsOf(replayId), await this.logOf(replayId));
  }
}
