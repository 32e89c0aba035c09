import type { GameRoom } from '../room/GameRoom.ts';
import { BlindCassowaryRoom } from './blindCassowary.ts';
import { CassinoRoom } from './cassino.ts';
import { CuntSoulRoom } from './cuntSoul.ts';
import { MathCardGameRoom } from './mathCardGame.ts';
import { StarNavigatorRoom } from './starNavigator.ts';

export type GameRoomClass = new () => GameRoom;

/** Every playable game's room, by slug; the slug is also the Colyseus room name. */
export const GAME_ROOMS: Readonly<Record<string, GameRoomClass>> = {
  cassino: CassinoRoom,
  'blind-cassowary': BlindCassowaryRoom,
  'math-card-game': MathCardGameRoom,
  'star-navigator': StarNavigatorRoom,
  // the room exists for tests and the coming client; GAME_CATALOG keeps the game off the home page
  'cunt-soul': CuntSoulRoom,
};
