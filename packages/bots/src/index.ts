export * from './core/policy.ts';
export * from './core/simulate.ts';
export { cassinoBot } from './cassino/index.ts';
export { cuntSoulBot } from './cunt-soul/index.ts';
export { blindCassowaryBot, blindCassowaryHint, type BlindCassowaryHint } from './blind-cassowary/index.ts';
export { mathCardGameBot, mathCardGameHint } from './math-card-game/index.ts';
export { starNavigatorBot, starNavigatorHint } from './star-navigator/index.ts';
export { BOTS, type BotSlug } from './registry.ts';
export * from './core/seat.ts';
