export * from './core/policy.ts';
export * from './core/simulate.ts';
export { cassinoBot } from './cassino/index.ts';
export { blindCassowaryBot } from './blind-cassowary/index.ts';
export { mathCardGameBot } from './math-card-game/index.ts';
export { starNavigatorBot } from './star-navigator/index.ts';
export { BOTS, type BotSlug } from './registry.ts';
