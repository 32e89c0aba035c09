import { starNavigator } from '@cards/rules';
import { GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';

/**
 * Star Navigator (2–4 players): the draft and composing are simultaneous (stale versions are
 * accepted for a seat's own cards, see starNavigator.acceptsStale); the round timer, the Pirate Map
 * offer and the showdown acknowledgement run as room timers; players cannot send roundTimeout.
 */
export class StarNavigatorRoom extends GameRoom {
  protected readonly game = starNavigator;
  protected readonly wire = GAME_WIRE['star-navigator']!;
}
