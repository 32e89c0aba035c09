import { describe, expect, it } from 'vitest';
import {
  act,
  current,
  declare,
  expectErr,
  flip,
  game,
  hand,
  pickCards,
  pickUp,
  play,
  position,
  tryPlay,
  upOf,
} from './helpers.ts';

describe('T — turns, links and chains', () => {
  it('T-1/a n=2: an 8 gives A a new turn with a fresh queue, where a field change is allowed again', () => {
    let s = position({
      n: 2,
      source: 10,
      pile: ['5'],
      seats: { A: { hand: ['8', '9', 'K', 'Q', 'J'], up: ['3', '4', '6'], field: '2' } },
    });
    s = play(s, '8');
    expect(current(s)).toBe('A');
    expect(s.turn.queue).toEqual([{ kind: 'next' }]);
    expect(game.legalIntents(s, 0).some((i) => i.type === 'changeField')).toBe(true);
  });

  it('T-2/a a link never mixes hand and face-up cards; a 7 from the hand is valid and asks higher/lower', () => {
    const s = position({ n: 4, source: 0, pile: ['6'], seats: { A: { hand: ['7'], up: ['7', 'K', '3'] } } });
    const mixed = [...pickCards(s, ['7']), s.seats[0]!.up[0]!.card!];
    expectErr(act(s, { type: 'playLink', cards: mixed }), 'NOT_ACCESSIBLE');
    const r = play(s, '7');
    expect(r.turn.pending?.kind).toBe('declare7');
  });

  it('T-2/b a face-down link is one card: two slots are rejected, one slot accepted', () => {
    const s = position({ n: 4, source: 0, seats: { A: { down: ['5', '9', 'K'] } } });
    expectErr(act(s, { type: 'playFaceDown', slot: [0, 1] } as never), 'EMPTY_SLOT');
    expect(act(s, { type: 'playFaceDown', slot: 0 }).ok).toBe(true);
  });

  it('T-3/a no field extends a chain: under field Q a declined 5 ends the turn', () => {
    let s = position({
      n: 4,
      fields: ['Q'],
      source: 10,
      seats: { A: { hand: ['5', '9'], up: ['3', '4', 'K'] } },
    });
    s = play(s, '5');
    s = expectOkAct(s, { type: 'endSwaps' });
    expect(current(s)).toBe('B');
  });

  it('T-3/b no chain after a burn', () => {
    let s = position({ n: 4, source: 10, pile: ['K'], seats: { A: { hand: ['10', '9'] } } });
    s = play(s, '10');
    expect(current(s)).toBe('B');
  });

  it('T-4/a a Q in the hand continues with a face-up K; or with a face-down K (valid) or a 5 (pick-up)', () => {
    let s = position({ n: 4, source: 0, pile: ['J'], seats: { A: { hand: ['Q'], up: ['K', '3', '3'] } } });
    s = play(s, 'Q');
    s = play(s, 'K');
    expect(current(s)).toBe('D'); // the K ended the chain and reversed the direction
    const blind = position({
      n: 4,
      source: 0,
      pile: ['J'],
      seats: { A: { hand: ['Q'], down: ['K', '5', '9'] } },
    });
    const afterQ = play(blind, 'Q');
    expect(flip(afterQ, 0).pile.at(-1)?.syn).toBe(13);
    const failed = flip(afterQ, 1);
    expect(hand(failed, 'A')).toEqual(['5', 'J', 'Q']);
  });
});

