import { describe, expect, it } from 'vitest';
import { bestNotOver, canMake, closest, solutions } from '../../src/arith/solve.ts';
import { evaluate, leaves } from '../../src/arith/expr.ts';
import type { Expr } from '../../src/arith/expr.ts';
import { canonical } from '../../src/arith/canon.ts';
import { RANK_NAMES, parse } from '../../src/arith/parse.ts';
import { format } from '../../src/arith/format.ts';
import { OPS, apply, compare, int, toString } from '../../src/arith/rational.ts';
import type { ArithMode, Rational } from '../../src/arith/rational.ts';
import { nextInt, seedPrng } from '../../src/core/prng.ts';
import type { PrngState } from '../../src/core/prng.ts';

const p = (s: string): Expr => {
  const r = parse(s, { names: RANK_NAMES });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const valueOf = (e: Expr, mode: ArithMode = 'rational'): string => {
  const v = evaluate(e, mode);
  return v.ok ? toString(v.value) : v.error.code;
};
/** Each leaf is a distinct card of the hand (refs are indexes by default). */
const usesCardsOnce = (e: Expr, hand: readonly number[]): boolean => {
  const refs = leaves(e).map((l) => Number(l.ref));
  return (
    new Set(refs).size === refs.length &&
    leaves(e).every((l) => toString(l.value) === String(hand[Number(l.ref)]))
  );
};

describe('Blind Cassowary rule example: 24 from 4, 6, 3, Q, 2', () => {
  const hand = [4, 6, 3, 12, 2];
  const examples = ['4*6', '2*Q', '2*3*4', '((6*3)+4+2)'];
  it('the four ways in the text evaluate to 24', () => {
    for (const s of examples) expect(valueOf(p(s))).toBe('24');
  });
  it('canMake finds a witness', () => {
    const r = canMake(hand, 24);
    expect(r.ok && r.value !== null).toBe(true);
    if (!r.ok || r.value === null) return;
    expect(valueOf(r.value)).toBe('24');
    expect(usesCardsOnce(r.value, hand)).toBe(true);
  });
  it('solutions lists each of them once, in canonical form, without duplicates', () => {
    const r = solutions(hand, 24, { limit: 10_000 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const keys = r.value.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    const texts = r.value.map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const s of [...examples, '6*4', 'Q*2', '4*(3*2)', '2+(4+6*3)']) {
      const c = canonical(p(s));
      expect(c && keys.includes(c.key), s).toBe(true);
    }
    expect(texts).toContain('4*6');
    expect(texts).not.toContain('6*4');
    expect(texts).toContain('2*12');
    expect(texts).toContain('2*3*4');
    expect(texts).toContain('2+4+3*6');
    for (const s of r.value) {
      expect(valueOf(s.expr)).toBe('24');
      expect(usesCardsOnce(s.expr, hand)).toBe(true);
    }
    // deterministic
    const again = solutions(hand, 24, { limit: 10_000 });
    expect(again.ok && again.value.map((s) => s.text)).toEqual(texts);
    const limited = solutions(hand, 24, { limit: 3 });
    expect(limited.ok && limited.value.map((s) => s.text)).toEqual(texts.slice(0, 3));
  });
  it('duplicate card values give one solution', () => {
    const r = solutions([4, 4, 6], 10);
    expect(r.ok && r.value.map((s) => s.text)).toEqual(['4+6', '4*4-6']);
  });
});

describe('Star Navigator rule examples (integer mode)', () => {
  it('31 from 7, 8, J: the best using all cards is 32, 1 away', () => {
    const r = closest([7, 8, 11], 31, { mode: 'integer' });
    expect(r.ok && r.value !== null).toBe(true);
    if (!r.ok || r.value === null) return;
    expect(toString(r.value.value)).toBe('32');
    expect(toString(r.value.distance)).toBe('1');
    expect(valueOf(r.value.expr, 'integer')).toBe('32');
    expect(leaves(r.value.expr)).toHaveLength(3);
    expect(valueOf(p('(J-7)*8'), 'integer')).toBe('32');
    expect(valueOf(p('7+8+J'), 'integer')).toBe('26');
  });
  it('44 with beacon 6 and 5, 6, J, Q: 5 and Q with the beacon give 42, the best of every choice', () => {
    expect(valueOf(p('6*5+Q'), 'integer')).toBe('42');
    const r = closest(
      [
        { ref: 'beacon', value: 6 },
        { ref: '5', value: 5 },
        { ref: 'Q', value: 12 },
      ],
      44,
      { mode: 'integer' },
    );
    expect(r.ok && r.value !== null).toBe(true);
    if (!r.ok || r.value === null) return;
    expect(toString(r.value.value)).toBe('42');
    expect(toString(r.value.distance)).toBe('2');
    expect(
      leaves(r.value.expr)
        .map((l) => l.ref)
        .sort(),
    ).toEqual(['5', 'Q', 'beacon']);
    // No other pair from the Nav Memory does better.
    const memory = [5, 6, 11, 12];
    let bestDistance = Infinity;
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) {
        const c = closest([6, memory[i] as number, memory[j] as number], 44, { mode: 'integer' });
        if (c.ok && c.value !== null) bestDistance = Math.min(bestDistance, Number(c.value.distance.n));
      }
    expect(bestDistance).toBe(2);
  });
  it('integer mode refuses non-whole steps that rational mode allows', () => {
    // 1 = 3/6 * 2 needs 1/2 on the way; 8/3 has no whole route.
    const rat = canMake([3, 6, 2], 1, { minCards: 3, useAll: true });
    expect(rat.ok && rat.value !== null).toBe(true);
    expect(
      canMake([8, 3], { n: 8n, d: 3n }).ok && canMake([8, 3], { n: 8n, d: 3n }, { mode: 'integer' }),
    ).toEqual({
      ok: true,
      value: null,
    });
  });
});

describe('solver edge cases', () => {
  it('refuses more than 8 cards and reports the search limit honestly', () => {
    expect(canMake([1, 2, 3, 4, 5, 6, 7, 8, 9], 10)).toMatchObject({
      ok: false,
      error: { code: 'TOO_MANY_CARDS' },
    });
    const r = canMake([13, 13, 13, 13, 13, 13, 13, 13], 1212, { budget: 10_000 });
    expect(r.ok ? 'ok' : r.error.code).toBe('SEARCH_LIMIT');
  });
  it('bestNotOver finds an exact hit or the largest value below', () => {
    const exact = bestNotOver([2, 3], 6);
    expect(exact.ok && exact.value && toString(exact.value.value)).toBe('6');
    const below = bestNotOver([2, 3], 7);
    expect(below.ok && below.value && toString(below.value.value)).toBe('6');
    const single = bestNotOver([13, 12], 12, { minCards: 1 });
    expect(single.ok && single.value && format(single.value.expr)).toBe('12');
  });
  it('uses zero cards (Jokers) correctly', () => {
    const r = closest([0, 0, 5], 1, { mode: 'integer' });
    expect(r.ok && r.value && toString(r.value.value)).toBe('1'); // 5^(0+0) or 5^(0*0)…
  });
});

// ---------------------------------------------------------------------------------------------
// Independent brute force: repeatedly combine two items of the list in every way; every composite
// item ever formed is a value reachable from a subset of at least two cards.

function brute(
  hand: readonly number[],
  mode: ArithMode,
): { some: Map<string, Rational>; all: Map<string, Rational> } {
  const some = new Map<string, Rational>();
  const all = new Map<string, Rational>();
  const seen = new Set<string>();
  const go = (items: { v: Rational; composite: boolean }[]): void => {
    const sig = items
      .map((i) => `${toString(i.v)}${i.composite ? 'c' : ''}`)
      .sort()
      .join(',');
    if (seen.has(sig)) return;
    seen.add(sig);
    if (items.length === 1) {
      const only = items[0] as { v: Rational };
      all.set(toString(only.v), only.v);
    }
    for (let i = 0; i < items.length; i++)
      for (let j = 0; j < items.length; j++) {
        if (i === j) continue;
        const a = items[i] as { v: Rational };
        const b = items[j] as { v: Rational };
        const rest = items.filter((_, k) => k !== i && k !== j);
        for (const op of OPS) {
          const r = apply(op, a.v, b.v, mode);
          if (!r.ok) continue;
          some.set(toString(r.value), r.value);
          go([...rest, { v: r.value, composite: true }]);
        }
      }
  };
  go(hand.map((v) => ({ v: int(v), composite: false })));
  if (hand.length === 1) all.set(String(hand[0]), int(hand[0] as number));
  return { some, all };
}

describe('solver against brute force on seeded random hands', () => {
  it('canMake, bestNotOver and closest agree with an exhaustive enumeration', () => {
    let st: PrngState = seedPrng('arith-cross-check');
    const draw = (bound: number): number => {
      const [v, next] = nextInt(st, bound);
      st = next;
      return v;
    };
    let hands = 0;
    let positives = 0;
    let negatives = 0;
    for (let h = 0; h < 220; h++) {
      const size = 2 + draw(3); // 2..4 cards
      const hand = Array.from({ length: size }, () => (draw(10) === 0 ? 0 : draw(13) + 1));
      const mode: ArithMode = draw(3) === 0 ? 'integer' : 'rational';
      const { some, all } = brute(hand, mode);
      const reachable = [...some.values()];
      const targets: Rational[] = [];
      for (let k = 0; k < 6; k++) targets.push(int(draw(120) - 10));
      for (let k = 0; k < 3 && reachable.length > 0; k++)
        targets.push(reachable[draw(reachable.length)] as Rational);
      for (const t of targets) {
        const expected = some.has(toString(t));
        const r = canMake(hand, t, { mode });
        expect(r.ok, `${hand} ${toString(t)}`).toBe(true);
        if (!r.ok) continue;
        expect(r.value !== null, `${mode} ${hand} → ${toString(t)}`).toBe(expected);
        if (r.value !== null) {
          expect(valueOf(r.value, mode)).toBe(toString(t));
          expect(usesCardsOnce(r.value, hand)).toBe(true);
          expect(leaves(r.value).length).toBeGreaterThanOrEqual(2);
          positives++;
        } else negatives++;

        // bestNotOver with minCards 1: singles count too.
        const pool = [...some.values(), ...hand.map((v) => int(v))];
        const below = pool
          .filter((v) => compare(v, t) <= 0)
          .sort(compare)
          .at(-1);
        const b = bestNotOver(hand, t, { mode });
        expect(b.ok && (b.value === null ? null : toString(b.value.value))).toBe(
          below === undefined ? null : toString(below),
        );
        if (b.ok && b.value !== null) {
          expect(valueOf(b.value.expr, mode)).toBe(toString(b.value.value));
          expect(b.value.exhaustive).toBe(true);
        }

        // closest using every card.
        const c = closest(hand, t, { mode });
        const dist = (v: Rational): Rational => {
          const n = v.n * t.d - t.n * v.d;
          return { n: n < 0n ? -n : n, d: v.d * t.d };
        };
        const bestAll = [...all.values()].sort((x, y) => compare(dist(x), dist(y)) || compare(x, y))[0];
        expect(c.ok && (c.value === null ? null : toString(c.value.value))).toBe(
          bestAll === undefined ? null : toString(bestAll),
        );
        if (c.ok && c.value !== null) expect(leaves(c.value.expr)).toHaveLength(hand.length);
      }
      hands++;
    }
    expect(hands).toBeGreaterThanOrEqual(200);
    expect(positives).toBeGreaterThan(100);
    expect(negatives).toBeGreaterThan(100);
  });

  it('canMake agrees with brute force on 5- and 6-card hands (split search, not just tables)', () => {
    let st: PrngState = seedPrng('arith-cross-check-large');
    const draw = (bound: number): number => {
      const [v, next] = nextInt(st, bound);
      st = next;
      return v;
    };
    for (let h = 0; h < 7; h++) {
      const size = h < 6 ? 5 : 6;
      const hand = Array.from({ length: size }, () => draw(13) + 1);
      const mode: ArithMode = h % 2 === 0 ? 'integer' : 'rational';
      const { some } = brute(hand, mode);
      const reachable = [...some.values()];
      const targets = [int(1000 + draw(9000)), int(-5000 - draw(9000))];
      for (let k = 0; k < 3; k++) targets.push(reachable[draw(reachable.length)] as Rational);
      for (const t of targets) {
        const r = canMake(hand, t, { mode, minCards: size, useAll: true });
        const all = canMake(hand, t, { mode });
        expect(all.ok && all.value !== null, `${hand} ${toString(t)}`).toBe(some.has(toString(t)));
        if (r.ok && r.value !== null) {
          expect(valueOf(r.value, mode)).toBe(toString(t));
          expect(usesCardsOnce(r.value, hand)).toBe(true);
          expect(leaves(r.value)).toHaveLength(size);
        }
      }
    }
  });

  it('solutions on small hands are exactly the canonical forms of all brute-force expressions', () => {
    // Brute force every expression tree over every subset, canonicalise, compare the key sets.
    const trees = (cards: { ref: string; v: number }[]): Expr[] => {
      if (cards.length === 1) {
        const c = cards[0] as { ref: string; v: number };
        return [{ kind: 'leaf', ref: c.ref, value: int(c.v) }];
      }
      const out: Expr[] = [];
      const n = cards.length;
      for (let m = 1; m < (1 << n) - 1; m++) {
        const l = cards.filter((_, i) => (m >> i) & 1);
        const r = cards.filter((_, i) => !((m >> i) & 1));
        for (const a of trees(l))
          for (const b of trees(r)) for (const op of OPS) out.push({ kind: 'op', op, left: a, right: b });
      }
      return out;
    };
    let st: PrngState = seedPrng('arith-solutions');
    for (let h = 0; h < 12; h++) {
      const [a, s1] = nextInt(st, 13);
      const [b, s2] = nextInt(s1, 13);
      const [c, s3] = nextInt(s2, 13);
      const [t, s4] = nextInt(s3, 30);
      st = s4;
      const hand = [a + 1, b + 1, c + 1];
      const expected = new Set<string>();
      for (let m = 1; m < 8; m++) {
        const sub = hand.map((v, i) => ({ ref: String(i), v })).filter((_, i) => (m >> i) & 1);
        if (sub.length < 2) continue;
        for (const e of trees(sub)) {
          if (valueOf(e) !== String(t)) continue;
          const k = canonical(e);
          if (k !== undefined) expected.add(k.key);
        }
      }
      const r = solutions(hand, t, { limit: 100_000 });
      expect(r.ok).toBe(true);
      if (r.ok) expect(new Set(r.value.map((s) => s.key))).toEqual(expected);
    }
  });
});
