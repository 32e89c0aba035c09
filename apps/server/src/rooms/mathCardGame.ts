import { mathCardGame } from '@cards/rules';
import { GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';

export class MathCardGameRoom extends GameRoom {
  protected readonly game = mathCardGame;
  protected readonly wire = GAME_WIRE['math-card-game']!;
}
