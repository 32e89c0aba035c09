/** Cunt-Soul (v1.2), 2–8 players: the GameModule. Clause ids refer to shared/rules/cunt-soul-spec.md. */
import type { CuntSoulIntent, CuntSoulOptions, CuntSoulView } from '@cards/schema';
import type { GameModule } from '../core/game.ts';
import { applyIntent } from './apply.ts';
import { cuntSoulHistory } from './history.ts';
import { legalIntents } from './legal.ts';
import { setupState } from './setup.ts';
import type { CuntSoulState } from './state.ts';
import { viewOf } from './view.ts';

export type { CuntSoulState } from './state.ts';
/** What a computer player needs to rebuild a state consistent with a seat's view (determinized search). */
export { deckIds as csDeckIds, syn as csValue, valueLabel as csValueLabel } from './cards.ts';
export { EMPTY_STEP as CS_EMPTY_STEP, freshTurn as csFreshTurn, cardsHeld as csCardsHeld } from './state.ts';
export type { Link as CsLink, SeatState as CsSeatState, TurnState as CsTurnState } from './state.ts';

export const DEFAULT_OPTIONS: CuntSoulOptions = { dealer: 'random', turnLimit: 1000 };

export const cuntSoul: GameModule<CuntSoulOptions, CuntSoulState, CuntSoulIntent, CuntSoulView> = {
  slug: 'cunt-soul',
  displayName: 'Cunt-Soul',
  minPlayers: 2,
  maxPlayers: 8,
  defaultConfig: DEFAULT_OPTIONS,
  setup: setupState,
  actors(state) {
    if (state.phase === 'setup') return state.seats.flatMap((s, i) => (s.selection === null ? [i] : []));
    return state.phase === 'play' ? [state.current] : [];
  },
  legalIntents,
  apply: (state, actor, intent) => applyIntent(state, actor, intent),
  view: viewOf,
  history: cuntSoulHistory,
  outcome(state) {
    if (state.result === null) return null;
    const order = state.result.order;
    return {
      winners: order.slice(0, 1),
      scores: state.seats.map((_, seat) => state.players - 1 - order.indexOf(seat)),
    };
  },
};
