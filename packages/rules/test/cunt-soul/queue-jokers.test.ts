import { describe, expect, it } from 'vitest';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';
import { choose, current, game, play, position, semOf, top } from './helpers.ts';
import { playGame } from './policy.ts';

describe('QU, V-1, JO — the remaining clauses', () => {
  it('QU-1 every turn starts with the queue [NEXT]', () => {
    const s = play(position({ n: 4, source: 10, seats: { A: { hand: ['8', '9'] } } }), '8');
    expect(s.turn.queue).toEqual([{ kind: 'next' }]);
  });

  it('QU-2 an 8 adds SKIP, a K adds nothing (it flips the direction at once), a J adds MOVE_TO', () => {
    const withFieldJ = (h: string) =>
      play(
        position({ n: 4, fields: [], source: 10, seats: { A: { hand: [h, '9'] }, B: { field: 'J' } } }),
        h,
      );
    expect(withFieldJ('8').turn.queue).toEqual([{ kind: 'next' }, { kind: 'skip' }]);
    const k = withFieldJ('K');
    expect([k.turn.queue, k.dir]).toEqual([[{ kind: 'next' }], -1]);
    const j = play(position({ n: 4, source: 10, seats: { A: { hand: ['J', '9'] } } }), 'J');
    expect(current(choose(j, 'C'))).toBe('C');
  });

  it('QU-3 card items come first, the field-J item last: after an 8 the field-J choice of D decides', () => {
    let s = position({ n: 4, fields: [], source: 10, seats: { A: { hand: ['8', '9'] }, B: { field: 'J' } } });
    s = play(s, '8');
    expect(s.turn.queue).toEqual([{ kind: 'next' }, { kind: 'skip' }]);
    expect(current(choose(s, 'D'))).toBe('D');
  });

  it('V-1 the syntactic value never changes: a 6 copying a 5 still shows as a printed 6', () => {
    const s = play(
      position({ n: 4, source: 10, pile: [{ v: '5', player: 'B' }], seats: { A: { hand: ['6', '3'] } } }),
      '6',
    );
    const link = game.view(s, 1).pile.at(-1)!;
    expect([link.printed, link.value]).toEqual(['6', '5']);
  });

  it('JO-1 what a Joker cancels: nothing on an empty pile (table), nothing on a link without power', () => {
    const empty = play(position({ n: 4, source: 10, seats: { A: { hand: ['Joker', '9'] } } }), 'Joker');
    expect(semOf(top(empty))).toBe('table');
    const plain = play(
      position({
        n: 4,
        source: 10,
        pile: [{ v: '6', sem: 'table', av: null }],
        seats: { A: { hand: ['Joker', '9'] } },
      }),
      'Joker',
    );
    expect([semOf(top(plain)), plain.lastBurn]).toEqual(['6', null]);
  });

  it('JO-2 after a run is returned the Joker takes the value of the starting link: a 6 that acted as 4 gives 6', () => {
    const s = play(
      position({
        n: 4,
        current: 'B',
        source: 10,
        pile: [
          '4',
          { v: '6', sem: '4', av: null, player: 'A', runStart: 2 },
          { v: '5', run: true, runStart: 2, player: 'A' },
          { v: '6', run: true, runStart: 2, player: 'A' },
        ],
        seats: { B: { hand: ['Joker', 'K', 'K', 'K', 'Q'] } },
      }),
      'Joker',
    );
    expect(semOf(top(s))).toBe('6');
    expect(s.pile).toHaveLength(3);
  });

  it('JO-3 paradoxes follow §20 (tested there): a Joker on an 8 burns with the reason "paradox"', () => {
    const s = play(
      play(
        position({
          n: 4,
          source: 10,
          pile: ['5'],
          seats: { A: { hand: ['8', '9'] }, C: { hand: ['Joker', '9'] } },
        }),
        '8',
      ),
      'Joker',
    );
    expect(s.lastBurn?.reason).toBe('paradox');
    expect(game.view(s, 0).lastBurn).toEqual({ seat: 2, reason: 'paradox', cards: 3 });
  });
});

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('purity', () => {
  it('apply never mutates: a whole 5-player game on deep-frozen states', () => {
    let steps = 0;
    playGame(
      { dealer: 'random', turnLimit: 300 },
      5,
      'frozen',
      (before: CuntSoulState, after: CuntSoulState) => {
        // `after` is the next step's input: frozen, any write by apply would throw (ES modules are strict)
        deepFreeze(after);
        expect(Object.isFrozen(before)).toBe(steps > 0);
        steps++;
      },
    );
    expect(steps).toBeGreaterThan(50);
  });
});
