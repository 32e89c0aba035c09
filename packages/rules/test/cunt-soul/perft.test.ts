import { describe, expect, it } from 'vitest';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';
import { game, position } from './helpers.ts';

/** Perft: the number of legal intent sequences of a given length from a position. */
function perft(s: CuntSoulState, depth: number): number {
  if (depth === 0 || game.outcome(s) !== null) return 1;
  let n = 0;
  for (const seat of game.actors(s))
    for (const intent of game.legalIntents(s, seat)) {
      const r = game.apply(s, seat, intent, 0);
      if (!r.ok) throw new Error(`legal intent refused: ${r.error.code}`);
      n += perft(r.value, depth - 1);
    }
  return n;
}

describe('perft', () => {
  it('perft: A holds 5 5 9 K Q with a field 4 and vertical face-up cards, on a 4', () => {
    const s = position({
      n: 3,
      source: 10,
      pile: [{ v: '4', player: 'C' }],
      seats: {
        A: { hand: ['5', '5', '9', 'K', 'Q'], up: ['J', '3', '8'], field: '4' },
        B: { hand: ['6', '7', '2', 'A', 'Joker'] },
        C: { hand: ['8', '8', '3', '4', '5'] },
      },
    });
    // depth 1 by hand: field 4 allows single cards only, so links 5, 9, K, Q (4), and field changes:
    // 4 hand values × 3 vertical slots (12)
    expect(perft(s, 1)).toBe(16);
    // depth 2 partly by hand: the 5 offers 3 × 3 swaps + Done (10), the 9 lets B play all five values (5),
    // the K (reversed, next C) leaves C only a pick-up (1), the Q only a K (1); the 12 changes make 51
    expect([perft(s, 2), perft(s, 3)]).toEqual(PERFT_A);
  });

  it('perft: on face-down cards under field Q, a run in progress', () => {
    const s = position({
      n: 2,
      source: 0,
      pile: [
        '2',
        { v: '4', av: null, player: 'A', runStart: 2 },
        { v: '5', run: true, runStart: 2, player: 'A' },
      ],
      seats: { A: { down: ['6', '7', '9'], field: 'Q' }, B: { hand: ['Joker', '3', '3', '10'] } },
    });
    const mid = {
      ...s,
      turn: { ...s.turn, oblig: 'runMust' as const, run: { startId: 2, last: 5, len: 2 }, links: 2 },
    };
    // depth 1 by hand: three face-down slots. Depth 2: the 6 continues the run (then 2 flips or
    // EndChain: 3); the 7 and the 9 fail, A picks up and B faces an empty pile with Joker, 3, 3 3, 10 (4 each)
    expect(perft(mid, 1)).toBe(3);
    expect([perft(mid, 2), perft(mid, 3), perft(mid, 4)]).toEqual(PERFT_B);
  });
});

const PERFT_A = [68, 338];
const PERFT_B = [11, 28, 66];
