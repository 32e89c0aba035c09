import { describe, expect, it } from 'vitest';
import { clearDecideCaches, decide } from '../../src/arith/decide.ts';
import { solverWarmUp } from '../../src/blind-cassowary/solver.ts';
import { evaluate, leaves, toJson } from '../../src/arith/expr.ts';
import { toString } from '../../src/arith/rational.ts';
import { bruteForce } from './brute.ts';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';

const cardsOf = (hand: readonly number[]) => hand.map((v, i) => ({ ref: `c${i}`, value: { n: v, d: 1 } }));

/** The answer checked in full: a witness must use distinct cards of the hand and equal the target. */
function answer(hand: readonly number[], target: number): boolean {
  const r = decide(cardsOf(hand), { n: target, d: 1 });
  if (r === 'unknown') throw new Error(`unknown for ${hand.join(',')} → ${target}`);
  if (r === null) return false;
  const refs = leaves(r).map((l) => l.ref);
  expect(new Set(refs).size).toBe(refs.length);
  expect(refs.length).toBeGreaterThanOrEqual(2);
  for (const l of leaves(r)) expect(toString(l.value)).toBe(String(hand[Number(l.ref.slice(1))]));
  const v = evaluate(r);
  expect(v.ok && toString(v.value)).toBe(String(target));
  return true;
}

/** decide against the brute force on targets 1..upTo and the cursed ones; counts each answer. */
function agreeWithBrute(hand: readonly number[], upTo: number, tally: { found: number; none: number }): void {
  const reachable = bruteForce(hand);
  for (const target of [...Array.from({ length: upTo }, (_, i) => i + 1), 1010, 1111, 1212, 1313]) {
    const expected = reachable.has(String(target));
    expect([hand.join(','), target, answer(hand, target)]).toEqual([hand.join(','), target, expected]);
    if (expected) tally.found++;
    else tally.none++;
  }
}

function randomHand(rng: PrngState, size: number, maxRank: number): [number[], PrngState] {
  const hand: number[] = [];
  let s = rng;
  for (let i = 0; i < size; i++) {
    const [v, next] = nextInt(s, maxRank);
    hand.push(v + 1);
    s = next;
  }
  return [hand, s];
}

describe('decide: exact "can two or more cards make the target", against brute force', () => {
  it('agrees on every target 1–200 and the cursed targets for random small hands', () => {
    let rng = seedPrng('decide-vs-brute');
    const tally = { found: 0, none: 0 };
    for (let h = 0; h < 16; h++) {
      const size = h < 2 ? 5 : h < 10 ? 4 : 3;
      const [hand, next] = randomHand(rng, size, h % 3 === 0 ? 3 : 13);
      rng = next;
      agreeWithBrute(hand, 200, tally);
      clearDecideCaches();
    }
    // Both answers occur often: the comparison is not one-sided.
    expect(tally.found).toBeGreaterThan(300);
    expect(tally.none).toBeGreaterThan(300);
  });

  it('agrees on hands of 9 and 10 cards whose six- and seven-card parts get reach tables (mostly aces)', () => {
    // Multisets of many aces reach few values: these hands take the big-hand tables (and the reach
    // tables built from fresh values), and the brute force still runs in about a second each.
    const tally = { found: 0, none: 0 };
    for (const hand of [
      [1, 1, 1, 1, 1, 1, 1, 2, 2],
      [1, 1, 1, 1, 1, 1, 1, 2, 3],
      [1, 1, 1, 1, 1, 1, 1, 1, 2, 2],
    ]) {
      clearDecideCaches();
      agreeWithBrute(hand, 300, tally);
    }
    expect(tally.found).toBeGreaterThan(100);
    expect(tally.none).toBeGreaterThan(100);
  });

  it('a single card equal to the target is not a cassowary', () => {
    expect(answer([11, 1], 11)).toBe(true); // 11 × 1
    expect(answer([11, 13], 11)).toBe(false);
  });

  it('decides hands of 8 low cards with cursed targets (found and none both occur)', () => {
    expect(answer([3, 3, 3, 3, 2, 2, 2, 1], 1313)).toBe(true); // (3+3)^(2+2) + 3·3·2 − 1
    expect(answer([1, 1, 1, 1, 1, 1, 1, 2], 1313)).toBe(false); // at most 2^7 = 128 ≪ 1313
  });

  it('the hard sets of issue 19 (A–3, 8 to 10 cards, targets 1010–1313): never unknown, witnesses make the target', () => {
    let rng = seedPrng('decide-hard-sets');
    const seen = { found: 0, none: 0 };
    for (const [size, count] of [
      [8, 14],
      [9, 5],
      [10, 3],
    ] as const)
      for (let h = 0; h < count; h++) {
        const [hand, next] = randomHand(rng, size, 3);
        const [t, after] = nextInt(next, 4);
        rng = after;
        // answer() throws on 'unknown' and checks every witness against the target.
        if (answer(hand, [1010, 1111, 1212, 1313][t] as number)) seen.found++;
        else seen.none++;
      }
    expect(seen.found).toBeGreaterThan(3);
    expect(seen.none).toBeGreaterThan(3);
  });
});

