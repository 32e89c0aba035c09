/**
 * Throwaway solver measurement for `pnpm bench solver`: random 5–8-card hands (ranks 1..13) and
 * random targets 11..150, timing canMake and bestNotOver. Prints figures, asserts nothing.
 */
import { nextInt, seedPrng } from '../packages/rules/src/core/prng.ts';
import type { PrngState } from '../packages/rules/src/core/prng.ts';
import { bestNotOver, canMake } from '../packages/rules/src/arith/solve.ts';

const clock = (): number => performance.now();

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

export function benchSolver(runs = 60): void {
  let st: PrngState = seedPrng('bench-solver');
  const draw = (bound: number): number => {
    const [v, next] = nextInt(st, bound);
    st = next;
    return v;
  };
  for (const size of [5, 6, 7, 8]) {
    const tCan: number[] = [];
    const tBest: number[] = [];
    let limits = 0;
    let inexact = 0;
    for (let i = 0; i < runs; i++) {
      const hand = Array.from({ length: size }, () => draw(13) + 1);
      const target = 11 + draw(140);
      let t0 = clock();
      const c = canMake(hand, target);
      tCan.push(clock() - t0);
      if (!c.ok) limits++;
      t0 = clock();
      const b = bestNotOver(hand, target);
      tBest.push(clock() - t0);
      if (b.ok && b.value !== null && !b.value.exhaustive) inexact++;
    }
    const f = (x: number): string => `${x.toFixed(1)} ms`;
    console.log(
      `${size} cards × ${runs}: canMake median ${f(quantile(tCan, 0.5))}, p99 ${f(quantile(tCan, 0.99))}` +
        ` (SEARCH_LIMIT ${limits}); bestNotOver median ${f(quantile(tBest, 0.5))}, p99 ${f(quantile(tBest, 0.99))}` +
        ` (not exhaustive ${inexact})`,
    );
  }
}
