import type { MathCardGameIntent } from '@cards/schema';
import { startMatch, submitIntent, type LoggedIntent, type Match } from '../../src/core/engine.ts';
import { scoresOf, type MathCardGameState } from '../../src/math-card-game/state.ts';
import type { MathCardGameOptions } from '@cards/schema';
import { game } from './helpers.ts';

type M = Match<MathCardGameOptions, MathCardGameState, MathCardGameIntent>;

/**
 * Deterministic "greedy" policy: cut at the given positions; on a turn pick the legal intent that
 * leaves the best score difference for the player (ties: the first listed).
 */
export function greedyIntent(
  state: MathCardGameState,
  seat: number,
  cuts: readonly (number | null)[],
): MathCardGameIntent {
  if (state.phase === 'cut') return { type: 'cut', position: cuts[seat] ?? null };
  const legal = game.legalIntents(state, seat);
  let best = legal[0] as MathCardGameIntent;
  let bestScore = -Infinity;
  for (const intent of legal) {
    const next = game.apply(state, seat, intent, 0);
    if (!next.ok) throw new Error(`legal intent refused: ${next.error.code}`);
    const scores = scoresOf(next.value);
    const diff = (scores[seat] ?? 0) - (scores[1 - seat] ?? 0);
    if (diff > bestScore) {
      bestScore = diff;
      best = intent;
    }
  }
  return best;
}

/** Plays a whole game with the greedy policy through the engine and returns the match. */
export function playGreedy(seed: string, cuts: readonly (number | null)[]): M {
  let match: M = startMatch(game, game.defaultConfig, 2, seed);
  for (let step = 0; game.outcome(match.state) === null; step++) {
    if (step > 2000) throw new Error('game did not end');
    const seat = game.actors(match.state)[0] as number;
    const intent = greedyIntent(match.state, seat, cuts);
    const result = submitIntent(game, match, seat, intent, match.version, step * 1000);
    if (!result.ok) throw new Error(`refused: ${result.error.code}`);
    match = result.value;
  }
  return match;
}

export interface GoldenGame {
  seed: string;
  cuts: (number | null)[];
  policy: 'greedy-v1';
  log: LoggedIntent<MathCardGameIntent>[];
  scores: number[];
  winners: number[];
  endReason: string;
  sequences: { owner: number; expression: string; value: number }[];
}
