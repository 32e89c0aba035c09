import type { CassinoView } from '@cards/schema';
import { SPECTATOR, type Viewer } from '../core/game.ts';
import { legalPlays } from './legal.ts';
import type { CassinoState } from './state.ts';

/** The view's public fields that are objects: the same for every viewer of one state. */
type SharedView = Pick<
  CassinoView,
  | 'handCounts'
  | 'table'
  | 'capturedCounts'
  | 'sweeps'
  | 'dealScores'
  | 'matchTotals'
  | 'awaitingContinue'
  | 'winners'
>;

/**
 * Built once per state (states are immutable) for all its viewers: each change sends every seat and
 * the spectators their view of the same state, so these are one object in every view (the room
 * encodes such entries once for all seats). Shared between views, so frozen.
 */
const sharedViews = new WeakMap<CassinoState, SharedView>();

function sharedView(state: CassinoState): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    shared = {
      handCounts: Object.freeze(state.hands.map((h) => h.length)) as number[],
      table: Object.freeze([...state.table]) as CassinoView['table'],
      capturedCounts: Object.freeze(state.captured.map((pile) => pile.length)) as number[],
      sweeps: Object.freeze([...state.sweeps]) as number[],
      dealScores: Object.freeze(
        state.dealScores.map((lines) => Object.freeze([...lines])),
      ) as CassinoView['dealScores'],
      matchTotals: Object.freeze([...state.matchTotals]) as number[],
      awaitingContinue: Object.freeze([...state.awaitingContinue]) as number[],
      winners: Object.freeze([...state.winners]) as number[],
    };
    sharedViews.set(state, shared);
  }
  return shared;
}

/** Every view without free plays shares this one (empty) list. */
const NO_FREE_PLAY = Object.freeze([]) as unknown as CassinoView['freePlay'];

/**
 * What one viewer may see: their own hand only, counts for everything hidden, never the deck order.
 * Shares the state's immutable cards, table items and score lines (no deep copy: nothing mutates
 * them) and the public lists built once per state (`sharedView`, frozen); the viewer's own hand and
 * free plays are its own copies. The fields in the order they always had (the same bytes on the wire).
 */
export function viewCassino(state: CassinoState, viewer: Viewer): CassinoView {
  const seated =
    viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < state.hands.length;
  // The same (remembered) enumeration as the seat's legal list in this update.
  const legal = seated ? legalPlays(state, viewer) : null;
  const shared = sharedView(state);
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
    handCounts: shared.handCounts,
    table: shared.table,
    capturedCounts: shared.capturedCounts,
    sweeps: shared.sweeps,
    deckCount: state.deck.length,
    lastCapturer: state.lastCapturer,
    lastAction: state.lastAction,
    dealScores: shared.dealScores,
    matchTotals: shared.matchTotals,
    awaitingContinue: shared.awaitingContinue,
    winners: shared.winners,
    legalComplete: legal?.complete ?? true,
    freePlay:
      legal === null || legal.freePlay.length === 0
        ? NO_FREE_PLAY
        : legal.freePlay.map((f) => ({ ...f, buildValues: [...f.buildValues] })),
  };
}
