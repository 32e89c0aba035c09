/**
 * Room bench (`pnpm bench room [--tables N] [--seconds S] [--port P] [--pace MS]`): the implementation
 * lives with the server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchRoom } from '../apps/server/src/bench/benchRoom.ts';
