import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent, type Match } from '../src/core/engine.ts';
import type { AnyGameModule } from '../src/core/game.ts';
import { nextInt, seedPrng, type PrngState } from '../src/core/prng.ts';
import { blindCassowary, cassino, cuntSoul, mathCardGame, starNavigator } from '../src/index.ts';

/**
 * What the room offers a player is exactly `legalIntents`; each of them must then pass the engine's
 * generic checks too (clock-only, version, turn), not only the game's own `apply`. Random walks that
 * submit only offered intents, the way a client does, and let the clock fire when nobody can move.
 */
type AnyMatch = Match<unknown, unknown, unknown>;

function walk(game: AnyGameModule, config: unknown, players: number, seed: string, steps: number): number {
  let prng: PrngState = seedPrng(`legal-${seed}`);
  let match: AnyMatch = startMatch(game, config, players, seed);
  let offered = 0;
  for (let step = 0; step < steps && game.outcome(match.state) === null; step++) {
    const movers = game.actors(match.state).filter((s) => game.legalIntents(match.state, s).length > 0);
    if (movers.length === 0) {
      const timer = game.timers?.(match.state)[0];
      expect(timer, `${game.slug}: nobody can move and no timer runs`).toBeDefined();
      const fired = submitIntent(game, match, timer!.seat, timer!.intent, match.version, step, true);
      expect(fired.ok, `${game.slug}: the clock's ${JSON.stringify(timer!.intent)}`).toBe(true);
      if (fired.ok) match = fired.value;
      continue;
    }
    const [k, p1] = nextInt(prng, movers.length);
    const seat = movers[k]!;
    const legal = game.legalIntents(match.state, seat);
    const [j, p2] = nextInt(p1, legal.length);
    prng = p2;
    const result = submitIntent(game, match, seat, legal[j], match.version, step);
    if (!result.ok)
      expect.fail(`${game.slug} seat ${seat} was offered ${JSON.stringify(legal[j])}: ${result.error.code}`);
    match = result.value;
    offered++;
  }
  return offered;
}

const timed = { ...starNavigator.defaultConfig, roundTimerSeconds: 60, startingChips: 2 };

describe('every offered intent passes the engine', () => {
  it.each([
    ['cassino', cassino, cassino.defaultConfig, 2],
    ['math-card-game', mathCardGame, mathCardGame.defaultConfig, 2],
    ['blind-cassowary', blindCassowary, blindCassowary.defaultConfig, 3],
    ['star-navigator (round timer on)', starNavigator, timed, 3],
    ['cunt-soul', cuntSoul, cuntSoul.defaultConfig, 3],
  ] as const)('%s', (_name, game, config, players) => {
    let offered = 0;
    for (let g = 0; g < 8; g++) offered += walk(game as AnyGameModule, config, players, `g${g}`, 400);
    expect(offered).toBeGreaterThan(100);
  });
});
