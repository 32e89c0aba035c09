/**
 * The rules page's Decisions (docs/rules/star-navigator.md) that the clause tests in rules.test.ts do
 * not already pin down: each test names its decision.
 */
import { describe, expect, it } from 'vitest';
import { tarotDeck } from '../../src/star-navigator/cards.ts';
import { dealTarget } from '../../src/star-navigator/target.ts';
import { phantomsFor, vectorRules } from '../../src/star-navigator/vector.ts';
import type { StarNavigatorState } from '../../src/star-navigator/state.ts';
import {
  act,
  choose,
  composeState,
  expectErr,
  game,
  L,
  layOutState,
  O,
  opts,
  submit,
  sum,
} from './helpers.ts';
import { playMatch } from './policy.ts';

const tarot = Object.fromEntries(tarotDeck().map((c) => [c.id, c]));
const T = (...ids: string[]) => ids.map((id) => tarot[id] ?? (undefined as never));

/** Every seat still in the round runs out of time (the room's clock): nobody wins, nobody pays. */
function timeOutRound(state: StarNavigatorState): StarNavigatorState {
  let s = state;
  for (let seat = 0; seat < s.players; seat++)
    if ((s.phase === 'draft' || s.phase === 'compose') && !s.seats[seat]?.eliminated)
      s = act(s, seat, { type: 'roundTimeout' });
  return s;
}

/**
 * Target 31 with the Beacon J♦: seat 0 makes (11 − 7) × 8 = 32 (1 away) and wins; seats 1 and 2 add
 * up to 20 (11 away).
 */
const playTarget31 = (state: StarNavigatorState): StarNavigatorState => {
  let s = act(state, 0, choose(['7S', '8H', 'JD']));
  s = act(s, 0, submit(O('*', O('-', L('JD'), L('7S')), L('8H')), 32));
  s = act(s, 1, choose(['4S', '5S', 'JD']));
  s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
  s = act(s, 2, choose(['4H', '5H', 'JD']));
  return act(s, 2, submit(sum(['4H', '5H', 'JD']), 20));
};

const continueAll = (state: StarNavigatorState): StarNavigatorState =>
  state.seats.reduce((s, x, seat) => (x.eliminated ? s : act(s, seat, { type: 'continue' })), state);

