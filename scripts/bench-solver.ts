/**
 * Blind Cassowary's solver as the server calls it (`pnpm bench solver [--runs N] [--hard N] [--cpu]`):
 * searchHand ("does a cassowary exist?", every chameleon reading, the exact decision of
 * arith/decide.ts), timed separately for each answer — found, none (the proof that no cassowary
 * exists) and unknown (only if the safety budget ran out) — and bestBlind (best value not over the
 * target). Each set is timed twice: cold (the solver's shared tables emptied before every hand: the
 * worst case) and warm (tables shared across the set, as in a long-running match worker). Then a
 * brute-force agreement check on small hands, and the deal's proof itself (the clock's `prove`
 * transition, which runs in the room's match worker) for 2–8 players; last, cheap intents queued
 * behind proofs in the match workers, old path (every transition in the pool) beside the new
 * (only transitions that may search), `--wait-seconds S` per round (apps/server/src/bench/benchOffload.ts);
 * then a fresh match worker's first proofs without and with its warm-up, `--fresh-rounds N`
 * (apps/server/src/bench/benchFreshWorker.ts). "cold after a worker's warm-up": the tables reset to
 * the ones a match worker's warm-up pins, before every hand.
 *
 * Samples: real deals of both target methods, the first seat's hand topped up from the reserve to
 * 5–10 cards (chameleons, cursed targets such as 1010–1313 and all) — these mostly answer "found";
 * and the hard sets: low hands (A–3, one in four with a chameleon) against the cursed targets
 * 1010–1313 (400 hands of 8 cards by default, as in issue 19). Prints figures, asserts nothing.
 *
 * `--compare DIR`: first, the hard sets of 8, 9 and 10 cards (`--hard` hands each) with another copy
 * of the solver beside this one, each set cold and warm, old and new in turn on the same hands — DIR
 * holds that copy's packages/rules/src, e.g. `git archive <commit> packages/rules/src | tar -x -C DIR`
 * (plus a packages/rules/node_modules link). `--sizes 8,9` limits the per-size sections.
 */
import {
  blindCassowary,
  BLIND_CASSOWARY_DEFAULTS,
  type BlindCassowaryState,
} from '../packages/rules/src/blind-cassowary/index.ts';
import {
  bestBlind,
  searchHand,
  solverWarmUp,
  type Proof,
} from '../packages/rules/src/blind-cassowary/solver.ts';
import { clearDecideCaches, DECIDE_BUDGET } from '../packages/rules/src/arith/decide.ts';
import { bruteForce } from '../packages/rules/test/arith/brute.ts';
import { nextInt, seedPrng, type PrngState } from '../packages/rules/src/core/prng.ts';
import type { BlindCassowaryCard } from '../packages/schema/src/index.ts';
import { benchOffload } from '../apps/server/src/bench/benchOffload.ts';
import { benchFreshWorker } from '../apps/server/src/bench/benchFreshWorker.ts';
import { serialize } from 'node:v8';
import { replayEntry, startMatch, type Match } from '../packages/rules/src/core/engine.ts';
import { mayRunSolver } from '../packages/rules/src/blind-cassowary/flow.ts';
import { playPolicyGame } from '../packages/rules/test/blind-cassowary/policy.ts';

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x: number): string => (Number.isNaN(x) ? '–' : `${x.toFixed(2)} ms`);
const stats = (xs: number[]): string =>
  xs.length === 0
    ? 'n=0'
    : `n=${xs.length} median ${ms(quantile(xs, 0.5))}, p99 ${ms(quantile(xs, 0.99))}, max ${ms(Math.max(...xs))}`;

interface Sample {
  hand: BlindCassowaryCard[];
  target: number;
}

/** The first seat's hand of a real deal, topped up from the reserve to `size` cards. */
function realSample(size: number, i: number): Sample {
  const targetMethod = i % 2 === 0 ? 'one' : 'two';
  const s = blindCassowary.setup({ ...BLIND_CASSOWARY_DEFAULTS, targetMethod }, 2, `solver-${size}-${i}`);
  const hand = [...(s.hands[0] ?? []), ...s.reserve].slice(0, size);
  return { hand, target: s.target.value };
}

const CURSED = [1010, 1111, 1212, 1313];

