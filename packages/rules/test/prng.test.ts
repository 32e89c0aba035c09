import { describe, expect, it } from 'vitest';
import { nextInt, nextUint32, seedPrng, shuffle, type PrngState } from '../src/core/prng.ts';

describe('prng', () => {
  it('the same seed gives the same sequence; different seeds differ', () => {
    const draw = (seed: string): number[] => {
      let s = seedPrng(seed);
      const out: number[] = [];
      for (let i = 0; i < 8; i++) {
        const [v, next] = nextUint32(s);
        out.push(v);
        s = next;
      }
      return out;
    };
    expect(draw('abc')).toEqual(draw('abc'));
    expect(draw('abc')).not.toEqual(draw('abd'));
    expect(draw('')).toHaveLength(8);
  });

  it('state is four unsigned 32-bit integers and survives JSON', () => {
    const s = seedPrng('json');
    expect(s).toHaveLength(4);
    for (const v of s) expect(Number.isInteger(v) && v >= 0 && v < 2 ** 32).toBe(true);
    const copy = JSON.parse(JSON.stringify(s)) as PrngState;
    expect(nextUint32(copy)).toEqual(nextUint32(s));
  });

  it('nextInt stays in range, covers it evenly, and rejects bad bounds', () => {
    let s = seedPrng('ints');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const [v, next] = nextInt(s, 6);
      counts[v] = (counts[v] ?? 0) + 1;
      s = next;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
    expect(() => nextInt(s, 0)).toThrow(RangeError);
    expect(() => nextInt(s, 1.5)).toThrow(RangeError);
    expect(nextInt(s, 1)[0]).toBe(0);
  });

  it('shuffle returns a permutation, leaves the input alone and is deterministic', () => {
    const items = Object.freeze(Array.from({ length: 52 }, (_, i) => i));
    const [a, sa] = shuffle(items, seedPrng('deck'));
    const [b, sb] = shuffle(items, seedPrng('deck'));
    expect(a).toEqual(b);
    expect(sa).toEqual(sb);
    expect([...a].sort((x, y) => x - y)).toEqual(items);
    expect(a).not.toEqual(items);
    expect(shuffle(items, sa)[0]).not.toEqual(a);
  });
});
