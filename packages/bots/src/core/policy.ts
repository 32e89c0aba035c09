/**
 * What a computer player is: a function of its seat's view, that seat's legal intents, its level and
 * a seeded random source — plus whatever it remembers of the views it was shown before. It never
 * sees the game state, the deck or another seat's cards: the host hands it `view(state, seat)` and
 * `legalIntents(state, seat)` and submits what it returns through the same path as a person.
 */
import { nextInt, seedPrng, type PrngState } from '@cards/rules';

export const LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof LEVELS)[number];

/** Act after `delayMs` of "thinking", unless a newer view arrives first (then the bot is asked again). */
export interface BotAction<Intent> {
  readonly intent: Intent;
  readonly delayMs: number;
}
/** null: nothing to do on this view (wait for the next one). */
export type BotDecision<Intent> = BotAction<Intent> | null;

/**
 * One seat's computer player. `decide` is called with every view the seat receives, in order (also
 * when the seat cannot act: that is how it remembers what it has seen); its answer replaces any
 * action still pending from an earlier view.
 */
export interface Bot<View, Intent> {
  readonly level: Level;
  decide(view: View, legal: readonly Intent[]): BotDecision<Intent>;
}

export interface BotOptions {
  readonly level: Level;
  /** Seeds the bot's own random choices (ties, think time, Easy's slips). */
  readonly seed: string;
}

export type BotFactory<View, Intent> = (options: BotOptions) => Bot<View, Intent>;

/** A seeded random source owned by one bot (the rules' PRNG, kept outside any game state). */
export class Rng {
  private state: PrngState;
  constructor(seed: string) {
    this.state = seedPrng(seed);
  }
  /** Uniform integer in [0, bound). */
  int(bound: number): number {
    const [value, next] = nextInt(this.state, bound);
    this.state = next;
    return value;
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.int(2 ** 30) / 2 ** 30;
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)] as T;
  }
  /** A uniform integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(Math.max(1, Math.round(max - min) + 1));
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/** Think time per level for an ordinary move (ms): people pause, so computer players do too. */
const THINK_MS: Readonly<Record<Level, readonly [number, number]>> = {
  easy: [900, 2200],
  normal: [700, 1600],
  hard: [500, 1200],
};
export const thinkDelay = (rng: Rng, level: Level, scale = 1): number => {
  const [min, max] = THINK_MS[level];
  return Math.round(rng.between(min, max) * scale);
};

/** The highest-scoring item (first on ties); `score` is called once per item. */
export function argmax<T>(items: readonly T[], score: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (best === undefined || s > bestScore) {
      best = item;
      bestScore = s;
    }
  }
  return best;
}

/** Same intent (structural): a pending action survives a new view when the bot still wants it. */
export const sameIntent = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
