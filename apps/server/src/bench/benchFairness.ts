import { fairOrder, FAIRNESS_WINDOW_MS, MAX_CREDIT_MS } from '../room/fairness.ts';
import { benchFairnessServer } from './benchFairnessServer.ts';
import { seededRandom } from './benchStats.ts';

const option = (args: readonly string[], name: string, fallback: number): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};

/**
 * `pnpm bench fairness [--port P] [--races N] [--trials N]`: first through the real server
 * (benchFairnessServer: two players behind 20 ms and 150 ms delay proxies, the window off and on in
 * the same run), then the ordering rule alone in a fast simulation.
 */
export async function benchFairness(args: readonly string[]): Promise<void> {
  await benchFairnessServer(option(args, '--port', 50400), option(args, '--races', 60));
  simulateFairness(option(args, '--trials', 20_000));
}

/**
 * The rule alone: two simulated players, one-way delays 20 ms and 150 ms (each message ±10 % jitter,
 * round trips measured from five pings), claim at true instants up to ±60 ms apart; how often is the
 * review order the true send order, with the window off (arrival order) and on? For claims at the
 * very same instant: how often the far player is first.
 */
function simulateFairness(trials: number): void {
  const random = seededRandom(18);
  const oneWay = (base: number) => base * (0.9 + 0.2 * random());
  const rtt = (base: number) => {
    const pings = Array.from({ length: 5 }, () => oneWay(base) + oneWay(base));
    return pings.sort((a, b) => a - b)[2]!; // the median of five
  };
  const players = [
    { name: 'near (20 ms)', base: 20 },
    { name: 'far (150 ms)', base: 150 },
  ];
  for (const [label, offsets] of [
    ['true instants up to ±60 ms apart', () => Math.round((random() * 2 - 1) * 60)],
    ['the same true instant', () => 0],
  ] as const) {
    const right = { off: 0, on: 0 };
    const farFirst = { off: 0, on: 0 };
    for (let k = 0; k < trials; k++) {
      const sent = [1000, 1000 + offsets()];
      const arrivals = players.map((p, i) => ({
        item: i,
        receivedAt: sent[i]! + oneWay(p.base),
        rttMs: rtt(p.base),
      }));
      const truth = sent[0]! === sent[1]! ? null : sent[0]! < sent[1]! ? 0 : 1;
      for (const mode of ['off', 'on'] as const) {
        const first = fairOrder(arrivals, mode === 'on' ? FAIRNESS_WINDOW_MS : 0)[0]!.item;
        if (truth === null || first === truth) right[mode]++;
        if (first === 1) farFirst[mode]++;
      }
    }
    const pct = (n: number) => `${((100 * n) / trials).toFixed(1)} %`;
    console.log(
      `the rule alone (simulated): ${trials} trials, ${label}; credit ≤ ${MAX_CREDIT_MS} ms, window ${FAIRNESS_WINDOW_MS} ms`,
    );
    if (label !== 'the same true instant')
      console.log(
        `  order right   window off ${pct(right.off).padStart(8)}   window on ${pct(right.on).padStart(8)}`,
      );
    console.log(
      `  far one first window off ${pct(farFirst.off).padStart(8)}   window on ${pct(farFirst.on).padStart(8)}`,
    );
  }
}
