/**
 * Random-playout throughput of the rules modules. Prints figures, asserts nothing except that a
 * seeded playout is deterministic (run twice, same result).
 */
import {
  cassino,
  type GameModule,
  type Match,
  nextInt,
  ok,
  startMatch,
  submitIntent,
  seedPrng,
  type CassinoState,
  type PrngState,
} from '../packages/rules/src/index.ts';
import { MAX_LISTED, enumerateIntents } from '../packages/rules/src/cassino/legal.ts';

interface PlayoutResult {
  deals: number;
  plays: number;
  legalCalls: number;
  legalMs: number;
  fingerprint: string;
}

/** Plays `deals` single deals choosing uniformly among the legal intents with a seeded PRNG. */
function playout(seed: string, deals: number): PlayoutResult {
  let prng: PrngState = seedPrng(seed);
  const result: PlayoutResult = { deals: 0, plays: 0, legalCalls: 0, legalMs: 0, fingerprint: '' };
  const totals: number[] = [];
  for (let d = 0; d < deals; d++) {
    let state: CassinoState = cassino.setup({ match: 'single' }, 2, `${seed}/${d}`);
    while (cassino.outcome(state) === null) {
      const seat = cassino.actors(state)[0] as number;
      const t0 = performance.now();
      const legal = cassino.legalIntents(state, seat);
      result.legalMs += performance.now() - t0;
      result.legalCalls++;
      let pick: number;
      [pick, prng] = nextInt(prng, legal.length);
      const applied = cassino.apply(state, seat, legal[pick]!, 0);
      if (!applied.ok) throw new Error(`legal intent refused: ${applied.error.code}`);
      state = applied.value;
      result.plays++;
    }
    result.deals++;
    totals.push(...state.matchTotals);
  }
  result.fingerprint = totals.join(',');
  return result;
}

export async function benchRules(): Promise<void> {
  const deals = Number(process.env.BENCH_DEALS ?? 2000);
  playout('warm-up', 50);
  const t0 = performance.now();
  const r = playout('bench', deals);
  const seconds = (performance.now() - t0) / 1000;
  console.log('cassino random playouts');
  console.log(`  deals:               ${r.deals} in ${seconds.toFixed(2)} s`);
  console.log(`  deals per second:    ${(r.deals / seconds).toFixed(0)}`);
  console.log(`  plays per second:    ${(r.plays / seconds).toFixed(0)}`);
  console.log(
    `  legalIntents calls:  ${r.legalCalls} (${(r.legalCalls / (r.legalMs / 1000)).toFixed(0)} per second)`,
  );
  const a = playout('seeded', 20);
  const b = playout('seeded', 20);
  if (a.fingerprint !== b.fingerprint) throw new Error('seeded playout is not deterministic');
  console.log(`  seeded playout:      deterministic (20 deals, totals ${a.fingerprint.slice(0, 40)}…)`);
  benchCassinoLists();
  benchMatchLog();
}

const TICK = { type: 'tick' } as const;

/** A game that accepts every intent, so only the engine's own per-move cost is timed. */
const counter: GameModule<object, number, { type: 'tick' }, number> = {
  slug: 'counter',
  displayName: 'Counter',
  minPlayers: 1,
  maxPlayers: 1,
  defaultConfig: {},
  setup: () => 0,
  actors: () => [0],
  legalIntents: () => [TICK],
  apply: (state) => ok(state + 1),
  view: (state) => state,
  outcome: () => null,
};

type CounterMatch = Match<object, number, { type: 'tick' }>;

/** The engine before the shared log: every move copied the whole log (`[...log, entry]`). */
function copyingMove(m: CounterMatch, now: number): CounterMatch {
  return {
    ...m,
    state: m.state + 1,
    version: m.version + 1,
    log: [...m.log, { actor: 0, intent: { type: 'tick' }, at: now }],
  };
}

