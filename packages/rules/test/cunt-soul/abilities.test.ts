import { describe, expect, it } from 'vitest';
import {
  act,
  avOf,
  choose,
  current,
  endChain,
  endSwaps,
  expectErr,
  flip,
  game,
  hand,
  pickUp,
  play,
  position,
  semOf,
  swap,
  top,
  tryPlay,
  upOf,
} from './helpers.ts';

const run = (player = 'A', to = '6') => {
  const values = ['5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  return [
    { v: '4', av: null, player, runStart: 1 },
    ...values.slice(0, values.indexOf(to) + 1).map((v) => ({ v, run: true, runStart: 1, player })),
  ];
};

describe('C-4 Runner', () => {
  it('C-4/a a run is optional: 4 then EndChain → B', () => {
    let s = position({ n: 4, source: 10, pile: ['2'], seats: { A: { hand: ['4', '5', '9'] } } });
    s = play(s, '4');
    expect(s.turn.oblig).toBe('runMay');
    expect(current(endChain(s))).toBe('B');
  });
  it('C-4/b once the 5 is down the run must reach the 6: no EndChain; without a 6, A picks up 2, 4, 5', () => {
    let s = position({ n: 4, source: 0, pile: ['2'], seats: { A: { hand: ['4', '5', '9'] } } });
    s = play(play(s, '4'), '5');
    expectErr(act(s, { type: 'endChain' }), 'CANNOT_END');
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['2', '4', '5', '9']);
  });
  it('C-4/c runs go up by rank under field K: 3 refused, 5 and 6 taken', () => {
    let s = position({
      n: 4,
      fields: ['K'],
      source: 10,
      pile: [{ v: '9', av: null }],
      seats: { A: { hand: ['4', '3', '5', '6', '9'] } },
    });
    s = play(s, '4');
    expectErr(tryPlay(s, '3'), 'RUN_NEXT');
    s = play(play(s, '5'), '6');
    expect(s.turn.oblig).toBe('runMay');
  });
  it('C-4/d the run ends at the A; the 2 stays in the hand; next B', () => {
    let s = position({
      n: 4,
      source: 0,
      pile: ['2'],
      seats: { A: { hand: ['4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A', '2'] } },
    });
    for (const v of ['4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A']) s = play(s, v);
    expect(hand(s, 'A')).toEqual(['2']);
    expect(current(s)).toBe('B');
  });
  it('C-4/e a value cannot repeat in a run: 6 then 6 refused, 7 taken', () => {
    let s = position({ n: 4, source: 10, pile: ['2'], seats: { A: { hand: ['4', '5', '6', '6', '7'] } } });
    s = play(play(play(s, '4'), '5'), '6');
    expect(tryPlay(s, '6').ok).toBe(false);
    expect(tryPlay(s, '7').ok).toBe(true);
  });
  it('C-4/f a run after a Q under field K: Q, 4, 5, 6 and the chain may end', () => {
    let s = position({ n: 4, fields: ['K'], source: 10, seats: { A: { hand: ['Q', '4', '5', '6', '9'] } } });
    s = play(play(play(play(s, 'Q'), '4'), '5'), '6');
    expect(current(endChain(s))).toBe('B');
  });
  it('C-4/g after a run the next player faces its last link: 5 refused, 6 and 2 taken', () => {
    const s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: run('A'),
      seats: { B: { hand: ['5', '6', '2'] } },
    });
    expect(['5', '6', '2'].filter((v) => tryPlay(s, v).ok)).toEqual(['6', '2']);
  });
  it('C-4/h run links have no ability: no burn, skip or prompt; B must play ≥ Q', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: ['2'],
      seats: { A: { hand: ['4', '5', '6', '7', '8', '9', '10', 'J', 'Q', '3'] }, B: { hand: ['J', 'K'] } },
    });
    for (const v of ['4', '5', '6', '7', '8', '9', '10', 'J', 'Q']) s = play(s, v);
    expect(s.pile).toHaveLength(10);
    s = endChain(s);
    expect(current(s)).toBe('B');
    expect(['J', 'K'].filter((v) => tryPlay(s, v).ok)).toEqual(['K']);
  });
  it('C-4/i a run continues blind: the 5 face down counts, the 9 fails and A picks up 2, 4, 5, 9', () => {
    let s = position({ n: 4, source: 0, pile: ['2'], seats: { A: { hand: ['4'], down: ['5', '9', 'K'] } } });
    s = play(s, '4');
    s = flip(s, 0);
    expect(s.turn.oblig).toBe('runMust');
    s = flip(s, 1);
    expect(hand(s, 'A')).toEqual(['2', '4', '5', '9']);
    expect(s.seats[0]!.down.filter((c) => c !== null)).toHaveLength(1);
  });
  it('C-4/j a 6 copying a 4 starts a run', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: [{ v: '4', player: 'B' }],
      seats: { A: { hand: ['6', '5', '6', '9'] } },
    });
    s = play(s, '6');
    expect(avOf(top(s))).toBe('4');
    s = play(play(s, '5'), '6');
    expect(s.turn.oblig).toBe('runMay');
  });
});

