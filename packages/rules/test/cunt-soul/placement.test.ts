import { describe, expect, it } from 'vitest';
import {
  avOf,
  changeField,
  flip as play_down,
  current,
  declare,
  expectErr,
  expectOk,
  hand,
  play,
  pickUp,
  position,
  semOf,
  top,
  tryPlay,
  type PositionSpec,
} from './helpers.ts';

/** A position where `who` (default A) holds one of each given value and may play it on `pile`. */
const facing = (pile: PositionSpec['pile'], values: string[], extra: Partial<PositionSpec> = {}) =>
  position({ n: 4, source: 10, pile, seats: { A: { hand: values } }, ...extra });

/** Which of `values` may be played on `pile` (each tried on its own). */
function validOf(pile: PositionSpec['pile'], values: string[], extra: Partial<PositionSpec> = {}): string[] {
  const s = facing(pile, values, extra);
  return values.filter((v) => tryPlay(s, v).ok);
}

describe('V — values', () => {
  it('V-2/a field 3 beats field 9: three 4s are a trio (sem 3, ability 3); control: two 4s are 9 with the 4 ability', () => {
    let s = facing([], ['4', '4', '4'], {
      fields: [],
      seats: { A: { hand: ['4', '4', '4'] }, D: { field: '3' }, C: { field: '9' } },
    });
    s = play(s, '4', '4', '4');
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['3', '3']);
    let c = facing([], ['4', '4', '9'], { seats: { A: { hand: ['4', '4', '9'] }, C: { field: '9' } } });
    c = play(c, '4', '4');
    expect([semOf(top(c)), avOf(top(c))]).toEqual(['9', '4']);
  });

  it('V-2/b values are frozen at placement: after a change to field 9 an 8 goes on a 5 (sem 5) and gets 9', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: '5', player: 'A' }],
      seats: { B: { hand: ['9', '8', '8'], up: ['K', '3', 'Q'], field: '4' } },
    });
    s = expectOk(changeField(s, '9', 1));
    expect(tryPlay(s, '8').ok).toBe(true);
    s = play(s, '8');
    expect(semOf(top(s))).toBe('9');
  });

  it('V-3/a a 6 on an empty pile is table: a 2 may follow; a Joker on it is 6, then 5 is refused and 7 taken', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['6', '9'] }, B: { hand: ['2', 'Joker', 'K'] }, C: { hand: ['5', '7', 'K'] } },
    });
    s = play(s, '6');
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['table', null]);
    expect(tryPlay(s, '2').ok).toBe(true);
    s = play(s, 'Joker');
    expect(semOf(top(s))).toBe('6');
    expectErr(tryPlay(s, '5'), 'TOO_LOW');
    expect(tryPlay(s, '7').ok).toBe(true);
  });

  it('V-3/b under field Joker a 6 on an empty pile is a 6: 5 refused, 6 taken', () => {
    let s = position({
      n: 4,
      fields: ['Joker'],
      source: 10,
      seats: { A: { hand: ['6', '9'] }, B: { hand: ['5', '6'] } },
    });
    s = play(s, '6');
    expect(semOf(top(s))).toBe('6');
    expect(tryPlay(s, '5').ok).toBe(false);
    expect(tryPlay(s, '6').ok).toBe(true);
  });

  it('V-4/a under field 9 a 5 keeps its ability but demands ≥ 9: 8 refused, 9, 2 (overrule) and K taken', () => {
    expect(validOf([{ v: '5', sem: '9', player: 'D' }], ['8', '9', '2', 'K'], { fields: ['9'] })).toEqual([
      '9',
      '2',
      'K',
    ]);
  });

  it('V-4/b a 6 on a run ending in Q acts as a Q: must extend; K ends the chain; with only a 3 it picks up', () => {
    const run = [
      { v: '4', av: null, player: 'A', runStart: 1 },
      ...['5', '6', '7', '8', '9', '10', 'J', 'Q'].map((v) => ({ v, run: true, runStart: 1, player: 'A' })),
    ];
    let s = position({ n: 4, current: 'B', source: 10, pile: run, seats: { B: { hand: ['6', 'K', '3'] } } });
    s = play(s, '6');
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['Q', 'Q']);
    expect(s.turn.oblig).toBe('mustExtend');
    s = play(s, 'K');
    expect(s.turn.links).toBe(0); // the chain ended with the K, which reversed the direction
    expect(current(s)).toBe('A');
    let alt = position({ n: 4, current: 'B', source: 10, pile: run, seats: { B: { hand: ['6', '3'] } } });
    alt = play(alt, '6');
    alt = pickUp(alt);
    expect(hand(alt, 'B')).toContain('Q');
  });
});

