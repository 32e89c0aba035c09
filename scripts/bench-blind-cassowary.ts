/**
 * Blind Cassowary: random-playout throughput, and the cost of the bounded solver calls the rules
 * make (searchHand per hand: the "no cassowary exists" proof and legalIntents' sample claim).
 */
import type { BlindCassowaryCard, BlindCassowaryIntent } from '../packages/schema/src/index.ts';
import { nextInt, seedPrng, type PrngState } from '../packages/rules/src/core/prng.ts';
import {
  BLIND_CASSOWARY_DEFAULTS,
  blindCassowary as game,
  type BlindCassowaryState,
} from '../packages/rules/src/blind-cassowary/index.ts';
import { searchHand } from '../packages/rules/src/blind-cassowary/solver.ts';

function randomGame(seed: string, players: number, onState?: (s: BlindCassowaryState) => void): number {
  let prng: PrngState = seedPrng(`bench-${seed}`);
  const pick = (n: number): number => {
    const [k, next] = nextInt(prng, n);
    prng = next;
    return k;
  };
  let state = game.setup(BLIND_CASSOWARY_DEFAULTS, players, seed);
  let now = 0;
  let intents = 0;
  while (game.outcome(state) === null) {
    if (intents > 5000) throw new Error('bench: game did not end');
    const actors = game.actors(state);
    const seat = actors[pick(actors.length)] as number;
    const legal = game.legalIntents(state, seat).filter((i) => !(i.type === 'stuck' && !i.on));
    const timer = game.timers?.(state)[0];
    let actor = seat;
    let intent: BlindCassowaryIntent | undefined = legal[pick(Math.max(1, legal.length))];
    if (intent === undefined || (timer !== undefined && pick(8) === 0)) {
      if (timer === undefined) continue;
      now += timer.afterMs;
      actor = timer.seat;
      intent = timer.intent;
    }
    now += 10;
    const result = game.apply(state, actor, intent, now);
    if (!result.ok) throw new Error(`bench: legal intent refused: ${result.error.code}`);
    state = result.value;
    onState?.(state);
    intents++;
  }
  return intents;
}

/** Prints playout throughput and the worst measured solver call per hand size. */
export function benchBlindCassowary(): void {
  for (let g = 0; g < 5; g++) randomGame(`warm-${g}`, 4);
  const games = 60;
  let intents = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) intents += randomGame(`run-${g}`, 2 + (g % 7));
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `blind-cassowary ${(games / seconds).toFixed(1)} games/s  (${games} random playouts, 2–8 players, ${(intents / games).toFixed(1)} intents/game, legalIntents + apply each)`,
  );
  const hands = new Map<string, BlindCassowaryCard[]>();
  for (let g = 0; g < 20; g++)
    randomGame(`hands-${g}`, 2 + (g % 7), (s) => {
      for (const h of s.hands)
        if (h.length >= 2)
          hands.set(
            h
              .map((c) => c.id)
              .sort()
              .join(','),
            [...h],
          );
    });
  // Adversarial hands: awkward targets, chameleons, the solver's largest size.
  const big = (ids: string[]): BlindCassowaryCard[] =>
    ids.map((id) => ({
      id,
      rank: id.startsWith('X') ? 0 : Number(id.slice(0, -1)),
      suit: id.startsWith('X') ? null : 'S',
    }));
  const worst = new Map<number, number>();
  const time = (hand: BlindCassowaryCard[], target: number): void => {
    const t = performance.now();
    searchHand(hand, target);
    const ms = performance.now() - t;
    worst.set(hand.length, Math.max(worst.get(hand.length) ?? 0, ms));
  };
  for (const hand of hands.values()) time(hand, 1212);
  for (const hand of hands.values()) time(hand, 97);
  time(big(['2S', '3S', '5S', '7S', '11S', '13S', 'X1', 'X2']), 1111);
  time(big(['1S', '1H', '1D', '1C', '2S', '2H', 'X1', 'X2']), 1212);
  time(big(['13S', '13H', '13D', '13C', '12S', '12H', '12D', 'X1']), 97);
  console.log(
    `blind-cassowary searchHand worst ms by hand size: ${[...worst.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([n, ms]) => `${n}:${ms.toFixed(1)}`)
      .join('  ')}`,
  );
}
