import { describe, expect, it } from 'vitest';
import { syn } from '../../src/cunt-soul/cards.ts';
import { handSize } from '../../src/cunt-soul/fields.ts';
import {
  act,
  avOf,
  choose,
  current,
  declare,
  expectOk,
  game,
  hand,
  play,
  position,
  semOf,
  swap,
  top,
  tryPlay,
  upOf,
} from './helpers.ts';

describe('F — field abilities', () => {
  it('F-0/a stacking: two field 6s leave the source unflipped (top hidden); three field As make a hand of 8', () => {
    const six = position({ n: 4, fields: ['6', '6'], source: 10 });
    expect(game.view(six, 0).sourceTop).toBeNull();
    expect(handSize(position({ n: 4, fields: ['A', 'A', 'A'], source: 10 }))).toBe(8);
  });
  it("F-3/a a trio across players replaces the 8s' skip with a lock", () => {
    let s = position({
      n: 4,
      fields: [],
      source: 10,
      seats: { A: { hand: ['8', '9'] }, C: { hand: ['8', '8', '9'] }, D: { hand: ['K', '3'], field: '3' } },
    });
    s = play(s, '8');
    expect(current(s)).toBe('C');
    s = play(s, '8', '8');
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['3', '3']);
    expect(current(s)).toBe('D');
    expect(['K', '3'].filter((v) => tryPlay(s, v).ok)).toEqual(['3']);
  });
  it('F-3/b three 10s under field 3 lock instead of burning', () => {
    const s = play(
      position({
        n: 4,
        fields: ['3'],
        source: 10,
        seats: { A: { hand: ['10', '10', '10', '9'], field: null } },
      }),
      '10',
      '10',
      '10',
    );
    expect(s.pile).toHaveLength(1);
    expect(avOf(top(s))).toBe('3');
  });
  it('F-3/c three 3s on a 3 make a trio and lock', () => {
    const s = play(
      position({
        n: 4,
        fields: ['3'],
        current: 'B',
        source: 10,
        pile: [{ v: '3', player: 'A' }],
        seats: { B: { hand: ['3', '3', '9'], field: null } },
      }),
      '3',
      '3',
    );
    expect(avOf(top(s))).toBe('3');
    expect(s.pile).toHaveLength(2);
  });
  it('F-4 links of one card only', () => {
    const s = position({
      n: 4,
      fields: ['4'],
      source: 10,
      seats: { A: { hand: ['5', '5', '9'], field: null } },
    });
    expect(tryPlay(s, '5', '5').ok).toBe(false);
    expect(tryPlay(s, '5').ok).toBe(true);
    expect(
      game
        .legalIntents(s, 0)
        .filter((i) => i.type === 'playLink')
        .every((i) => i.type === 'playLink' && i.cards.length === 1),
    ).toBe(true);
  });
  it('F-5/a the swap goes to a face-down card, known to its owner only', () => {
    let s = position({
      n: 4,
      fields: ['5'],
      source: 0,
      seats: { A: { hand: ['5', '3', 'K'], down: ['9', 'J', 'Q'], field: null } },
    });
    s = play(s, '5');
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', zone: 'down' });
    s = swap(s, '3', 0);
    expect(hand(s, 'A')).toEqual(['9', 'K']);
    expect(syn(s.seats[0]!.down[0]!)).toBe(3);
    expect(syn(game.view(s, 0).seats[0]!.down[0]!.known?.id ?? '')).toBe(3);
    expect(game.view(s, 1).seats[0]!.down[0]!.known).toBeNull();
    expect(JSON.stringify(game.view(s, 1))).not.toContain(`"${s.seats[0]!.down[0]}"`);
  });
  it('F-5/b only links of value 5 swap face down: a 6 copying a 5 under fields 5 and 9 does', () => {
    const s = play(
      position({
        n: 4,
        fields: ['5', '9'],
        source: 10,
        pile: ['5', { v: 'Joker', sem: '5' }],
        seats: { A: { hand: ['6', '3'], field: null } },
      }),
      '6',
    );
    expect(semOf(top(s))).toBe('5');
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', zone: 'down' });
    const plain = play(
      position({
        n: 4,
        fields: ['5', '9'],
        source: 10,
        seats: { A: { hand: ['5', '3'], up: ['K', 'Q', 'J'], field: null } },
      }),
      '5',
    );
    expect(plain.turn.pending).toMatchObject({ kind: 'swap5', zone: 'up' });
  });
  it('F-6/a the source is turned over: drawn from its former bottom, the top public', () => {
    const s = position({
      n: 4,
      source: ['4', '5', '7'],
      seats: { A: { hand: ['6', '9'], up: ['K', '3', 'Q'], field: '2' } },
    });
    const after = expectOk(act(s, { type: 'changeField', card: s.seats[0]!.hand[0]!, slot: 1 }));
    expect(upOf(after, 'A')[1]).toBe('7');
    expect(syn(game.view(after, 3).sourceTop?.id ?? '')).toBe(5);
  });
  it('F-8 field 8: a K reverses twice → B; 8 8 skips four → B', () => {
    expect(
      current(
        play(
          position({ n: 4, fields: ['8'], source: 10, seats: { A: { hand: ['K', '9'], field: null } } }),
          'K',
        ),
      ),
    ).toBe('B');
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
  it('F-9 low links get value 9 and keep their ability; not a 6 copying, nor a Joker', () => {
    let s = play(
      position({ n: 4, fields: ['9'], source: 10, seats: { A: { hand: ['8', '9'], field: null } } }),
      '8',
    );
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['9', '8']);
    s = play(
      position({
        n: 4,
        fields: ['9'],
        source: 10,
        pile: [{ v: 'Q' }],
        seats: { A: { hand: ['6', '9'], field: null } },
      }),
      '6',
    );
    expect(semOf(top(s))).toBe('Q');
  });
  it('F-10/a field 10 burns under the source; the game still ends by the turn limit', () => {
    let s = position({
      n: 2,
      fields: ['10'],
      source: 3,
      turnLimit: 10,
      pile: ['K'],
      seats: { A: { hand: ['10', '9', '9', '9', '9'] }, B: { hand: ['4', '4'] } },
    });
    s = play(s, '10');
    expect(s.out).toHaveLength(0);
    expect(s.source).toHaveLength(3 + 2 - 1);
  });
  it('F-J/a one choice per turn after Q then K: D chosen → D; the K reversal stands', () => {
    let s = position({
      n: 4,
      fields: [],
      source: 10,
      seats: { A: { hand: ['Q', 'K', '9'] }, C: { field: 'J' } },
    });
    s = play(play(s, 'Q'), 'K');
    expect(s.turn.pending?.kind).toBe('fieldJ');
    s = choose(s, 'D');
    expect(current(s)).toBe('D');
    expect(s.dir).toBe(-1);
  });
  it('F-J/b with field J a J card asks once, at the end; with two players none', () => {
    const s = play(
      position({ n: 4, fields: [], source: 10, seats: { A: { hand: ['J', '9'] }, C: { field: 'J' } } }),
      'J',
    );
    expect(s.turn.pending?.kind).toBe('fieldJ');
    const two = play(
      position({ n: 2, fields: [], source: 10, seats: { A: { hand: ['8', '9'] }, B: { field: 'J' } } }),
      '8',
    );
    expect(two.turn.pending).toBeNull();
    expect(current(two)).toBe('A');
  });
  it('F-Q no stacking: 8 8 skips one → C', () => {
    expect(
      current(
        play(
          position({ n: 4, fields: ['Q'], source: 10, seats: { A: { hand: ['8', '8', '9'], field: null } } }),
          '8',
          '8',
        ),
      ),
    ).toBe('C');
  });
  it('F-A big hand: two field As, a hand of 3 draws 4 at the end of the turn', () => {
    const s = play(
      position({
        n: 4,
        fields: ['A', 'A'],
        source: 20,
        seats: { A: { hand: ['9', '4', '5', '6'], field: null } },
      }),
      '9',
    );
    expect(s.seats[0]!.hand).toHaveLength(7);
  });
  it('F-Jo/a field Joker cancels card abilities, not field abilities', () => {
    expect(
      tryPlay(
        position({
          n: 4,
          fields: ['Joker', 'K'],
          source: 10,
          pile: ['9'],
          seats: { A: { hand: ['10'], field: null } },
        }),
        '10',
      ).ok,
    ).toBe(false);
    const s = play(
      position({
        n: 4,
        fields: ['Joker'],
        source: 10,
        pile: ['9'],
        seats: { A: { hand: ['10', '9'], field: null } },
      }),
      '10',
    );
    expect(s.pile).toHaveLength(2);
    const locked = play(
      position({
        n: 4,
        fields: ['Joker'],
        source: 10,
        seats: { A: { hand: ['3', '9'], field: null }, B: { hand: ['4', 'K'] } },
      }),
      '3',
    );
    expect(tryPlay(locked, '4').ok).toBe(true);
    expect(handSize(locked)).toBe(5);
  });
});

