export {};

/**
 * `pnpm bench <what>` (or `npm run bench -- <what>`): prints measured figures, asserts nothing.
 *   rules  random-playout throughput of every game's rules (Cunt-Soul: games/s by player count and
 *          legalIntents time for a large hand)
 *   solver exact-arithmetic solvers: Blind Cassowary's "can this hand make the target" (found /
 *          none / unknown timed apart), "best not over" and the deal's proof; Star Navigator's best
 *          reachable result for a Vector Set. [--runs N] real deals per hand size (default 1000); [--cpu] CPU time instead of wall time
 *   room   intent → view latency for concurrent simulated tables against a local server
 *   fairness  how often Blind Cassowary claims from a 20 ms and a 150 ms player are ordered by true
 *          send time, with the latency window off and on (a simulation of the ordering rule)
 */
const [what, ...args] = process.argv.slice(2);

const benches: Record<string, () => Promise<void>> = {
  rules: async () => {
    await (await import('./bench-rules.ts')).benchRules();
    (await import('./bench-math-card-game.ts')).benchMathCardGame();
    (await import('./bench-blind-cassowary.ts')).benchBlindCassowary();
    (await import('./bench-star-navigator.ts')).benchStarNavigator();
    (await import('./bench-cunt-soul.ts')).benchCuntSoul();
  },
  solver: async () => {
    (await import('./bench-solver.ts')).benchSolver(args);
    (await import('./bench-star-navigator.ts')).benchStarNavigatorSolver();
    (await import('./bench-star-navigator.ts')).benchStarNavigatorBestPossible();
  },
  room: async () => (await import('./bench-room.ts')).benchRoom(args),
  fairness: async () => (await import('./bench-fairness.ts')).benchFairness(args),
};

const bench = what === undefined ? undefined : benches[what];
if (bench === undefined) {
  console.error(`usage: pnpm bench <${Object.keys(benches).join('|')}> [options]`);
  process.exit(2);
}
await bench();
process.exit(0);
