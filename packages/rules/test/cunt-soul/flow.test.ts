import { describe, expect, it } from 'vitest';
import { syn } from '../../src/cunt-soul/cards.ts';
import {
  act,
  changeField,
  choose,
  current,
  declare,
  expectErr,
  expectOk,
  game,
  hand,
  labels,
  play,
  position,
  tryPlay,
  upOf,
} from './helpers.ts';

describe('B — burning', () => {
  it('B-1/a under field 10 a burn goes under the source in pile order', () => {
    let s = position({
      n: 4,
      fields: ['10'],
      current: 'B',
      source: ['4', '4'],
      pile: ['5', '9'],
      seats: { B: { hand: ['10', 'K', 'K', 'Q', 'Q', 'J'] } },
    });
    s = play(s, '10');
    expect(s.source.map(syn)).toEqual([4, 4, 5, 9, 10]);
    expect(s.pile).toHaveLength(0);
    expect(s.out).toHaveLength(0);
  });

  it('B-2/a a 10 without its ability (field Joker) does not burn', () => {
    let s = position({
      n: 4,
      fields: ['Joker'],
      current: 'B',
      source: 10,
      pile: ['9'],
      seats: { B: { hand: ['10', 'K'] } },
    });
    s = play(s, '10');
    expect(s.pile.map((l) => l.syn)).toEqual([9, 10]);
  });

  it('B-3/a four 7s across two players burn; next C', () => {
    let s = position({
      n: 4,
      source: 10,
      seats: { A: { hand: ['7', '7', '9'] }, B: { hand: ['7', '7', '9'] } },
    });
    s = declare(play(s, '7', '7'), 'lower');
    s = play(s, '7', '7');
    expect(s.pile).toHaveLength(0);
    expect(current(s)).toBe('C');
  });

  it('B-3/b the whole pile burns, not only the four cards', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: ['K', { v: '7', n: 2, choice: 'higher', player: 'A' }],
      seats: { B: { hand: ['7', '7', '9'] } },
    });
    s = play(s, '7', '7');
    expect(s.out).toHaveLength(5);
  });

  it('B-3/c field 8 does not double the count: three 5s do not burn; the swaps use m=2', () => {
    let s = position({
      n: 4,
      fields: ['8'],
      current: 'C',
      source: 10,
      pile: ['5', '5'],
      seats: { C: { hand: ['5', 'K', 'Q'], up: ['3', '4', '9'] } },
    });
    s = play(s, '5');
    expect(s.pile).toHaveLength(3);
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', left: 2 });
  });

  it('B-3/d four of a kind beats the field-3 trio: 5 5 on 5 5 burns and B may still swap twice', () => {
    let s = position({
      n: 4,
      fields: ['3'],
      current: 'B',
      source: 10,
      pile: [{ v: '5', n: 2, player: 'A' }],
      seats: { B: { hand: ['5', '5', 'K', 'Q'], up: ['3', '4', '9'] } },
    });
    s = play(s, '5', '5');
    expect(s.pile).toHaveLength(0);
    expect(s.turn.pending).toMatchObject({ kind: 'swap5', left: 2 });
  });

  it('B-3/e a Joker breaks the count: 7 7, Joker, then 7 7 does not burn', () => {
    let s = position({
      n: 4,
      current: 'B',
      source: 10,
      pile: [
        { v: '7', n: 2, choice: 'lower' },
        { v: 'Joker', sem: '7' },
      ],
      seats: { B: { hand: ['7', '7', '9'] } },
    });
    s = play(s, '7', '7');
    expect(s.pile).toHaveLength(3);
  });

  it('B-4/a no extra turn after a burn', () => {
    const s = play(position({ n: 4, source: 10, pile: ['K'], seats: { A: { hand: ['10', '9'] } } }), '10');
    expect(current(s)).toBe('B');
  });

  it('B-4/b the chain stops at a burn even during a Q extension', () => {
    let s = position({ n: 4, source: 10, seats: { A: { hand: ['Q', '10', '9'] } } });
    s = play(s, 'Q');
    s = play(s, '10');
    expect(current(s)).toBe('B');
    expectErr(act(s, { type: 'playLink', cards: [s.seats[0]!.hand[0]!] }, 0), 'NOT_YOUR_TURN');
  });

  it("B-4/c the burning link's skips still count: D's 8 8 on A's 8 8 burns and the next is C", () => {
    let s = position({
      n: 4,
      current: 'D',
      source: 10,
      pile: [{ v: '8', n: 2, player: 'A' }],
      seats: { D: { hand: ['8', '8', '9'] } },
    });
    s = play(s, '8', '8');
    expect(s.pile).toHaveLength(0);
    expect(current(s)).toBe('C');
  });
});

