import { blindCassowary, blindCassowaryLegalWith } from '@cards/rules';
import { GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';
import { workerMatchRunner } from '../room/matchRunner.ts';
import { blindCassowarySolver } from './blindCassowarySolver.ts';

/**
 * Blind Cassowary: turnless (every seat may claim at any time; claims are applied in arrival order even
 * on a stale view, see GameModule.acceptsStale), review windows run as room timers, and spectators
 * challenge claims / vote in Best in Show through the room's spectator path.
 *
 * The claim (and blind submission) suggestions in `legal` come from a solver worker thread (see
 * blindCassowarySolver.ts): a seat's first update after its hand changed may lack its suggestion, and a
 * second update at the same version follows once it is known. The rules' own transitions (whose
 * "no cassowary exists" proof runs the solver over every hand) run in the match worker thread
 * (GameRoom.runner), so neither blocks the room's event loop.
 */
export class BlindCassowaryRoom extends GameRoom {
  private readonly solver = blindCassowarySolver.solverFor(() => this.refreshGame());
  protected readonly game = {
    ...blindCassowary,
    legalIntents: (state: Parameters<typeof blindCassowary.legalIntents>[0], seat: number) =>
      blindCassowaryLegalWith(state, seat, this.solver),
  };
  protected readonly wire = GAME_WIRE['blind-cassowary']!;
  protected override readonly runner = workerMatchRunner;
}
