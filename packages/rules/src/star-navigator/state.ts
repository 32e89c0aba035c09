/** The state of a Star Navigator match, setup, and the start of each round (market, deal). */
import type {
  StarAceChoice,
  StarCard,
  StarExprJson,
  StarNavigatorOptions,
  StarShowdown,
  StarSuit,
} from '@cards/schema';
import type { Seat } from '../core/game.ts';
import { nextInt, seedPrng, shuffle, type PrngState } from '../core/prng.ts';
import { invariant } from '../core/result.ts';
import { deckKindOf, deckOf, overrideRuleOf, type DeckKind } from './cards.ts';
import { dealTarget } from './target.ts';

export interface VectorChoice {
  readonly cards: readonly string[];
  readonly aces: readonly StarAceChoice[];
  readonly phantom: number | null;
}

export interface Submission {
  readonly expr: StarExprJson;
  readonly declared: number;
}

export interface SeatState {
  readonly chips: number;
  readonly eliminated: boolean;
  /** The Data Packet in front of the seat (empty while waiting for the pass). */
  readonly packet: readonly string[];
  /** Picked from the current packet; waiting for the others before the pass. */
  readonly picked: boolean;
  readonly memory: readonly string[];
  /** Hotshot Spacer: the card locked face down in the first Data Packet. */
  readonly locked: string | null;
  /** Pirate Map owner who still has to lay the Nav Memory out for the d4. */
  readonly mustLayOut: boolean;
  readonly corruption: { readonly roll: number; readonly card: string } | null;
  readonly choice: VectorChoice | null;
  readonly submission: Submission | null;
  readonly timedOut: boolean;
  readonly continued: boolean;
}

export type Phase = 'market' | 'draft' | 'compose' | 'showdown' | 'over';

export interface StarNavigatorState {
  readonly options: StarNavigatorOptions;
  readonly players: number;
  readonly deckKind: DeckKind;
  /** Every card of the deck by id. */
  readonly cards: Readonly<Record<string, StarCard>>;
  readonly prng: PrngState;
  readonly phase: Phase;
  /** Round number, 1-based (0 before the first deal). */
  readonly round: number;
  readonly initiative: Seat;
  readonly deck: readonly string[];
  /** Cards out of play this round (target cards set aside, corrupted memory). */
  readonly discard: readonly string[];
  readonly targetCards: readonly string[];
  readonly target: number | null;
  readonly beacon: string | null;
  readonly overrideSuit: StarSuit | null;
  readonly seats: readonly SeatState[];
  readonly bounty: number;
  readonly mapOwner: Seat | null;
  /** Times the Pirate Map has been bought (its price is 2 + this). */
  readonly mapPurchases: number;
  /** Seats still to be offered the Pirate Map this round, in initiative order. */
  readonly marketQueue: readonly Seat[];
  readonly lastShowdown: StarShowdown | null;
  /** Game winners once the phase is 'over'. */
  readonly winners: readonly Seat[];
}

export const mapPrice = (state: StarNavigatorState): number => 2 + state.mapPurchases;

export const seatOf = (state: StarNavigatorState, seat: Seat): SeatState => {
  const s = state.seats[seat];
  invariant(s !== undefined, `no seat ${seat}`);
  return s;
};

export const cardOf = (state: StarNavigatorState, id: string): StarCard => {
  const c = state.cards[id];
  invariant(c !== undefined, `no card ${id}`);
  return c;
};

export const activeSeats = (state: StarNavigatorState): Seat[] =>
  state.seats.flatMap((s, i) => (s.eliminated ? [] : [i]));

/** The next seat to the left (higher seat number, wrapping) that is still in the game. */
export function leftOf(state: StarNavigatorState, seat: Seat): Seat {
  for (let k = 1; k <= state.players; k++) {
    const s = (seat + k) % state.players;
    if (!seatOf(state, s).eliminated) return s;
  }
  return seat;
}

/** Active seats starting with the initiative holder, going left. */
export function initiativeOrder(state: StarNavigatorState): Seat[] {
  const n = state.players;
  return Array.from({ length: n }, (_, k) => (state.initiative + k) % n).filter(
    (s) => !seatOf(state, s).eliminated,
  );
}

