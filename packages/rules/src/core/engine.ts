import type { GameModule, Seat } from './game.ts';
import { err, ok, type Result } from './result.ts';
import { MALFORMED_INTENT } from './wellFormed.ts';

/**
 * One accepted intent as recorded in the replay log. A spectator's action (GameModule.spectators) is
 * logged with `actor` -1, its stable `spectator` id, and the game's spectator intent as `intent`.
 */
export interface LoggedIntent<Intent> {
  readonly actor: Seat;
  readonly intent: Intent;
  readonly at: number;
  readonly spectator?: string;
  /** How the room ordered a raced intent (latency fairness); the log's order is the order applied. */
  readonly timing?: ArrivalTiming;
}

/**
 * A raced intent's arrival as the room measured it: server receive time, the connection's round
 * trip (null: not yet measured) and the estimated send time it was ordered by. Recorded, never
 * recomputed: a replay applies the log in its order.
 */
export interface ArrivalTiming {
  readonly receivedAt: number;
  readonly rttMs: number | null;
  readonly effectiveAt: number;
}

/** The `actor` of a spectator's entry in the replay log. */
export const SPECTATOR_ACTOR = -1;

/** A running game: the replayable inputs plus the current state and its version. */
export interface Match<Config, State, Intent> {
  readonly config: Config;
  readonly players: number;
  readonly seed: string;
  readonly state: State;
  /** Number of intents applied so far; every view carries it and every intent must quote it. */
  readonly version: number;
  readonly log: readonly LoggedIntent<Intent>[];
}

/**
 * Where a match's log entries live: the first `length` of `entries`. Matches made by appending share
 * one `entries` array, so an append is O(1) amortised; appending to a match that is not the newest
 * copies its prefix first, so every match keeps exactly its own entries (matches stay immutable).
 * `log` is that prefix as an array, built on first read.
 */
interface SharedLog {
  readonly entries: LoggedIntent<unknown>[];
  readonly length: number;
  log: readonly LoggedIntent<unknown>[] | null;
}

/** A match's SharedLog, held on the match itself (not enumerable: spreads and clones skip it). */
const SHARED_LOG = Symbol('sharedLog');

type Appended = Match<unknown, unknown, unknown> & { readonly [SHARED_LOG]?: SharedLog };

/**
 * One getter for every appended match's `log`. A getter written in each match's object literal was a
 * new function per match, which left every match object in V8's slow dictionary mode; one shared
 * getter keeps them all on one fast hidden class. Enumerable, so spreads, clones and JSON carry it.
 */
const LOG_PROPERTY: PropertyDescriptor = {
  enumerable: true,
  get(this: Appended) {
    const shared = this[SHARED_LOG]!;
    return (shared.log ??= shared.entries.slice(0, shared.length));
  },
};

function sharedLog(match: Appended): SharedLog {
  return match[SHARED_LOG] ?? { entries: [...match.log], length: match.log.length, log: null };
}

/**
 * `match` with `state` and `entry` appended to its log. The match's `log` is a real array, built on
 * first read (readers that only need the newest entry use lastLogged).
 */
export function withLoggedIntent<Config, State, Intent>(
  match: Match<Config, State, Intent>,
  state: State,
  entry: LoggedIntent<Intent>,
): Match<Config, State, Intent> {
  const from = sharedLog(match as Appended);
  const entries = from.entries.length === from.length ? from.entries : from.entries.slice(0, from.length);
  entries.push(entry);
  const next = {
    config: match.config,
    players: match.players,
    seed: match.seed,
    state,
    version: match.version + 1,
  };
  Object.defineProperty(next, 'log', LOG_PROPERTY);
  Object.defineProperty(next, SHARED_LOG, { value: { entries, length: from.length + 1, log: null } });
  return next as Match<Config, State, Intent>;
}

/** The newest entry of the match's log, without building the log. */
export function lastLogged<Intent>(match: Match<unknown, unknown, Intent>): LoggedIntent<Intent> | undefined {
  const shared = (match as Appended)[SHARED_LOG];
  if (shared === undefined) return match.log.at(-1);
  return shared.entries[shared.length - 1] as LoggedIntent<Intent> | undefined;
}