describe('QU — the queue', () => {
  it('QU-4/a the direction is read when the queue resolves: n=3, A plays K → C', () => {
    expect(current(play(position({ n: 3, source: 10, seats: { A: { hand: ['K', '9'] } } }), 'K'))).toBe('C');
  });

  it('QU-4/b skips: 8 → C; 8 8 → D; n=3 8 8 8 → B; with B finished, 8 → D', () => {
    const four = (h: string[]) => position({ n: 4, source: 10, seats: { A: { hand: [...h, '9'] } } });
    expect(current(play(four(['8']), '8'))).toBe('C');
    expect(current(play(four(['8', '8']), '8', '8'))).toBe('D');
    expect(
      current(
        play(position({ n: 3, source: 10, seats: { A: { hand: ['8', '8', '8', '9'] } } }), '8', '8', '8'),
      ),
    ).toBe('B');
    expect(
      current(
        play(
          position({ n: 4, source: 10, seats: { A: { hand: ['8', '9'] }, B: { finished: true, down: [] } } }),
          '8',
        ),
      ),
    ).toBe('D');
  });

  it('QU-4/c n=4 field J: after an 8, A chooses B and B plays', () => {
    let s = position({ n: 4, fields: [], source: 10, seats: { A: { hand: ['8', '9'] }, D: { field: 'J' } } });
    s = play(s, '8');
    expect(s.turn.pending?.kind).toBe('fieldJ');
    expect(current(choose(s, 'B'))).toBe('B');
  });

  it('QU-4/d n=3: A finishes with 8 8 → B', () => {
    const s = play(position({ n: 3, source: 0, seats: { A: { hand: ['8', '8'], down: [] } } }), '8', '8');
    expect(s.finishOrder).toEqual([0]);
    expect(current(s)).toBe('B');
  });

  it('QU-5 worked examples', () => {
    const p = (n: number, h: string[], fields: string[] = []) =>
      position({
        n,
        source: 10,
        seats: { A: { hand: [...h, '9'] }, [String.fromCharCode(64 + n)]: { field: fields[0] ?? null } },
      });
    expect(current(play(p(2, ['8']), '8'))).toBe('A');
    expect(current(play(p(2, ['8', '8']), '8', '8'))).toBe('B');
    const j2 = play(p(2, ['J']), 'J');
    expect(j2.turn.pending).toBeNull();
    expect(current(j2)).toBe('B');
    expect(current(play(p(2, ['K']), 'K'))).toBe('B');
    expect(current(play(p(3, ['K']), 'K'))).toBe('C');
    expect(current(choose(play(p(3, ['J']), 'J'), 'C'))).toBe('C');
    expect(current(play(p(3, ['8']), '8'))).toBe('C');
    let d = choose(
      play(position({ n: 4, source: 10, seats: { A: { hand: ['J', '9'] }, D: { hand: ['K', '9'] } } }), 'J'),
      'D',
    );
    expect(current(d)).toBe('D');
    d = play(d, 'K');
    expect(current(d)).toBe('C'); // D's K reverses: anticlockwise from D is C
    expect(current(choose(play(p(4, ['8'], ['J']), '8'), 'B'))).toBe('B');
    expect(current(play(p(4, ['K', 'K']), 'K', 'K'))).toBe('B');
    expect(current(play(p(4, ['K'], ['8']), 'K'))).toBe('B');
    expect(current(play(p(4, ['8', '8'], ['8']), '8', '8'))).toBe('B');
  });
});

