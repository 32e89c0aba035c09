import {
  BlindCassowaryViewSchema,
  type BlindCassowaryIntent,
  type BlindCassowaryOptions,
} from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';
import {
  BLIND_CASSOWARY_DEFAULTS,
  blindCassowarySpectator,
  type BlindCassowaryState,
} from '../../src/blind-cassowary/index.ts';
import { holdsCards } from '../../src/blind-cassowary/state.ts';
import { deepFreeze, game } from './helpers.ts';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`playout check failed: ${what}`);
}

class Rng {
  private state: PrngState;
  constructor(seed: string) {
    this.state = seedPrng(seed);
  }
  int(bound: number): number {
    const [v, next] = nextInt(this.state, bound);
    this.state = next;
    return v;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

function invariants(s: BlindCassowaryState): void {
  const places = [
    ...s.hands.flat(),
    ...s.reserve,
    ...s.target.cards,
    ...s.setAside,
    ...s.claims.filter(holdsCards).flatMap((c) => c.cards),
  ].map((c) => c.id);
  check(places.length === 54, `54 cards conserved (${places.length})`);
  check(new Set(places).size === 54, 'no card in two places');
  for (let seat = 0; seat < s.players; seat++) {
    const v = game.view(s, seat);
    check(JSON.stringify(v.hand) === JSON.stringify(s.hands[seat]), 'own hand shown');
    const othersHands = s.hands
      .filter((_, i) => i !== seat)
      .flat()
      .map((c) => c.id);
    check(!v.hand.some((c) => othersHands.includes(c.id)), 'no other hand shown');
    if (!s.blindRevealed)
      v.blind.forEach((b, i) => check(i === seat || (b.formula === null && b.pass === null), 'blind hidden'));
  }
  const spectator = game.view(s, 'spectator');
  check(spectator.hand.length === 0, 'spectator sees no hand');
  if (s.standings !== null)
    s.standings.forEach((l, seat) => {
      const nest = game.view(s, seat).nests[seat] ?? [];
      check(l.nestCards === nest.reduce((n, e) => n + e.cards.length, 0), 'scores match nests');
      check(l.cassowaries === nest.length, 'cassowaries match nest');
    });
}

/** A random wrong-ish claim: two random own cards added. */
function randomClaim(rng: Rng, s: BlindCassowaryState, seat: number): BlindCassowaryIntent | null {
  const hand = (s.hands[seat] ?? []).filter((c) => c.rank !== 0);
  if (hand.length < 2) return null;
  const a = rng.pick(hand);
  const b = rng.pick(hand.filter((c) => c.id !== a.id));
  return {
    type: 'claim',
    cards: [a.id, b.id],
    expr: {
      kind: 'op',
      op: rng.pick(['+', '-', '*', '/', '^'] as const),
      left: { kind: 'leaf', ref: a.id },
      right: { kind: 'leaf', ref: b.id },
    },
    chameleons: [],
  };
}

function playout(seed: string, options: BlindCassowaryOptions, players: number): number {
  const rng = new Rng(seed);
  let s = game.setup(options, players, seed);
  let now = 0;
  let steps = 0;
  while (game.outcome(s) === null) {
    check(++steps < 4000, 'the game ends');
    invariants(s);
    const frozen = deepFreeze(s);
    const before = JSON.stringify(frozen);
    const actors = game.actors(s);
    const seat = rng.pick(actors);
    const legal = game.legalIntents(s, seat);
    const timer = game.timers!(s)[0];
    let intent: BlindCassowaryIntent | undefined;
    const roll = rng.int(10);
    if (s.phase === 'play' && roll === 0) intent = randomClaim(rng, s, seat) ?? undefined;
    else if (roll === 1 && timer !== undefined) {
      now += timer.afterMs;
      s = expectOk(game.apply(frozen, timer.seat, timer.intent, now));
      continue;
    } else if (s.phase === 'play' && roll === 2 && timer !== undefined && rng.int(4) === 0) {
      const r = blindCassowarySpectator(
        frozen,
        `spec-${rng.int(3)}`,
        { type: 'challenge', claimId: timer.intent.type === 'reviewExpired' ? timer.intent.claimId : '' },
        now,
      );
      if (r.ok) s = r.value;
      continue;
    }
    if (intent === undefined) {
      // Mostly useful moves; "stuck off" only rarely so that the table does get stuck.
      const useful = legal.filter((i) => !(i.type === 'stuck' && !i.on) || rng.int(10) === 0);
      intent = useful.length > 0 ? rng.pick(useful) : undefined;
    }
    if (intent === undefined) {
      check(
        timer !== undefined || actors.some((a) => game.legalIntents(s, a).length > 0),
        'someone can always act',
      );
      continue;
    }
    now += 1 + rng.int(50);
    const r = game.apply(frozen, seat, intent, now);
    check(JSON.stringify(frozen) === before, 'apply never mutates');
    if (intent.type !== 'claim' || options.referee === 'table') s = expectOk(r);
    else if (r.ok) s = r.value;
  }
  invariants(s);
  BlindCassowaryViewSchema.parse(game.view(s, 0));
  return steps;
}

function expectOk<T>(r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.value;
}

describe('blind-cassowary: seeded random playouts', () => {
  const configs: [string, BlindCassowaryOptions][] = [
    ['default', BLIND_CASSOWARY_DEFAULTS],
    ['server+two', { ...BLIND_CASSOWARY_DEFAULTS, referee: 'server', targetMethod: 'two' }],
    ['simple+best', { ...BLIND_CASSOWARY_DEFAULTS, scoring: 'simple', bestInShow: true }],
  ];
  for (const [name, options] of configs)
    it(`${name}: invariants hold and every game ends`, () => {
      let steps = 0;
      for (let g = 0; g < 12; g++) steps += playout(`${name}-${g}`, options, 2 + (g % 7));
      expect(steps).toBeGreaterThan(0);
    });
  it('views validate against the wire schema mid-game', () => {
    const s = game.setup(BLIND_CASSOWARY_DEFAULTS, 5, 'schema');
    for (const viewer of [0, 4, 'spectator'] as const) BlindCassowaryViewSchema.parse(game.view(s, viewer));
  });
});