function expectOkAct(s: ReturnType<typeof position>, intent: Parameters<typeof act>[1]) {
  const r = act(s, intent);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

describe('U — picking up', () => {
  it('U-1/a a player who can play may not pick up; one who cannot must', () => {
    const can = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: ['K'],
      seats: { B: { hand: ['A', '3', '4'] } },
    });
    expectErr(act(can, { type: 'pickUp' }), 'CAN_PLAY');
    const cannot = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: ['K'],
      seats: { B: { hand: ['3', '4', '5'] } },
    });
    expectErr(tryPlay(cannot, '3'), 'TOO_LOW');
    expect(act(cannot, { type: 'pickUp' }).ok).toBe(true);
  });

  it('U-1/b on face-down cards: picking up is refused, a flip is taken', () => {
    const s = position({
      n: 4,
      current: 'B',
      source: 0,
      pile: ['A'],
      seats: { B: { down: ['2', '5', '9'] } },
    });
    expectErr(act(s, { type: 'pickUp' }), 'FACE_DOWN');
    expect(game.legalIntents(s, 1).map((i) => i.type)).toEqual([
      'playFaceDown',
      'playFaceDown',
      'playFaceDown',
    ]);
    const r = flip(s, 2);
    expect(r.lastFlip?.valid).toBe(false);
  });

  it('U-2/a a player on face-up cards picks up into the hand; face-up cards stay', () => {
    let s = position({ n: 4, source: 0, pile: ['A'], seats: { A: { up: ['K', '4', '4'] } } });
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['A']);
    expect(upOf(s, 'A')).toEqual(['K', '4', '4']);
  });

  it('U-3/a after a pick-up under field J there is no choice: B is next', () => {
    let s = position({
      n: 4,
      fields: [],
      source: 0,
      seats: { A: { hand: ['Q', '3', '3'] }, D: { field: 'J' } },
    });
    s = play(s, 'Q');
    expect(tryPlay(s, '3').ok).toBe(false);
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['3', '3', 'Q']);
    expect(current(s)).toBe('B');
  });
});

describe('H — hand size and replenishing', () => {
  it('H-1/a a hand above the hand size is kept; nothing is drawn', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['9', '4', '5', '6', '7', '8', 'J'], field: 'A' }, B: { field: 'A' } },
    });
    s = play(s, '4');
    expect(s.seats[0]!.hand).toHaveLength(6);
  });

  it('H-2/a no drawing during a turn: Q Q then 6 6 6 (acting as Q) leaves no card, so A picks up all five', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['Q', 'Q', '6', '6', '6'], up: ['3', '4', '5'] } },
    });
    s = play(s, 'Q', 'Q');
    s = play(s, '6', '6', '6');
    expect(hand(s, 'A')).toEqual(['6', '6', '6', 'Q', 'Q']);
    expect(s.source).toHaveLength(10);
    expect(current(s)).toBe('B');
  });

  it('H-2/b a larger hand size reaches other players only at the end of their own turn', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 20,
      seats: {
        A: { hand: ['K', '5', '6', '7', '4'] },
        B: { hand: ['A', '9', '9', '9', '8'], up: ['K', 'Q', 'J'], field: '4' },
      },
    });
    const r = act(s, { type: 'changeField', card: s.seats[1]!.hand[0]!, slot: 0 });
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
    expect(s.seats[0]!.hand).toHaveLength(5);
    s = play(s, '9', '9', '9');
    s = { ...s, current: 0 };
    s = play(s, 'K');
    expect(s.seats[0]!.hand).toHaveLength(6);
  });

  it('H-3/a field 10 cannot bring an empty source back: the burn goes out', () => {
    let s = position({
      n: 4,
      fields: ['10'],
      current: 'B',
      source: 0,
      pile: ['K'],
      seats: { B: { hand: ['10', '9'] } },
    });
    s = play(s, '10');
    expect(s.source).toHaveLength(0);
    expect(s.out).toHaveLength(2);
  });
});

