import { describe, expect, it } from 'vitest';
import { syn, ACE } from '../../src/cunt-soul/cards.ts';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';
import { act, expectErr, expectOk, game, hand, play, position, seatIndex } from './helpers.ts';

const opts = (dealer: 'random' | number = 'random') => ({ dealer, turnLimit: 1000 });

/** Every seat chooses its first three cards face up and the fourth as field card (or the given picks). */
function chooseAll(
  s: CuntSoulState,
  pick?: (hand: readonly string[], seat: number) => { up: string[]; field: string },
) {
  let state = s;
  for (let seat = 0; seat < s.players; seat++) {
    const h = state.seats[seat]!.hand;
    const choice = pick?.(h, seat) ?? { up: h.slice(0, 3), field: h[3]! };
    state = expectOk(act(state, { type: 'setupSelect', ...choice }, seat));
  }
  return state;
}

describe('S — setup and start', () => {
  it('S-1/a n=1 and n=9 are rejected; n=2 deals 24 cards from one deck, source 30', () => {
    expect(() => game.setup(opts(), 1, 'x')).toThrow();
    expect(() => game.setup(opts(), 9, 'x')).toThrow();
    const s = game.setup(opts(), 2, 'x');
    expect(s.decks).toBe(1);
    expect(s.source).toHaveLength(30);
    for (const seat of s.seats) {
      expect(seat.hand).toHaveLength(9);
      expect(seat.down.filter((c) => c !== null)).toHaveLength(3);
    }
  });

  it('S-2/a after dealing, neither the owner nor anyone else sees a face-down card', () => {
    const s = game.setup(opts(), 3, 'deal');
    for (const viewer of [0, 1, 'spectator' as const]) {
      const v = game.view(s, viewer);
      expect(v.seats[0]!.down.map((d) => d.known)).toEqual([null, null, null]);
      const json = JSON.stringify(v);
      for (const id of s.seats[0]!.down) expect(json).not.toContain(`"${id}"`);
    }
  });

  it('S-3/a any cards may be face up or field: two 10s and a 2 up, a Joker as field', () => {
    const base = game.setup(opts(0), 2, 'fixed');
    // give seat 0 a hand with 10, 10, 2 and a Joker by building the choice from a position
    const s: CuntSoulState = {
      ...base,
      seats: base.seats.map((seat, i) =>
        i === 0
          ? {
              ...seat,
              hand: [
                '10S',
                '10H',
                '2C',
                'JK1',
                ...seat.hand.filter((c) => !['10S', '10H', '2C', 'JK1'].includes(c)).slice(0, 5),
              ],
            }
          : seat,
      ),
    };
    const others = base.seats[1]!.hand.filter((c) => !['10S', '10H', '2C', 'JK1'].includes(c));
    const s2: CuntSoulState = {
      ...s,
      seats: s.seats.map((seat, i) => (i === 1 ? { ...seat, hand: others.slice(0, 9) } : seat)),
    };
    let r = expectOk(act(s2, { type: 'setupSelect', up: ['10S', '10H', '2C'], field: 'JK1' }, 0));
    r = expectOk(
      act(r, { type: 'setupSelect', up: r.seats[1]!.hand.slice(0, 3), field: r.seats[1]!.hand[3]! }, 1),
    );
    expect(r.phase).toBe('play');
    expect(game.view(r, 1).fields).toContain('Joker');
  });

  it('S-3 a choice must be four distinct cards of the own hand', () => {
    const s = game.setup(opts(), 2, 'bad');
    const h = s.seats[0]!.hand;
    const other = s.seats[1]!.hand[0]!;
    expectErr(act(s, { type: 'setupSelect', up: [h[0]!, h[0]!, h[1]!], field: h[2]! }, 0), 'DUPLICATE_CARD');
    expectErr(act(s, { type: 'setupSelect', up: [h[0]!, h[1]!, other], field: h[2]! }, 0), 'NOT_YOUR_CARD');
    expectErr(act(s, { type: 'setupSelect', up: [h[0]!], field: h[2]! } as never, 0), 'BAD_INTENT');
  });

  it('S-4/a a submitted choice is final; choices stay hidden until the last seat has chosen, then all show', () => {
    let s = game.setup(opts(), 3, 'reveal');
    const h0 = s.seats[0]!.hand;
    s = expectOk(act(s, { type: 'setupSelect', up: h0.slice(0, 3), field: h0[3]! }, 0));
    expectErr(act(s, { type: 'setupSelect', up: h0.slice(4, 7), field: h0[7]! }, 0), 'ALREADY_CHOSEN');
    const h1 = s.seats[1]!.hand;
    s = expectOk(act(s, { type: 'setupSelect', up: h1.slice(0, 3), field: h1[3]! }, 1));
    expect(game.actors(s)).toEqual([2]);
    const aView = game.view(s, 0);
    expect(aView.seats[1]!.selection).toBeNull();
    expect(aView.seats[1]!.choosing).toBe(false);
    expect(aView.seats[2]!.choosing).toBe(true);
    expect(JSON.stringify(aView)).not.toContain(`"${h1[3]}"`);
    expect(game.view(s, 1).seats[1]!.selection?.field.id).toBe(h1[3]);
    const h2 = s.seats[2]!.hand;
    s = expectOk(act(s, { type: 'setupSelect', up: h2.slice(0, 3), field: h2[3]! }, 2));
    const after = game.view(s, 0);
    expect(after.phase).toBe('play');
    expect(after.seats.map((x) => x.field?.id)).toEqual([h0[3], h1[3], h2[3]]);
    expect(after.seats[1]!.up.map((u) => u.card?.id)).toEqual(h1.slice(0, 3));
  });

  it('S-5/a field 6 flips the source first, then field-A draws go in turn order until the source runs out', () => {
    // n=4, dealer D: A first. fields {A,A,A,3} → hand size 8; each hand holds 5 after choosing.
    let s = game.setup(opts(3), 4, 's5');
    // shape the deal: a source of 6 and three seats with an Ace to choose as field
    const pool = [...s.source];
    s = {
      ...s,
      source: pool.slice(0, 6),
      seats: s.seats.map((seat, i) => ({
        ...seat,
        hand:
          i < 3
            ? ['AS', 'AH', 'AD'].slice(i, i + 1).concat(seat.hand.filter((c) => syn(c) !== ACE).slice(0, 8))
            : seat.hand
                .filter((c) => syn(c) !== ACE && c !== '3C')
                .slice(0, 8)
                .concat(['3C']),
      })),
    };
    s = chooseAll(s, (h, seat) => ({
      up: h.filter((c) => !['AS', 'AH', 'AD', '3C'].includes(c)).slice(0, 3),
      field: seat < 3 ? h[0]! : '3C',
    }));
    expect(s.phase).toBe('play');
    expect(s.seats.map((x) => x.hand.length)).toEqual([8, 8, 5, 5]);
    expect(s.source).toHaveLength(0);
    expect(s.current).toBe(0);
  });

  it('S-5 field 6 at the reveal turns the source over: its former bottom card is drawn next and is public', () => {
    let s = game.setup(opts(0), 2, 'six');
    const six = s.source.find((c) => syn(c) === 6)!;
    s = {
      ...s,
      source: s.source.filter((c) => c !== six),
      seats: s.seats.map((x, i) =>
        i === 0
          ? { ...x, hand: [...x.hand.filter((c) => syn(c) !== 6).slice(0, 8), six] }
          : { ...x, hand: x.hand },
      ),
    };
    const before = [...s.source];
    s = chooseAll(s, (h, seat) => {
      const f = seat === 0 ? six : h.find((c) => syn(c) !== 6)!;
      return { up: h.filter((c) => c !== f).slice(0, 3), field: f };
    });
    expect(s.sourceFlipped).toBe(true);
    expect(s.source).toEqual(before.reverse());
    expect(game.view(s, 1).sourceTop?.id).toBe(s.source[0]);
  });

  it('S-6/a the dealer option: dealer B makes C first; after a plain link A is next', () => {
    const s = game.setup(opts(1), 3, 'dealer');
    expect(s.dealer).toBe(1);
    expect(s.current).toBe(2);
    let p = position({ n: 3, current: 'C', source: 10, seats: { C: { hand: ['9', '4', '4', '4', '4'] } } });
    p = play(p, '9');
    expect(p.current).toBe(seatIndex('A'));
    const random = game.setup(opts('random'), 5, 'r');
    expect(random.dealer).toBeGreaterThanOrEqual(0);
    expect(random.dealer).toBeLessThan(5);
    expect(game.setup(opts('random'), 5, 'r').dealer).toBe(random.dealer);
  });

  it('MD-1/a n=5 uses 108 cards, 60 dealt, source 48; n=8 deals 96, source 12', () => {
    const five = game.setup(opts(), 5, 'five');
    expect(five.decks).toBe(2);
    expect(five.source).toHaveLength(48);
    const eight = game.setup(opts(), 8, 'eight');
    expect(eight.source).toHaveLength(12);
    const all = [...eight.source, ...eight.seats.flatMap((x) => [...x.hand, ...x.down])];
    expect(all).toHaveLength(108);
    expect(new Set(all).size).toBe(108);
  });

  it('MD-2 a single link of five 7s burns on its own', () => {
    let s = position({ n: 5, source: 10, seats: { A: { hand: ['7', '7', '7', '7', '7'] } } });
    s = play(s, '7', '7', '7', '7', '7');
    expect(s.pile).toHaveLength(0);
    expect(s.out).toHaveLength(5);
    expect(s.lastBurn?.reason).toBe('fourOfAKind');
  });

  it('MD-3/a three Jokers under field 3 make a trio: no swap-back, the next player is locked', () => {
    let s = position({
      n: 5,
      fields: ['3'],
      current: 'B',
      source: 10,
      pile: [{ v: '5', player: 'A', swaps: [] }],
      seats: { B: { hand: ['Joker', 'Joker', 'Joker', '9'] }, C: { hand: ['4', '3'] } },
    });
    s = play(s, 'Joker', 'Joker', 'Joker');
    const t = s.pile.at(-1)!;
    expect([t.sem, t.av]).toEqual([3, 3]);
    expect(hand(s, 'C')).toEqual(['3', '4']);
    const c = { ...s };
    expect(game.legalIntents(c, 2).filter((i) => i.type === 'playLink')).toHaveLength(1);
  });
});
