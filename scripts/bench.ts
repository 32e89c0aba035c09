export {};

/**
 * `pnpm bench <what>` (or `npm run bench -- <what>`): prints measured figures, asserts nothing.
 *   rules  random-playout throughput of every game's rules (Cunt-Soul: games/s by player count and
 *          legalIntents time for a large hand)
 *   solver exact-arithmetic solvers: Blind Cassowary's "can this hand make the target" (found /
 *          none / unknown timed apart), "best not over" and the deal's proof; Star Navigator's best
 *          reachable result for a Vector Set. [--runs N] real deals per hand size (default 200), [--hard N] low 8-card hands (default 400); [--cpu] CPU time instead of wall time;
 *          then cheap intents' wait behind proofs in the match workers, old path and new [--wait-seconds S];
 *          then a fresh match worker's first proof and cold set without and with its warm-up [--fresh-rounds N]
 *   room   intent → view latency for concurrent simulated tables against a local server, without and
 *          with the SQLite store side by side, and the store's append latency; --bare: the project
 *          and a bare Colyseus room under the same load in the same run, side by side [--rounds N: each
 *          N times, alternately first, pooled]; both print the
          server's CPU ms per 1,000 intents. --compare one-write|spectator-once: the project with
          that switch off and on, interleaved [--rounds N] [--spectators N per table];
          [--navigator normal|easy] the computer player level the clients play Star Navigator at
 *   updates  the rules' work per change of a match as the room does it (actors, each actor's legal
 *          intents, every seat's and the spectator view) in µs, and a seat's view and legal list in
 *          msgpack bytes [--game G] [--players N] [--games N] [--rounds N] [--compare DIR: another
 *          copy of the repository, old beside new]
 *   bots   computer players' win rates (Hard v random, Hard v Easy, Easy v random) and decision
 *          time per game, whole games through the rules. [--games N] per pairing (default 50; the README figures use 200); [--game slug]
 *   abuse  spectator flood watching a game (RSS, another room's game intent → view p99, CPU per game
 *          update; before / today's handling with the game encoded per spectator / now, in one run),
 *          large bodies, idle
 *          sockets, unreadable frames' log bytes [--port P] [--seconds S]
 *   fairness  how often Blind Cassowary claims from a 20 ms and a 150 ms player are ordered by true
 *          send time, with the latency window off and on, through the real server (delay proxies) and
 *          then the rule alone simulated [--port P] [--races N] [--trials N]
 *   restart  simulated tables play while the server is killed (SIGKILL) and restarted: intents
 *          accepted, intents lost, time to resume
 *   cluster  the same closed-loop load of simulated tables on 1, 2 and 3 server processes in cluster
 *          mode (redis-server and the processes started by the bench): clients connected, intent →
 *          view p50/p99, intents/s and N processes' throughput against 1. [--tables N] [--seconds S] [--port P]
 *   bundle client chunk sizes (raw / gzip / brotli, what the home page loads) and first paint of the
 *          home page and a table in Chromium at 4× CPU throttling. [--before <ref>] the same for an
 *          older commit side by side; [--runs N] loads per figure (default 5); [--port P]
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
    await (await import('./bench-solver.ts')).benchSolver(args);
    (await import('./bench-star-navigator.ts')).benchStarNavigatorSolver();
    (await import('./bench-star-navigator.ts')).benchStarNavigatorBestPossible();
  },
  room: async () => (await import('./bench-room.ts')).benchRoom(args),
  updates: async () => (await import('./bench-updates.ts')).benchUpdates(args),
  bundle: async () => (await import('./bench-bundle.ts')).benchBundle(args),
  bots: async () => (await import('./bench-bots.ts')).benchBots(args),
  fairness: async () => (await import('./bench-fairness.ts')).benchFairness(args),
  abuse: async () => (await import('./bench-abuse.ts')).benchAbuse(args),
  restart: async () => (await import('./bench-restart.ts')).benchRestart(args),
  cluster: async () => (await import('./bench-cluster.ts')).benchCluster(args),
};

const bench = what === undefined ? undefined : benches[what];
if (bench === undefined) {
  console.error(`usage: pnpm bench <${Object.keys(benches).join('|')}> [options]`);
  process.exit(2);
}
await bench();
process.exit(0);
