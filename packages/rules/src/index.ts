export * from './core/result.ts';
export * from './core/prng.ts';
export * from './core/cards.ts';
export * from './core/game.ts';
export * from './core/engine.ts';
export * from './core/history.ts';
export { cassino } from './cassino/index.ts';
export {
  blindCassowary,
  blindCassowarySpectator,
  type BlindCassowaryState,
  searchHand as blindCassowarySearchHand,
  bestBlind as blindCassowaryBestBlind,
  mayRunSolver as blindCassowaryMayRunSolver,
  type Proof as BlindCassowaryProof,
  type Found as BlindCassowaryFound,
} from './blind-cassowary/index.ts';
export type { CassinoState } from './cassino/index.ts';
export {
  mathCardGame,
  legalPlacements as mathCardGameLegalPlacements,
  type MathCardGameState,
} from './math-card-game/index.ts';
export { DECKS as mathCardGameDecks } from './math-card-game/cards.ts';
export {
  evaluate as mathCardGameEvaluate,
  type PlacedCard as MathPlacedCard,
} from './math-card-game/sequence.ts';
export { starNavigator, type StarNavigatorState } from './star-navigator/index.ts';
export * as arith from './arith/index.ts';
export {
  cuntSoul,
  type CuntSoulState,
  csDeckIds,
  csValue,
  csValueLabel,
  CS_EMPTY_STEP,
  csFreshTurn,
  csCardsHeld,
  type CsLink,
  type CsSeatState,
  type CsTurnState,
} from './cunt-soul/index.ts';
