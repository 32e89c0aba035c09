import { afterEach, describe, expect, it } from 'vitest';
import { digestOptions, stateDigest } from '../src/store/rebuild.ts';

const plainState = { phase: 'play', hands: [[{ id: 'A♠', rank: 1 }], []], scores: [0, 3], toJSON: undefined };
const bigintState = { chips: [10n, 2n ** 70n], nested: { value: -5n }, name: 'x' };

describe('the state digest checked against a rebuilt match', () => {
  afterEach(() => {
    digestOptions.fastPath = true;
  });

  it('is the same with the fast path as with the replacer, for states with and without bigints', () => {
    for (const state of [plainState, bigintState]) {
      const fast = stateDigest(state);
      digestOptions.fastPath = false;
      const replaced = stateDigest(state);
      digestOptions.fastPath = true;
      expect(fast).toBe(replaced);
    }
  });

  it('tells a bigint from the number and different states apart', () => {
    expect(stateDigest({ v: 5n })).not.toBe(stateDigest({ v: 5 }));
    expect(stateDigest({ v: [1, 2] })).not.toBe(stateDigest({ v: [2, 1] }));
  });
});
