import { type AnyGameModule, publicEvents, replay, SPECTATOR } from '@cards/rules';
import type { AnyMatch, MatchListener } from './matchHost.ts';
import type { HistoryDelta, HistoryEntry } from '@cards/schema';

/**
 * A match's public history, kept beside the match: after each change the room calls `catchUp` with
 * the new state and version, and the game's `history` hook turns the spectator views before and
 * after into entries. Append-only: clients get the whole list once, then only what is new.
 *
 * It keeps the last state, not its spectator view: the state is the match's own (kept anyway), while
 * a view kept from one move to the next was a fresh object graph per move for every young-generation
 * collection to copy. The view before is built again at the next move instead.
 */
export class MatchHistory {
  private readonly entries: HistoryEntry[] = [];
  private state: unknown;
  private version: number;
  /** How many entries the last broadcast carried up to. */
  private broadcastUpTo = 0;

  constructor(
    private readonly game: AnyGameModule,
    state: unknown,
  ) {
    this.state = state;
    this.version = 0;
    this.push(0, publicEvents(game, null, game.view(state, SPECTATOR)));
  }

  /** Adds the events of the moves up to `version` (a no-op when nothing changed). */
  catchUp(state: unknown, version: number): void {
    if (version === this.version) return;
    const before: unknown = this.game.view(this.state, SPECTATOR);
    this.push(version, publicEvents(this.game, before, this.game.view(state, SPECTATOR)));
    this.state = state;
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

/**
 * The room's public record of its match, hooked into the match host (MatchListener): the history,
 * step by step as intents are accepted (rebuilt from the log when a room is restored), and, once the
 * game ends, the id of its replay (the store's id for the match, from `storedId`).
 */
export class PublicRecord implements MatchListener {
  private history: MatchHistory | null = null;
  private finished = false;

  constructor(
    private readonly game: AnyGameModule,
    /** The store's id of the room's current match (null without a store: no replay is kept). */
    private readonly storedId: () => string | null,
  ) {}

  /** The finished match's replay id (null while it runs, or when nothing keeps it). */
  get replayId(): string | null {
    return this.finished ? this.storedId() : null;
  }

  matchStarted(match: AnyMatch): void {
    this.history = new MatchHistory(this.game, match.state);
    this.finished = false;
  }

  intentAccepted(match: AnyMatch): void {
    this.history?.catchUp(match.state, match.version);
  }

  matchEnded(): void {
    this.finished = true;
  }

  /** A match taken up after a restart: its history is rebuilt from its log. */
  matchRestored(match: AnyMatch): void {
    let history: MatchHistory | null = null;
    replay(this.game, match.config, match.players, match.seed, match.log, (step, entry) => {
      if (entry === null || history === null) history = new MatchHistory(this.game, step.state);
      else history.catchUp(step.state, step.version);
    });
    this.history = history;
    this.finished = this.game.outcome(match.state) !== null;
  }

  /** The history for an update: all of it for a client that arrives, else what is new since the last. */
  delta(all: boolean): HistoryDelta {
    if (this.history === null) return { from: 0, entries: [] };
    return all ? this.history.all() : this.history.takeNew();
  }
}
