import type { MathCardGameIntent } from '../packages/schema/src/index.ts';
import { nextInt, seedPrng, type PrngState } from '../packages/rules/src/core/prng.ts';
import { mathCardGame as game } from '../packages/rules/src/math-card-game/index.ts';
import { maxPlayable } from '../packages/rules/src/math-card-game/search.ts';
import { shapesOf, type MathCardGameState } from '../packages/rules/src/math-card-game/state.ts';

function randomGame(seed: string, onState?: (state: MathCardGameState) => void): number {
  let prng: PrngState = seedPrng(`bench-${seed}`);
  let state = game.setup(game.defaultConfig, 2, seed);
  let turns = 0;
  while (game.outcome(state) === null) {
    const seat = game.actors(state)[0] as number;
    const legal = game.legalIntents(state, seat);
    const [k, next] = nextInt(prng, legal.length);
    prng = next;
    const result = game.apply(state, seat, legal[k] as MathCardGameIntent, 0);
    if (!result.ok) throw new Error(`bench: legal intent refused: ${result.error.code}`);
    state = result.value;
    onState?.(state);
    turns++;
  }
  return turns;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Prints random-playout throughput and the cost of the must-play-most search for a 6-card hand. */
export function benchMathCardGame(): void {
  for (let g = 0; g < 50; g++) randomGame(`warm-${g}`); // warm up the JIT
  const games = 1000;
  let turns = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) turns += randomGame(`run-${g}`);
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `math-card-game  ${(games / seconds).toFixed(0)} games/s  (${games} random playouts, ${(turns / games).toFixed(1)} intents/game, legalIntents + apply each)`,
  );

  const samples: MathCardGameState[] = [];
  for (let g = 0; g < 200; g++)
    randomGame(`hands-${g}`, (state) => {
      if (state.phase === 'play' && state.hands[state.turn]?.length === 6) samples.push(state);
    });
  const maxTimes: number[] = [];
  const legalTimes: number[] = [];
  for (const state of samples) {
    const hand = state.hands[state.turn] ?? [];
    let start = performance.now();
    maxPlayable(shapesOf(state), hand);
    maxTimes.push(performance.now() - start);
    start = performance.now();
    game.legalIntents(state, state.turn);
    legalTimes.push(performance.now() - start);
  }
  maxTimes.sort((a, b) => a - b);
  legalTimes.sort((a, b) => a - b);
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(
    `math-card-game  must-play-most max, 6-card hand: median ${us(quantile(maxTimes, 0.5))}, p99 ${us(quantile(maxTimes, 0.99))}  (${maxTimes.length} positions)`,
  );
  console.log(
    `math-card-game  all legal turns, 6-card hand:     median ${us(quantile(legalTimes, 0.5))}, p99 ${us(quantile(legalTimes, 0.99))}`,
  );
}