describe('CH — changing the field card', () => {
  const base = (
    extra: Parameters<typeof position>[0]['seats'] = {},
    source: number | string[] = ['4', '5', '6'],
  ) =>
    position({
      n: 4,
      source,
      seats: { A: { hand: ['9', 'K', '10', '6', '2'], up: ['K', '3', '5'], field: '4' }, ...extra },
    });

  it('CH-1 a field change needs a field card, a vertical face-up card and a card from the hand', () => {
    const s = base();
    expectErr(act(s, { type: 'changeField', card: s.seats[0]!.up[0]!.card!, slot: 1 }), 'NOT_YOUR_CARD');
    expectErr(
      changeField(base({ A: { hand: ['9'], up: ['Kh', '3h', '5h'], field: '4' } }), '9', 0),
      'NOT_VERTICAL',
    );
    expectErr(
      changeField(base({ A: { hand: ['9'], up: ['K', '3', '5'], field: null } }), '9', 0),
      'NO_FIELD',
    );
    expectErr(changeField(base({}, 0), '9', 0), 'NO_SOURCE');
    expectErr(act(s, { type: 'changeField', card: s.seats[0]!.hand[0]!, slot: 1 }, 1), 'NOT_YOUR_TURN');
  });

  it('CH-2/a the swap, the burned vertical card and the horizontal replacement', () => {
    const s = expectOk(changeField(base(), '9', 1));
    expect(labels([s.seats[0]!.field])).toEqual(['9']);
    expect(hand(s, 'A')).toContain('4');
    expect(labels(s.out)).toEqual(['3']);
    expect(upOf(s, 'A')).toEqual(['K', '4', '5']);
    expect(s.seats[0]!.up[1]!.horizontal).toBe(true);
    expect(s.seats[0]!.changes).toBe(1);
  });

  it('CH-2/b at most three changes', () => {
    expectErr(
      changeField(base({ A: { hand: ['9'], up: ['K', '3', '5'], field: '4', changes: 3 } }), '9', 0),
      'NO_CHANGES_LEFT',
    );
  });

  it('CH-2/c the new field set routes the burned card: a new field 10 sends it under the source', () => {
    const s = expectOk(changeField(base(), '10', 1));
    expect(labels(s.source)).toEqual(['3', '5', '6']);
    expect(labels([s.source.at(-1)!])).toEqual(['3']);
    expect(upOf(s, 'A')[1]).toBe('4');
  });

  it('CH-2/d once per turn, and only before the first link', () => {
    const s = expectOk(changeField(base(), '9', 1));
    expectErr(changeField(s, 'K', 0), 'START_OF_TURN');
    const played = play(
      base({ A: { hand: ['9', 'K', '10', 'Q', '2', 'Q'], up: ['K', '3', '5'], field: '4' } }),
      'Q',
    );
    expectErr(changeField(played, '9', 0), 'START_OF_TURN');
  });

  it('CH-2/e the new field applies at once: after a change to K, a 5 goes on a 9', () => {
    let s = position({
      n: 4,
      source: 10,
      pile: [{ v: '9', av: null }],
      seats: { A: { hand: ['K', '5'], up: ['J', '3', 'Q'], field: '4' } },
    });
    expect(tryPlay(s, '5').ok).toBe(false);
    s = expectOk(changeField(s, 'K', 0));
    expect(tryPlay(s, '5').ok).toBe(true);
  });

  it('CH-2/f a change to field 6 turns the source over before the replacement is drawn', () => {
    const s = expectOk(changeField(base({}, ['4', '5', '7']), '6', 1));
    expect(upOf(s, 'A')[1]).toBe('7');
    expect(labels(s.source)).toEqual(['4', '5']);
    expect(labels([s.source[0]!])).toEqual(['5']);
    expect(game.view(s, 2).sourceTop?.id).toBe(s.source[0]);
  });

  it('CH-2/g the replacement may take the last source card; then nobody can change', () => {
    const s = expectOk(changeField(base({}, ['8']), '9', 0));
    expect(s.source).toHaveLength(0);
    expect(upOf(s, 'A')[0]).toBe('8');
    expect(game.legalIntents(s, 0).some((i) => i.type === 'changeField')).toBe(false);
  });

  it('CH-3 a 5-swap keeps the slot horizontal', () => {
    let s = position({ n: 4, source: 10, seats: { A: { hand: ['5', '3', '9'], up: ['Q', 'Kh', 'J'] } } });
    s = play(s, '5');
    const three = s.seats[0]!.hand.find((c) => c.startsWith('3'))!;
    s = expectOk(act(s, { type: 'swap5', card: three, slot: 1 }));
    expect(s.seats[0]!.up[1]).toMatchObject({ horizontal: true });
    expect(upOf(s, 'A')[1]).toBe('3');
    expect(hand(s, 'A')).toContain('K');
  });
});
