export * from './common.ts';
export * from './protocol.ts';
export * from './cassino.ts';
export * from './blind-cassowary.ts';
export * from './math-card-game.ts';
export * from './star-navigator.ts';
export * from './cunt-soul.ts';
export * from './games.ts';
