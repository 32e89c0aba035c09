import type { BlindCassowaryStanding } from '@cards/schema';
import type { Outcome } from '../core/game.ts';
import { isChameleon } from './deck.ts';
import { nestOf, type BlindCassowaryState } from './state.ts';

export const BLIND_BONUS = 1;
export const DRUNK_CHAMELEON = -2;
export const BEST_IN_SHOW = 3;
/** Points a wrong claim costs under the server referee. */
export const WRONG_CLAIM_COST = 1;

/** Final standings with a breakdown per seat, in seat order. */
export function standingsOf(s: BlindCassowaryState): BlindCassowaryStanding[] {
  const o = s.options;
  const nests = Array.from({ length: s.players }, (_, seat) => nestOf(s, seat));
  const biggest = Math.max(0, ...nests.flat().map((c) => c.cards.length));
  const lines = nests.map((nest, seat) => {
    const cassowaries = nest.length;
    const nestCards = nest.reduce((n, c) => n + c.cards.length, 0);
    const hand = s.hands[seat] ?? [];
    const parts = {
      seat,
      cassowaries,
      nestCards,
      nest: o.scoring === 'composite' ? nestCards : cassowaries,
      bigCassowary:
        o.bigCassowary && biggest > 0 && nest.some((c) => c.cards.length === biggest) ? biggest : 0,
      blind: s.blindWinners.includes(seat) ? BLIND_BONUS : 0,
      drunkChameleon:
        o.drunkChameleon && hand.length === 1 && hand[0] !== undefined && isChameleon(hand[0])
          ? DRUNK_CHAMELEON
          : 0,
      nefarious: 0 - (s.nefarious[seat] ?? 0) * o.nefariousPenalty,
      wrongClaims: 0 - (s.wrongClaims[seat] ?? 0) * WRONG_CLAIM_COST,
      bestInShow: nest.some((c) => s.bestWinners.includes(c.id)) ? BEST_IN_SHOW : 0,
    };
    const total =
      parts.nest +
      parts.bigCassowary +
      parts.blind +
      parts.drunkChameleon +
      parts.nefarious +
      parts.wrongClaims +
      parts.bestInShow;
    return { ...parts, total, rank: 0 };
  });
  return lines.map((l) => ({ ...l, rank: 1 + lines.filter((m) => m.total > l.total).length }));
}

export function outcomeOf(s: BlindCassowaryState): Outcome | null {
  if (s.phase !== 'over' || s.standings === null) return null;
  return { winners: [...s.winners], scores: s.standings.map((l) => l.total) };
}
