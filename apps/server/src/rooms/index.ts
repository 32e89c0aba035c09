import {
  type AnyGameModule,
  blindCassowary,
  cassino,
  cuntSoul,
  mathCardGame,
  starNavigator,
} from '@cards/rules';
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

/**
 * Every game's rules, by slug (replays rebuild finished games with them): every game of GAME_ROOMS,
 * and Cunt-Soul ahead of its room.
 */
export const GAME_MODULES: Readonly<Record<string, AnyGameModule>> = {
  cassino,
  'blind-cassowary': blindCassowary,
  'math-card-game': mathCardGame,
  'star-navigator': starNavigator,
  'cunt-soul': cuntSoul,
};