describe('Z — zones', () => {
  it('Z-1/a face-up play is compulsory when possible: on an 8, 9 and 2 legal, 4 refused, no pick-up', () => {
    const s = position({ n: 4, source: 0, pile: ['8'], seats: { A: { up: ['9', '4', '2'] } } });
    expectErr(act(s, { type: 'pickUp' }), 'CAN_PLAY');
    expect(tryPlay(s, '9').ok).toBe(true);
    expect(tryPlay(s, '2').ok).toBe(true);
    expect(tryPlay(s, '4').ok).toBe(false);
  });

  it('Z-1 face-up cards cannot be played while the source exists', () => {
    const s = position({ n: 4, source: 5, seats: { A: { hand: ['9'], up: ['K', '4', '2'] } } });
    const k = s.seats[0]!.up[0]!.card!;
    expectErr(act(s, { type: 'playLink', cards: [k] }), 'NOT_ACCESSIBLE');
  });

  it('Z-2/a a horizontal face-up 8 joins a vertical one in a single link', () => {
    let s = position({ n: 4, source: 0, pile: ['5'], seats: { A: { up: ['8', '8h', '3'] } } });
    s = play(s, '8', '8');
    expect(s.pile.at(-1)?.cards).toHaveLength(2);
    expect(s.seats[0]!.up[1]).toEqual({ card: null, horizontal: true });
  });

  it('Z-3 after a pick-up the hand comes first: face-up cards wait', () => {
    let s = position({
      n: 4,
      source: 0,
      pile: ['3'],
      seats: { A: { up: ['2', '9', '9'] }, B: { hand: ['3', '4'] }, C: { hand: ['K'] }, D: { hand: ['K'] } },
    });
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['3']);
    s = { ...s, current: 0, pile: [] };
    const nine = s.seats[0]!.up[1]!.card!;
    expectErr(act(s, { type: 'playLink', cards: [nine] }), 'NOT_ACCESSIBLE');
    expect(tryPlay(s, '3').ok).toBe(true);
  });

  it('Z-4/a the player picks the slot blind; only that slot is turned', () => {
    const s = flip(position({ n: 4, source: 0, pile: ['J'], seats: { A: { down: ['5', 'K', '9'] } } }), 1);
    expect(s.lastFlip?.valid).toBe(true);
    expect(s.seats[0]!.down.map((c) => c !== null)).toEqual([true, false, true]);
  });

  it('Z-4/b an invalid face-down card: the pile and the card go to the hand, next B', () => {
    const s = flip(position({ n: 4, source: 0, pile: ['K'], seats: { A: { down: ['5', '9', '9'] } } }), 0);
    expect(hand(s, 'A')).toEqual(['5', 'K']);
    expect(s.pile).toHaveLength(0);
    expect(current(s)).toBe('B');
  });

  it('Z-4/c an invalid flip after earlier links of the chain takes them too', () => {
    let s = position({ n: 4, source: 0, pile: ['J'], seats: { A: { down: ['Q', '9', '4'] } } });
    s = flip(s, 0);
    expect(s.turn.oblig).toBe('mustExtend');
    s = flip(s, 1);
    expect(hand(s, 'A')).toEqual(['9', 'J', 'Q']);
  });

  it('Z-5/a the last face-down card fails: the field card still goes to the hand; field 4 lasts to the end of the turn', () => {
    const s = flip(position({ n: 4, source: 0, pile: ['K'], seats: { A: { down: ['3'], field: '4' } } }), 0);
    expect(hand(s, 'A')).toEqual(['3', '4', 'K']);
    expect(s.seats[0]!.field).toBeNull();
    expect(s.seats[0]!.lingering).toBeNull();
    expect(current(s)).toBe('B');
    expect(game.view(s, 1).fields).toEqual([]);
  });

  it('Z-5/b the lingering field K still reverses the ordering until the end of the turn', () => {
    let s = position({
      n: 4,
      source: 0,
      pile: [{ v: 'K', player: 'B' }],
      seats: { A: { down: ['Q'], field: 'K' }, B: { hand: ['2', '3'] } },
    });
    s = flip(s, 0);
    expect(s.seats[0]!.lingering).not.toBeNull();
    expect(s.turn.oblig).toBe('mustExtend');
    expect(tryPlay(s, 'K').ok).toBe(false);
    s = pickUp(s);
    expect(hand(s, 'A')).toEqual(['K', 'K', 'Q']);
    expect(game.view(s, 0).fields).toEqual([]);
  });
});

