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
import { awaitingProof } from '../../src/blind-cassowary/flow.ts';
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
}

/**
 * The driver's own record of every accepted claim (seat and card ids, from the intents it sent), to
 * score the game without the rules' nests: a claim stood iff it was the last claim of each of its
 * cards and none of them is back in a hand at the end (a returned claim's cards go back to the hand;
 * a stood one's never leave the nest).
 */
type Ledger = { seat: number; cards: readonly string[] }[];

function checkScores(s: BlindCassowaryState, ledger: Ledger): number {
  const standings = s.standings;
  check(standings !== null, 'standings at the end');
  if (standings === null) return 0;
  check(s.queue.length === 0, 'no claim left waiting');
  const inHand = new Set(s.hands.flat().map((c) => c.id));
  const lastClaim = new Map<string, number>();
  ledger.forEach((c, k) => c.cards.forEach((id) => lastClaim.set(id, k)));
  const stood = ledger.filter((c, k) => c.cards.every((id) => lastClaim.get(id) === k && !inHand.has(id)));
  // Every claimed card not back in a hand belongs to exactly one stood claim.
  const claimedOut = [...lastClaim.keys()].filter((id) => !inHand.has(id));
  check(claimedOut.length === stood.reduce((n, c) => n + c.cards.length, 0), 'claimed cards accounted for');
  const biggest = Math.max(0, ...stood.map((c) => c.cards.length));
  standings.forEach((l, seat) => {
    const mine = stood.filter((c) => c.seat === seat);
    const cards = mine.reduce((n, c) => n + c.cards.length, 0);
    check(l.nestCards === cards, `seat ${seat}: nest cards ${l.nestCards}, the driver counts ${cards}`);
    check(l.cassowaries === mine.length, `seat ${seat}: cassowaries match the driver's count`);
    check(l.nest === (s.options.scoring === 'composite' ? cards : mine.length), 'nest score by option');
    const big = s.options.bigCassowary && biggest > 0 && mine.some((c) => c.cards.length === biggest);
    check(l.bigCassowary === (big ? biggest : 0), 'Big Cassowary from the driver’s count');
    const parts =
      l.nest + l.bigCassowary + l.blind + l.drunkChameleon + l.nefarious + l.wrongClaims + l.bestInShow;
    check(l.total === parts, 'total is the sum of the breakdown');
  });
  return stood.length;
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

function playout(
  seed: string,
  options: BlindCassowaryOptions,
  players: number,
): { steps: number; stood: number } {
  const rng = new Rng(seed);
  let s = game.setup(options, players, seed);
  let now = 0;
  let steps = 0;
  const ledger: Ledger = [];
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
    if (intent.type === 'claim' && awaitingProof(frozen))
      check(!r.ok && r.error.code === 'CHECKING_DEAL', 'no claim before the deal is proven');
    else if (intent.type !== 'claim' || options.referee === 'table') s = expectOk(r);
    else if (r.ok) s = r.value;
    if (intent.type === 'claim' && r.ok) ledger.push({ seat, cards: intent.cards });
  }
  invariants(s);
  const stood = checkScores(s, ledger);
  BlindCassowaryViewSchema.parse(game.view(s, 0));
  return { steps, stood };
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
      let stood = 0;
      for (let g = 0; g < 12; g++) {
        const r = playout(`${name}-${g}`, options, 2 + (g % 7));
        steps += r.steps;
        stood += r.stood;
      }
      expect(steps).toBeGreaterThan(0);
      // The score check had cassowaries to count.
      expect(stood).toBeGreaterThan(0);
    });
  it('views validate against the wire schema mid-game', () => {
    const s = game.setup(BLIND_CASSOWARY_DEFAULTS, 5, 'schema');
    for (const viewer of [0, 4, 'spectator'] as const) BlindCassowaryViewSchema.parse(game.view(s, viewer));
  });
});
