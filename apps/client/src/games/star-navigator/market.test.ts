import { describe, expect, it } from 'vitest';
import { starNavigator } from '@cards/rules';
import { skippedOfferReason } from './Market.tsx';

describe('the Pirate Map offer', () => {
  const state = starNavigator.setup({ ...starNavigator.defaultConfig, pirateMap: true }, 3, 'market-why');
  it('says why it passes a seat by: the owner, or too few chips to pay and keep one', () => {
    const view = starNavigator.view(state, 0);
    expect(view.phase).toBe('market');
    expect(skippedOfferReason({ ...view, pirateMapOwner: 0 }, 0)).toMatch(/You own the map/);
    const poor = {
      ...view,
      seats: view.seats.map((s) => (s.seat === 0 ? { ...s, chips: view.pirateMapPrice } : s)),
    };
    expect(skippedOfferReason(poor, 0)).toMatch(/must keep at least one/);
    expect(skippedOfferReason(view, 0)).toBeNull();
  });
});