function sharedMove(m: CounterMatch, now: number): CounterMatch {
  const r = submitIntent(counter, m, 0, TICK, m.version, now);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function microsPerMove(moves: number, move: (m: CounterMatch, now: number) => CounterMatch): number {
  let m = startMatch(counter, {}, 1, 'log');
  const t0 = performance.now();
  for (let i = 0; i < moves; i++) m = move(m, i);
  const ms = performance.now() - t0;
  if (m.log.length !== moves) throw new Error('log length');
  return (ms * 1000) / moves;
}

/** Per-move cost of a long game's log: the old copy on every move beside the shared append. */
export function benchMatchLog(): void {
  console.log('match log, engine time per move (a game that accepts every move; log read once at the end)');
  console.log('  moves in the game   copy per move (before)   shared append (now)   before ÷ now');
  microsPerMove(2000, copyingMove);
  microsPerMove(2000, sharedMove);
  for (const moves of [200, 2000, 20000]) {
    const before = microsPerMove(moves, copyingMove);
    const now = microsPerMove(moves, sharedMove);
    console.log(
      `  ${String(moves).padStart(17)}   ${`${before.toFixed(2)} µs`.padStart(22)}   ${`${now.toFixed(2)} µs`.padStart(19)}   ${(before / now).toFixed(1).padStart(11)}×`,
    );
  }
}

interface ListFigures {
  positions: number;
  maxListed: number;
  p99Listed: number;
  /** Positions whose list hit the ceiling (cut, with free choice for some cards). */
  cut: number;
  smallestCutTable: number | null;
  maxTable: number;
  meanMs: number;
  maxMs: number;
}

/**
 * Legal list sizes and times over whole deals played by a policy: trail with probability
 * `trailPerMille`/1000 whenever trailing is legal, otherwise any legal move. Times are CPU time of
 * the process per call (less disturbed by other load than wall time).
 */
function listFigures(trailPerMille: number, deals: number): ListFigures {
  let prng: PrngState = seedPrng(`lists-${trailPerMille}`);
  const rnd = (n: number): number => {
    let v: number;
    [v, prng] = nextInt(prng, n);
    return v;
  };
  const sizes: number[] = [];
  const f: ListFigures = {
    positions: 0,
    maxListed: 0,
    p99Listed: 0,
    cut: 0,
    smallestCutTable: null,
    maxTable: 0,
    meanMs: 0,
    maxMs: 0,
  };
  let totalMs = 0;
  for (let d = 0; d < deals; d++) {
    let state: CassinoState = cassino.setup({ match: 'single' }, 2, `lists-${trailPerMille}/${d}`);
    while (state.phase === 'playing') {
      const seat = state.turn as number;
      const c0 = process.cpuUsage();
      const e = enumerateIntents(state, seat);
      const c = process.cpuUsage(c0);
      const ms = (c.user + c.system) / 1000;
      totalMs += ms;
      f.maxMs = Math.max(f.maxMs, ms);
      f.positions++;
      sizes.push(e.intents.length);
      f.maxTable = Math.max(f.maxTable, state.table.length);
      if (!e.complete) {
        f.cut++;
        f.smallestCutTable = Math.min(f.smallestCutTable ?? Infinity, state.table.length);
      }
      const trails = e.intents.filter((i) => i.type === 'trail');
      const pick =
        trails.length > 0 && rnd(1000) < trailPerMille
          ? trails[rnd(trails.length)]
          : e.intents[rnd(e.intents.length)];
      const applied = cassino.apply(state, seat, pick!, 0);
      if (!applied.ok) throw new Error(`legal intent refused: ${applied.error.code}`);
      state = applied.value;
    }
  }
  sizes.sort((a, b) => a - b);
  f.maxListed = sizes.at(-1) ?? 0;
  f.p99Listed = sizes[Math.floor(sizes.length * 0.99)] ?? 0;
  f.meanMs = totalMs / f.positions;
  return f;
}

/** `pnpm bench rules`: how long Cassino's legal lists get, and what they cost, by style of play. */
export function benchCassinoLists(): void {
  const deals = Number(process.env.BENCH_LIST_DEALS ?? 200);
  console.log(`cassino legal lists (ceiling ${MAX_LISTED} captures and builds; ${deals} deals per style)`);
  console.log(
    '  style                    max list  p99  cut positions  smallest cut table  max table  mean ms  max ms',
  );
  const styles: [string, number][] = [
    ['any legal move', 0],
    ['trail 50% when allowed', 500],
    ['trail 70% when allowed', 700],
    ['trail 90% when allowed', 900],
    ['always trail', 1000],
  ];
  for (const [name, perMille] of styles) {
    const f = listFigures(perMille, deals);
    const cut = `${f.cut}/${f.positions}`;
    console.log(
      `  ${name.padEnd(24)} ${String(f.maxListed).padStart(8)}  ${String(f.p99Listed).padStart(4)}  ${cut.padStart(13)}  ${String(f.smallestCutTable ?? '-').padStart(18)}  ${String(f.maxTable).padStart(9)}  ${f.meanMs.toFixed(3).padStart(7)}  ${f.maxMs.toFixed(1).padStart(6)}`,
    );
  }
}
