/**
 * Seeded PRNG (sfc32) whose whole state is four 32-bit integers, so it can live inside
 * a serialisable game state. Every draw returns the new state alongside the value.
 */
export type PrngState = readonly [number, number, number, number];

/** Derives a PRNG state from any string seed (cyrb128 hash). */
export function seedPrng(seed: string): PrngState {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  let state: PrngState = [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
  for (let i = 0; i < 12; i++) state = nextUint32(state)[1];
  return state;
}

/** Returns a uniformly distributed unsigned 32-bit integer and the next state. */
export function nextUint32(state: PrngState): [number, PrngState] {
  let [a, b, c, d] = state;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, [a >>> 0, b >>> 0, c >>> 0, d >>> 0]];
}

/** Uniform integer in [0, bound) without modulo bias. */
export function nextInt(state: PrngState, bound: number): [number, PrngState] {
  if (!Number.isInteger(bound) || bound <= 0 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  let current = state;
  for (;;) {
    const [value, next] = nextUint32(current);
    current = next;
    if (value < limit) return [value % bound, current];
  }
}

/** Fisher–Yates shuffle returning a new array and the next state. */
export function shuffle<T>(items: readonly T[], state: PrngState): [T[], PrngState] {
  const out = items.slice();
  let current = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, next] = nextInt(current, i + 1);
    current = next;
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return [out, current];
}
