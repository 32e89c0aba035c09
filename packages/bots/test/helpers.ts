import { startMatch, submitIntent, type AnyGameModule } from '@cards/rules';
import { Rng } from '../src/index.ts';

export interface Snapshot {
  readonly state: unknown;
  readonly seat: number;
}

/**
 * States met along a seeded random game (random legal intents, the game's timers when nobody can
 * act), each with a seat that has legal intents in it: the positions the bots are tested on.
 */
export function snapshots(
  game: AnyGameModule,
  config: unknown,
  players: number,
  seed: string,
  max = 400,
): Snapshot[] {
  const rng = new Rng(seed);
  let match = startMatch(game, config, players, seed);
  const out: Snapshot[] = [];
  for (let step = 0; step < max && game.outcome(match.state) === null; step++) {
    const movers = game
      .actors(match.state)
      .filter((s: number) => game.legalIntents(match.state, s).length > 0);
    if (movers.length > 0) {
      const seat = rng.pick(movers);
      out.push({ state: match.state, seat });
      const r = submitIntent(
        game,
        match,
        seat,
        rng.pick(game.legalIntents(match.state, seat)),
        match.version,
        step * 1000,
      );
      if (r.ok) {
        match = r.value;
        continue;
      }
    }
    const timer = game.timers?.(match.state)[0];
    if (timer === undefined) break;
    const r = submitIntent(
      game,
      match,
      timer.seat,
      timer.intent,
      match.version,
      step * 1000 + timer.afterMs,
      true,
    );
    if (!r.ok) break;
    match = r.value;
  }
  return out;
}

/** Every `k`-th item, so a test looks at positions spread over the whole game. */
export const every = <T>(items: readonly T[], k: number): T[] => items.filter((_, i) => i % k === 0);
