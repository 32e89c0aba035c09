import { readFileSync, writeFileSync } from 'node:fs';
import type { BlindCassowaryIntent, BlindCassowaryOptions, BlindCassowaryStanding } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { replay, type LoggedIntent } from '../../src/core/engine.ts';
import type { Outcome } from '../../src/core/game.ts';
import { BLIND_CASSOWARY_DEFAULTS } from '../../src/blind-cassowary/index.ts';
import { game } from './helpers.ts';
import { playPolicyGame } from './policy.ts';

interface Golden {
  config: BlindCassowaryOptions;
  players: number;
  seed: string;
  target: number;
  log: LoggedIntent<BlindCassowaryIntent>[];
  standings: BlindCassowaryStanding[];
  outcome: Outcome;
}

function record(config: BlindCassowaryOptions, players: number, seed: string): Golden {
  const m = playPolicyGame(config, players, seed);
  return {
    config,
    players,
    seed,
    target: m.state.target.value,
    log: [...m.log],
    standings: [...(m.state.standings ?? [])],
    outcome: game.outcome(m.state) as Outcome,
  };
}

const FIXTURES: [string, BlindCassowaryOptions, number, string][] = [
  ['three-table', BLIND_CASSOWARY_DEFAULTS, 3, 'golden-alpha'],
  [
    'four-server-two',
    { ...BLIND_CASSOWARY_DEFAULTS, referee: 'server', targetMethod: 'two', bestInShow: true },
    4,
    'golden-bravo',
  ],
  ['two-simple', { ...BLIND_CASSOWARY_DEFAULTS, scoring: 'simple' }, 2, 'golden-charlie'],
];

describe('blind-cassowary: golden replays', () => {
  for (const [name, config, players, seed] of FIXTURES) {
    it(`golden replay ${name} reproduces its stored standings`, () => {
      const file = new URL(`./golden/${name}.json`, import.meta.url);
      if (process.env.UPDATE_GOLDEN === '1') {
        if (process.env.CI) throw new Error(`missing golden fixture ${name}`);
        writeFileSync(file, `${JSON.stringify(record(config, players, seed), null, 1)}\n`);
      }
      const golden = JSON.parse(readFileSync(file, 'utf8')) as Golden;
      const m = replay(game, golden.config, golden.players, golden.seed, golden.log);
      expect(m.state.target.value).toBe(golden.target);
      expect(m.state.standings).toEqual(golden.standings);
      expect(game.outcome(m.state)).toEqual(golden.outcome);
      expect(record(golden.config, golden.players, golden.seed).log).toEqual(golden.log);
    });
  }
});
