import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay } from '../../src/core/engine.ts';
import { evaluate, expressionText } from '../../src/math-card-game/sequence.ts';
import type { MathCardGameState } from '../../src/math-card-game/state.ts';
import { game } from './helpers.ts';
import { playGreedy, type GoldenGame } from './policy.ts';

/** Regenerate with UPDATE_GOLDEN=1 (only after a deliberate rule change; review the diff). */
const GAMES: { file: string; seed: string; cuts: (number | null)[] }[] = [
  { file: 'greedy-seed-wouter.json', seed: 'wouter', cuts: [12, 23] },
  { file: 'greedy-seed-8-sequences.json', seed: '8-sequences', cuts: [null, 5] },
];

const summary = (state: MathCardGameState) =>
  state.sequences.map((s) => {
    const e = evaluate(s.cards);
    return { owner: s.owner, expression: expressionText(e), value: e.value };
  });

describe('golden replays', () => {
  it.each(GAMES)('golden: $file replays to the recorded final scores', ({ file, seed, cuts }) => {
    const path = new URL(`./golden/${file}`, import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1') {
      const match = playGreedy(seed, cuts);
      const outcome = game.outcome(match.state);
      const golden: GoldenGame = {
        seed,
        cuts,
        policy: 'greedy-v1',
        log: [...match.log],
        scores: [...(outcome?.scores ?? [])],
        winners: [...(outcome?.winners ?? [])],
        endReason: match.state.endReason ?? '',
        sequences: summary(match.state),
      };
      writeFileSync(path, `${JSON.stringify(golden, null, 1)}\n`);
    }
    const golden = JSON.parse(readFileSync(path, 'utf8')) as GoldenGame;
    const match = replay(game, game.defaultConfig, 2, golden.seed, golden.log);
    expect(game.outcome(match.state)).toEqual({ scores: golden.scores, winners: golden.winners });
    expect(match.state.endReason).toBe(golden.endReason);
    expect(summary(match.state)).toEqual(golden.sequences);
    // the policy is deterministic: playing it again gives the very same log
    expect(playGreedy(golden.seed, golden.cuts).log).toEqual(golden.log);
  });
});
