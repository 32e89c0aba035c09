import type { ArrivalTiming, LoggedIntent, Outcome } from '@cards/rules';
import type { FinishedMatch, MatchSummary, RoomSnapshot, StoredIntent, StoredRoom } from './tableStore.ts';

/** Rows as both SQL stores (sqliteStore.ts, postgresStore.ts) keep them, and how they read back. */
export interface MatchRow {
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

export interface IntentRow {
  seq: number;
  actor: number;
  spectator: string | null;
  intent: string;
  at: number;
  /** A raced intent's ArrivalTiming as JSON (latency fairness); null for every other intent. */
  timing: string | null;
}

/** An intent row's values in column order: replay_id, seq, actor, spectator, intent, at, timing. */
export function intentRowValues(replayId: string, { seq, entry }: StoredIntent): (string | number | null)[] {
  return [
    replayId,
    seq,
    entry.actor,
    entry.spectator ?? null,
    JSON.stringify(entry.intent),
    entry.at,
    entry.timing === undefined ? null : JSON.stringify(entry.timing),
  ];
}

export interface SeatRow {
  seat: number;
  name: string;
  browser_hash: string | null;
}

export interface SummaryRow {
  replay_id: string;
  code: string;
  game: string;
  outcome: string;
  ended_at: number;
  seat: number;
}

export const DAMAGED_RECORD = 'Its stored record is damaged, so it could not be restored.';

/** The match's log in order; a gap is a damaged log. */
export function logFromRows(replayId: string, rows: readonly IntentRow[]): LoggedIntent<unknown>[] {
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

const players = (seats: readonly SeatRow[]) => seats.map((s) => ({ seat: s.seat, name: s.name }));

/** A room's current match with its whole log (to restore it). */
export function runningMatch(
  replayId: string,
  row: MatchRow,
  seats: readonly SeatRow[],
  log: LoggedIntent<unknown>[],
): NonNullable<StoredRoom['match']> {
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
    seats: seats.map((s) => ({ name: s.name, browserHash: s.browser_hash })),
    log,
    checkpoint,
  };
}

/** A finished match for its replay; null unless it finished. */
export function finishedMatch(
  replayId: string,
  row: MatchRow,
  seats: readonly SeatRow[],
  log: () => LoggedIntent<unknown>[],
): FinishedMatch | null {
  if (row.status !== 'finished' || row.outcome === null || row.ended_at === null) return null;
  return {
    replayId,
    game: row.game,
    config: JSON.parse(row.config) as unknown,
    players: players(seats),
    seed: row.seed,
    rulesVersion: row.rules_version,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    log: log(),
    outcome: JSON.parse(row.outcome) as Outcome,
  };
}

export function summary(row: SummaryRow, seats: readonly SeatRow[]): MatchSummary {
  return {
    replayId: row.replay_id,
    game: row.game,
    code: row.code,
    players: players(seats),
    seat: row.seat,
    outcome: JSON.parse(row.outcome) as Outcome,
    endedAt: row.ended_at,
  };
}

/** A stored snapshot, or null when it is damaged (the caller closes the room). */
export function parseSnapshot(text: string): RoomSnapshot | null {
  try {
    return JSON.parse(text) as RoomSnapshot;
  } catch {
    return null;
  }
}

/** The meta key of one process's heartbeat ('alive' is the last heartbeat of any process). */
export const aliveKey = (boot: string): string => `alive:${boot}`;

/**
 * The heartbeat rows (meta) of processes last alive before the parameter `before` that no open room's
 * snapshot names (saveRoom writes it with JSON.stringify, so a room run by `b` holds `"process":"b"`;
 * a text match also keeps the rows a damaged record might still need). `open` is each store's test
 * for an open room, `before` its placeholder, `real` its floating-point type.
 */
export const stoppedProcessesSql = (dialect: { open: string; before: string; real: string }): string =>
  `DELETE FROM meta WHERE key LIKE 'alive:%' AND CAST(value AS ${dialect.real}) < ${dialect.before}
   AND NOT EXISTS (SELECT 1 FROM rooms WHERE ${dialect.open}
     AND rooms.snapshot LIKE ('%"process":"' || substr(meta.key, 7) || '"%'))`;
