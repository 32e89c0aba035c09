/** `pnpm bench fairness [--trials N]`: the implementation lives with the server (apps/server/src/bench). */
export { benchFairness } from '../apps/server/src/bench/benchFairness.ts';