describe('JO — Jokers', () => {
  it('JO-4/a a Joker on a run returns the run except the 4 to the runner; C must play ≥ 4', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [
        '2',
        { v: '4', av: null, player: 'A', runStart: 2 },
        { v: '5', run: true, runStart: 2, player: 'A' },
        { v: '6', run: true, runStart: 2, player: 'A' },
      ],
      seats: { B: { hand: ['Joker', '9', '9', '9', '9'] }, C: { hand: ['3', '4'] } },
    });
    s = play(s, 'Joker');
    expect(hand(s, 'A')).toEqual(['5', '6']);
    expect(s.pile.map((l) => l.syn)).toEqual([2, 4, 15]);
    expect(semOf(top(s))).toBe('4');
    expect(['3', '4'].filter((v) => tryPlay(s, v).ok)).toEqual(['4']);
  });
  it('JO-4/b a Joker on a 4 that started no run returns nothing', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [{ v: '4', player: 'A' }],
        seats: { B: { hand: ['Joker', '9', '9', '9', '9'] } },
      }),
      'Joker',
    );
    expect(semOf(top(s))).toBe('4');
    expect(s.seats[0]!.hand).toHaveLength(0);
  });
  it('JO-4/c a Joker undoes the swaps of the 5 beneath, last first', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: {
        A: { hand: ['5', '5', '3', '4', '9'], up: ['K', 'Q', 'J'] },
        B: { hand: ['Joker', '9', '9', '9', '8'] },
      },
    });
    s = swap(swap(play(s, '5', '5'), '3', 0), '4', 1);
    expect(upOf(s, 'A')).toEqual(['3', '4', 'J']);
    s = play(s, 'Joker');
    expect(upOf(s, 'A')).toEqual(['K', 'Q', 'J']);
    expect(hand(s, 'A')).toEqual(expect.arrayContaining(['3', '4']));
  });
  it('JO-4/d with two players left a Joker undoes a K without a paradox', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: {
        A: { hand: ['K', '9'] },
        B: { hand: ['Joker', '9'] },
        C: { finished: true, down: [] },
        D: { finished: true, down: [] },
      },
    });
    s = play(s, 'K');
    expect([s.dir, current(s)]).toEqual([-1, 'B']);
    s = play(s, 'Joker');
    expect(s.dir).toBe(1);
    expect(semOf(top(s))).toBe('K');
    expect(s.pile).toHaveLength(2);
  });
});

