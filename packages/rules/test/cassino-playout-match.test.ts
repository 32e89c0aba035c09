import { describe, expect, it } from 'vitest';
import { runPlayouts } from './cassino-playout.ts';

describe('cassino: seeded random playouts', () => {
  it('500 deals of single and to-21 matches keep every invariant; lists stay complete', () => {
    const stats = runPlayouts('playout-match', 500, [{ match: 'to21' }, { match: 'single' }]);
    expect(stats.deals).toBeGreaterThanOrEqual(500);
    expect(stats.applied).toBeGreaterThan(stats.steps);
    expect(stats.maxTable).toBeGreaterThan(12);
    expect(stats.bruteForced).toBeGreaterThanOrEqual(30);
  });
});
