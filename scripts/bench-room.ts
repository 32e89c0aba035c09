/**
 * Room bench (`pnpm bench room [--game G] [--tables N] [--players N] [--seconds S] [--port P] [--pace MS]`): the implementation
 * lives with the server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchRoom } from '../apps/server/src/bench/benchRoom.ts';
