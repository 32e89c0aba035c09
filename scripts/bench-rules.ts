/**
 * Random-playout throughput of the rules modules. Prints figures, asserts nothing except that a
 * seeded playout is deterministic (run twice, same result).
 */
import {
  cassino,
  nextInt,
  seedPrng,
  type CassinoState,
  type PrngState,
} from '../packages/rules/src/index.ts';

interface PlayoutResult {
  deals: number;
  plays: number;
  legalCalls: number;
  legalMs: number;
  fingerprint: string;
}

/** Plays `deals` single deals choosing uniformly among the legal intents with a seeded PRNG. */
function playout(seed: string, deals: number): PlayoutResult {
  let prng: PrngState = seedPrng(seed);
  const result: PlayoutResult = { deals: 0, plays: 0, legalCalls: 0, legalMs: 0, fingerprint: '' };
  const totals: number[] = [];
  for (let d = 0; d < deals; d++) {
    let state: CassinoState = cassino.setup({ match: 'single' }, 2, `${seed}/${d}`);
    while (cassino.outcome(state) === null) {
      const seat = cassino.actors(state)[0] as number;
      const t0 = performance.now();
      const legal = cassino.legalIntents(state, seat);
      result.legalMs += performance.now() - t0;
      result.legalCalls++;
      let pick: number;
      [pick, prng] = nextInt(prng, legal.length);
      const applied = cassino.apply(state, seat, legal[pick]!, 0);
      if (!applied.ok) throw new Error(`legal intent refused: ${applied.error.code}`);
      state = applied.value;
      result.plays++;
    }
    result.deals++;
    totals.push(...state.matchTotals);
  }
  result.fingerprint = totals.join(',');
  return result;
}

export async function benchRules(): Promise<void> {
  const deals = Number(process.env.BENCH_DEALS ?? 2000);
  playout('warm-up', 50);
  const t0 = performance.now();
  const r = playout('bench', deals);
  const seconds = (performance.now() - t0) / 1000;
  console.log('cassino random playouts');
  console.log(`  deals:               ${r.deals} in ${seconds.toFixed(2)} s`);
  console.log(`  deals per second:    ${(r.deals / seconds).toFixed(0)}`);
  console.log(`  plays per second:    ${(r.plays / seconds).toFixed(0)}`);
  console.log(
    `  legalIntents calls:  ${r.legalCalls} (${(r.legalCalls / (r.legalMs / 1000)).toFixed(0)} per second)`,
  );
  const a = playout('seeded', 20);
  const b = playout('seeded', 20);
  if (a.fingerprint !== b.fingerprint) throw new Error('seeded playout is not deterministic');
  console.log(`  seeded playout:      deterministic (20 deals, totals ${a.fingerprint.slice(0, 40)}…)`);
}