describe('C-5 Swapper', () => {
  it('C-5/a two 5s give two swaps, then the prompt closes', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['5', '5', '3', '4', '9'], up: ['K', 'Q', 'J'] } },
    });
    s = play(s, '5', '5');
    s = swap(s, '3', 0);
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', left: 1 });
    s = swap(s, '4', 1);
    expect(s.turn.pending).toBeNull();
    expect(upOf(s, 'A')).toEqual(['3', '4', 'J']);
    expect(current(s)).toBe('B');
  });
  it('C-5/b a horizontal slot stays horizontal', () => {
    let s = position({ n: 4, source: 10, seats: { A: { hand: ['5', '3', '9'], up: ['Q', 'Kh', 'J'] } } });
    s = swap(play(s, '5'), '3', 1);
    expect(s.seats[0]!.up[1]!.horizontal).toBe(true);
    expect(hand(s, 'A')).toContain('K');
  });
  it('C-5/c a 5 from the face-up cards offers no swap (empty hand)', () => {
    const s = play(position({ n: 4, source: 0, seats: { A: { up: ['5', 'K', '3'] } } }), '5');
    expect(s.turn.pending).toBeNull();
    expect(current(s)).toBe('B');
  });
  it('C-5/d a 6 on a 5 swaps once', () => {
    const s = play(
      position({
        n: 4,
        source: 10,
        pile: [{ v: '5', player: 'B' }],
        seats: { A: { hand: ['6', '3'], up: ['K', 'Q', 'J'] } },
      }),
      '6',
    );
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', left: 1, zone: 'up' });
  });
  it('C-5 declining the swaps ends the turn', () => {
    const s = endSwaps(
      play(position({ n: 4, source: 10, seats: { A: { hand: ['5', '3'], up: ['K', 'Q', 'J'] } } }), '5'),
    );
    expect(current(s)).toBe('B');
  });
});

