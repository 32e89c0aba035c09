/**
 * The deal's "no cassowary exists" proof: setup() never searches (it runs on the room's event loop);
 * the clock's `prove` intent runs the proof as an ordinary logged transition, and nobody plays first.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Solve from '../../src/arith/solve.ts';
import type { BlindCassowaryOptions } from '@cards/schema';
import { submitIntent, startMatch } from '../../src/core/engine.ts';

// Every solver call of the rules goes through these two functions: count them.
const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../src/arith/solve.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Solve>();
  return {
    ...real,
    canMake: (...args: Parameters<typeof real.canMake>) => {
      calls.n++;
      return real.canMake(...args);
    },
    bestNotOver: (...args: Parameters<typeof real.bestNotOver>) => {
      calls.n++;
      return real.bestNotOver(...args);
    },
  };
});

const { BLIND_CASSOWARY_DEFAULTS, noCassowary, searchHand } =
  await import('../../src/blind-cassowary/index.ts');
const { act, cards, claimOf, game, table } = await import('./helpers.ts');

const configs: BlindCassowaryOptions[] = [
  BLIND_CASSOWARY_DEFAULTS,
  { ...BLIND_CASSOWARY_DEFAULTS, targetMethod: 'two', referee: 'server' },
];

describe('blind-cassowary: the deal is proven by the clock, not in setup', () => {
  it('setup() never calls the solver, for any number of players and both target methods', () => {
    calls.n = 0;
    for (const options of configs)
      for (let players = 2; players <= 8; players++)
        for (let i = 0; i < 5; i++) {
          const s = game.setup(options, players, `deal-${players}-${i}`);
          expect(s.proofDue).toBe(true);
          expect(game.view(s, 0).checkingDeal).toBe(true);
          expect(game.timers!(s)).toEqual([
            { key: `prove-${s.reserve.length}`, seat: 0, afterMs: 0, intent: { type: 'prove' } },
          ]);
        }
    expect(calls.n).toBe(0);
    // The counter does count: the proof itself searches.
    const s = game.setup(BLIND_CASSOWARY_DEFAULTS, 4, 'deal-count');
    act(s, 0, { type: 'prove' });
    expect(calls.n).toBeGreaterThan(0);
  });

  it('before the proof: no claim, no stuck declaration, nothing listed; the prove intent is clock-only', () => {
    const s = table({ hands: ['4S 6H 2D', '2S QH 3C'], target: 24, proofDue: true });
    expect(game.legalIntents(s, 0)).toEqual([]);
    for (const intent of [claimOf(s, 0, '4*6'), { type: 'stuck', on: true } as const]) {
      const r = game.apply(s, 0, intent, 5);
      expect(r.ok ? '' : r.error.code).toBe('CHECKING_DEAL');
    }
    const m = { ...startMatch(game, BLIND_CASSOWARY_DEFAULTS, 2, 'x'), state: s };
    const byPlayer = submitIntent(game, m, 1, { type: 'prove' }, 0, 5);
    expect(byPlayer.ok ? '' : byPlayer.error.code).toBe('CLOCK_ONLY');
    const byClock = submitIntent(game, m, 0, { type: 'prove' }, 0, 5, true);
    expect(byClock.ok).toBe(true);
    if (!byClock.ok) return;
    expect(byClock.value.log).toEqual([{ actor: 0, intent: { type: 'prove' }, at: 5 }]);
    const proven = byClock.value.state;
    expect(proven.proofDue).toBe(false);
    expect(game.view(proven, 1).checkingDeal).toBe(false);
    expect(game.timers!(proven)).toEqual([]);
    // A cassowary exists (4 × 6): nobody draws, and now everyone may play.
    expect(proven.hands).toEqual(s.hands);
    expect(game.legalIntents(proven, 0)).toEqual([
      { type: 'stuck', on: true, hand: proven.hands[0]!.map((c) => c.id) },
      { type: 'showHand', open: true },
    ]);
    const claimed = act(proven, 0, claimOf(proven, 0, '4*6'));
    expect(claimed.claims).toHaveLength(1);
    const twice = game.apply(proven, 0, { type: 'prove' }, 6);
    expect(twice.ok ? '' : twice.error.code).toBe('NOTHING_PENDING');
  });

  it('the quick-then-full proof gives the same answer as a full search of every hand', () => {
    const hands = [
      cards('AS AH AD AC 2S'),
      cards('2H 2D 2C 3S 3H'),
      cards('X1 X2 AS 2S 3S 4S'), // too many chameleon readings: never provable
      cards('KS QS'),
      cards('4S 6H 2D 3C'),
    ];
    for (const target of [24, 97, 1313, 1111, 25])
      for (let k = 1; k <= hands.length; k++) {
        const some = hands.slice(0, k);
        const full = some.every((h) => searchHand(h, target).kind === 'none');
        expect([target, k, noCassowary(some, target)]).toEqual([target, k, full]);
      }
  });
});