describe('decide: the witness depends on the hand and the target only', () => {
  it('is the same from empty shared tables, after other searches filled them, in any order, and after a warm-up', () => {
    let rng = seedPrng('decide-witness-history');
    const cases: [number[], number][] = [];
    for (let h = 0; h < 24; h++) {
      const low = h % 2 === 0;
      const [hand, next] = randomHand(rng, low ? 7 + (h % 3) : 5 + (h % 4), low ? 3 : 13);
      const [t, after] = nextInt(next, low ? 4 : 120);
      rng = after;
      cases.push([hand, low ? ([1010, 1111, 1212, 1313][t] as number) : t + 1]);
    }
    const witness = (hand: number[], target: number): string => {
      const r = decide(cardsOf(hand), { n: target, d: 1 });
      return r === null || r === 'unknown' ? String(r) : JSON.stringify(toJson(r));
    };
    const alone = cases.map(([hand, target]) => {
      clearDecideCaches();
      return witness(hand, target);
    });
    expect(alone.filter((w) => w !== 'null').length).toBeGreaterThan(12);
    clearDecideCaches();
    const forwards = cases.map(([hand, target]) => witness(hand, target));
    const backwards = [...cases].reverse().map(([hand, target]) => witness(hand, target));
    expect(forwards).toEqual(alone);
    expect(backwards.reverse()).toEqual(alone);
    // A match worker's warm-up: its tables pinned, then every case from those tables alone.
    clearDecideCaches(true);
    try {
      for (const step of solverWarmUp()) step();
      const pinned = cases.map(([hand, target]) => {
        clearDecideCaches();
        return witness(hand, target);
      });
      expect(pinned).toEqual(alone);
    } finally {
      clearDecideCaches(true);
    }
  });
});

describe('decide: the witness is a shortest one up to four cards', () => {
  it('uses four cards when no pair or triple of the hand makes the target (brute force) and four do', () => {
    // A real deal's hand: before, the directed search returned a cassowary of seven or eight cards.
    const hand = [13, 9, 9, 10, 12, 7, 12, 9];
    const target = 52;
    for (let a = 0; a < hand.length; a++)
      for (let b = a + 1; b < hand.length; b++) {
        const pair = [hand[a], hand[b]] as number[];
        expect(bruteForce(pair).has(String(target))).toBe(false);
        for (let c = b + 1; c < hand.length; c++)
          expect(bruteForce([...pair, hand[c] as number]).has(String(target))).toBe(false);
      }
    clearDecideCaches();
    const r = decide(cardsOf(hand), { n: target, d: 1 });
    expect(r !== null && r !== 'unknown' && leaves(r).length).toBe(4);
    expect(answer(hand, target)).toBe(true);
  });
});
