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

export interface GameCatalogEntry {
  slug: string;
  name: string;
  blurb: string;
  players: string;
  playable: boolean;
}

/** The five games of the site, in the order the home page shows them. */
export const GAME_CATALOG: readonly GameCatalogEntry[] = [
  {
    slug: 'cassino',
    name: 'Cassino',
    blurb: 'The classic fishing game: capture by rank and sum, build, and sweep the table.',
    players: '2 players',
    playable: true,
  },
  {
    slug: 'blind-cassowary',
    name: 'Blind Cassowary',
    blurb: 'A turnless arithmetic race to hit a two-card target first.',
    players: '2–8 players',
    playable: true,
  },
  {
    slug: 'math-card-game',
    name: "Wouter's Math Card Game",
    blurb: 'Two decks, eight arithmetic sequences, and the must-play-most rule.',
    players: '2 players',
    playable: true,
  },
  {
    slug: 'star-navigator',
    name: 'Star Navigator',
    blurb: 'Draft a Vector Set and compute Jump Coordinates closest to the target.',
    players: '2–4 players',
    playable: true,
  },
  {
    slug: 'cunt-soul',
    name: 'Cunt-Soul',
    blurb: 'A Shithead/Palace descendant with field cards and a turn queue.',
    players: '2–8 players',
    playable: true,
  },
];

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
