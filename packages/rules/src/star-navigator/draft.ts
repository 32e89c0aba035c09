/**
 * The simultaneous draft: every seat saves one card of its Data Packet at once; when all have
 * picked, the rest of each packet passes to the left. A seat that receives a single card simply
 * keeps it ("the draft ends when you receive just one card"): nobody has to tap it, and every Nav
 * Memory then holds four. A seat whose round timer ran out picks automatically (the first card), so
 * the others can go on.
 */
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { nextInt } from '../core/prng.ts';
import { activeSeats, leftOf, seatOf, withSeat, type StarNavigatorState } from './state.ts';
import { resolveRound } from './showdown.ts';

export const NAV_MEMORY_SIZE = 4;

export function pick(
  state: StarNavigatorState,
  seat: Seat,
  card: string,
  lock: boolean,
): Result<StarNavigatorState> {
  if (state.phase !== 'draft') return err('NOT_DRAFTING', 'The draft is over.');
  const s = seatOf(state, seat);
  if (s.picked || s.packet.length === 0)
    return err('WAITING', 'Wait for the next Data Packet from the player on your right.');
  if (!s.packet.includes(card))
    return err('NOT_IN_PACKET', 'That card is not in your Data Packet.', { card });
  if (lock) {
    if (!state.options.hotshotSpacer) return err('NO_HOTSHOT', 'Hotshot Spacer is not in play.');
    if (s.memory.length !== 0)
      return err('HOTSHOT_FIRST_PACKET', 'A card can be locked only from the first Data Packet.');
  }
  const next = withSeat(state, seat, {
    packet: s.packet.filter((id) => id !== card),
    memory: [...s.memory, card],
    picked: true,
    locked: lock ? card : s.locked,
  });
  return ok(advance(next));
}

/** Auto-picks for timed-out seats, passes packets when everyone has picked, ends the draft. */
export function advance(state: StarNavigatorState): StarNavigatorState {
  let st = state;
  for (;;) {
    if (st.phase !== 'draft') return st;
    for (const seat of activeSeats(st)) {
      const s = seatOf(st, seat);
      const first = s.packet[0];
      if (s.timedOut && !s.picked && first !== undefined)
        st = withSeat(st, seat, { packet: s.packet.slice(1), memory: [...s.memory, first], picked: true });
    }
    const active = activeSeats(st);
    if (!active.every((seat) => seatOf(st, seat).picked)) return st;
    const seats = st.seats.map((s) => ({ ...s }));
    for (const seat of active) {
      const to = leftOf(st, seat);
      seats[to] = { ...(seats[to] ?? seatOf(st, to)), packet: seatOf(st, seat).packet, picked: false };
    }
    // The last card of the draft is not a choice: whoever receives a one-card packet keeps it.
    for (const seat of active) {
      const s = seats[seat] ?? seatOf(st, seat);
      if (s.packet.length === 1) seats[seat] = { ...s, memory: [...s.memory, ...s.packet], packet: [] };
    }
    st = { ...st, seats };
    if (active.every((seat) => seatOf(st, seat).packet.length === 0)) return endDraft(st);
  }
}

function endDraft(state: StarNavigatorState): StarNavigatorState {
  const owner = state.options.pirateMap ? state.mapOwner : null;
  let st: StarNavigatorState = { ...state, phase: 'compose' };
  if (owner !== null && !seatOf(st, owner).eliminated && !seatOf(st, owner).timedOut)
    st = withSeat(st, owner, { mustLayOut: true });
  return maybeShowdown(st);
}

/**
 * The Pirate Map: the owner lays out the Nav Memory face down in any order they like (any permutation
 * of their own Nav Memory is accepted); the seeded d4 picks the position of the corrupted card.
 */
export function layOut(
  state: StarNavigatorState,
  seat: Seat,
  order: readonly string[],
): Result<StarNavigatorState> {
  const s = seatOf(state, seat);
  if (!s.mustLayOut) return err('NO_LAYOUT', 'Only the Pirate Map owner lays out the Nav Memory, once.');
  if (
    order.length !== s.memory.length ||
    new Set(order).size !== order.length ||
    order.some((id) => !s.memory.includes(id))
  )
    return err('BAD_ORDER', 'Lay out every card of your Nav Memory once.');
  const [k, prng] = nextInt(state.prng, order.length);
  const card = order[k] as string;
  const st = withSeat({ ...state, prng, discard: [...state.discard, card] }, seat, {
    memory: s.memory.filter((id) => id !== card),
    mustLayOut: false,
    corruption: { roll: k + 1, card },
  });
  return ok(st);
}

/** The showdown starts once every seat in the game has submitted or run out of time. */
export function maybeShowdown(state: StarNavigatorState): StarNavigatorState {
  if (state.phase !== 'compose') return state;
  const done = activeSeats(state).every((seat) => {
    const s = seatOf(state, seat);
    return s.timedOut || s.submission !== null;
  });
  return done ? resolveRound(state) : state;
}
