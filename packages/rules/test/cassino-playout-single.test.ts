import { describe, expect, it } from 'vitest';
import { runPlayouts } from './cassino-playout.ts';

describe('cassino: seeded random playouts', () => {
  it('520 single deals keep every invariant', () => {
    const stats = runPlayouts('playout-single', 520, [{ match: 'single' }]);
    expect(stats.deals).toBeGreaterThanOrEqual(520);
    expect(stats.rejected).toBeGreaterThan(stats.steps);
  });
});
