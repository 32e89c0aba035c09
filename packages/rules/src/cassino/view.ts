import type { CassinoScoreLine, CassinoTableItem, CassinoView } from '@cards/schema';
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
 * encodes such entries once for all seats). Frozen, and deeply so: the room also keeps the bytes of
 * frozen objects across updates (a list the next state keeps is the same frozen copy, a table item
 * the same frozen item).
 */
const sharedViews = new WeakMap<CassinoState, SharedView>();

/**
 * `make` of a list of the state, frozen and remembered by that list (the next state keeps the lists
 * it does not change): one cache per use, so one list is never taken for another's result.
 */
function frozenFrom<T, U>(make: (list: readonly T[]) => U[]): (source: readonly T[]) => U[] {
  const made = new WeakMap<readonly T[], U[]>();
  return (source) => {
    let list = made.get(source);
    if (list === undefined) made.set(source, (list = Object.freeze(make(source)) as U[]));
    return list;
  };
}

/** Freezes a plain JSON value of the state and all it holds (states are never changed anyway). */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

const copy = <T>(list: readonly T[]): T[] => [...list];
const counts = (lists: readonly (readonly unknown[])[]): number[] => lists.map((l) => l.length);
const handCounts = frozenFrom(counts);
const capturedCounts = frozenFrom(counts);
const table = frozenFrom((items: readonly CassinoTableItem[]) => items.map(deepFreeze));
const scoreLines = frozenFrom((lines: readonly CassinoScoreLine[]) => lines.map(deepFreeze));
const dealScores = frozenFrom((deals: readonly (readonly CassinoScoreLine[])[]) => deals.map(scoreLines));
const sweeps = frozenFrom(copy<number>);
const matchTotals = frozenFrom(copy<number>);
const awaitingContinue = frozenFrom(copy<number>);
const winners = frozenFrom(copy<number>);

function sharedView(state: CassinoState): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    shared = {
      handCounts: handCounts(state.hands),
      table: table(state.table),
      capturedCounts: capturedCounts(state.captured),
      sweeps: sweeps(state.sweeps),
      dealScores: dealScores(state.dealScores),
      matchTotals: matchTotals(state.matchTotals),
      awaitingContinue: awaitingContinue(state.awaitingContinue),
      winners: winners(state.winners),
    };
    deepFreeze(state.lastAction);
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
