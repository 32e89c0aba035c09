/**
 * Updates bench (`pnpm bench updates [--game G] [--players N] [--compare DIR]`): the rules' work per
 * change of a match (actors, legal intents, every view) and a seat's view and legal list in bytes.
 * The implementation lives with the server, where msgpack resolves.
 */
export { benchUpdates } from '../apps/server/src/bench/benchUpdates.ts';
