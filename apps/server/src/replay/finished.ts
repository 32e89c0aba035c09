import { randomBytes } from 'node:crypto';
import type { LoggedIntent, Outcome } from '@cards/rules';

/** A finished game as kept for its replay: the inputs the rules rebuild it from, and who played. */
export interface FinishedMatch {
  readonly id: string;
  readonly game: string;
  readonly config: unknown;
  readonly seed: string;
  /** Player names in seat order. */
  readonly players: readonly string[];
  readonly log: readonly LoggedIntent<unknown>[];
  readonly outcome: Outcome;
  readonly finishedAt: number;
}

/** Where finished games are kept. The store replaces the in-memory default with its database. */
export interface FinishedMatchStore {
  put(match: FinishedMatch): void;
  /** Async for a database store (the SQLite store's read is). */
  finishedMatch(id: string): FinishedMatch | undefined | Promise<FinishedMatch | undefined>;
}

/** Unguessable: 128 random bits, URL-safe. */
export const newReplayId = (): string => randomBytes(16).toString('base64url');

/** Trims a Map (insertion ordered) to its `limit` newest entries. */
export function dropOldest<K, V>(map: Map<K, V>, limit: number): void {
  for (const key of map.keys()) {
    if (map.size <= limit) break;
    map.delete(key);
  }
}

/** The process's own memory: the most recent `limit` games (until the store lands). */
export class MemoryFinishedMatches implements FinishedMatchStore {
  private readonly byId = new Map<string, FinishedMatch>();
  constructor(private readonly limit = 500) {}

  put(match: FinishedMatch): void {
    this.byId.set(match.id, match);
    dropOldest(this.byId, this.limit);
  }

  finishedMatch(id: string): FinishedMatch | undefined {
    return this.byId.get(id);
  }
}

let current: FinishedMatchStore = new MemoryFinishedMatches();

export const finishedMatches = (): FinishedMatchStore => current;

/** Swap the store (the database store at startup; tests with a fixture). */
export function useFinishedMatchStore(store: FinishedMatchStore): void {
  current = store;
}
