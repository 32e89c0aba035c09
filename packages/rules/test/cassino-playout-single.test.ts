import { describe, expect, it } from 'vitest';
import { runPlayouts } from './cassino-playout.ts';

describe('cassino: seeded random playouts', () => {
  it('520 single deals, trail-leaning (bigger tables), keep every invariant; lists stay complete', () => {
    // Trailing 35% of the time whenever allowed grows tables past a dozen items; every list is
    // still complete, and positions of 13–14 items are checked against the brute force.
    const stats = runPlayouts('playout-single', 520, [{ match: 'single' }], {
      trailPerMille: 350,
      bruteForceEvery: 6,
    });
    expect(stats.deals).toBeGreaterThanOrEqual(520);
    expect(stats.rejected).toBeGreaterThan(stats.steps);
    expect(stats.maxTable).toBeGreaterThan(16);
    expect(stats.bruteForced).toBeGreaterThanOrEqual(100);
  });
});