export const withSeat = (
  state: StarNavigatorState,
  seat: Seat,
  patch: Partial<SeatState>,
): StarNavigatorState => ({
  ...state,
  seats: state.seats.map((s, i) => (i === seat ? { ...s, ...patch } : s)),
});

const freshRoundSeat = (s: SeatState): SeatState => ({
  ...s,
  packet: [],
  picked: false,
  memory: [],
  locked: null,
  mustLayOut: false,
  corruption: null,
  choice: null,
  submission: null,
  timedOut: false,
  continued: false,
});

export function setupState(options: StarNavigatorOptions, players: number, seed: string): StarNavigatorState {
  invariant(players >= 2 && players <= 4, 'Star Navigator is for 2–4 players');
  const deckKind = deckKindOf(options);
  const all = deckOf(deckKind);
  const [initiative, prng] = nextInt(seedPrng(seed), players);
  const seat: SeatState = freshRoundSeat({
    chips: options.startingChips,
    eliminated: false,
  } as SeatState);
  const state: StarNavigatorState = {
    options,
    players,
    deckKind,
    cards: Object.fromEntries(all.map((c) => [c.id, c])),
    prng,
    phase: 'market',
    round: 0,
    initiative,
    deck: all.map((c) => c.id),
    discard: [],
    targetCards: [],
    target: null,
    beacon: null,
    overrideSuit: null,
    seats: Array.from({ length: players }, () => seat),
    bounty: 0,
    mapOwner: null,
    mapPurchases: 0,
    marketQueue: [],
    lastShowdown: null,
    winners: [],
  };
  return startRound(state);
}

/** Opens the Pirate Map market when someone can buy, else deals. */
export function startRound(state: StarNavigatorState): StarNavigatorState {
  const s: StarNavigatorState = {
    ...state,
    round: state.round + 1,
    seats: state.seats.map(freshRoundSeat),
    marketQueue: [],
    // Collect all of the cards (they are shuffled at the deal).
    deck: Object.keys(state.cards).sort(),
    discard: [],
    targetCards: [],
    target: null,
    beacon: null,
    overrideSuit: null,
  };
  if (s.options.pirateMap) {
    const price = mapPrice(s);
    // A buyer must keep at least one chip (see the rules page, Decisions).
    const queue = initiativeOrder(s).filter((seat) => seat !== s.mapOwner && seatOf(s, seat).chips > price);
    if (queue.length > 0) return { ...s, phase: 'market', marketQueue: queue };
  }
  return deal(s);
}

/** Collects and shuffles every card, picks the Override suit, deals target, beacon and Data Packets. */
export function deal(state: StarNavigatorState): StarNavigatorState {
  let prng = state.prng;
  const [deck, p1] = shuffle(Object.keys(state.cards).sort(), prng);
  prng = p1;
  let overrideSuit: StarSuit | null = null;
  const rule = overrideRuleOf(state.options);
  if (rule !== 'none') {
    if (state.deckKind === 'tarot') overrideSuit = 'trumps';
    else if (state.options.overrideSuit === 'random') {
      const suits: StarSuit[] = ['S', 'H', 'D', 'C'];
      const [k, p2] = nextInt(prng, 4);
      prng = p2;
      overrideSuit = suits[k] ?? 'S';
    } else overrideSuit = state.options.overrideSuit;
  }
  const cards = deck.map((id) => {
    const c = state.cards[id];
    invariant(c !== undefined, 'card');
    return c;
  });
  const t = dealTarget(cards, overrideSuit);
  let rest = deck.slice(t.used);
  const beacon = rest[0];
  invariant(beacon !== undefined, 'deck too small');
  rest = rest.slice(1);
  const order = initiativeOrder(state);
  const seats = state.seats.map((s) => ({ ...s }));
  for (const seat of order) {
    const packet = rest.slice(0, 4);
    rest = rest.slice(4);
    seats[seat] = { ...seatOf(state, seat), packet };
  }
  return {
    ...state,
    prng,
    phase: 'draft',
    deck: rest,
    discard: t.setAside.map((c) => c.id),
    targetCards: t.cards.map((c) => c.id),
    target: t.value,
    beacon,
    overrideSuit,
    seats,
    marketQueue: [],
  };
}