export function startMatch<Config, State, Intent, View>(
  game: GameModule<Config, State, Intent, View>,
  config: Config,
  players: number,
  seed: string,
): Match<Config, State, Intent> {
  return { config, players, seed, state: game.setup(config, players, seed), version: 0, log: [] };
}

/**
 * Generic checks every game gets before its own rules run: the game is not over,
 * the seat exists, the intent was made from the current view, and the seat may act now.
 */
export function submitIntent<Config, State, Intent, View>(
  game: GameModule<Config, State, Intent, View>,
  match: Match<Config, State, Intent>,
  actor: Seat,
  intent: Intent,
  version: number,
  now: number,
  byClock = false,
  timing?: ArrivalTiming,
): Result<Match<Config, State, Intent>> {
  if (game.outcome(match.state) !== null) return err('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(actor) || actor < 0 || actor >= match.players)
    return err('NOT_A_PLAYER', 'Only seated players can play.', { actor });
  // The game's hooks below read `intent.type`; its own apply checks the rest of the shape.
  if (typeof intent !== 'object' || intent === null)
    return err(MALFORMED_INTENT, 'That move is not well formed.');
  if (!byClock && (game.isClockIntent?.(intent) ?? false))
    return err('CLOCK_ONLY', 'That happens by itself when the time runs out.');
  if (version !== match.version && !(game.acceptsStale?.(match.state, actor, intent) ?? false))
    return err('STALE_VERSION', 'The table changed before your move arrived; look again and retry.', {
      expected: match.version,
      received: version,
    });
  if (!game.actors(match.state).includes(actor)) return err('NOT_YOUR_TURN', 'It is not your turn.');
  const applied = game.apply(match.state, actor, intent, now);
  if (!applied.ok) return applied;
  const entry: LoggedIntent<Intent> =
    timing === undefined ? { actor, intent, at: now } : { actor, intent, at: now, timing };
  return ok(withLoggedIntent(match, applied.value, entry));
}

/**
 * A spectator's action (GameModule.spectators): the game is not over and the game takes spectator
 * actions; there is no version check (spectator intents name what they act on).
 */
export function submitSpectatorIntent<Config, State, Intent, View, SpectatorIntent>(
  game: GameModule<Config, State, Intent, View, SpectatorIntent>,
  match: Match<Config, State, Intent>,
  spectator: string,
  intent: SpectatorIntent,
  now: number,
): Result<Match<Config, State, Intent>> {
  if (game.spectators === undefined) return err('NOT_A_PLAYER', 'Only seated players can play.');
  if (game.outcome(match.state) !== null) return err('GAME_OVER', 'The game is over.');
  const applied = game.spectators.apply(match.state, spectator, intent, now);
  if (!applied.ok) return applied;
  // The log holds the game's intents; a spectator entry carries its spectator intent instead.
  const entry: LoggedIntent<Intent> = {
    actor: SPECTATOR_ACTOR,
    intent: intent as unknown as Intent,
    at: now,
    spectator,
  };
  return ok(withLoggedIntent(match, applied.value, entry));
}

/** Applies one logged entry again (as the clock would, so clock-only intents pass). */
export function replayEntry<Config, State, Intent, View>(
  game: GameModule<Config, State, Intent, View>,
  match: Match<Config, State, Intent>,
  entry: LoggedIntent<Intent>,
): Match<Config, State, Intent> {
  const result =
    entry.spectator !== undefined
      ? submitSpectatorIntent(game, match, entry.spectator, entry.intent as never, entry.at)
      : submitIntent(game, match, entry.actor, entry.intent, match.version, entry.at, true);
  if (!result.ok) throw new Error(`replay refused intent ${match.version}: ${result.error.code}`);
  return result.value;
}

/**
 * Rebuilds a match from its inputs; throws if a logged intent is refused (a broken replay).
 * `onStep`, if given, sees the match before the first intent and after each one.
 */
export function replay<Config, State, Intent, View>(
  game: GameModule<Config, State, Intent, View>,
  config: Config,
  players: number,
  seed: string,
  log: readonly LoggedIntent<Intent>[],
  onStep?: (match: Match<Config, State, Intent>, entry: LoggedIntent<Intent> | null) => void,
): Match<Config, State, Intent> {
  let match = startMatch(game, config, players, seed);
  onStep?.(match, null);
  for (const entry of log) {
    match = replayEntry(game, match, entry);
    onStep?.(match, entry);
  }
  return match;
}
