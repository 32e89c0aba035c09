import type { StarNavigatorIntent, StarNavigatorOptions } from '@cards/schema';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replay, startMatch, submitIntent, type LoggedIntent } from '../../src/core/engine.ts';
import type { Outcome } from '../../src/core/game.ts';
import { game, opts } from './helpers.ts';
import { playMatch } from './policy.ts';

interface Golden {
  config: StarNavigatorOptions;
  players: number;
  seed: string;
  policy: string;
  log: LoggedIntent<StarNavigatorIntent>[];
  rounds: number;
  roundWinners: number[][];
  outcome: Outcome;
}

/** Regenerate with UPDATE_GOLDEN=1 (only after a deliberate rule change; review the diff). */
const GAMES: { name: string; config: StarNavigatorOptions; players: number }[] = [
  { name: 'base', config: opts({ startingChips: 4 }), players: 3 },
  {
    name: 'forced-command-override',
    config: opts({ startingChips: 3, variant: 'forcedCommandOverride', overrideSuit: 'H' }),
    players: 3,
  },
  {
    name: 'select-command-override',
    config: opts({ startingChips: 3, variant: 'selectCommandOverride' }),
    players: 4,
  },
  { name: 'forced-precog', config: opts({ startingChips: 3, variant: 'forcedPrecog' }), players: 2 },
  { name: 'select-precog', config: opts({ startingChips: 3, variant: 'selectPrecog' }), players: 3 },
  {
    name: 'pirate-map',
    config: opts({ startingChips: 5, pirateMap: true }),
    players: 3,
  },
  {
    name: 'all-options',
    config: opts({
      startingChips: 4,
      hotshotSpacer: true,
      slingshotManoeuvre: true,
      extrapolativeComputation: true,
      pirateMap: true,
    }),
    players: 4,
  },
];

function roundWinners(
  log: readonly LoggedIntent<StarNavigatorIntent>[],
  config: StarNavigatorOptions,
  players: number,
  seed: string,
): number[][] {
  const out: number[][] = [];
  let m = startMatch(game, config, players, seed);
  for (const entry of log) {
    const byClock = entry.intent.type === 'roundTimeout';
    const r = submitIntent(game, m, entry.actor, entry.intent, m.version, entry.at, byClock);
    if (!r.ok) throw new Error(r.error.code);
    m = r.value;
    const sd = m.state.lastShowdown;
    if (sd !== null && sd.round === out.length + 1) out.push([...sd.winners]);
  }
  return out;
}

describe('golden replays', () => {
  it.each(GAMES)('golden: $name replays to the recorded winners and chips', ({ name, config, players }) => {
    const path = new URL(`./golden/${name}.json`, import.meta.url);
    const seed = `golden-${name}`;
    if (process.env.UPDATE_GOLDEN === '1') {
      const m = playMatch(config, players, seed, 'best');
      const golden: Golden = {
        config,
        players,
        seed,
        policy: 'seeded-random-v1',
        log: [...m.log],
        rounds: m.state.round,
        roundWinners: roundWinners(m.log, config, players, seed),
        outcome: game.outcome(m.state) as Outcome,
      };
      writeFileSync(path, `${JSON.stringify(golden, null, 1)}\n`);
    }
    const golden = JSON.parse(readFileSync(path, 'utf8')) as Golden;
    const m = replay(game, golden.config, golden.players, golden.seed, golden.log);
    expect(game.outcome(m.state)).toEqual(golden.outcome);
    expect(m.state.round).toBe(golden.rounds);
    expect(roundWinners(golden.log, golden.config, golden.players, golden.seed)).toEqual(golden.roundWinners);
    // the policy is deterministic: playing again gives the very same log
    expect(playMatch(golden.config, golden.players, golden.seed, 'best').log).toEqual(golden.log);
  });

  it('golden: the Pirate Map game exercises the map: changes of owner, lay-outs, a claimed Bounty', () => {
    const path = new URL('./golden/pirate-map.json', import.meta.url);
    const golden = JSON.parse(readFileSync(path, 'utf8')) as Golden;
    let m = startMatch(game, golden.config, golden.players, golden.seed);
    const owners = new Set<number>();
    let claims = 0;
    let corrupted = 0;
    for (const entry of golden.log) {
      const byClock = entry.intent.type === 'roundTimeout';
      const r = submitIntent(game, m, entry.actor, entry.intent, m.version, entry.at, byClock);
      if (!r.ok) throw new Error(r.error.code);
      if (
        r.value.state.lastShowdown !== m.state.lastShowdown &&
        (r.value.state.lastShowdown?.bountyClaimed ?? 0) > 0
      )
        claims++;
      m = r.value;
      if (m.state.mapOwner !== null) owners.add(m.state.mapOwner);
      if (entry.intent.type === 'layOutMemory') corrupted++;
    }
    expect(owners.size).toBeGreaterThan(1);
    expect(corrupted).toBeGreaterThan(3);
    expect(claims).toBeGreaterThan(0);
  });
});
