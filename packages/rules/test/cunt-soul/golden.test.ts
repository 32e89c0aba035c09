import type { CuntSoulIntent, CuntSoulOptions } from '@cards/schema';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay, type LoggedIntent } from '../../src/core/engine.ts';
import type { Outcome } from '../../src/core/game.ts';
import { game } from './helpers.ts';
import { playGame } from './policy.ts';

interface Golden {
  config: CuntSoulOptions;
  players: number;
  seed: string;
  policy: string;
  log: LoggedIntent<CuntSoulIntent>[];
  turns: number;
  result: { order: number[]; byLimit: boolean };
  outcome: Outcome;
}

/** Regenerate with UPDATE_GOLDEN=1 (only after a deliberate rule change; review the diff). */
const GAMES: { name: string; players: number; config: CuntSoulOptions }[] = [
  { name: 'two-players', players: 2, config: { dealer: 0, turnLimit: 1000 } },
  { name: 'four-players', players: 4, config: { dealer: 'random', turnLimit: 1000 } },
  { name: 'six-players-two-decks', players: 6, config: { dealer: 2, turnLimit: 1000 } },
  { name: 'turn-limit', players: 3, config: { dealer: 'random', turnLimit: 40 } },
];

describe('golden replays', () => {
  it.each(GAMES)('golden: $name replays to the recorded places', ({ name, players, config }) => {
    const path = new URL(`./golden/${name}.json`, import.meta.url);
    const seed = `golden-${name}`;
    if (process.env.UPDATE_GOLDEN === '1') {
      const { state, log } = playGame(config, players, seed);
      const golden: Golden = {
        config,
        players,
        seed,
        policy: 'cunt-soul-policy-v1',
        log,
        turns: state.turnsPlayed,
        result: { order: [...(state.result?.order ?? [])], byLimit: state.result?.byLimit ?? false },
        outcome: game.outcome(state) as Outcome,
      };
      writeFileSync(path, `${JSON.stringify(golden)}\n`);
    }
    const golden = JSON.parse(readFileSync(path, 'utf8')) as Golden;
    const m = replay(game, golden.config, golden.players, golden.seed, golden.log);
    expect(game.outcome(m.state)).toEqual(golden.outcome);
    expect(m.state.result).toEqual(golden.result);
    expect(m.state.turnsPlayed).toBe(golden.turns);
    // the policy is deterministic: playing again gives the very same log
    expect(playGame(golden.config, golden.players, golden.seed).log).toEqual(golden.log);
  });

  it('golden: the recorded games exercise burns, 7 choices, J choices, swaps, pick-ups, runs and field changes', () => {
    const kinds = new Set<string>();
    for (const { name } of GAMES) {
      const golden = JSON.parse(
        readFileSync(new URL(`./golden/${name}.json`, import.meta.url), 'utf8'),
      ) as Golden;
      for (const e of golden.log) kinds.add(e.intent.type);
    }
    for (const kind of [
      'setupSelect',
      'playLink',
      'playFaceDown',
      'pickUp',
      'declare7',
      'chooseNext',
      'swap5',
      'endChain',
      'changeField',
    ])
      expect(kinds, kind).toContain(kind);
  });
});
