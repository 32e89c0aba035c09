/**
 * Computer players by game slug. A new game's bot plugs in here: a BotFactory over its view and
 * intent types (see core/policy.ts).
 */
import type { BotFactory } from './core/policy.ts';
import { blindCassowaryBot } from './blind-cassowary/index.ts';
import { cassinoBot } from './cassino/index.ts';
import { cuntSoulBot } from './cunt-soul/index.ts';
import { mathCardGameBot } from './math-card-game/index.ts';
import { starNavigatorBot } from './star-navigator/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const BOTS: Readonly<Record<string, BotFactory<any, any>>> = {
  cassino: cassinoBot,
  'blind-cassowary': blindCassowaryBot,
  'math-card-game': mathCardGameBot,
  'star-navigator': starNavigatorBot,
  'cunt-soul': cuntSoulBot,
};
export type BotSlug = keyof typeof BOTS;
