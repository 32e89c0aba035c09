import type { CassinoView } from '@cards/schema';
import { SPECTATOR, type Viewer } from '../core/game.ts';
import { legalPlays } from './legal.ts';
import type { CassinoState } from './state.ts';

/**
 * What one viewer may see: their own hand only, counts for everything hidden, never the deck order.
 * Shares the state's immutable cards, table items and score lines (no deep copy: nothing mutates
 * them); only the arrays are copied, for the wire type.
 */
export function viewCassino(state: CassinoState, viewer: Viewer): CassinoView {
  const seated =
    viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < state.hands.length;
  // The same (remembered) enumeration as the seat's legal list in this update.
  const legal = seated ? legalPlays(state, viewer) : null;
  return {
    game: 'cassino',
    phase: state.phase,
    players: state.hands.length,
    viewer: seated ? viewer : SPECTATOR,
    options: state.options,
    dealNumber: state.dealNumber,
    round: state.round,
    dealer: state.dealer,
    turn: state.turn,
    hand: seated ? [...(state.hands[viewer] ?? [])] : [],
    handCounts: state.hands.map((h) => h.length),
    table: [...state.table],
    capturedCounts: state.captured.map((pile) => pile.length),
    sweeps: [...state.sweeps],
    deckCount: state.deck.length,
    lastCapturer: state.lastCapturer,
    lastAction: state.lastAction,
    dealScores: state.dealScores.map((lines) => [...lines]),
    matchTotals: [...state.matchTotals],
    awaitingContinue: [...state.awaitingContinue],
    winners: [...state.winners],
    legalComplete: legal?.complete ?? true,
    freePlay: (legal?.freePlay ?? []).map((f) => ({ ...f, buildValues: [...f.buildValues] })),
  };
}