describe('W — finishing and the end', () => {
  it('W-1/a the field card must be played too: A is not finished after the last face-down card, then finishes with the K', () => {
    let s = position({
      n: 3,
      source: 0,
      pile: [{ v: 'J', player: 'C', av: null }],
      seats: { A: { down: ['9'], field: 'K' }, B: { hand: ['2', '3'] }, C: { hand: ['4', '5'] } },
    });
    s = flip(s, 0);
    expect(s.seats[0]!.finished).toBe(false);
    expect(hand(s, 'A')).toEqual(['K']);
    s = { ...s, current: 0, pile: [{ ...s.pile[0]!, syn: 12, sem: 12, av: 0 }], turn: { ...s.turn } };
    s = play(s, 'K');
    expect(s.seats[0]!.finished).toBe(true);
    expect(s.finishOrder).toEqual([0]);
  });

  it('W-1/b a Q as the very last card cannot be answered: A picks up and is not finished', () => {
    let s = position({ n: 3, source: 0, pile: ['J'], seats: { A: { hand: ['Q'], down: [] } } });
    s = play(s, 'Q');
    expect(hand(s, 'A')).toEqual(['J', 'Q']);
    expect(s.seats[0]!.finished).toBe(false);
  });

  it('W-1/c finishing on a 4: the run is optional', () => {
    let s = position({ n: 3, source: 0, pile: ['2'], seats: { A: { hand: ['4'], down: [] } } });
    s = play(s, '4');
    expect(s.seats[0]!.finished).toBe(true);
  });

  it('W-2/a play continues after the first finisher; the last one left is the sole-cunt', () => {
    let s = position({
      n: 3,
      source: 0,
      seats: {
        A: { hand: ['9'], down: [] },
        B: { hand: ['K'], down: [] },
        C: { hand: ['3', '4'], down: [] },
      },
    });
    s = play(s, '9');
    expect(s.phase).toBe('play');
    s = play(s, 'K');
    expect(s.phase).toBe('over');
    expect(s.result).toEqual({ order: [0, 1, 2], byLimit: false });
    expect(game.outcome(s)?.winners).toEqual([0]);
  });

  it("W-3/a a Joker on a finisher's run brings the 5 and 6 back and reinstates A", () => {
    let s = position({
      n: 3,
      source: 0,
      pile: ['2'],
      seats: { A: { hand: ['4', '5', '6'], down: [] }, B: { hand: ['Joker', '9'] }, C: { hand: ['9'] } },
    });
    s = play(s, '4');
    s = play(s, '5');
    s = play(s, '6');
    expect(s.finishOrder).toEqual([0]);
    s = play(s, 'Joker');
    expect(hand(s, 'A')).toEqual(['5', '6']);
    expect(s.pile.at(-1)?.sem).toBe(4);
    expect(s.finishOrder).toEqual([]);
    expect(s.seats[0]!.finished).toBe(false);
    expect(current(s)).toBe('C');
  });

  it('W-4 finished players are passed over and cannot be chosen', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['J', '9'] }, C: { finished: true, down: [] } },
    });
    s = play(s, 'J');
    expect(game.legalIntents(s, 0)).toEqual([
      { type: 'chooseNext', seat: 1 },
      { type: 'chooseNext', seat: 3 },
    ]);
    expectErr(act(s, { type: 'chooseNext', seat: 2 }), 'BAD_CHOICE');
  });

  it('W-5 at the turn limit the players still in are ranked by cards held: B, A, C', () => {
    let s = position({
      n: 3,
      source: 0,
      turnLimit: 3,
      seats: {
        A: { hand: ['4', '4', '5', '5', '6', '6', '7', '7'], down: [] },
        B: { hand: ['8', '8', '9', '9', '9'], down: [] },
        C: { hand: ['10', 'J', 'J', 'Q', 'Q', 'K', 'K', 'A', 'A', 'A'], down: [] },
      },
    });
    s = play(s, '5');
    s = play(s, '9');
    expect(s.phase).toBe('play');
    s = play(s, 'K');
    expect(s.phase).toBe('over');
    expect(s.result).toEqual({ order: [1, 0, 2], byLimit: true });
    expect(game.legalIntents(s, 0)).toEqual([]);
  });
});

describe('worked examples', () => {
  it('a 7 declared LOW makes B pick up a K hand; C then starts fresh', () => {
    let s = position({
      n: 3,
      source: 0,
      seats: { A: { hand: ['7', '9'] }, B: { hand: ['K', 'A'] }, C: { hand: ['4'] } },
    });
    s = declare(play(s, '7'), 'lower');
    s = pickUp(s);
    expect(hand(s, 'B')).toEqual(['7', 'A', 'K']);
    expect(current(s)).toBe('C');
  });
});