describe('decisions: Pirate Map', () => {
  it('decision 9: one sale per round; the next buyer pays 3 into the Bounty (not to the owner); the map changes hands', () => {
    let s = game.setup(opts({ pirateMap: true }), 3, 'sale');
    expect(s.phase).toBe('market');
    const [a, b, c] = s.marketQueue as [number, number, number];
    expect(a).toBe(s.initiative);
    s = act(s, a, { type: 'buyMap' });
    // one sale per round: the others are not offered it again this round, the deal follows
    expect(s.phase).toBe('draft');
    expect(s.marketQueue).toEqual([]);
    expect([s.bounty, s.mapOwner, s.seats[a]?.chips]).toEqual([2, a, 8]);
    s = continueAll(timeOutRound(s));
    // round 2: offered in Initiative order (it moved left), the owner excluded, at the escalated price
    expect(s.phase).toBe('market');
    expect(s.marketQueue).not.toContain(a);
    expect(new Set(s.marketQueue)).toEqual(new Set([b, c]));
    expect(game.view(s, 'spectator').pirateMapPrice).toBe(3);
    const buyer = s.marketQueue[0] as number;
    s = act(s, buyer, { type: 'buyMap' });
    expect(s.mapOwner).toBe(buyer);
    expect(s.bounty).toBe(5);
    expect(s.seats[buyer]?.chips).toBe(7);
    expect(s.seats[a]?.chips).toBe(8); // the previous owner gets nothing
    expect(game.view(s, 'spectator').bountyEligible).toEqual([0, 1, 2].filter((x) => x !== buyer));
  });

  it('decision 9: an owner who is knocked out loses the map; the next buyer pays the escalated price', () => {
    const s0 = composeState(opts({ pirateMap: true }), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      chips: [10, 1, 10],
      mapOwner: 1,
      bounty: 2,
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S'],
        ['4H', '5H', '6H', '9H'],
      ],
    });
    const s1 = { ...s0, mapPurchases: 1 };
    let s = playTarget31(s1);
    expect(s.lastShowdown?.eliminated).toEqual([1]);
    expect(s.mapOwner).toBeNull();
    expect(game.view(s, 'spectator').pirateMapOwner).toBeNull();
    // seat 0 won alone and is not the owner: the Bounty is theirs
    expect(s.lastShowdown).toMatchObject({ bountyClaimedBy: 0, bountyClaimed: 2 });
    s = continueAll(s);
    expect(s.phase).toBe('market');
    expect(new Set(s.marketQueue)).toEqual(new Set([0, 2]));
    expect(game.view(s, 'spectator').pirateMapPrice).toBe(3);
  });

  it('decision 9: the owner chooses the lay-out order; any permutation of their own Nav Memory is accepted', () => {
    const s = layOutState();
    // listed once, as the shape to fill in
    expect(game.legalIntents(s, 0).filter((i) => i.type === 'layOutMemory')).toHaveLength(1);
    const memory = ['5H', '4H', '7H', '3C'];
    const perms = (xs: string[]): string[][] =>
      xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms(xs.filter((_, k) => k !== i)).map((p) => [x, ...p]));
    const lost = new Set<string>();
    for (const order of perms(memory)) {
      const t = act(s, 0, { type: 'layOutMemory', order });
      const roll = t.seats[0]?.corruption?.roll as number;
      // the die picks a position; the card there is the one the owner put there
      expect(t.seats[0]?.corruption?.card).toBe(order[roll - 1]);
      lost.add(t.seats[0]?.corruption?.card as string);
    }
    // so the owner's order, not the draft order, decides which card is lost
    expect(lost).toEqual(new Set(memory));
    expectErr(game.apply(s, 0, { type: 'layOutMemory', order: ['5H', '4H', '7H', '7H'] }, 0), 'BAD_ORDER');
    expectErr(game.apply(s, 0, { type: 'layOutMemory', order: ['5H', '4H', '7H', '6S'] }, 0), 'BAD_ORDER');
    expectErr(game.apply(s, 1, { type: 'layOutMemory', order: ['6S', '2D', '6C', '9D'] }, 0), 'NO_LAYOUT');
  });

  it('decision 6: a Hotshot stake stands when the Pirate Map corrupts the locked card (no longer must-use)', () => {
    const s0 = composeState(opts({ pirateMap: true, hotshotSpacer: true }), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      mapOwner: 0,
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
        ['4H', '5H', '6H', '9H'],
      ],
      patch: [{ mustLayOut: true, locked: '2C' }],
    });
    // the roll does not depend on the order: put the locked card where the die lands
    const probe = act(s0, 0, { type: 'layOutMemory', order: ['7S', '8H', '2C', '3C'] });
    const roll = probe.seats[0]?.corruption?.roll as number;
    const order = ['7S', '8H', '3C'];
    order.splice(roll - 1, 0, '2C');
    let s = act(s0, 0, { type: 'layOutMemory', order });
    expect(s.seats[0]?.corruption?.card).toBe('2C');
    expect(s.seats[0]?.locked).toBe('2C');
    expect(vectorRules(s, 0).required).not.toContain('2C');
    expect(game.view(s, 1).seats[0]?.hotshot).toBe(true);
    // the owner plays without the lost card (and may skip the Beacon) and loses: the stake of 2 to
    // every other player stands
    s = act(s, 0, choose(['7S', '8H', '3C']));
    s = act(s, 0, submit(sum(['7S', '8H', '3C']), 18));
    s = act(s, 1, choose(['4S', '5S', 'JD']));
    s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    s = act(s, 2, choose(['4H', '9H', 'JD']));
    s = act(s, 2, submit(sum(['4H', '9H', 'JD']), 24));
    expect(s.lastShowdown?.winners).toEqual([2]);
    expect(s.lastShowdown?.lines.find((l) => l.seat === 0)?.hotshot).toBe(true);
    expect(s.lastShowdown?.payments).toEqual([
      { from: 0, to: 1, amount: 2, reason: 'hotshotLoss' },
      { from: 0, to: 2, amount: 2, reason: 'hotshotLoss' },
      { from: 1, to: 2, amount: 1, reason: 'win' },
    ]);
  });

  it('decision 11: Forced Override with the Pirate Map: the owner must use every Override card, not the Beacon', () => {
    const s = composeState(opts({ variant: 'forcedCommandOverride', overrideSuit: 'H', pirateMap: true }), {
      target: ['2S', '4C'],
      beacon: '3S',
      overrideSuit: 'H',
      mapOwner: 0,
      memories: [
        ['5H', '4H', '2C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    expect(vectorRules(s, 0)).toMatchObject({ required: ['5H', '4H'], size: 3 });
    expect(vectorRules(s, 1)).toMatchObject({ required: ['3S', '6H'], size: 3 });
    act(s, 0, choose(['5H', '4H', '2C'])); // no Beacon
    act(s, 0, choose(['5H', '4H', '3S'])); // or with it
    expectErr(game.apply(s, 0, choose(['5H', '2C', '3S']), 0), 'MUST_USE');
    expectErr(game.apply(s, 1, choose(['6H', '2D', '6C']), 0), 'MUST_USE');
    expect(game.view(s, 0).vectorRule).toEqual({
      size: 3,
      required: ['5H', '4H'],
      oneOf: [],
      beaconOptional: true,
    });
    expect(game.view(s, 1).vectorRule).toEqual({
      size: 3,
      required: ['3S', '6H'],
      oneOf: [],
      beaconOptional: false,
    });
    expect(game.view(s, 'spectator').vectorRule).toBeNull();
  });
});

describe('decisions: Override variants and Precog', () => {
  it('decision 11: Select Override with an Override Beacon still needs one Override card from the Nav Memory', () => {
    const s = composeState(opts({ variant: 'selectCommandOverride', overrideSuit: 'H' }), {
      target: ['2S', '4C'],
      beacon: '3H',
      overrideSuit: 'H',
      memories: [
        ['5H', '4C', '7C', '3C'],
        ['6S', '2D', '6C', '9D'],
      ],
    });
    expect(vectorRules(s, 0)).toMatchObject({ required: ['3H'], oneOf: ['5H'], size: 3 });
    expectErr(game.apply(s, 0, choose(['4C', '7C', '3H']), 0), 'MUST_USE');
    act(s, 0, choose(['5H', '7C', '3H']));
    // no Override card in the Nav Memory: the Beacon (an Override card itself) and any two
    expect(vectorRules(s, 1)).toMatchObject({ required: ['3H'], oneOf: [], size: 3 });
    act(s, 1, choose(['6S', '2D', '3H']));
    expect(game.view(s, 0).vectorRule).toMatchObject({ oneOf: ['5H'], size: 3 });
  });

  it('decision 8: a Tarot Ace is 100 in the target too; a trump alone is the target', () => {
    expect(dealTarget(T('tAW', 't5C', 'T3'), 'trumps')).toMatchObject({ value: 1005, used: 2 });
    expect(dealTarget(T('t5C', 'tAW', 'T3'), 'trumps')).toMatchObject({ value: 150, used: 2 });
    expect(dealTarget(T('tPW', 'tNC', 'T3'), 'trumps')).toMatchObject({ value: 21, used: 2 });
    expect(dealTarget(T('T0', 't5C'), 'trumps')).toMatchObject({ value: 0, used: 1 });
  });

  it('decision 14: a second Override card never reaches the target (drawing stops at the first)', () => {
    // first card an Override: it stands alone and the next card is not drawn for the target
    expect(dealTarget(T('T3', 'T7', 't5C'), 'trumps')).toMatchObject({ value: 3, used: 1, setAside: [] });
    // over many deals: at most one Override card in the target, and then it is alone
    for (let i = 0; i < 300; i++) {
      const s = game.setup(
        opts({ variant: i % 2 === 0 ? 'forcedPrecog' : 'selectCommandOverride' }),
        2,
        `t${i}`,
      );
      const overrides = s.targetCards.filter((id) => s.cards[id]?.suit === s.overrideSuit);
      expect(overrides.length).toBeLessThanOrEqual(1);
      if (overrides.length === 1) expect(s.targetCards).toHaveLength(1);
      expect(s.discard.every((id) => s.cards[id]?.suit !== s.overrideSuit)).toBe(true);
    }
  });

  it('decision 15: the Tarot Ace is 100 in a sequence as everywhere (the Page is the 1); a phantom goes up to 21', () => {
    const st = composeState(opts({ variant: 'forcedPrecog', extrapolativeComputation: true }), {
      target: ['t2W', 't4C'],
      beacon: 't3S',
      overrideSuit: 'trumps',
      memories: [
        ['tAW', 't2C', 'tPC', 't5C'],
        ['t6W', 't7C', 't8C', 't9C'],
      ],
    });
    expect(phantomsFor(st, T('tAW', 't2C', 't3S'))).toEqual([]);
    expect(phantomsFor(st, T('tPC', 't2C', 't3S'))).toEqual([0, 4]);
    expect(phantomsFor(st, T('T18', 'T19', 'T20'))).toEqual([17, 21]);
    expect(phantomsFor(st, T('T19', 'T20', 'T21'))).toEqual([18]);
    expect(phantomsFor(st, T('tQC', 'tKS', 'T14'))).toEqual([11, 15]);
    expectErr(game.apply(st, 0, choose(['tAW', 't2C', 't3S'], [], 4), 0), 'BAD_PHANTOM');
    act(st, 0, choose(['tPC', 't2C', 't3S'], [], 4));
  });

  it('decision 10: the phantom has no suit and does not break a Slingshot', () => {
    const s0 = composeState(opts({ slingshotManoeuvre: true, extrapolativeComputation: true }), {
      target: ['2H', '5C'],
      beacon: '3S',
      memories: [
        ['5S', '4S', '2C', '3C'],
        ['6H', '2D', '6C', '9D'],
      ],
    });
    let s = act(s0, 0, choose(['5S', '4S', '3S'], [], 6));
    s = act(s, 0, submit(O('+', O('*', L('5S'), L('4S')), O('-', L('phantom'), L('3S'))), 23));
    s = act(s, 1, choose(['6H', '6C', '3S']));
    s = act(s, 1, submit(O('+', O('*', L('6H'), L('3S')), L('6C')), 24));
    expect(s.lastShowdown?.lines.map((l) => [l.seat, l.phantom, l.slingshot, l.distance])).toEqual([
      [0, 6, true, 0],
      [1, null, false, 1],
    ]);
  });

  it("'random each round': the Override suit is drawn again every round of a match", () => {
    const suits: string[] = [];
    playMatch(opts({ variant: 'selectCommandOverride', startingChips: 6 }), 3, 'suits', 'best', (b, a) => {
      if (a.phase === 'draft' && a.round !== b.round) suits.push(a.overrideSuit as string);
      if (a.phase === 'draft' && b.phase === 'market') suits.push(a.overrideSuit as string);
    });
    const first = game.setup(opts({ variant: 'selectCommandOverride', startingChips: 6 }), 3, 'suits');
    suits.unshift(first.overrideSuit as string);
    expect(suits.length).toBeGreaterThan(4);
    expect(new Set(suits).size).toBeGreaterThan(1);
    expect(suits.every((x) => ['S', 'H', 'D', 'C'].includes(x))).toBe(true);
    // a fixed suit never changes
    const fixed: string[] = [];
    playMatch(
      opts({ variant: 'forcedCommandOverride', overrideSuit: 'D', startingChips: 3 }),
      2,
      'fixed',
      'best',
      (_b, a) => {
        if (a.phase === 'draft') fixed.push(a.overrideSuit as string);
      },
    );
    expect(new Set(fixed)).toEqual(new Set(['D']));
  });
});

describe('decisions: timers and views', () => {
  it('decision 12: the Pirate Map offer and the showdown acknowledgement have 30-second timers (when timers are on)', () => {
    const m = game.setup(opts({ pirateMap: true }), 3, 'short');
    const seat = m.marketQueue[0] as number;
    expect(game.timers?.(m)).toEqual([
      { key: `market-1-${seat}`, seat, afterMs: 30_000, intent: { type: 'declineMap' } },
    ]);
    // the offer runs out: declined, the next seat is offered with its own 30 s
    const next = act(m, seat, { type: 'declineMap' });
    expect(game.timers?.(next)).toEqual([
      {
        key: `market-1-${next.marketQueue[0]}`,
        seat: next.marketQueue[0],
        afterMs: 30_000,
        intent: { type: 'declineMap' },
      },
    ]);
    const shown = timeOutRound(game.setup(opts(), 3, 'ack'));
    expect(shown.phase).toBe('showdown');
    expect(game.timers?.(shown)).toEqual(
      [0, 1, 2].map((s) => ({
        key: `continue-1-${s}`,
        seat: s,
        afterMs: 30_000,
        intent: { type: 'continue' },
      })),
    );
    const one = act(shown, 1, { type: 'continue' });
    expect(game.timers?.(one).map((t) => t.seat)).toEqual([0, 2]);
    // timers off: no short timers either
    const untimed = game.setup(opts({ pirateMap: true, roundTimerSeconds: null }), 3, 'short');
    expect(untimed.phase).toBe('market');
    expect(game.timers?.(untimed)).toEqual([]);
  });

  it('the market of round 2+ shows no target or Beacon (last round only inside the showdown record)', () => {
    let s = game.setup(opts({ pirateMap: true }), 3, 'mkt');
    s = act(s, s.marketQueue[0] as number, { type: 'declineMap' });
    s = act(s, s.marketQueue[0] as number, { type: 'declineMap' });
    s = act(s, s.marketQueue[0] as number, { type: 'declineMap' });
    expect(s.phase).toBe('draft');
    const round1 = { target: s.target, beacon: s.beacon };
    s = continueAll(timeOutRound(s));
    expect(s.phase).toBe('market');
    for (const viewer of [0, 1, 'spectator'] as const) {
      const v = game.view(s, viewer);
      expect(v).toMatchObject({ target: null, targetCards: [], signpostBeacon: null });
      expect(v.lastShowdown?.target).toBe(round1.target);
      expect(v.lastShowdown?.beacon.id).toBe(round1.beacon);
    }
  });

  it('the showdown record keeps the Initiative holder, chips and Bounty from before the payments', () => {
    const s0 = composeState(opts({ pirateMap: true }), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      initiative: 1,
      bounty: 4,
      mapOwner: 1,
      chips: [5, 6, 7],
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
        ['4H', '5H', '6H', '9H'],
      ],
    });
    const s = playTarget31(s0);
    expect(s.lastShowdown).toMatchObject({
      initiative: 1,
      chipsBefore: [5, 6, 7],
      bountyBefore: 4,
      bountyClaimedBy: 0,
    });
    expect(s.initiative).toBe(2);
    expect(s.seats.map((x) => x.chips)).toEqual([11, 5, 6]);
    expect(s.lastShowdown?.lines.map((l) => l.seat)).toEqual([1, 2, 0]);
  });
});