describe('§20 paradoxes', () => {
  const burned = (s: ReturnType<typeof position>) => s.pile.length === 0 && s.lastBurn?.reason === 'paradox';
  it('8-1 a Joker on an 8: paradox; B stays skipped; next D', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: ['5'],
      seats: { A: { hand: ['8', '9'] }, C: { hand: ['Joker', '9'] } },
    });
    s = play(play(s, '8'), 'Joker');
    expect(burned(s)).toBe(true);
    expect(current(s)).toBe('D');
  });
  it("8-2 n=2, A plays 8 8 → B; B's Joker is a paradox; next A", () => {
    let s = position({
      n: 2,
      source: 10,
      seats: { A: { hand: ['8', '8', '9'] }, B: { hand: ['Joker', '9'] } },
    });
    s = play(s, '8', '8');
    expect(current(s)).toBe('B');
    s = play(s, 'Joker');
    expect(burned(s)).toBe(true);
    expect(current(s)).toBe('A');
  });
  it("8-3 field J: A plays 8 and chooses B; B's Joker is a paradox; B then makes the field-J choice", () => {
    let s = position({
      n: 4,
      fields: [],
      source: 10,
      seats: { A: { hand: ['8', '9'] }, B: { hand: ['Joker', '9'] }, D: { field: 'J' } },
    });
    s = play(choose(play(s, '8'), 'B'), 'Joker');
    expect(burned(s)).toBe(true);
    expect(s.turn.pending?.kind).toBe('fieldJ');
  });
  it("8-4 n=2: A plays 8 and again A; A's Joker is a paradox; next B", () => {
    let s = position({ n: 2, source: 10, seats: { A: { hand: ['8', 'Joker', '9', '9', '9', '9'] } } });
    s = play(s, '8');
    expect(current(s)).toBe('A');
    s = play(s, 'Joker');
    expect(burned(s)).toBe(true);
    expect(current(s)).toBe('B');
  });
  it('Q-1 a Joker on the own Q is a paradox; the chain ends; next B', () => {
    const s = play(
      play(position({ n: 4, source: 10, seats: { A: { hand: ['Q', 'Joker', '9'] } } }), 'Q'),
      'Joker',
    );
    expect(burned(s)).toBe(true);
    expect(current(s)).toBe('B');
  });
  it('Q-2 a Joker on a 6 acting as Q is a paradox', () => {
    const s = play(
      play(play(position({ n: 4, source: 10, seats: { A: { hand: ['Q', '6', 'Joker', '9'] } } }), 'Q'), '6'),
      'Joker',
    );
    expect(burned(s)).toBe(true);
  });
  it('J-1 a Joker by the chosen player who was not normally next: paradox', () => {
    const s = play(
      choose(
        play(
          position({ n: 4, source: 10, seats: { A: { hand: ['J', '9'] }, C: { hand: ['Joker', '9'] } } }),
          'J',
        ),
        'C',
      ),
      'Joker',
    );
    expect(burned(s)).toBe(true);
  });
  it('J-2 a Joker by the player normally next: no paradox; value J; C must play ≥ J', () => {
    const s = play(
      choose(
        play(
          position({
            n: 4,
            source: 10,
            seats: { A: { hand: ['J', '9'] }, B: { hand: ['Joker', '9'] }, C: { hand: ['10', 'Q'] } },
          }),
          'J',
        ),
        'B',
      ),
      'Joker',
    );
    expect(s.pile).toHaveLength(2);
    expect(semOf(top(s))).toBe('J');
    expect(['10', 'Q'].filter((v) => tryPlay(s, v).ok)).toEqual(['10', 'Q']); // 10 overrules
    expect(
      tryPlay(
        {
          ...s,
          seats: s.seats.map((x, i) => (i === 2 ? { ...x, hand: x.hand.filter((c) => syn(c) !== 10) } : x)),
        },
        'Q',
      ).ok,
    ).toBe(true);
  });
  it('K-1 n=3: a Joker on a K is a paradox; the direction stays anticlockwise; next after C is B', () => {
    let s = play(
      position({ n: 3, source: 10, seats: { A: { hand: ['K', '9'] }, C: { hand: ['Joker', '9'] } } }),
      'K',
    );
    expect(current(s)).toBe('C');
    s = play(s, 'Joker');
    expect(burned(s)).toBe(true);
    expect(s.dir).toBe(-1);
    expect(current(s)).toBe('B');
  });
  it('K-2 n=2: no paradox; the reversal is undone', () => {
    const s = play(
      play(
        position({ n: 2, source: 10, seats: { A: { hand: ['K', '9'] }, B: { hand: ['Joker', '9'] } } }),
        'K',
      ),
      'Joker',
    );
    expect(s.pile).toHaveLength(2);
    expect(s.dir).toBe(1);
  });
  it('K-3 n=3: K K then a Joker is a paradox; the direction stays clockwise; next C', () => {
    let s = play(
      position({ n: 3, source: 10, seats: { A: { hand: ['K', 'K', '9'] }, B: { hand: ['Joker', '9'] } } }),
      'K',
      'K',
    );
    expect(current(s)).toBe('B');
    s = play(s, 'Joker');
    expect(burned(s)).toBe(true);
    expect([s.dir, current(s)]).toEqual([1, 'C']);
  });
  it('6-1 a Joker on a 6 that copied an 8 is a paradox', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: ['5'],
      seats: { A: { hand: ['8', 'Joker', '9', '9', '9'] }, C: { hand: ['6', '9'] } },
    });
    s = play(play(s, '8'), '6');
    expect(current(s)).toBe('A');
    expect(burned(play(s, 'Joker'))).toBe(true);
  });
  it('6-2 a Joker on a 6 that copied a 9 is a paradox; next D', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: ['9'],
      seats: { B: { hand: ['6', '9'] }, C: { hand: ['Joker', '9'] } },
    });
    s = play(play(s, '6'), 'Joker');
    expect(burned(s)).toBe(true);
    expect(current(s)).toBe('D');
  });
  it("6-3 a 6 on an A: B pays 1; C's Joker is a paradox and C pays nothing", () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: 'A', player: 'A' }],
      seats: { B: { hand: ['6', '4', '5', '7', '8'] }, C: { hand: ['Joker', '4', '5', '7', '8'] } },
    });
    s = play(s, '6');
    expect(s.seats[1]!.hand).toHaveLength(6);
    s = play(s, 'Joker');
    expect(burned(s)).toBe(true);
    expect(s.seats[2]!.hand).toHaveLength(5);
  });
  it('X-1 a Joker on a run is never a paradox', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [
          '2',
          { v: '4', av: null, player: 'A', runStart: 2 },
          { v: '5', run: true, runStart: 2, player: 'A' },
          { v: '6', run: true, runStart: 2, player: 'A' },
        ],
        seats: { B: { hand: ['Joker', '9', '9', '9', '9'] } },
      }),
      'Joker',
    );
    expect(s.lastBurn).toBeNull();
  });
  it('X-2 a Joker on a 2, 3, 5, 7, 9 or A is no paradox', () => {
    for (const pile of [['2'], ['3'], ['5'], [{ v: '7', choice: 'higher' as const }], ['9'], ['A']]) {
      const s = play(
        position({
          n: 4,
          current: 'B',
          source: 10,
          pile,
          seats: { B: { hand: ['Joker', 'K', 'K', 'K', 'Q'] } },
        }),
        'Joker',
      );
      expect(s.lastBurn).toBeNull();
      expect(s.pile).toHaveLength(2);
    }
  });
  it('20.4/a a paradox undoes nothing: after K-1 the direction is still anticlockwise', () => {
    const s = play(
      play(
        position({ n: 3, source: 10, seats: { A: { hand: ['K', '9'] }, C: { hand: ['Joker', '9'] } } }),
        'K',
      ),
      'Joker',
    );
    expect(s.dir).toBe(-1);
  });
});

