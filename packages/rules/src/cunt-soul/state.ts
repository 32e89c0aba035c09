/** The game state (spec §21.1) and small helpers over it. */
import type { CuntSoulOptions } from '@cards/schema';
import type { Seat } from '../core/game.ts';

export interface UpSlot {
  readonly card: string | null;
  /** A slot refilled by a field change (CH-2); the mark belongs to the slot (CH-3). */
  readonly horizontal: boolean;
}

export interface SeatState {
  readonly hand: readonly string[];
  readonly up: readonly UpSlot[];
  readonly down: readonly (string | null)[];
  /** What the owner knows of their face-down slots: cards a field-5 swap put there (F-5). */
  readonly knownDown: readonly (string | null)[];
  readonly field: string | null;
  /** Z-5: the field card taken into the hand this turn, still in play until the turn ends. */
  readonly lingering: string | null;
  readonly changes: number;
  readonly finished: boolean;
  /** Setup: the chosen face-up and field cards, hidden until everyone has chosen (S-4). */
  readonly selection: { readonly up: readonly string[]; readonly field: string } | null;
}

export interface Swap {
  readonly zone: 'up' | 'down';
  readonly slot: number;
  readonly fromHand: string;
  readonly fromSlot: string;
}

/** A link on the pile (T-2) with its frozen semantic value, ability value and multiplicity. */
export interface Link {
  readonly id: number;
  readonly cards: readonly string[];
  readonly syn: number;
  readonly sem: number;
  readonly av: number;
  readonly m: number;
  readonly player: Seat;
  readonly runLink: boolean;
  readonly runStartId: number | null;
  readonly choice: 'higher' | 'lower' | null;
  readonly swaps: readonly Swap[];
}

export type QueueItem =
  { readonly kind: 'next' } | { readonly kind: 'skip' } | { readonly kind: 'moveTo'; readonly seat: Seat };

export type Obligation = 'none' | 'mustExtend' | 'runMust' | 'runMay';

export type Prompt =
  | { readonly kind: 'swap5'; readonly left: number; readonly zone: 'up' | 'down'; readonly linkId: number }
  | { readonly kind: 'chooseNext' }
  | { readonly kind: 'declare7'; readonly linkId: number }
  | { readonly kind: 'fieldJ' };

export interface TurnState {
  readonly queue: readonly QueueItem[];
  /** Links placed this turn. */
  readonly links: number;
  readonly oblig: Obligation;
  readonly run: { readonly startId: number; readonly last: number; readonly len: number } | null;
  readonly acePenalty: number;
  readonly changed: boolean;
  readonly endedByPickUp: boolean;
  /** The chain has ended; the turn ends once no prompt is pending. */
  readonly chainOver: boolean;
  readonly fieldJDone: boolean;
  readonly pending: Prompt | null;
}

export type BurnReason = 'ten' | 'fourOfAKind' | 'paradox';

/**
 * What the last intent did in public, for the history: the links it placed (one that burned or went
 * back into a hand included), the cards it picked up, the burn and the 5-swap slots. Reset by every intent.
 */
export interface PublicStep {
  readonly placed: readonly Link[];
  readonly pickedUp: number;
  readonly burn: BurnReason | null;
  readonly swaps: readonly { readonly zone: 'up' | 'down'; readonly slot: number }[];
}

export const EMPTY_STEP: PublicStep = { placed: [], pickedUp: 0, burn: null, swaps: [] };

