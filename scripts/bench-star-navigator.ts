/** Star Navigator: random-playout throughput and the solver's "best possible" for a Vector Set. */
import { closest } from '../packages/rules/src/arith/index.ts';
import { choiceValues } from '../packages/rules/src/star-navigator/vector.ts';
import { bestFor } from '../packages/rules/src/star-navigator/showdown.ts';
import { submitIntent, startMatch } from '../packages/rules/src/core/engine.ts';
import { nextInt, seedPrng, type PrngState } from '../packages/rules/src/core/prng.ts';
import { starNavigator as game, DEFAULT_OPTIONS } from '../packages/rules/src/star-navigator/index.ts';
import type { StarNavigatorState } from '../packages/rules/src/star-navigator/state.ts';
import type {
  StarExprJson,
  StarNavigatorIntent,
  StarNavigatorOptions,
} from '../packages/schema/src/index.ts';

/** Plays one match: random legal moves, and each calculation a left-nested sum declared correctly. */
function randomMatch(
  options: StarNavigatorOptions,
  players: number,
  seed: string,
  onSubmit?: (state: StarNavigatorState, seat: number) => void,
): { intents: number; rounds: number } {
  let prng: PrngState = seedPrng(`bench-${seed}`);
  let match = startMatch(game, options, players, seed);
  while (game.outcome(match.state) === null) {
    const movers = game.actors(match.state).filter((seat) => game.legalIntents(match.state, seat).length > 0);
    if (movers.length === 0) {
      // Everyone left is waiting on the round timer: let the clock fire, as the room would.
      const timer = game.timers?.(match.state)[0];
      if (timer === undefined) throw new Error('bench: nobody can move and no timer runs');
      const r = submitIntent(game, match, timer.seat, timer.intent, match.version, 0, true);
      if (!r.ok) throw new Error(`bench: clock refused ${r.error.code}`);
      match = r.value;
      continue;
    }
    const [k, p1] = nextInt(prng, movers.length);
    prng = p1;
    const seat = movers[k] as number;
    const s = match.state.seats[seat];
    let intent: StarNavigatorIntent[] = [...game.legalIntents(match.state, seat)];
    if (match.state.phase === 'compose' && s?.choice && !s.mustLayOut) {
      const refs = [...s.choice.cards, ...(s.choice.phantom === null ? [] : ['phantom'])];
      const expr = refs
        .slice(1)
        .reduce<StarExprJson>((a, r) => ({ kind: 'op', op: '+', left: a, right: { kind: 'leaf', ref: r } }), {
          kind: 'leaf',
          ref: refs[0] as string,
        });
      const declared = choiceValues(match.state, s.choice).reduce((n, v) => n + v.value, 0);
      intent = [{ type: 'submit', expr, declared }];
      onSubmit?.(match.state, seat);
    }
    const [j, p2] = nextInt(prng, intent.length);
    prng = p2;
    const r = submitIntent(game, match, seat, intent[j] as StarNavigatorIntent, match.version, 0);
    if (!r.ok) throw new Error(`bench: refused ${r.error.code}`);
    match = r.value;
  }
  return { intents: match.version, rounds: match.state.round };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

export function benchStarNavigator(): void {
  const options = { ...DEFAULT_OPTIONS, startingChips: 3 };
  for (let g = 0; g < 10; g++) randomMatch(options, 3, `warm-${g}`);
  const games = 100;
  let intents = 0;
  let rounds = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const r = randomMatch(options, 2 + (g % 3), `run-${g}`);
    intents += r.intents;
    rounds += r.rounds;
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `star-navigator  ${(games / seconds).toFixed(1)} games/s, ${(rounds / seconds).toFixed(0)} rounds/s  (${games} random playouts, 3 chips, ${(intents / games).toFixed(0)} intents/game; showdown includes the solver per seat)`,
  );
}

/** The solver behind "best possible was …": closest reachable value for random Vector Sets. */
export function benchStarNavigatorSolver(): void {
  let prng = seedPrng('bench-solver');
  const times: number[] = [];
  for (const size of [3, 4, 5]) {
    times.length = 0;
    for (let i = 0; i < 300; i++) {
      const values: number[] = [];
      for (let c = 0; c < size; c++) {
        const [v, p] = nextInt(prng, 14);
        prng = p;
        values.push(v === 1 && c === 0 ? 100 : v);
      }
      const [t, p] = nextInt(prng, 140);
      prng = p;
      const start = performance.now();
      closest(values, t, { useAll: true, mode: 'integer' });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `star-navigator  best possible (closest, integer, use all) for a ${size}-card Vector Set: median ${us(quantile(times, 0.5))}, p99 ${us(quantile(times, 0.99))}`,
    );
  }
}

/**
 * "Best possible" as the showdown computes it, per seat: every Ace value and phantom of the chosen
 * cards, on Vector Sets from real random games with Extrapolative Computation and Forced Command
 * Override (so Vector Sets of three to five cards).
 */
export function benchStarNavigatorBestPossible(): void {
  const times: number[] = [];
  const options: StarNavigatorOptions = {
    ...DEFAULT_OPTIONS,
    startingChips: 3,
    extrapolativeComputation: true,
    variant: 'forcedCommandOverride',
    overrideSuit: 'random',
  };
  for (let g = 0; g < 60; g++)
    randomMatch(options, 2 + (g % 3), `best-${g}`, (state, seat) => {
      const choice = state.seats[seat]?.choice;
      if (!choice) return;
      const start = performance.now();
      bestFor(state, choice, state.target ?? 0);
      times.push(performance.now() - start);
    });
  times.sort((a, b) => a - b);
  console.log(
    `star-navigator  best possible per seat in real games (every Ace value and phantom; Extrapolative + Forced Override): n=${times.length} median ${us(quantile(times, 0.5))}, p99 ${us(quantile(times, 0.99))}, max ${us(times[times.length - 1] ?? 0)}`,
  );
}
