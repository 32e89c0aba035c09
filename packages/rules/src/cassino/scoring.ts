import type { CassinoScoreLine } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { startDeal } from './deal.ts';
import type { Card, CassinoState } from './state.ts';

export const TARGET = 21;

/** Score sheet of one deal, one line per seat. Most cards / most spades go to a strict majority only. */
export function scoreDeal(
  captured: readonly (readonly Card[])[],
  sweeps: readonly number[],
): CassinoScoreLine[] {
  const cards = captured.map((pile) => pile.length);
  const spades = captured.map((pile) => pile.filter((c) => c.suit === 'S').length);
  const strictMost = (counts: readonly number[], seat: Seat): boolean =>
    counts.every((n, other) => other === seat || (counts[seat] as number) > n);
  return captured.map((pile, seat) => {
    const line = {
      cards: cards[seat] as number,
      spades: spades[seat] as number,
      mostCards: strictMost(cards, seat) ? 3 : 0,
      mostSpades: strictMost(spades, seat) ? 1 : 0,
      bigCassino: pile.some((c) => c.id === '10D') ? 2 : 0,
      littleCassino: pile.some((c) => c.id === '2S') ? 1 : 0,
      aces: pile.filter((c) => c.rank === 1).length,
      sweeps: sweeps[seat] ?? 0,
    };
    return {
      ...line,
      total:
        line.mostCards + line.mostSpades + line.bigCassino + line.littleCassino + line.aces + line.sweeps,
    };
  });
}

/** Seats with the highest score (several on a tie). */
export function leaders(scores: readonly number[]): Seat[] {
  const best = Math.max(...scores);
  return scores.flatMap((s, seat) => (s === best ? [seat] : []));
}

/**
 * Closes a deal whose cards have all been played and taken: writes the score sheet, adds it to the
 * match totals and decides whether the match is over (single deal), continues, or is won (to 21).
 */
export function finishDeal(state: CassinoState): CassinoState {
  const lines = scoreDeal(state.captured, state.sweeps);
  const matchTotals = state.matchTotals.map((t, seat) => t + (lines[seat]?.total ?? 0));
  const base: CassinoState = {
    ...state,
    turn: null,
    dealScores: [...state.dealScores, lines],
    matchTotals,
  };
  if (state.options.match === 'single') {
    return { ...base, phase: 'matchOver', awaitingContinue: [], winners: leaders(lines.map((l) => l.total)) };
  }
  const top = leaders(matchTotals);
  if (Math.max(...matchTotals) >= TARGET && top.length === 1)
    return { ...base, phase: 'matchOver', awaitingContinue: [], winners: top };
  return { ...base, phase: 'dealOver', awaitingContinue: [0, 1], winners: [] };
}

/** A seat acknowledges the score sheet; once both have, the next deal starts with the other dealer. */
export function acknowledge(state: CassinoState, seat: Seat): CassinoState {
  const awaitingContinue = state.awaitingContinue.filter((s) => s !== seat);
  if (awaitingContinue.length > 0) return { ...state, awaitingContinue };
  return startDeal({ ...state, awaitingContinue });
}
