/**
 * The deal's "no cassowary exists" proof: setup() never searches (it runs on the room's event loop);
 * the clock's `prove` intent runs the proof as an ordinary logged transition, and nobody plays first.
 * Which transitions may search at all (the room runs only those in its match workers).
 */
import { describe, expect, it, vi } from 'vitest';
import type * as Solve from '../../src/arith/solve.ts';
import type * as Decide from '../../src/arith/decide.ts';
import type { BlindCassowaryIntent, BlindCassowaryOptions } from '@cards/schema';
import { submitIntent, submitSpectatorIntent, startMatch } from '../../src/core/engine.ts';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';

// Every solver call of the rules goes through these three functions: count them.
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

vi.mock('../../src/arith/decide.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Decide>();
  return {
    ...real,
    decideAny: (...args: Parameters<typeof real.decideAny>) => {
      calls.n++;
      return real.decideAny(...args);
    },
  };
});

const { BLIND_CASSOWARY_DEFAULTS, mayRunSolver, noCassowary, searchHand } =
  await import('../../src/blind-cassowary/index.ts');
const { act, cards, claimOf, game, table } = await import('./helpers.ts');
const { policy } = await import('./policy.ts');

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

  it('every hand the game can deal up to ten cards is decided, chameleons and all', () => {
    const hands = [
      cards('AS AH AD AC 2S'),
      cards('2H 2D 2C 3S 3H'),
      cards('X1 X2 AS 2S 3S 4S'), // two chameleons, four ranks: ten readings
      cards('KS QS'),
      cards('4S 6H 2D 3C'),
      cards('X1 AS AH AD AC 2S 2H 2D 2C 3S'), // ten low cards
    ];
    for (const target of [24, 97, 1313, 1111, 25])
      for (const h of hands) expect([target, searchHand(h, target).kind]).not.toEqual([target, 'unknown']);
    expect(noCassowary([cards('AS AH AD AC 2S')], 1313)).toBe(true);
    expect(noCassowary([cards('AS AH AD AC 2S'), cards('4S 6H 2D 3C')], 24)).toBe(false);
  });
});

/**
 * The room runs a transition on its own thread when mayRunSolver says it cannot search, and in a
 * match worker otherwise: a transition it calls cheap must never run the solver.
 */
function playout(seed: string, options: BlindCassowaryOptions, players: number) {
  let rng: PrngState = seedPrng(seed);
  const int = (bound: number): number => {
    const [v, next] = nextInt(rng, bound);
    rng = next;
    return v;
  };
  let m = startMatch(game, options, players, seed);
  let now = 1000;
  const seen = { cheap: 0, searching: 0, searched: 0 };
  const step = (actor: number | null, intent: unknown, run: () => ReturnType<typeof submitIntent>) => {
    const may = mayRunSolver(m.state, actor, intent);
    const before = calls.n;
    const r = run();
    if (!may) expect([intent, calls.n - before]).toEqual([intent, 0]);
    if (may) seen.searching++;
    else seen.cheap++;
    if (calls.n > before) seen.searched++;
    if (r.ok) m = r.value as typeof m;
  };
  for (let k = 0; game.outcome(m.state) === null && k < 3000; k++) {
    const seat = int(players);
    const legal = game.legalIntents(m.state, seat);
    const timer = game.timers!(m.state)[0];
    const roll = int(10);
    if (timer !== undefined && (roll === 0 || legal.length === 0)) {
      now += timer.afterMs;
      step(timer.seat, timer.intent, () =>
        submitIntent(game, m, timer.seat, timer.intent, m.version, now, true),
      );
      continue;
    }
    now += 1 + int(40);
    if (roll === 1 && timer?.intent.type === 'reviewExpired') {
      const intent = { type: 'challenge' as const, claimId: timer.intent.claimId };
      step(null, intent, () => submitSpectatorIntent(game, m, `spec-${int(2)}`, intent, now));
      continue;
    }
    const intent: BlindCassowaryIntent | null =
      roll < 6 ? policy(m.state, seat) : (legal[int(Math.max(1, legal.length))] ?? null);
    if (intent === null) continue;
    step(seat, intent, () => submitIntent(game, m, seat, intent, m.version, now));
  }
  return seen;
}

describe('blind-cassowary: which transitions may search (the room offloads only those)', () => {
  it('a transition called cheap never runs the solver; the searching ones do search', () => {
    const total = { cheap: 0, searching: 0, searched: 0 };
    const configs: BlindCassowaryOptions[] = [
      BLIND_CASSOWARY_DEFAULTS,
      { ...BLIND_CASSOWARY_DEFAULTS, referee: 'server', targetMethod: 'two' },
      { ...BLIND_CASSOWARY_DEFAULTS, bestInShow: true, targetPreviewSeconds: 3 },
    ];
    configs.forEach((options, c) => {
      for (let g = 0; g < 6; g++) {
        const seen = playout(`offload-${c}-${g}`, options, 2 + ((g + c) % 5));
        total.cheap += seen.cheap;
        total.searching += seen.searching;
        total.searched += seen.searched;
      }
    });
    // Both kinds occur often, and searches happened (the counter works).
    expect(total.cheap).toBeGreaterThan(200);
    expect(total.searching).toBeGreaterThan(50);
    expect(total.searched).toBeGreaterThan(20);
  });
});