describe('C-8, C-J, C-Q, C-K, C-A, C-Jo', () => {
  it('C-8/a field 8: two 8s skip four players → B', () => {
    expect(
      current(
        play(
          position({ n: 4, fields: ['8'], source: 10, seats: { A: { hand: ['8', '8', '9'], field: null } } }),
          '8',
          '8',
        ),
      ),
    ).toBe('B');
  });
  it('C-J/a several Js in one link: one choice; D chosen → D', () => {
    let s = play(position({ n: 4, source: 10, seats: { A: { hand: ['J', 'J', '9'] } } }), 'J', 'J');
    s = choose(s, 'D');
    expect(s.turn.pending).toBeNull();
    expect(current(s)).toBe('D');
  });
  it('C-J/b a finished player cannot be chosen: options B and D', () => {
    const s = play(
      position({ n: 4, source: 10, seats: { A: { hand: ['J', '9'] }, C: { finished: true, down: [] } } }),
      'J',
    );
    expect(game.legalIntents(s, 0).map((i) => (i.type === 'chooseNext' ? i.seat : -1))).toEqual([1, 3]);
  });
  it('C-Q/a a Q Q link needs one extension: K ends the chain', () => {
    let s = play(position({ n: 4, source: 10, seats: { A: { hand: ['Q', 'Q', 'K', '9'] } } }), 'Q', 'Q');
    expect(s.turn.oblig).toBe('mustExtend');
    s = play(s, 'K');
    expect(s.turn.links).toBe(0);
  });
  it('C-Q/b Q on Q asks again; a 2 overrules and ends the chain', () => {
    let s = play(
      play(position({ n: 4, source: 10, seats: { A: { hand: ['Q', 'Q', '2', '9'] } } }), 'Q'),
      'Q',
    );
    expect(s.turn.oblig).toBe('mustExtend');
    s = play(s, '2');
    expect(current(s)).toBe('B');
  });
  it('C-Q/c four Qs burn: no extension needed', () => {
    const s = play(
      position({ n: 4, source: 10, seats: { A: { hand: ['Q', 'Q', 'Q', 'Q', '9'] } } }),
      'Q',
      'Q',
      'Q',
      'Q',
    );
    expect(s.pile).toHaveLength(0);
    expect(current(s)).toBe('B');
  });
  it('C-Q/d a Q as the last hand card while the source exists forces a pick-up', () => {
    const s = play(
      position({ n: 4, source: 10, pile: ['J'], seats: { A: { hand: ['Q'], up: ['K', 'K', 'A'] } } }),
      'Q',
    );
    // the J and the Q come back; the refill at the end of the turn adds three from the source
    expect(hand(s, 'A')).toEqual(expect.arrayContaining(['J', 'Q']));
    expect(s.seats[0]!.hand).toHaveLength(5);
    expect(s.source).toHaveLength(7);
    expect(current(s)).toBe('B');
  });
  it('C-K/a K K leaves the direction; with field 8 one K reverses twice', () => {
    expect(
      current(play(position({ n: 4, source: 10, seats: { A: { hand: ['K', 'K', '9'] } } }), 'K', 'K')),
    ).toBe('B');
    const s = play(
      position({ n: 4, fields: ['8'], source: 10, seats: { A: { hand: ['K', '9'], field: null } } }),
      'K',
    );
    expect(s.dir).toBe(1);
  });
  it('C-A/a no penalty once the source is exhausted', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 0,
        pile: [{ v: 'A', player: 'A' }],
        seats: { B: { hand: ['2', '3'] } },
      }),
      '2',
    );
    expect(hand(s, 'B')).toEqual(['3']);
  });
  it('C-A/b the penalty comes after the refill: A ends with 6, the source with 8', () => {
    const s = play(
      position({
        n: 4,
        source: 10,
        pile: [{ v: 'A', player: 'B' }],
        seats: { A: { hand: ['2', '5', '6', '7', '8'] } },
      }),
      '2',
    );
    expect(s.seats[0]!.hand).toHaveLength(6);
    expect(s.source).toHaveLength(8);
  });
  it('C-A/c a Joker on an A pays nothing and takes the value A', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [{ v: 'A', player: 'A' }],
        seats: { B: { hand: ['Joker', '4', '5', '6', '7'] } },
      }),
      'Joker',
    );
    expect(s.seats[1]!.hand).toHaveLength(5);
    expect(semOf(s.pile[1]!)).toBe('A');
  });
  it("C-A/d the penalty counts the A-link's m and survives a later pick-up", () => {
    const b = (pile: Parameters<typeof position>[0]['pile'], fields: string[] = []) =>
      play(
        position({
          n: 4,
          current: 'B',
          fields,
          source: 10,
          pile,
          seats: { A: { field: null }, B: { hand: ['2', '4', '5', '6', '7'], field: null } },
        }),
        '2',
      );
    expect(b([{ v: 'A', n: 2, player: 'A' }]).seats[1]!.hand).toHaveLength(7);
    expect(b([{ v: 'A', n: 2, m: 1, player: 'A' }], ['Q']).seats[1]!.hand).toHaveLength(6);
    expect(b([{ v: 'A', m: 2, player: 'A' }], ['8']).seats[1]!.hand).toHaveLength(7);
    let s = position({
      n: 4,
      fields: ['K'],
      current: 'B',
      source: 10,
      pile: [{ v: 'A', player: 'A' }],
      seats: { B: { hand: ['Q', 'K', 'K', 'A', 'A'], field: null } },
    });
    s = play(s, 'Q');
    s = pickUp(s);
    expect(s.seats[1]!.hand).toHaveLength(7);
  });
  it('C-Jo/a a Joker on a Joker cancels nothing: value 5, C must play ≥ 5', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: ['5', { v: 'Joker', sem: '5' }],
      seats: { B: { hand: ['Joker', '9'] }, C: { hand: ['4', '6'] } },
    });
    s = play(s, 'Joker');
    expect(semOf(top(s))).toBe('5');
    expect(['4', '6'].filter((v) => tryPlay(s, v).ok)).toEqual(['6']);
  });
  it('C-Jo/b under field Joker a Joker is still placed and takes the value: 9', () => {
    const s = play(
      position({
        n: 4,
        fields: ['Joker'],
        current: 'B',
        source: 10,
        pile: ['K', '9'],
        seats: { B: { hand: ['Joker', '9'] } },
      }),
      'Joker',
    );
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['9', null]);
  });
});

