import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { enumerateIntents } from '../src/cassino/legal.ts';
import { cassino, type CassinoState } from '../src/index.ts';
import { Rng } from './cassino-playout.ts';

/**
 * Every enumeration over seeded deals, digested: the listed intents in their order, whether the
 * list is complete, the cards left free and the total. Trailing more often crowds the table, so
 * the lists grow past the ceiling and get cut (the crowded styles of `pnpm bench rules`). The
 * digests were taken from the enumeration at fa9d732, before it was made faster: any change to
 * what is listed, or to its order, fails here.
 */
function digestOfDeals(
  trailPerMille: number,
  deals: number,
): { digest: string; states: number; cut: number } {
  const rng = new Rng(`legal-golden-${trailPerMille}`);
  const hash = createHash('sha256');
  let states = 0;
  let cut = 0;
  for (let d = 0; d < deals; d++) {
    let s: CassinoState = cassino.setup({ match: 'single' }, 2, `legal-golden-${trailPerMille}/${d}`);
    while (s.phase === 'playing') {
      const seat = s.turn as number;
      const e = enumerateIntents(s, seat);
      hash.update(JSON.stringify(e));
      states++;
      if (!e.complete) cut++;
      const trails = e.intents.filter((i) => i.type === 'trail');
      const pick =
        trails.length > 0 && rng.int(1000) < trailPerMille ? rng.pick(trails) : rng.pick(e.intents);
      const r = cassino.apply(s, seat, pick, 0);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value;
    }
  }
  return { digest: hash.digest('hex'), states, cut };
}

describe('cassino: the legal enumeration is unchanged (golden digests)', () => {
  it.each([
    [0, 60, '8f84f1a142117f1a65308219dd237c32c78bddd44e26c748a13f1c831311154d'],
    [500, 40, '642f77e36bc9c7f08ba3788011c7abcbc4102f582e3f53cddbf0450113b655b0'],
    [900, 15, 'dbfe50e127a963c713d19157f825a79d767c789fd91949da1a8118351ecf4ced'],
  ])('trailing %i‰ of the time, %i deals', (perMille, deals, expected) => {
    const { digest, states, cut } = digestOfDeals(perMille, deals);
    expect(states).toBeGreaterThan(deals * 40);
    if (perMille === 900) expect(cut).toBeGreaterThan(0);
    expect(digest).toBe(expected);
  });
});
