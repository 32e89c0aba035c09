/**
 * Room bench (`pnpm bench room [--game G] [--tables N] [--players N] [--seconds S] [--port P] [--pace MS]
 * [--bare] [--mem-tables N]`): `--bare` runs the same load against a bare Colyseus room in the same run
 * and prints project ÷ bare; `--mem-tables` measures the heap per idle 4-seat table. The implementation
 * lives with the server, where its dependencies (the Colyseus SDK) resolve.
 */
export { benchRoom } from '../apps/server/src/bench/benchRoom.ts';