describe('ST — stacking', () => {
  it('ST-1/a two 8s skip two: next D', () => {
    expect(
      current(play(position({ n: 4, source: 10, seats: { A: { hand: ['8', '8', '9'] } } }), '8', '8')),
    ).toBe('D');
  });
  it('ST-1/b two aces cost two, not four', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [{ v: 'A', n: 2, player: 'A' }],
        seats: { B: { hand: ['2', '4', '5', '6', '7'] } },
      }),
      '2',
    );
    expect(s.seats[1]!.hand).toHaveLength(7);
  });
  it('ST-1/c two field 8s: a K reverses four times → B; an 8 skips four → C', () => {
    expect(
      current(
        play(
          position({ n: 3, fields: ['8', '8'], source: 10, seats: { A: { hand: ['K', '9'], field: null } } }),
          'K',
        ),
      ),
    ).toBe('B');
    expect(
      current(
        play(
          position({ n: 3, fields: ['8', '8'], source: 10, seats: { A: { hand: ['8', '9'], field: null } } }),
          '8',
        ),
      ),
    ).toBe('C');
  });
  it('ST-1/d field Q beats field 8: one reversal → C', () => {
    expect(
      current(
        play(
          position({ n: 3, fields: ['8', 'Q'], source: 10, seats: { A: { hand: ['K', '9'], field: null } } }),
          'K',
        ),
      ),
    ).toBe('C');
  });
  it('ST-1/e a 6 copying 8 8 skips once: next C', () => {
    const s = play(
      position({
        n: 4,
        source: 10,
        pile: [{ v: '8', n: 2, player: 'B' }],
        seats: { A: { hand: ['6', '9'] } },
      }),
      '6',
    );
    expect([avOf(top(s)), top(s).m]).toEqual(['8', 1]);
    expect(current(s)).toBe('C');
  });
  it('ST-1/f m is frozen: A A placed under field Q costs 1 later', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [{ v: 'A', n: 2, m: 1, player: 'A' }],
        seats: { B: { hand: ['2', '4', '5', '6', '7'] } },
      }),
      '2',
    );
    expect(s.seats[1]!.hand).toHaveLength(6);
  });
});
