import { blindCassowary } from '@cards/rules';
import { type BlindCassowaryIntent, GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';
import { workerMatchRunner } from '../room/matchRunner.ts';

/**
 * Blind Cassowary: turnless (every seat may claim at any time; claims are applied in arrival order even
 * on a stale view, see GameModule.acceptsStale), review windows run as room timers, and spectators
 * challenge claims / vote in Best in Show through the room's spectator path.
 *
 * The rules' own transitions (whose "no cassowary exists" proof runs the solver over every hand) run in
 * the match worker pool (GameRoom.runner), so a search never blocks the room's event loop, and one
 * room's slow proof holds one worker, not every room. setup() itself never searches: the deal's proof
 * is the clock's 0-ms `prove` timer, an ordinary logged transition that runs in the pool.
 *
 * Claims race by latency (GameRoom.latencyRace): claims arriving within the fairness window are
 * reviewed in order of estimated send time (docs/rules/blind-cassowary.md, "Fair claims").
 */
export class BlindCassowaryRoom extends GameRoom {
  protected readonly game = blindCassowary;
  protected readonly wire = GAME_WIRE['blind-cassowary']!;
  protected override readonly runner = workerMatchRunner;
  protected override readonly latencyRace = (intent: unknown): boolean =>
    (intent as BlindCassowaryIntent).type === 'claim';
}