describe('P — placement', () => {
  it('P-1 on an empty pile anything goes: a 3, which then locks C', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      seats: { B: { hand: ['3', '9'] }, C: { hand: ['K', '3'] } },
    });
    s = play(s, '3');
    expect(tryPlay(s, 'K').ok).toBe(false);
    expect(tryPlay(s, '3').ok).toBe(true);
  });

  it('P-2/a under field K the ordering is reversed: 5 on 9 taken, J refused', () => {
    expect(validOf([{ v: '9', av: null }], ['5', 'J'], { fields: ['K'] })).toEqual(['5']);
  });

  it('P-2/b on a 3: 10 and 2 refused, 3 and Joker taken', () => {
    expect(validOf(['3'], ['10', '2', '3', 'Joker'])).toEqual(['3', 'Joker']);
  });

  it("P-2/c field Joker is read now: after B changes to field Joker, an 8 goes on A's 3", () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: '3', player: 'A' }],
      seats: { B: { hand: ['Joker', '8', '9'], up: ['K', 'Q', 'J'], field: '4' } },
    });
    expect(tryPlay(s, '8').ok).toBe(false);
    const changed = changeField(s, 'Joker', 0);
    if (!changed.ok) throw new Error(changed.error.code);
    s = changed.value;
    expect(tryPlay(s, '8').ok).toBe(true);
  });

  it('P-3/a a Joker on an A pays no ace penalty', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: 'A', player: 'A' }],
      seats: { B: { hand: ['Joker', '4', '5', '6', '7'] } },
    });
    s = play(s, 'Joker');
    expect(s.seats[1]!.hand).toHaveLength(5);
  });

  it('P-3/b four 7s burn: B is not asked higher or lower', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: '7', n: 2, player: 'A', choice: 'lower' }],
      seats: { B: { hand: ['7', '7', '9'] } },
    });
    s = play(s, '7', '7');
    expect(s.pile).toHaveLength(0);
    expect(s.turn.pending).toBeNull();
    expect(current(s)).toBe('C');
  });

  it('P-3/c the field card taken into the hand must answer the Q at once: a 3 cannot, so A picks up J, Q, 3', () => {
    let s = position({
      n: 4,
      source: 0,
      pile: ['J'],
      seats: { A: { down: ['Q'], field: '3' }, B: { hand: ['9'] } },
    });
    s = play_down(s, 0);
    expect(hand(s, 'A')).toEqual(['3']);
    expect(s.turn.oblig).toBe('mustExtend');
    expect(tryPlay(s, '3').ok).toBe(false);
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['3', 'J', 'Q']);
    expect(current(s)).toBe('B');
  });
});

describe('O — orderings', () => {
  it('O-1/a two field Ks cancel out: 5 on 9 refused, J taken', () => {
    expect(validOf([{ v: '9', av: null }], ['5', 'J'], { fields: ['K', 'K'] })).toEqual(['J']);
  });
  it('O-1/b bifurcated and reversed, above 7: on a 9, 8 and 9 taken, 5 refused', () => {
    expect(validOf([{ v: '9', av: null }], ['8', '9', '5'], { fields: ['7', 'K'] })).toEqual(['8', '9']);
  });
  it("O-1/c bifurcated and reversed: on a run's 7 only a 7, an overrule or a Joker", () => {
    const run = [
      { v: '4', av: null, player: 'B', runStart: 1 },
      { v: '5', run: true, runStart: 1 },
      { v: '6', run: true, runStart: 1 },
      { v: '7', run: true, runStart: 1 },
    ];
    expect(validOf(run, ['8', '7', '2', 'Joker'], { fields: ['7', 'K'] })).toEqual(['7', '2', 'Joker']);
  });
  it('O-1/d table stays the base under field K: A and 2 on a table 6', () => {
    expect(validOf([{ v: '6', sem: 'table', av: null }], ['A', '2'], { fields: ['K'] })).toEqual(['A', '2']);
  });
  it('F-7 bifurcation on a 5: 3 and 4 taken, 8 and 9 refused, 6, 7, 10 only as overrules', () => {
    expect(validOf(['5'], ['3', '4', '8', '9', '6', '7', '10'], { fields: ['7'] })).toEqual([
      '3',
      '4',
      '6',
      '7',
      '10',
    ]);
    expect(validOf(['5'], ['6', '7', '10'], { fields: ['7', '2'] })).toEqual([]);
  });
  it('F-K reversed: on a 9, 5 taken, J refused, 10 taken as an overrule', () => {
    expect(validOf([{ v: '9', av: null }], ['5', 'J', '10'], { fields: ['K'] })).toEqual(['5', '10']);
  });
});

