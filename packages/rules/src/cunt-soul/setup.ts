/** Setup (S-1…S-6): the deal, the secret choice of face-up and field cards, the reveal. */
import type { CuntSoulOptions } from '@cards/schema';
import { err, ok, type Result } from '../core/result.ts';
import { nextInt, seedPrng, shuffle } from '../core/prng.ts';
import { deckIds } from './cards.ts';
import { handSize, syncSourceFlip } from './fields.ts';
import {
  EMPTY_STEP,
  draftOf,
  freshTurn,
  nextActive,
  seatOf,
  type CuntSoulState,
  type SeatState,
} from './state.ts';
import { startTurn } from './turn.ts';

export const decksFor = (players: number): number => (players <= 4 ? 1 : 2);

export function setupState(options: CuntSoulOptions, players: number, seed: string): CuntSoulState {
  if (!Number.isInteger(players) || players < 2 || players > 8)
    throw new Error(`Cunt-Soul is for 2 to 8 players, not ${players}`);
  const decks = decksFor(players);
  const [deck, prng] = shuffle(deckIds(decks), seedPrng(seed));
  const [drawn] = nextInt(prng, players);
  const dealer = options.dealer === 'random' ? drawn : options.dealer % players;
  const seats: SeatState[] = Array.from({ length: players }, (_, i) => ({
    down: deck.slice(i * 3, i * 3 + 3),
    knownDown: [null, null, null],
    hand: deck.slice(players * 3 + i * 9, players * 3 + i * 9 + 9),
    up: [],
    field: null,
    lingering: null,
    changes: 0,
    finished: false,
    selection: null,
  }));
  return {
    options,
    players,
    decks,
    phase: 'setup',
    seats,
    source: deck.slice(players * 12),
    sourceFlipped: false,
    pile: [],
    out: [],
    dir: 1,
    dealer,
    current: (dealer + 1) % players,
    turn: freshTurn(),
    finishOrder: [],
    turnsPlayed: 0,
    nextLinkId: 1,
    lastBurn: null,
    lastFlip: null,
    result: null,
    step: EMPTY_STEP,
  };
}

/** S-3, S-4: a seat's secret choice; once everyone has chosen, all are revealed together (S-5). */
export function selectSetup(
  state: CuntSoulState,
  seat: number,
  up: unknown,
  field: unknown,
): Result<CuntSoulState> {
  if (state.phase !== 'setup') return err('NOT_NOW', 'The face-up and field cards were chosen at the start.');
  const me = seatOf(state, seat);
  if (me.selection !== null) return err('ALREADY_CHOSEN', 'Your choice is placed and cannot be changed.');
  if (!Array.isArray(up) || up.length !== 3 || typeof field !== 'string')
    return err('BAD_INTENT', 'Choose three face-up cards and one field card.');
  const chosen: unknown[] = [...up, field];
  if (new Set(chosen).size !== 4) return err('DUPLICATE_CARD', 'Choose four different cards.');
  if (!chosen.every((c) => typeof c === 'string' && me.hand.includes(c)))
    return err('NOT_YOUR_CARD', 'Choose cards from your own hand.');
  const d = draftOf(state);
  const p = seatOf(d, seat);
  p.hand = p.hand.filter((c) => !chosen.includes(c));
  p.selection = { up: [...(up as string[])], field };
  if (d.seats.every((s) => s.selection !== null)) {
    for (const s of d.seats) {
      if (s.selection === null) continue;
      s.up = s.selection.up.map((card) => ({ card, horizontal: false }));
      s.field = s.selection.field;
      s.selection = null;
    }
    // S-5: the field-6 flip first, then the field-A draws in turn order from the first player
    syncSourceFlip(d);
    const size = handSize(d);
    const first = (d.dealer + 1) % d.players;
    for (let i = 0, s = first; i < d.players; i++, s = nextActive(d, s, 1)) {
      const hand = seatOf(d, s).hand;
      while (hand.length < size && d.source.length > 0) hand.push(d.source.shift() as string);
    }
    d.phase = 'play';
    startTurn(d, first);
  }
  return ok(d);
}
