import { type AnyGameModule, publicEvents, SPECTATOR } from '@cards/rules';
import type { HistoryDelta, HistoryEntry } from '@cards/schema';

/**
 * A match's public history, kept beside the match: after each change the room calls `catchUp` with
 * the new state and version, and the game's `history` hook turns the spectator views before and
 * after into entries. Append-only: clients get the whole list once, then only what is new.
 */
export class MatchHistory {
  private readonly entries: HistoryEntry[] = [];
  private view: unknown;
  private version: number;
  /** How many entries the last broadcast carried up to. */
  private broadcastUpTo = 0;

  constructor(
    private readonly game: AnyGameModule,
    state: unknown,
  ) {
    this.view = game.view(state, SPECTATOR);
    this.version = 0;
    this.push(0, publicEvents(game, null, this.view));
  }

  /** Adds the events of the moves up to `version` (a no-op when nothing changed). */
  catchUp(state: unknown, version: number): void {
    if (version === this.version) return;
    const next: unknown = this.game.view(state, SPECTATOR);
    this.push(version, publicEvents(this.game, this.view, next));
    this.view = next;
    this.version = version;
  }

  /** Everything, for a client that just arrived. */
  all(): HistoryDelta {
    return { from: 0, entries: [...this.entries] };
  }

  /** What is new since the last broadcast (call once per broadcast). */
  takeNew(): HistoryDelta {
    const delta = { from: this.broadcastUpTo, entries: this.entries.slice(this.broadcastUpTo) };
    this.broadcastUpTo = this.entries.length;
    return delta;
  }

  list(): readonly HistoryEntry[] {
    return this.entries;
  }

  private push(move: number, events: readonly { text: string }[]): void {
    for (const e of events) this.entries.push({ move, text: e.text });
  }
}
