import type { HistoryEvent } from './history.ts';
import type { Result } from './result.ts';

/** A seat index, 0-based. Spectators are not seats. */
export type Seat = number;
export const SPECTATOR = 'spectator' as const;
export type Viewer = Seat | typeof SPECTATOR;

export interface Outcome {
  /** Seats that won the game (several on a tie). */
  readonly winners: readonly Seat[];
  /** Final score per seat, in seat order. */
  readonly scores: readonly number[];
}

/**
 * A deadline the room enforces: when `afterMs` has passed since the timer first appeared (its `key`
 * unchanged), the room submits `intent` for `seat` like any other intent, so it lands in the log.
 */
export interface GameTimer<Intent> {
  readonly key: string;
  readonly seat: Seat;
  readonly afterMs: number;
  readonly intent: Intent;
}

/**
 * Seat-less actions of spectators (optional). The room routes a spectator's 'intent' request here with
 * a stable spectator id (never a secret), validated by the game's `spectatorIntent` wire schema, and
 * logs it in the replay log with `spectator` set. Spectator intents name what they act on (e.g. a
 * claim id), so they are never refused as stale.
 */
export interface SpectatorHooks<State, SpectatorIntent> {
  apply(state: State, spectator: string, intent: SpectatorIntent, now: number): Result<State>;
  /** What this spectator may do now, sent in its 'game' update as `legal`. */
  legalIntents(state: State, spectator: string): readonly SpectatorIntent[];
}

/**
 * The contract every game implements. Every function is pure: the state is read-only
 * and `apply` returns a new state. All randomness comes from a PRNG kept in the state.
 */
export interface GameModule<Config, State, Intent, View, SpectatorIntent = unknown> {
  readonly slug: string;
  readonly displayName: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly defaultConfig: Config;
  setup(config: Config, players: number, seed: string): State;
  /** Seats that may submit an intent right now (empty when the game is over). */
  actors(state: State): readonly Seat[];
  /** Every legal intent for the seat, in a deterministic order. */
  legalIntents(state: State, seat: Seat): readonly Intent[];
  apply(state: State, actor: Seat, intent: Intent, now: number): Result<State>;
  view(state: State, viewer: Viewer): View;
  /** null while the game is running. */
  outcome(state: State): Outcome | null;
  /** Deadlines running in this state (none if omitted). */
  timers?(state: State): readonly GameTimer<Intent>[];
  /**
   * Turnless games: whether this intent may be applied although it was made from an older version
   * (another seat's move landed first). Only for intents that cannot be misread on a stale view —
   * e.g. a claim over the sender's own cards (the rules re-check them), or an approval naming a claim
   * id. Omitted: every intent must quote the current version (STALE_VERSION otherwise).
   */
  acceptsStale?(state: State, actor: Seat, intent: Intent): boolean;
  /**
   * Intents that only the room's clock may submit (a review window or round timer running out):
   * a player sending one is refused CLOCK_ONLY, so nobody can cut a deadline short.
   */
  isClockIntent?(intent: Intent): boolean;
  /** Spectators' actions, if the game has any. */
  readonly spectators?: SpectatorHooks<State, SpectatorIntent>;
  /**
   * The public history: what one step did, in words, computed from the spectator views before and
   * after it (never the state or the intent, so a seat's secrets cannot reach it); `before` is null for
   * the deal itself. Omitted: no history.
   */
  history?(before: View | null, after: View): readonly HistoryEvent[];
  /**
   * Work a match worker does once when it starts, as short steps run between jobs, so the first
   * searches it is sent are not slowed by compilation and empty caches (Blind Cassowary's solver
   * tables). It changes no answer. Omitted: none.
   */
  warmUp?(): readonly (() => void)[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any, any>;

/** The game's timer that runs out first in this state, if any (simulations fire it when no seat moves). */
export function earliestTimer<State, Intent>(
  game: { timers?(state: State): readonly GameTimer<Intent>[] },
  state: State,
): GameTimer<Intent> | undefined {
  let first: GameTimer<Intent> | undefined;
  for (const timer of game.timers?.(state) ?? [])
    if (first === undefined || timer.afterMs < first.afterMs) first = timer;
  return first;
}
