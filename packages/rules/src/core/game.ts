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
 * The contract every game implements. Every function is pure: the state is read-only
 * and `apply` returns a new state. All randomness comes from a PRNG kept in the state.
 */
export interface GameModule<Config, State, Intent, View> {
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
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGameModule = GameModule<any, any, any, any>;
