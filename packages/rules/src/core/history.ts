import { type AnyGameModule, type GameModule, SPECTATOR } from './game.ts';
import { type LoggedIntent, replayEntry, startMatch } from './engine.ts';

/**
 * One public event of a game's history, in words. `text` may name seats as `{p0}`, `{p1}`, … which
 * the client replaces with the players' names ("{p0} trailed 7♠").
 */
export interface HistoryEvent {
  readonly text: string;
}

/** `{p3}` for seat 3: how history texts name a player. */
export const seatRef = (seat: number): string => `{p${seat}}`;

/**
 * The public events of one step: the game's `history` hook over the spectator views before and after.
 * The hook never sees the state nor the intent, so nothing a spectator may not know can reach the
 * history. A game without the hook has no history.
 */
export function publicEvents<Config, State, Intent, View>(
  game: GameModule<Config, State, Intent, View>,
  before: View | null,
  after: View,
): readonly HistoryEvent[] {
  return game.history?.(before, after) ?? [];
}

/** One position of a replay: the state after `move` intents (0 = the deal) and the events it added. */
export interface ReplayStep<State> {
  readonly move: number;
  readonly state: State;
  readonly events: readonly HistoryEvent[];
}

/**
 * Rebuilds every position of a finished (or running) game from its inputs, with the public history
 * of each step. Throws like `replay` when a logged intent is refused (an unreplayable log).
 */
export function replaySteps(
  game: AnyGameModule,
  config: unknown,
  players: number,
  seed: string,
  log: readonly LoggedIntent<unknown>[],
): ReplayStep<unknown>[] {
  let match = startMatch(game, config, players, seed);
  let view: unknown = game.view(match.state, SPECTATOR);
  const steps: ReplayStep<unknown>[] = [
    { move: 0, state: match.state, events: publicEvents(game, null, view) },
  ];
  for (const entry of log) {
    match = replayEntry(game, match, entry);
    const next: unknown = game.view(match.state, SPECTATOR);
    steps.push({ move: match.version, state: match.state, events: publicEvents(game, view, next) });
    view = next;
  }
  return steps;
}
