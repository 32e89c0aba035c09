import type { z } from 'zod';
import {
  StarNavigatorIntentSchema,
  StarNavigatorOptionsSchema,
  StarNavigatorViewSchema,
} from './star-navigator.ts';
import {
  BlindCassowaryIntentSchema,
  BlindCassowaryOptionsSchema,
  BlindCassowarySpectatorIntentSchema,
  BlindCassowaryViewSchema,
} from './blind-cassowary.ts';
import { CuntSoulIntentSchema, CuntSoulOptionsSchema, CuntSoulViewSchema } from './cunt-soul.ts';
import { CassinoIntentSchema, CassinoOptionsSchema, CassinoViewSchema } from './cassino.ts';
import {
  MathCardGameIntentSchema,
  MathCardGameOptionsSchema,
  MathCardGameViewSchema,
} from './math-card-game.ts';

/** Wire schemas per playable game: the server validates intents and options with them. */
export interface GameWireSchemas {
  options: z.ZodType;
  intent: z.ZodType;
  view: z.ZodType;
  /**
   * Games whose spectators may act (Blind Cassowary: challenge a claim, Best in Show vote): what a
   * spectator's 'intent' request carries. Without it spectators' intents are refused NOT_A_PLAYER.
   */
  spectatorIntent?: z.ZodType;
}

export const GAME_WIRE: Readonly<Record<string, GameWireSchemas>> = {
  'star-navigator': {
    options: StarNavigatorOptionsSchema,
    intent: StarNavigatorIntentSchema,
    view: StarNavigatorViewSchema,
  },
  cassino: { options: CassinoOptionsSchema, intent: CassinoIntentSchema, view: CassinoViewSchema },
  'blind-cassowary': {
    options: BlindCassowaryOptionsSchema,
    intent: BlindCassowaryIntentSchema,
    view: BlindCassowaryViewSchema,
    spectatorIntent: BlindCassowarySpectatorIntentSchema,
  },
  'math-card-game': {
    options: MathCardGameOptionsSchema,
    intent: MathCardGameIntentSchema,
    view: MathCardGameViewSchema,
  },
  'cunt-soul': { options: CuntSoulOptionsSchema, intent: CuntSoulIntentSchema, view: CuntSoulViewSchema },
};
