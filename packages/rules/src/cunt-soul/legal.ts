/**
 * Legal intents, in a deterministic order. Suits never matter, so a link is listed once per value and
 * count (the first cards of that value in the zone); `apply` accepts any cards of that value. The
 * setup choice is listed once per field card as a template (any 3 + 1 distinct own cards are accepted);
 * field changes and 5-swaps are listed once per value of hand card and slot.
 */
import type { CuntSoulIntent } from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { syn } from './cards.ts';
import { changeRefusal } from './change.ts';
import { fieldFlags } from './fields.ts';
import { chainRefusal, playableValues } from './play.ts';
import { activeSeats, seatOf, zoneCards, zoneOf, type CuntSoulState } from './state.ts';

/** One card per distinct value, in first-seen order. */
function onePerValue(cards: readonly string[]): string[] {
  const seen = new Set<number>();
  return cards.filter((c) => !seen.has(syn(c)) && seen.add(syn(c)) !== undefined);
}

function setupIntents(state: CuntSoulState, seat: Seat): CuntSoulIntent[] {
  const me = seatOf(state, seat);
  if (me.selection !== null) return [];
  return me.hand.map((field) => ({
    type: 'setupSelect' as const,
    up: me.hand.filter((c) => c !== field).slice(0, 3),
    field,
  }));
}

function promptIntents(state: CuntSoulState, seat: Seat): CuntSoulIntent[] {
  const pending = state.turn.pending;
  const me = seatOf(state, seat);
  switch (pending?.kind) {
    case 'declare7':
      return [
        { type: 'declare7', choice: 'higher' },
        { type: 'declare7', choice: 'lower' },
      ];
    case 'chooseNext':
    case 'fieldJ':
      return activeSeats(state)
        .filter((s) => s !== seat)
        .map((s) => ({ type: 'chooseNext' as const, seat: s }));
    case 'swap5': {
      const slots = pending.zone === 'up' ? me.up.map((u) => u.card) : me.down;
      const out: CuntSoulIntent[] = [];
      for (const card of onePerValue(me.hand))
        slots.forEach((c, slot) => {
          if (c !== null) out.push({ type: 'swap5', card, slot });
        });
      return [...out, { type: 'endSwaps' }];
    }
    default:
      return [];
  }
}

function chainIntents(state: CuntSoulState, seat: Seat): CuntSoulIntent[] {
  const me = seatOf(state, seat);
  const out: CuntSoulIntent[] = [];
  if (changeRefusal(state, seat) === null)
    for (const card of onePerValue(me.hand))
      me.up.forEach((u, slot) => {
        if (u.card !== null && !u.horizontal) out.push({ type: 'changeField', card, slot });
      });
  const zone = zoneOf(state, seat);
  if (zone === 'down')
    me.down.forEach((c, slot) => {
      if (c !== null) out.push({ type: 'playFaceDown', slot });
    });
  const values = zone === 'hand' || zone === 'up' ? playableValues(state, seat) : [];
  const single = fieldFlags(state).f4;
  const cards = zoneCards(state, seat, zone);
  for (const v of values) {
    const same = cards.filter((c) => syn(c) === v);
    for (let n = 1; n <= (single ? 1 : same.length); n++)
      out.push({ type: 'playLink', cards: same.slice(0, n) });
  }
  if (state.turn.oblig === 'runMay') out.push({ type: 'endChain' });
  else if ((zone === 'hand' || zone === 'up') && values.length === 0) out.push({ type: 'pickUp' });
  return out;
}

export function legalIntents(state: CuntSoulState, seat: Seat): CuntSoulIntent[] {
  if (state.seats[seat] === undefined) return [];
  if (state.phase === 'setup') return setupIntents(state, seat);
  if (state.phase !== 'play' || state.current !== seat) return [];
  if (state.turn.pending !== null) return promptIntents(state, seat);
  return chainRefusal(state, seat) === null ? chainIntents(state, seat) : [];
}
