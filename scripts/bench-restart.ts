/**
 * Restart bench (`pnpm bench restart [--tables N] [--restarts N] [--seconds S] [--port P]`): the
 * implementation lives with the server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchRestart } from '../apps/server/src/bench/benchRestart.ts';