describe('OV — overruling', () => {
  it('OV-1/a under field 7 a 10 overrules a 5, an 8 does not', () => {
    expect(validOf(['5'], ['10', '8'], { fields: ['7'] })).toEqual(['10']);
  });
  it('OV-1/b a 3-lock blocks overrules too', () => {
    expect(validOf(['3'], ['2', '6', '7', '10'])).toEqual([]);
  });
  it('OV-1/c field Joker removes overruling: on a K, 2 refused, A taken', () => {
    expect(validOf(['K'], ['2', 'A'], { fields: ['Joker'] })).toEqual(['A']);
  });
  it('OV-1/d a 2 overrules by its own value and then counts 9 under field 9', () => {
    let s = facing(['K'], ['2', '5'], { fields: ['9'] });
    s = play(s, '2');
    expect(semOf(top(s))).toBe('9');
  });
  it('F-2 Small is Mighty: on a K only the 2 still overrules', () => {
    expect(validOf(['K'], ['2', '7', '10', '6'], { fields: ['2'] })).toEqual(['2']);
  });
});

describe('C — card abilities (placement)', () => {
  it('C-2/a a 2 does not clear a 7-choice; on an A it pays the penalty and C may play anything ≥ 2', () => {
    expect(validOf([{ v: '7', choice: 'higher' }], ['2'])).toEqual([]);
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: 'A', player: 'A' }],
      seats: { B: { hand: ['2', '4', '5', '6', '7'] }, C: { hand: ['2', '3'] } },
    });
    s = play(s, '2');
    expect(s.seats[1]!.hand).toHaveLength(6);
    expect(tryPlay(s, '2').ok).toBe(true);
  });
  it('C-3/a B cannot answer a 3 and picks up; C faces an empty pile', () => {
    let s = position({
      n: 4,
      source: 0,
      seats: { A: { hand: ['3', '9'] }, B: { hand: ['K', '4'] }, C: { hand: ['5'] } },
    });
    s = play(s, '3');
    expectErr(tryPlay(s, 'K'), 'THREE_LOCK');
    s = pickUp(s);
    expect(hand(s, 'B')).toEqual(['3', '4', 'K']);
    expect(s.pile).toHaveLength(0);
    expect(current(s)).toBe('C');
  });
  it('C-3/b a link of two 3s is one lock; 3s across three players burn at four', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['3', '3', '9'] }, B: { hand: ['3', '9'] }, C: { hand: ['3', '9'] } },
    });
    s = play(s, '3', '3');
    s = play(s, '3');
    expect(s.pile).toHaveLength(2);
    s = play(s, '3');
    expect(s.pile).toHaveLength(0);
    expect(s.lastBurn?.reason).toBe('fourOfAKind');
  });
  it('C-3/c a 6 cannot answer a 3', () => {
    expect(validOf(['3'], ['6'])).toEqual([]);
  });
  it('C-6/a a 6 copies the value, so on a Joker-as-5 it swaps like a 5', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: ['5', { v: 'Joker', sem: '5' }],
      seats: { A: { hand: ['6', 'K'], up: ['3', '4', '9'] } },
    });
    s = play(s, '6');
    expect([semOf(top(s)), avOf(top(s))]).toEqual(['5', '5']);
    expect(s.turn.pending?.kind).toBe('swap5');
  });
  it('C-6/b a 6 on an ace pays 1; the 6 then acts as an A of m=2: D pays 2', () => {
    let s = position({
      n: 4,
      current: 'C',
      source: 20,
      pile: [{ v: 'A', player: 'B' }],
      seats: { C: { hand: ['6', '6', '4', '5', '7'] }, D: { hand: ['2', '4', '5', '7', '8'] } },
    });
    s = play(s, '6', '6');
    expect(s.seats[2]!.hand).toHaveLength(6);
    expect([avOf(top(s)), top(s).m]).toEqual(['A', 2]);
    s = play(s, '2');
    expect(s.seats[3]!.hand).toHaveLength(7);
  });
  it('C-6/c a 6 on a 7 LOW is legal, acts as a 7 and declares again: HIGH', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: '7', choice: 'lower', player: 'A' }],
      seats: { B: { hand: ['6', '9'] }, C: { hand: ['5', '8'] } },
    });
    s = play(s, '6');
    expect(s.turn.pending?.kind).toBe('declare7');
    s = declare(s, 'higher');
    expect(tryPlay(s, '5').ok).toBe(false);
    expect(tryPlay(s, '8').ok).toBe(true);
  });
  it('C-6/d under field 2 a 6 cannot overrule a K', () => {
    expect(validOf(['K'], ['6'], { fields: ['2'] })).toEqual([]);
  });
  it('C-6/e a 6 on a table 6 is table again: anything may follow', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: '6', sem: 'table', av: null }],
      seats: { B: { hand: ['6', '9'] }, C: { hand: ['2', '3'] } },
    });
    s = play(s, '6');
    expect(semOf(top(s))).toBe('table');
    expect(tryPlay(s, '2').ok).toBe(true);
  });
  it('C-7/a higher is numeric under field K: 9 taken, 5 refused', () => {
    expect(validOf([{ v: '7', choice: 'higher' }], ['9', '5'], { fields: ['K'] })).toEqual(['9']);
  });
  it('C-7/b the choice beats field 7; on the 5 that follows, bifurcation: 8 refused, 3 taken, 6 as an overrule', () => {
    expect(validOf([{ v: '7', choice: 'lower' }], ['9', '5'], { fields: ['7'] })).toEqual(['5']);
    expect(validOf([{ v: '7', choice: 'lower' }, '5'], ['8', '3', '6'], { fields: ['7'] })).toEqual([
      '3',
      '6',
    ]);
  });
  it('C-7/c the choice governs under field 9', () => {
    expect(validOf([{ v: '7', sem: '9', choice: 'lower' }], ['5'], { fields: ['9'] })).toEqual(['5']);
  });
  it('C-7/d overrulers obey the choice: LOW refuses 10, takes 2 and 6; HIGH refuses 2, takes 10', () => {
    expect(validOf([{ v: '7', choice: 'lower' }], ['10', '2', '6'])).toEqual(['2', '6']);
    expect(validOf([{ v: '7', choice: 'higher' }], ['2', '10'])).toEqual(['10']);
  });
  it('C-7/e the choice binds only the next link: on [7 HIGH][8], 5 refused, 8 taken', () => {
    expect(validOf([{ v: '7', choice: 'higher' }, '8'], ['5', '8'])).toEqual(['8']);
  });
  it('C-7 a 7 asks its player higher or lower before the turn ends; nothing else is legal meanwhile', () => {
    let s = position({ n: 4, source: 10, seats: { A: { hand: ['7', '9'] } } });
    s = play(s, '7');
    expect(s.turn.pending?.kind).toBe('declare7');
    expectErr(tryPlay(s, '9'), 'ANSWER_FIRST');
    s = declare(s, 'lower');
    expect(top(s).choice).toBe('lower');
    expect(current(s)).toBe('B');
  });
  it('C-9/a a 9 beats a reversed ordering: A taken, and a 3 then locks C', () => {
    expect(validOf(['9'], ['A', '3'], { fields: ['K'] })).toEqual(['A', '3']);
  });
  it("C-9/b low cards under field 9 do not get the 9's permission", () => {
    expect(validOf([{ v: '4', sem: '9' }], ['5'], { fields: ['9'] })).toEqual([]);
  });
  it('C-10/a under field 2 a 10 cannot overrule a J', () => {
    expect(validOf(['J'], ['10'], { fields: ['2'] })).toEqual([]);
  });
  it('C-10/b a 10 on an ace pays the penalty, then burns; next C', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [{ v: 'A', player: 'A' }],
      seats: { B: { hand: ['10', '4', '5', '6', '7'] } },
    });
    s = play(s, '10');
    expect(s.pile).toHaveLength(0);
    expect(s.seats[1]!.hand).toHaveLength(6);
    expect(current(s)).toBe('C');
  });
});
