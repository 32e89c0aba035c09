import { blindCassowary, blindCassowaryMayRunSolver, type BlindCassowaryState } from '@cards/rules';
import { type BlindCassowaryIntent, GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';
import { OffloadingRunner, type Transition, workerMatchRunner } from '../room/matchRunner.ts';

/**
 * Blind Cassowary: turnless (every seat may claim at any time; claims are applied in arrival order even
 * on a stale view, see GameModule.acceptsStale), review windows run as room timers, and spectators
 * challenge claims / vote in Best in Show through the room's spectator path.
 *
 * The transitions that may run the "no cassowary exists" proof (the solver over every hand: the deal's
 * `prove`, a claim settled, everyone stuck; `blindCassowaryMayRunSolver`) run in the match worker pool
 * (GameRoom.runner), so a search never blocks the room's event loop, and one room's slow proof holds
 * one worker, not every room. Every other transition (a claim queued for review, stuck, the blind
 * phase, Best in Show…) runs on the room's thread at once, after any earlier one of the same match.
 * setup() itself never searches: the deal's proof is the clock's 0-ms `prove` timer, an ordinary
 * logged transition.
 *
 * Claims race by latency (GameRoom.latencyRace): claims arriving within the fairness window are
 * reviewed in order of estimated send time (docs/rules/blind-cassowary.md, "Fair claims").
 */
export class BlindCassowaryRoom extends GameRoom {
  protected readonly game = blindCassowary;
  protected readonly wire = GAME_WIRE['blind-cassowary']!;
  protected override readonly runner = new OffloadingRunner(workerMatchRunner, mayRunSolver);
  protected override readonly latencyRace = (intent: unknown): boolean =>
    (intent as BlindCassowaryIntent).type === 'claim';
}

const mayRunSolver = (state: unknown, t: Transition): boolean =>
  blindCassowaryMayRunSolver(state as BlindCassowaryState, t.kind === 'seat' ? t.actor : null, t.intent);