describe('TP — two active players', () => {
  it('TP-1/a n=2 with field J: an 8 gives A another turn, no prompt', () => {
    const s = play(
      position({ n: 2, fields: [], source: 10, seats: { A: { hand: ['8', '9'] }, B: { field: 'J' } } }),
      '8',
    );
    expect([s.turn.pending, current(s)]).toEqual([null, 'A']);
  });
  it('TP-1/b n=4 reduced to two: a J asks nothing; next B', () => {
    const s = play(
      position({
        n: 4,
        source: 10,
        seats: { A: { hand: ['J', '9'] }, C: { finished: true, down: [] }, D: { finished: true, down: [] } },
      }),
      'J',
    );
    expect([s.turn.pending, current(s)]).toEqual([null, 'B']);
  });
  it('TP-1/c n=2: a Joker on a K is no paradox; a Joker on the own 8 is', () => {
    let s = position({
      n: 2,
      source: 10,
      seats: { A: { hand: ['K', '8', 'Joker', '9', '9', '9'] }, B: { hand: ['Joker', '4', '4', '4', '4'] } },
    });
    s = play(s, 'K');
    s = play(s, 'Joker');
    expect(s.lastBurn).toBeNull();
    expect(semOf(top(s))).toBe('K');
    let t = play(position({ n: 2, source: 10, seats: { A: { hand: ['8', 'Joker', '9', '9', '9'] } } }), '8');
    expect(current(t)).toBe('A');
    t = play(t, 'Joker');
    expect(t.lastBurn?.reason).toBe('paradox');
    expect(current(t)).toBe('B');
  });
});

describe('worked example: a 7 on a 7', () => {
  it('C-7 "7s can be played on 7s": A 7 HIGH, B 7 (asks again)', () => {
    let s = declare(
      play(position({ n: 4, source: 10, seats: { A: { hand: ['7', '9'] }, B: { hand: ['7', '9'] } } }), '7'),
      'higher',
    );
    s = play(s, '7');
    expect(s.turn.pending?.kind).toBe('declare7');
  });
});