/** A hand of A–3 (one in four with a chameleon) and a cursed target: the "none" path, mostly. */
function lowSample(size: number, prng: PrngState): [Sample, PrngState] {
  let rng = prng;
  const draw = (bound: number): number => {
    const [v, next] = nextInt(rng, bound);
    rng = next;
    return v;
  };
  const hand: BlindCassowaryCard[] = draw(4) === 0 ? [{ id: 'X1', rank: 0, suit: null }] : [];
  while (hand.length < size) {
    const rank = 1 + draw(3);
    hand.push({ id: `${rank}${'SHDC'[hand.length % 4]}${hand.length}`, rank, suit: 'S' });
  }
  return [{ hand, target: CURSED[draw(CURSED.length)] as number }, rng];
}

/** Wall-clock by default; `--cpu`: the process's CPU time, for a busy machine where wall time waits. */
let useCpu = false;
function time<T>(f: () => T): [T, number] {
  if (useCpu) {
    const c0 = process.cpuUsage();
    const r = f();
    const c = process.cpuUsage(c0);
    return [r, (c.user + c.system) / 1000];
  }
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

type ByKind = Record<Proof['kind'], number[]>;
const byKind = (): ByKind => ({ found: [], none: [], unknown: [] });

interface Solver {
  readonly searchHand: (hand: BlindCassowaryCard[], target: number) => Proof;
  readonly clearDecideCaches: () => void;
}
/** Cold: every table gone, the pinned ones too. */
const thisSolver: Solver = { searchHand, clearDecideCaches: () => clearDecideCaches(true) };
/** Cold after a match worker's warm-up: the caches reset to the tables it pinned. */
const warmedSolver: Solver = { searchHand, clearDecideCaches: () => clearDecideCaches() };

function searchAll(samples: Sample[], cold: boolean, solver: Solver = thisSolver): ByKind {
  const out = byKind();
  solver.clearDecideCaches();
  for (const { hand, target } of samples) {
    if (cold) solver.clearDecideCaches();
    const [proof, t] = time(() => solver.searchHand(hand, target));
    out[proof.kind].push(t);
  }
  return out;
}

const counts = (k: ByKind): string =>
  `found ${k.found.length} / none ${k.none.length} / unknown ${k.unknown.length}`;
const line = (k: ByKind): string =>
  `${counts(k)}; found ${stats(k.found)}; none ${stats(k.none)}; unknown ${stats(k.unknown)}`;
const both = (label: string, samples: Sample[]): void => {
  console.log(`    ${label}`);
  console.log(`      cold: ${line(searchAll(samples, true))}`);
  clearDecideCaches(true);
  for (const step of solverWarmUp()) step();
  console.log(`      cold after a worker's warm-up: ${line(searchAll(samples, true, warmedSolver))}`);
  clearDecideCaches(true);
  console.log(`      warm: ${line(searchAll(samples, false))}`);
};

/**
 * searchHand against a brute force (every value of every pairing, bigint rationals) on small hands,
 * both ways: every target the brute force reaches must be found, every other one answered none.
 */
function benchAgreement(hands: number): void {
  let prng = seedPrng('bench-solver-brute');
  const tally = { foundAgree: 0, foundDiffer: 0, noneAgree: 0, noneDiffer: 0, unknown: 0 };
  for (let i = 0; i < hands; i++) {
    const size = 3 + (i % 3);
    const hand: BlindCassowaryCard[] = [];
    for (let k = 0; k < size; k++) {
      const [rank, next] = nextInt(prng, 13);
      prng = next;
      hand.push({ id: `${rank + 1}${'SHDC'[k % 4]}${k}`, rank: rank + 1, suit: 'S' });
    }
    const reachable = bruteForce(hand.map((c) => c.rank));
    for (const target of [...Array.from({ length: 150 }, (_, t) => t + 1), 1010, 1111, 1212, 1313]) {
      const kind = searchHand(hand, target).kind;
      if (kind === 'unknown') tally.unknown++;
      else if (reachable.has(String(target))) tally[kind === 'found' ? 'foundAgree' : 'foundDiffer']++;
      else tally[kind === 'none' ? 'noneAgree' : 'noneDiffer']++;
    }
  }
  console.log(
    `  brute-force agreement, ${hands} hands of 3–5 cards × targets 1–150 and 1010–1313: reachable ` +
      `${tally.foundAgree} found / ${tally.foundDiffer} missed; unreachable ${tally.noneAgree} none / ` +
      `${tally.noneDiffer} wrongly found; unknown ${tally.unknown}`,
  );
}

/** The clock's `prove` transition on fresh deals: the proof over every hand, as the room runs it. */
function benchDealProof(deals: number): void {
  console.log(`  deal proof (the clock's 'prove' transition, in the match worker), ${deals} deals each:`);
  for (let players = 2; players <= 8; players++) {
    const times: number[] = [];
    let rounds = 0;
    for (let i = 0; i < deals; i++) {
      const method = i % 2 === 0 ? 'one' : 'two';
      const s = blindCassowary.setup(
        { ...BLIND_CASSOWARY_DEFAULTS, targetMethod: method },
        players,
        `deal-${i}`,
      );
      const [r, t] = time(() => blindCassowary.apply(s, 0, { type: 'prove' }, 0));
      if (!r.ok) throw new Error(`prove refused: ${r.error.code}`);
      const proven: BlindCassowaryState = r.value;
      rounds += proven.events.filter((e) => e.kind === 'noCassowary').length;
      times.push(t);
    }
    console.log(
      `    ${players} players: ${stats(times)} (${rounds} rounds found no cassowary and everyone drew)`,
    );
  }
}

/** The hard sets with another copy of the solver (`--compare DIR`) beside this one, on the same hands. */
async function benchCompare(dir: string, hard: number): Promise<void> {
  const src = `${dir}/packages/rules/src`;
  const other: Solver = {
    searchHand: ((await import(`${src}/blind-cassowary/solver.ts`)) as Solver).searchHand,
    clearDecideCaches: ((await import(`${src}/arith/decide.ts`)) as Solver).clearDecideCaches,
  };
  console.log(`  hard sets, ${dir} ("old") beside this solver ("new"), the same hands:`);
  let prng = seedPrng('bench-solver-compare');
  for (const size of [8, 9, 10]) {
    const low: Sample[] = [];
    for (let i = 0; i < hard; i++) {
      const [sample, next] = lowSample(size, prng);
      low.push(sample);
      prng = next;
    }
    console.log(`    ${size} cards, low hands (A–3) ×${hard}, targets 1010–1313:`);
    for (const cold of [true, false]) {
      const label = cold ? 'cold' : 'warm';
      console.log(`      ${label} old: ${line(searchAll(low, cold, other))}`);
      console.log(`      ${label} new: ${line(searchAll(low, cold))}`);
    }
  }
}

/**
 * What a searching move costs to send to a match worker: the job is the whole match without its
 * log, and the whole new state comes back (apps/server/src/room/matchRunner.ts). For every move of
 * policy-played games that may search (mayRunSolver), the job's and answer's serialised bytes and the
 * time to copy both (structuredClone, as postMessage does), beside the move's own time on this thread.
 */
export function benchMessageCost(games: number): void {
  console.log(`  match worker messages for the moves that may search, ${games} policy games each:`);
  for (const players of [2, 4, 8]) {
    const bytes: number[] = [];
    const copyMs: number[] = [];
    const moveMs: number[] = [];
    for (let g = 0; g < games; g++) {
      const config = { ...BLIND_CASSOWARY_DEFAULTS, targetMethod: g % 2 === 0 ? 'one' : 'two' } as const;
      const seed = `messages-${players}-${g}`;
      const played = playPolicyGame(config, players, seed);
      let m: Match<typeof config, BlindCassowaryState, (typeof played.log)[number]['intent']> = startMatch(
        blindCassowary,
        config,
        players,
        seed,
      );
      for (const entry of played.log) {
        if (!mayRunSolver(m.state, entry.actor, entry.intent)) {
          m = replayEntry(blindCassowary, m, entry);
          continue;
        }
        const job = { id: 1, slug: blindCassowary.slug, match: { ...m, log: [] }, transition: entry };
        const [next, ms] = time(() => replayEntry(blindCassowary, m, entry));
        const answer = { id: 1, ok: true, state: next.state, version: next.version, entry, ms };
        bytes.push(serialize(job).length + serialize(answer).length);
        copyMs.push(
          time(() => {
            structuredClone(job);
            structuredClone(answer);
          })[1],
        );
        moveMs.push(ms);
        m = next;
      }
    }
    const kb = (xs: number[], q: number): string => `${(quantile(xs, q) / 1024).toFixed(1)} KB`;
    console.log(
      `    ${players} players: ${bytes.length} moves; job + answer ${kb(bytes, 0.5)} median, ${kb(bytes, 0.99)} p99; ` +
        `copying both ${ms(quantile(copyMs, 0.5))} median, ${ms(quantile(copyMs, 0.99))} p99; ` +
        `the move itself ${ms(quantile(moveMs, 0.5))} median, ${ms(quantile(moveMs, 0.99))} p99`,
    );
  }
}

const flag = (args: string[], name: string, fallback: number, min = 10): number => {
  const at = args.indexOf(name);
  return at >= 0 ? Math.max(min, Number(args[at + 1]) || fallback) : fallback;
};

export async function benchSolver(args: string[] = []): Promise<void> {
  const runs = flag(args, '--runs', 200);
  const hard = flag(args, '--hard', 400);
  const lows = Math.max(10, Math.round(runs / 4));
  useCpu = args.includes('--cpu');
  console.log(
    `blind-cassowary solver: exact decision, safety budget ${DECIDE_BUDGET.toLocaleString('en')} steps ` +
      `(${useCpu ? 'CPU time of this process' : 'wall-clock time'})`,
  );
  const compare = args.indexOf('--compare');
  if (compare >= 0) await benchCompare(args[compare + 1] ?? '', hard);
  const sizesAt = args.indexOf('--sizes');
  const sizes = sizesAt >= 0 ? (args[sizesAt + 1] ?? '').split(',').map(Number) : [5, 6, 7, 8, 9, 10];
  let prng = seedPrng('bench-solver-low');
  for (const size of sizes) {
    const real = Array.from({ length: runs }, (_, i) => realSample(size, i));
    const low: Sample[] = [];
    for (let i = 0; i < (size === 8 ? hard : lows); i++) {
      const [sample, next] = lowSample(size, prng);
      low.push(sample);
      prng = next;
    }
    const chameleons = real.filter((s) => s.hand.some((c) => c.rank === 0)).length;
    const big = real.filter((s) => s.target >= 1000).length;
    console.log(`  ${size} cards`);
    both(`exists? real deals ×${runs} (${chameleons} with a chameleon, ${big} targets ≥ 1000):`, real);
    both(`exists? low hands (A–3) ×${low.length}, targets 1010–1313:`, low);
    if (size <= 8) {
      const best = real.map((s) => time(() => bestBlind(s.hand, s.target))[1]);
      console.log(`    best blind value, real deals: ${stats(best)}`);
    }
  }
  benchAgreement(Math.max(6, Math.round(runs / 20)));
  benchDealProof(Math.max(10, Math.round(runs / 10)));
  benchMessageCost(Math.max(2, Math.round(runs / 20)));
  // Pairs of the hard low hands (8 and 9 cards) as the two hands of a deal under proof.
  const slow: { hands: BlindCassowaryCard[][]; target: number }[] = [];
  for (let i = 0; i < 40; i++) {
    const [a, next] = lowSample(8 + (i % 2), prng);
    const [b, after] = lowSample(8, next);
    prng = after;
    slow.push({ hands: [a.hand, b.hand], target: a.target });
  }
  await benchOffload(slow, flag(args, '--wait-seconds', 3, 1));
  await benchFreshWorker(...freshWorkerHands(hard, flag(args, '--fresh-rounds', 3, 1)));
}

/**
 * A hard hand ("none": the longest proofs) of 10, 9, 8… cards per round, each the first proof of a
 * new worker, and the cold set after it: the low 8-card hands.
 */
export function freshWorkerHands(hard: number, rounds: number): [Sample[], Sample[]] {
  let prng = seedPrng('bench-solver-fresh-worker');
  const firsts: Sample[] = [];
  while (firsts.length < rounds) {
    const [sample, next] = lowSample(10 - (firsts.length % 3), prng);
    prng = next;
    clearDecideCaches(true);
    if (searchHand(sample.hand, sample.target).kind === 'none') firsts.push(sample);
  }
  const cold: Sample[] = [];
  for (let i = 0; i < hard; i++) {
    const [sample, next] = lowSample(8, prng);
    prng = next;
    cold.push(sample);
  }
  return [firsts, cold];
}
