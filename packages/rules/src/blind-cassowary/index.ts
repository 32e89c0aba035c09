import {
  BlindCassowaryIntentSchema,
  BlindCassowarySpectatorIntentSchema,
  type BlindCassowaryIntent,
  type BlindCassowaryOptions,
  type BlindCassowarySpectatorIntent,
  type BlindCassowaryView,
} from '@cards/schema';
import type { GameModule } from '../core/game.ts';
import { wellFormed } from '../core/wellFormed.ts';
import { applyIntent, applySpectator } from './apply.ts';
import { setup } from './flow.ts';
import { blindCassowaryHistory } from './history.ts';
import { acceptsStale, actors, legalIntents, spectatorLegalIntents, timers } from './legal.ts';
import { outcomeOf } from './scoring.ts';
import type { BlindCassowaryState } from './state.ts';
import { solverWarmUp } from './solver.ts';
import { viewOf } from './view.ts';

export type { BlindCassowaryState } from './state.ts';
/** Seat-less spectator actions (challenge, Best in Show vote): the room calls this directly. */
export { applySpectator as blindCassowarySpectator } from './apply.ts';
export { methodOne } from './target.ts';
export { bestBlind, provable, searchHand, type Found, type Proof } from './solver.ts';
export { awaitingProof, mayRunSolver, noCassowary } from './flow.ts';

export const BLIND_CASSOWARY_DEFAULTS: BlindCassowaryOptions = {
  targetMethod: 'one',
  referee: 'table',
  reviewSeconds: 10,
  nefariousPenalty: 10,
  scoring: 'composite',
  bigCassowary: true,
  drunkChameleon: true,
  bestInShow: false,
  targetPreviewSeconds: 0,
};

export const blindCassowary: GameModule<
  BlindCassowaryOptions,
  BlindCassowaryState,
  BlindCassowaryIntent,
  BlindCassowaryView,
  BlindCassowarySpectatorIntent
> = {
  slug: 'blind-cassowary',
  displayName: 'Blind Cassowary',
  minPlayers: 2,
  maxPlayers: 8,
  defaultConfig: BLIND_CASSOWARY_DEFAULTS,
  setup,
  actors,
  legalIntents,
  apply: wellFormed(BlindCassowaryIntentSchema, applyIntent),
  view: viewOf,
  outcome: outcomeOf,
  timers,
  acceptsStale,
  isClockIntent: (intent) =>
    intent.type === 'reviewExpired' ||
    intent.type === 'timeUp' ||
    intent.type === 'prove' ||
    intent.type === 'previewOver',
  spectators: {
    apply: wellFormed(BlindCassowarySpectatorIntentSchema, applySpectator),
    legalIntents: spectatorLegalIntents,
  },
  history: blindCassowaryHistory,
  warmUp: solverWarmUp,
};
