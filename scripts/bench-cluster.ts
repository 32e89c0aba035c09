/**
 * Cluster bench (`pnpm bench cluster [--tables N] [--seconds S] [--port P]`): the implementation
 * lives with the server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchCluster } from '../apps/server/src/bench/benchCluster.ts';
