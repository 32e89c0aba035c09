import { cuntSoul } from '@cards/rules';
import { GAME_WIRE } from '@cards/schema';
import { GameRoom } from '../room/GameRoom.ts';

export class CuntSoulRoom extends GameRoom {
  protected readonly game = cuntSoul;
  protected readonly wire = GAME_WIRE['cunt-soul']!;
}
