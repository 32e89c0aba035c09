import { describe, expect, it } from 'vitest';
import { hasSubsetWithSum, subsetWithSum } from '../src/cassino/partition.ts';
import { Rng } from './cassino-playout.ts';

/** Every sum a non-empty subset of `values` makes, by trying every subset. */
function subsetSums(values: readonly number[]): Set<number> {
  const sums = new Set<number>();
  for (let mask = 1; mask < 1 << values.length; mask++) {
    let sum = 0;
    for (let j = 0; j < values.length; j++) if (mask & (1 << j)) sum += values[j]!;
    sums.add(sum);
  }
  return sums;
}

describe('cassino: subset sums over table values', () => {
  it('hasSubsetWithSum agrees with every subset tried, for small sums (bits) and large ones (the table)', () => {
    const rng = new Rng('subset-sums');
    let found = 0;
    let none = 0;
    for (let trial = 0; trial < 400; trial++) {
      const big = trial % 4 === 0;
      const values = Array.from({ length: rng.int(9) }, () => 1 + rng.int(big ? 20 : 10));
      const sums = subsetSums(values);
      for (let need = -1; need <= (big ? 60 : 31); need++) {
        const expected = need > 0 && sums.has(need);
        expect(hasSubsetWithSum(values, need), `${values.join(',')} → ${need}`).toBe(expected);
        expect(subsetWithSum(values, need) !== null).toBe(expected);
        if (expected) found++;
        else none++;
      }
    }
    expect(found).toBeGreaterThan(1000);
    expect(none).toBeGreaterThan(1000);
  });

  it('the empty subset makes no sum, and a value above the sum plays no part', () => {
    expect(hasSubsetWithSum([], 0)).toBe(false);
    expect(hasSubsetWithSum([5], 0)).toBe(false);
    expect(hasSubsetWithSum([11, 3], 3)).toBe(true);
    expect(hasSubsetWithSum([11, 3], 14)).toBe(true);
    expect(hasSubsetWithSum([11, 3], 8)).toBe(false);
    expect(hasSubsetWithSum([10, 10, 10, 10], 40)).toBe(true);
  });
});
