import type {
  Card,
  CassinoBuild,
  CassinoLastAction,
  CassinoOptions,
  CassinoScoreLine,
  CassinoTableItem,
} from '@cards/schema';
import type { Seat } from '../core/game.ts';

export type CassinoPhase = 'playing' | 'dealOver' | 'matchOver';

/** The whole game as plain, read-only JSON data (the shuffle seed included). */
export interface CassinoState {
  readonly game: 'cassino';
  readonly options: CassinoOptions;
  /** The match seed: every deal's shuffle derives from it (see `dealSeed`). Never in a view. */
  readonly seed: string;
  readonly phase: CassinoPhase;
  /** 1-based number of the current (or just finished) deal. */
  readonly dealNumber: number;
  /** Round 1..6 within the deal. */
  readonly round: number;
  readonly dealer: Seat;
  /** Seat to play while `phase` is `playing`, otherwise null. */
  readonly turn: Seat | null;
  readonly hands: readonly (readonly Card[])[];
  /** Undealt cards, top first. Hidden from every view. */
  readonly deck: readonly Card[];
  readonly table: readonly CassinoTableItem[];
  readonly captured: readonly (readonly Card[])[];
  readonly sweeps: readonly number[];
  readonly lastCapturer: Seat | null;
  readonly lastAction: CassinoLastAction | null;
  /** Counter for build ids ("b1", "b2", …); never reset within a match. */
  readonly nextBuildId: number;
  readonly dealScores: readonly (readonly CassinoScoreLine[])[];
  readonly matchTotals: readonly number[];
  readonly awaitingContinue: readonly Seat[];
  readonly winners: readonly Seat[];
}

export const PLAYERS = 2;
export const HAND_SIZE = 4;

/** J, Q and K have no number value: they capture by rank only and never join builds. */
export const isFaceRank = (rank: number): boolean => rank > 10;

/** A table item's number value: a loose number card's rank, a build's value; null for a loose face card. */
export function itemValue(item: CassinoTableItem): number | null {
  if (item.type === 'build') return item.build.value;
  return isFaceRank(item.card.rank) ? null : item.card.rank;
}

export const isCompound = (item: CassinoTableItem): boolean =>
  item.type === 'build' && item.build.kind === 'compound';

/** Every card in a table item, in pile order. */
export function itemCards(item: CassinoTableItem): Card[] {
  return item.type === 'card' ? [item.card] : item.build.groups.flat();
}

export const other = (seat: Seat): Seat => 1 - seat;

export type { Card, CassinoBuild, CassinoTableItem };
