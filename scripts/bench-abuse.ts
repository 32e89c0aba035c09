/**
 * Abuse bench (`pnpm bench abuse [--port P] [--seconds S]`): the implementation lives with the
 * server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchAbuse } from '../apps/server/src/bench/benchAbuse.ts';
