import { CassinoViewSchema, type CassinoIntent } from '@cards/schema';
import { nextInt, seedPrng, type PrngState } from '../src/core/prng.ts';
import { enumerateIntents } from '../src/cassino/legal.ts';

/** A list ceiling no playout position reaches: the enumeration is checked in full. */
export const FULL_CEILING = 10_000;
import { cassino, type CassinoState } from '../src/index.ts';
import { allCardIds, candidateBruteForce, deepFreeze, intentKey } from './cassino-helpers.ts';

/** Plain assertions: vitest's expect is too slow for hundreds of thousands of checks. */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`playout check failed: ${what}`);
}

function same(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`playout check failed: ${what}: ${a} !== ${b}`);
}

/** A seeded random source for tests (never Math.random). */
export class Rng {
  private state: PrngState;
  constructor(seed: string) {
    this.state = seedPrng(seed);
  }
  int(bound: number): number {
    const [v, next] = nextInt(this.state, bound);
    this.state = next;
    return v;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

const ALL_IDS = ['AS', '2S', '5H', '7D', '10D', 'KC', 'QH', 'JS', '9C', '3D', 'XX', ''];

/** A random, usually illegal, sometimes malformed intent. */
function randomIntent(rng: Rng, s: CassinoState, seat: number): unknown {
  const hand = s.hands[seat] ?? [];
  const card = rng.int(4) > 0 && hand.length > 0 ? rng.pick(hand).id : rng.pick(ALL_IDS);
  const pool = [...s.table.map((i) => i.id), 'b999', 'ZZ'];
  const items: string[] = [];
  const n = rng.int(5);
  for (let i = 0; i < n; i++) items.push(rng.pick(pool));
  switch (rng.int(8)) {
    case 0:
      return { type: 'trail', card };
    case 1:
    case 2:
      return { type: 'capture', card, items };
    case 3:
    case 4:
      return { type: 'build', card, items, value: rng.int(13) - 1 };
    case 5:
      return { type: 'continue' };
    case 6:
      return rng.pick([
        null,
        7,
        'trail',
        {},
        { type: 'capture', card, items: 'all' },
        { type: 'build', card, items },
      ]);
    default:
      return { type: rng.pick(['steal', 'TRAIL', 'capture ']), card, items };
  }
}

function checkState(s: CassinoState): void {
  const ids = allCardIds(s);
  check(ids.length === 52, 'ids.length).toBe(52);');
  check(new Set(ids).size === 52, 'new Set(ids).size).toBe(52);');
}

function checkViews(s: CassinoState, parse: boolean): void {
  for (const viewer of [0, 1, 'spectator'] as const) {
    const v = cassino.view(s, viewer);
    if (parse) CassinoViewSchema.parse(v);
    const hidden = new Set([
      ...s.deck.map((c) => c.id),
      ...s.hands.flatMap((h, seat) => (seat === viewer ? [] : h.map((c) => c.id))),
    ]);
    const strings: string[] = [];
    JSON.stringify(v, (_k, value: unknown) => {
      if (typeof value === 'string') strings.push(value);
      return value;
    });
    for (const str of strings) check(hidden.has(str) === false, 'hidden.has(str)).toBe(false);');
    same(
      v.hand,
      viewer === 'spectator' ? [] : s.hands[viewer],
      "v.hand).toEqual(viewer === 'spectator' ? [] : s.hands",
    );
  }
}

function checkScores(s: CassinoState): void {
  for (const lines of s.dealScores)
    for (const l of lines)
      check(
        l.total === l.mostCards + l.mostSpades + l.bigCassino + l.littleCassino + l.aces + l.sweeps,
        'l.total).toBe(l.mostCards + l.mostSpades + l.bigCassi',
      );
  for (const seat of [0, 1])
    check(
      s.matchTotals[seat] === s.dealScores.reduce((t, lines) => t + (lines[seat]?.total ?? 0), 0),
      's.matchTotals[seat]).toBe(s.dealScores.reduce((t, lin',
    );
  for (const lines of s.dealScores) {
    check(lines[0]!.cards + lines[1]!.cards === 52, 'lines[0]!.cards + lines[1]!.cards).toBe(52);');
    check(lines[0]!.spades + lines[1]!.spades === 13, 'lines[0]!.spades + lines[1]!.spades).toBe(13);');
  }
}

export interface PlayoutStats {
  deals: number;
  steps: number;
  applied: number;
  rejected: number;
  /** Largest table met, and the longest legal list. */
  maxTable: number;
  maxListed: number;
  /** Positions with more than 12 table items whose list was compared with the brute force. */
  bruteForced: number;
}

export interface PlayoutPolicy {
  /** Chance (per 1000) of trailing whenever a trail is legal, instead of a uniform pick: bigger tables. */
  trailPerMille: number;
  /** Compare with the independent brute force on one in this many positions of 13–14 table items. */
  bruteForceEvery: number;
}

/**
 * Plays random games until `deals` deals are finished, checking the invariants after every step.
 * Every legal list must be complete (these playouts never reach the list ceiling), and on a sample
 * of positions with 13 or 14 table items the list must equal the independent brute force.
 * Returns counters so the caller can assert the run did real work.
 */
export function runPlayouts(
  seed: string,
  deals: number,
  config: CassinoState['options'][],
  policy: PlayoutPolicy = { trailPerMille: 0, bruteForceEvery: 4 },
): PlayoutStats {
  const rng = new Rng(seed);
  const stats: PlayoutStats = {
    deals: 0,
    steps: 0,
    applied: 0,
    rejected: 0,
    maxTable: 0,
    maxListed: 0,
    bruteForced: 0,
  };
  for (let game = 0; stats.deals < deals; game++) {
    let s = deepFreeze(cassino.setup(config[game % config.length]!, 2, `${seed}/${game}`));
    let playsThisDeal = 0;
    while (cassino.outcome(s) === null) {
      checkState(s);
      const actors = cassino.actors(s);
      check(actors.length > 0, 'actors.length).toBeGreaterThan(0);');
      const seat = rng.pick(actors);
      // The enumeration itself, with a ceiling above anything these playouts reach (the game's own
      // list stops at MAX_LISTED and names the cut cards; cassino-complete.test.ts covers that).
      const { intents, complete, freePlay } = enumerateIntents(s, seat, FULL_CEILING);
      stats.maxTable = Math.max(stats.maxTable, s.table.length);
      stats.maxListed = Math.max(stats.maxListed, intents.length);
      // Every table of these playouts is listed in full, whatever its size.
      check(complete === true && freePlay.length === 0, `complete list (table of ${s.table.length})`);
      check(intents.length > 0 && intents.length <= FULL_CEILING, 'intents.length in 1..FULL_CEILING');
      const keys = new Set(intents.map(intentKey));
      check(keys.size === intents.length, 'keys.size).toBe(intents.length);');
      if (s.table.length >= 13 && s.table.length <= 14 && rng.int(policy.bruteForceEvery) === 0) {
        same(
          [...keys].sort(),
          candidateBruteForce(s, seat),
          `legal list = brute force (${s.table.length} items)`,
        );
        stats.bruteForced++;
      }
      // Every legal intent (or a sample of 6) is accepted.
      const sample = intents.length <= 8 ? intents : Array.from({ length: 6 }, () => rng.pick(intents));
      for (const intent of sample) {
        check(
          cassino.apply(s, seat, intent, 0).ok === true,
          'cassino.apply(s, seat, intent, 0).ok).toBe(true);',
        );
        stats.applied++;
      }
      // Random intents: accepted exactly when listed; a refusal leaves the (frozen) state alone.
      for (let k = 0; k < 4; k++) {
        const intent = randomIntent(rng, s, seat);
        const r = cassino.apply(s, seat, intent as CassinoIntent, 0);
        if (r.ok)
          check(
            keys.has(intentKey(intent as CassinoIntent)) === true,
            'keys.has(intentKey(intent as CassinoIntent))).toBe(tr',
          );
        else {
          stats.rejected++;
          check(typeof r.error.code === 'string', "typeof r.error.code).toBe('string');");
          if (typeof intent === 'object' && intent !== null && 'type' in intent)
            check(
              keys.has(intentKey(intent as CassinoIntent)) === false,
              'keys.has(intentKey(intent as CassinoIntent))).toBe(fa',
            );
        }
      }
      // Nobody else may act.
      for (const other of [0, 1])
        if (!actors.includes(other))
          same(cassino.legalIntents(s, other), [], 'cassino.legalIntents(s, other)).toEqual([]);');
      if (!actors.includes(1 - seat))
        check(
          cassino.apply(s, 1 - seat, rng.pick(intents), 0).ok === false,
          'cassino.apply(s, 1 - seat, rng.pick(intents), 0).ok).',
        );
      checkViews(s, stats.steps % 16 === 0);

      const trails = intents.filter((i) => i.type === 'trail');
      const chosen =
        trails.length > 0 && rng.int(1000) < policy.trailPerMille ? rng.pick(trails) : rng.pick(intents);
      const r = cassino.apply(s, seat, chosen, 0);
      if (!r.ok) throw new Error(`legal intent refused: ${r.error.code}`);
      const before = s;
      s = deepFreeze(r.value);
      stats.steps++;
      if (chosen.type !== 'continue') playsThisDeal++;
      check(playsThisDeal <= 48, 'playsThisDeal).toBeLessThanOrEqual(48);');
      if (s.dealScores.length > before.dealScores.length) {
        check(playsThisDeal === 48, 'playsThisDeal).toBe(48);');
        playsThisDeal = 0;
        stats.deals++;
        checkScores(s);
        check(s.captured.flat().length === 52, 's.captured.flat().length).toBe(52);');
      }
    }
    checkState(s);
    checkViews(s, true);
    checkScores(s);
    const out = cassino.outcome(s)!;
    same(out.scores, s.matchTotals, 'out.scores).toEqual(s.matchTotals);');
    const best = Math.max(...out.scores);
    same(
      out.winners,
      [0, 1].filter((seat) => out.scores[seat] === best),
      'out.winners).toEqual([0, 1].filter((seat) => out.scor',
    );
    if (s.options.match === 'to21') {
      check(best >= 21, 'best).toBeGreaterThanOrEqual(21);');
      check(out.winners.length === 1, 'out.winners).toHaveLength(1);');
    } else check(s.dealScores.length === 1, 's.dealScores).toHaveLength(1);');
    same(JSON.parse(JSON.stringify(s)), s, 'JSON.parse(JSON.stringify(s))).toEqual(s);');
  }
  return stats;
}
