/**
 * `pnpm bench bots`: how well the computer players play. Per game, seeded two- and three-player games played
 * whole through the rules module (view → bot → apply, virtual clock, the game's own timers): Hard
 * against random legal play, Hard against Easy, Easy against random, and at three seats (where the
 * game allows) Hard against two random players and against two Easy ones and Easy against two random players, the seats rotating; and the wall
 * time of each decision (p50 / p99). [--games N] per pairing (default 50; the README figures use 200); [--game <slug>] one game; [--seats 2|3] those pairings only; [--pairing hard-easy] that pairing only (sides joined by '-').
 */
import {
  blindCassowary,
  cassino,
  cuntSoul,
  mathCardGame,
  starNavigator,
  type AnyGameModule,
} from '../packages/rules/src/index.ts';
import { BOTS, playGame, randomPlayer, type Level, type Player } from '../packages/bots/src/index.ts';

const GAMES: readonly { module: AnyGameModule; config: unknown }[] = [
  { module: cassino, config: { match: 'single' } },
  { module: blindCassowary, config: blindCassowary.defaultConfig },
  { module: mathCardGame, config: mathCardGame.defaultConfig },
  { module: starNavigator, config: starNavigator.defaultConfig },
  { module: cuntSoul, config: cuntSoul.defaultConfig },
];

type Side = Level | 'random';
/** The measured side first, then the others at the table (3-seat pairings where the game allows). */
const PAIRINGS: readonly (readonly Side[])[] = [
  ['hard', 'random'],
  ['hard', 'easy'],
  ['easy', 'random'],
  ['hard', 'random', 'random'],
  ['hard', 'easy', 'easy'],
  ['easy', 'random', 'random'],
];

const flag = (args: readonly string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number);

function player(slug: string, side: Side, seed: string): Player {
  if (side === 'random') return randomPlayer(seed);
  const factory = BOTS[slug];
  if (factory === undefined) throw new Error(`no computer player for ${slug}`);
  return factory({ level: side, seed });
}

export function benchBots(args: readonly string[]): void {
  const games = Number(flag(args, '--games') ?? 50);
  const only = flag(args, '--game');
  const seats = flag(args, '--seats');
  const pairing = flag(args, '--pairing');
  console.log(`computer players: ${games} seeded games per pairing, the first side's seat rotating`);
  console.log(
    'game             pairing              win   tie  loss  (win%)  stalls refusals  p50 ms  p99 ms   wall s',
  );
  for (const { module, config } of GAMES) {
    if (only !== undefined && module.slug !== only) continue;
    for (const sides of PAIRINGS) {
      const n = sides.length;
      if (n < module.minPlayers || n > module.maxPlayers) continue;
      if (seats !== undefined && n !== Number(seats)) continue;
      if (pairing !== undefined && sides.join('-') !== pairing) continue;
      const tally = { win: 0, tie: 0, loss: 0, stalls: 0, refusals: 0 };
      const times: number[] = [];
      const started = performance.now();
      for (let g = 0; g < games; g++) {
        // The measured player sits at each seat in turn; the others fill the table in order.
        const seat = g % n;
        const others = sides.slice(1).map((side, k) => player(module.slug, side, `bot-${side}-${k}-${g}`));
        const mine = player(module.slug, sides[0] as Side, `bot-${sides[0]}-${g}`);
        const players = [...others.slice(0, seat), mine, ...others.slice(seat)];
        const run = playGame(module, config, players, `bench-bots-${n}-${g}`);
        tally.refusals += run.refusals.length;
        times.push(...(run.decisionMs[seat] ?? []));
        const winners = run.outcome?.winners ?? [];
        if (run.outcome === null) tally.stalls++;
        else if (!winners.includes(seat)) tally.loss++;
        else if (winners.length > 1) tally.tie++;
        else tally.win++;
      }
      times.sort((x, y) => x - y);
      const pct = ((100 * (tally.win + tally.tie / 2)) / games).toFixed(1);
      console.log(
        [
          module.slug.padEnd(16),
          `${sides[0]} v ${sides.slice(1).join('+')}`.padEnd(20),
          String(tally.win).padStart(4),
          String(tally.tie).padStart(5),
          String(tally.loss).padStart(5),
          `(${pct}%)`.padStart(8),
          String(tally.stalls).padStart(7),
          String(tally.refusals).padStart(8),
          quantile(times, 0.5).toFixed(2).padStart(7),
          quantile(times, 0.99).toFixed(2).padStart(7),
          ((performance.now() - started) / 1000).toFixed(1).padStart(8),
        ].join(' '),
      );
    }
  }
  console.log(
    "win%: the first side's games won (a shared win counts half; at three seats a random share is 33%); stalls: games that could not go on (none expected); p50/p99: the first side's time per decision",
  );
}
