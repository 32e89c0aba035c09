/** A seeded random player for playouts and golden games (test code: it may compute values). */
import type { StarExprJson, StarNavigatorIntent, StarNavigatorOptions } from '@cards/schema';
import { closest, evaluate, fromJson, int, toJson } from '../../src/arith/index.ts';
import { startMatch, submitIntent, type Match } from '../../src/core/engine.ts';
import { nextInt, seedPrng, shuffle, type PrngState } from '../../src/core/prng.ts';
import { starNavigator as game } from '../../src/star-navigator/index.ts';
import type { StarNavigatorState } from '../../src/star-navigator/state.ts';
import { choiceValues, valueOf } from '../../src/star-navigator/vector.ts';

const OPS = ['+', '-', '*', '/', '^'] as const;

/** A random tree over the refs. */
function randomTree(refs: readonly string[], prng: PrngState): [StarExprJson, PrngState] {
  let p = prng;
  let items: StarExprJson[] = refs.map((ref) => ({ kind: 'leaf', ref }));
  while (items.length > 1) {
    const [i, p1] = nextInt(p, items.length);
    const a = items[i] as StarExprJson;
    items = items.filter((_, k) => k !== i);
    const [j, p2] = nextInt(p1, items.length);
    const b = items[j] as StarExprJson;
    items = items.filter((_, k) => k !== j);
    const [o, p3] = nextInt(p2, OPS.length);
    p = p3;
    items.push({ kind: 'op', op: OPS[o] ?? '+', left: a, right: b });
  }
  return [items[0] as StarExprJson, p];
}

export type Style = 'random' | 'best';

/** Picks an intent for a seat: random legal moves, and a calculation (best, random, or a slip). */
export function choose(
  state: StarNavigatorState,
  seat: number,
  prng: PrngState,
  style: Style,
): [StarNavigatorIntent, PrngState] {
  let p = prng;
  const roll = (n: number): number => {
    const [k, next] = nextInt(p, n);
    p = next;
    return k;
  };
  const s = state.seats[seat];
  const nonTimeout = game.legalIntents(state, seat);
  // The round timer running out for this seat, which the room's clock would submit.
  const timeout = game
    .timers?.(state)
    .find((t) => t.seat === seat && t.intent.type === 'roundTimeout')?.intent;
  const legal = timeout === undefined ? nonTimeout : [...nonTimeout, timeout];
  if (timeout !== undefined && roll(200) === 0) return [timeout, p];
  if (state.phase === 'compose' && s !== undefined && !s.mustLayOut && s.choice !== null && roll(3) !== 0) {
    const choice = s.choice;
    const refs = choiceValues(state, choice).map((v) => v.ref);
    const [tree, p1] = randomTree(refs, p);
    p = p1;
    const expr = style === 'best' || roll(2) === 0 ? (bestTree(state, choice) ?? tree) : tree;
    const built = fromJson(expr, (ref) => {
      const v = valueOf(state, choice, ref);
      return v === undefined ? undefined : int(v);
    });
    const value = built.ok ? evaluate(built.value, 'integer') : null;
    let declared = value?.ok === true ? Number(value.value.n) : 0;
    if (roll(25) === 0) declared += 1; // a slip: wrong declaration
    return [{ type: 'submit', expr, declared }, p];
  }
  if (s?.mustLayOut === true) {
    const [order, p1] = shuffle(s.memory, p);
    return [{ type: 'layOutMemory', order }, p1];
  }
  const pool = nonTimeout.length > 0 ? nonTimeout : legal;
  return [pool[roll(pool.length)] as StarNavigatorIntent, p];
}

function bestTree(
  state: StarNavigatorState,
  choice: NonNullable<StarNavigatorState['seats'][number]['choice']>,
): StarExprJson | null {
  const r = closest(
    choiceValues(state, choice).map((v) => ({ ref: v.ref, value: v.value })),
    state.target ?? 0,
    { useAll: true, mode: 'integer' },
  );
  if (!r.ok || r.value === null) return null;
  const strip = (j: StarExprJson): StarExprJson =>
    j.kind === 'leaf'
      ? { kind: 'leaf', ref: j.ref }
      : { kind: 'op', op: j.op, left: strip(j.left), right: strip(j.right) };
  return strip(toJson(r.value.expr) as StarExprJson);
}

/** Seats that can act and the policy's pick among them. */
export function step(
  match: Match<StarNavigatorOptions, StarNavigatorState, StarNavigatorIntent>,
  prng: PrngState,
  style: Style,
): [number, StarNavigatorIntent, PrngState] {
  const all = game.actors(match.state);
  if (all.length === 0) throw new Error('no actors in a running game');
  // Seats that only could time out (waiting for a Data Packet) are left to the clock.
  const busy = all.filter(
    (seat) => match.state.phase === 'compose' || game.legalIntents(match.state, seat).length > 0,
  );
  const actors = busy.length > 0 ? busy : all;
  const [k, p1] = nextInt(prng, actors.length);
  const seat = actors[k] as number;
  const [intent, p2] = choose(match.state, seat, p1, style);
  return [seat, intent, p2];
}

export function playMatch(
  options: StarNavigatorOptions,
  players: number,
  seed: string,
  style: Style,
  onStep?: (
    before: StarNavigatorState,
    after: StarNavigatorState,
    seat: number,
    intent: StarNavigatorIntent,
    /** JSON of `before`, taken before the intent was applied. */
    beforeJson: string,
  ) => void,
  maxSteps = 20_000,
): Match<StarNavigatorOptions, StarNavigatorState, StarNavigatorIntent> {
  let match = startMatch(game, options, players, seed);
  let prng = seedPrng(`policy-${seed}`);
  for (let n = 0; game.outcome(match.state) === null; n++) {
    if (n > maxSteps) throw new Error(`match ${seed} did not end`);
    const [seat, intent, p] = step(match, prng, style);
    prng = p;
    const before = match.state;
    const beforeJson = onStep === undefined ? '' : JSON.stringify(before);
    // A round timeout stands in for the room's clock running out.
    const byClock = intent.type === 'roundTimeout';
    const r = submitIntent(game, match, seat, intent, match.version, match.version * 1000, byClock);
    if (!r.ok)
      throw new Error(`policy intent refused: ${r.error.code} ${r.error.message} ${JSON.stringify(intent)}`);
    match = r.value;
    onStep?.(before, match.state, seat, intent, beforeJson);
  }
  return match;
}
