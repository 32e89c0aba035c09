import { cassino } from '@cards/rules';
import { GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';

export class CassinoRoom extends GameRoom {
  protected readonly game = cassino;
  protected readonly wire = GAME_WIRE.cassino!;
}