export interface CuntSoulState {
  readonly options: CuntSoulOptions;
  readonly players: number;
  readonly decks: number;
  readonly phase: 'setup' | 'play' | 'over';
  readonly seats: readonly SeatState[];
  /** `source[0]` is drawn next. */
  readonly source: readonly string[];
  /** Whether the source lies flipped (F-6 parity applied). */
  readonly sourceFlipped: boolean;
  readonly pile: readonly Link[];
  readonly out: readonly string[];
  readonly dir: 1 | -1;
  readonly dealer: Seat;
  readonly current: Seat;
  readonly turn: TurnState;
  readonly finishOrder: readonly Seat[];
  readonly turnsPlayed: number;
  readonly nextLinkId: number;
  readonly lastBurn: { readonly seat: Seat; readonly reason: BurnReason; readonly cards: number } | null;
  readonly lastFlip: { readonly seat: Seat; readonly card: string; readonly valid: boolean } | null;
  readonly result: { readonly order: readonly Seat[]; readonly byLimit: boolean } | null;
  readonly step: PublicStep;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K] };
export type MSeat = Omit<Mutable<SeatState>, 'up'> & { up: UpSlot[] };
export type MTurn = Mutable<TurnState>;
/** A working copy that `apply` mutates; the input state is never touched. */
export type Draft = Omit<Mutable<CuntSoulState>, 'seats' | 'turn' | 'step'> & {
  seats: MSeat[];
  turn: MTurn;
  step: { placed: Link[]; pickedUp: number; burn: BurnReason | null; swaps: PublicStep['swaps'][number][] };
};

export function draftOf(s: CuntSoulState): Draft {
  return {
    ...s,
    seats: s.seats.map((seat) => ({
      ...seat,
      hand: [...seat.hand],
      up: [...seat.up],
      down: [...seat.down],
      knownDown: [...seat.knownDown],
    })),
    source: [...s.source],
    pile: [...s.pile],
    out: [...s.out],
    finishOrder: [...s.finishOrder],
    turn: { ...s.turn, queue: [...s.turn.queue] },
    step: { placed: [], pickedUp: 0, burn: null, swaps: [] },
  };
}

export const freshTurn = (): MTurn => ({
  queue: [{ kind: 'next' }],
  links: 0,
  oblig: 'none',
  run: null,
  acePenalty: 0,
  changed: false,
  endedByPickUp: false,
  chainOver: false,
  fieldJDone: false,
  pending: null,
});

export const seatOf = <S extends SeatState>(s: { readonly seats: readonly S[] }, seat: Seat): S => {
  const found = s.seats[seat];
  if (found === undefined) throw new Error(`no seat ${seat}`);
  return found;
};

export const topLink = (s: CuntSoulState | Draft): Link | null => s.pile[s.pile.length - 1] ?? null;

export const activeSeats = (s: CuntSoulState | Draft): Seat[] =>
  s.seats.flatMap((seat, i) => (seat.finished ? [] : [i]));

/** The first active seat strictly after `from` in direction `dir` (QU-4); `from` itself if it is the only one. */
export function nextActive(s: CuntSoulState | Draft, from: Seat, dir: 1 | -1): Seat {
  for (let step = 1; step <= s.players; step++) {
    const seat = (((from + dir * step) % s.players) + s.players) % s.players;
    if (!seatOf(s, seat).finished) return seat;
  }
  return from;
}

export const cardsHeld = (seat: SeatState): number =>
  seat.hand.length +
  seat.up.filter((u) => u.card !== null).length +
  seat.down.filter((d) => d !== null).length +
  (seat.field === null ? 0 : 1);

export type Zone = 'hand' | 'up' | 'down' | 'none';

/** Z-1: the one zone a player may play from now. */
export function zoneOf(s: CuntSoulState | Draft, seat: Seat): Zone {
  const p = seatOf(s, seat);
  if (p.hand.length > 0) return 'hand';
  if (s.source.length > 0) return 'none';
  if (p.up.some((u) => u.card !== null)) return 'up';
  if (p.down.some((d) => d !== null)) return 'down';
  return 'none';
}

/** The cards of the zone (hand or face-up) a link may be taken from. */
export function zoneCards(s: CuntSoulState | Draft, seat: Seat, zone: Zone): string[] {
  const p = seatOf(s, seat);
  if (zone === 'hand') return [...p.hand];
  if (zone === 'up') return p.up.flatMap((u) => (u.card === null ? [] : [u.card]));
  return [];
}
