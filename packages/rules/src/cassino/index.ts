import {
  CassinoIntentSchema,
  type CassinoIntent,
  type CassinoOptions,
  type CassinoView,
} from '@cards/schema';
import type { GameModule, Outcome, Seat } from '../core/game.ts';
import { wellFormed } from '../core/wellFormed.ts';
import { applyCassino } from './apply.ts';
import { setupCassino } from './deal.ts';
import { cassinoHistory } from './history.ts';
import { legalIntents } from './legal.ts';
import type { CassinoState } from './state.ts';
import { viewCassino } from './view.ts';

export type { CassinoState } from './state.ts';

function actors(state: CassinoState): readonly Seat[] {
  if (state.phase === 'playing') return state.turn === null ? [] : [state.turn];
  if (state.phase === 'dealOver') return [...state.awaitingContinue];
  return [];
}

function outcome(state: CassinoState): Outcome | null {
  if (state.phase !== 'matchOver') return null;
  return { winners: [...state.winners], scores: [...state.matchTotals] };
}

export const cassino: GameModule<CassinoOptions, CassinoState, CassinoIntent, CassinoView> = {
  slug: 'cassino',
  displayName: 'Cassino',
  minPlayers: 2,
  maxPlayers: 2,
  defaultConfig: { match: 'single' },
  setup: setupCassino,
  actors,
  legalIntents,
  apply: wellFormed(CassinoIntentSchema, applyCassino),
  view: viewCassino,
  outcome,
  history: cassinoHistory,
};
