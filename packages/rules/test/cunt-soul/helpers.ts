/**
 * Builds Cunt-Soul positions in the spec's test notation (§0.4) and plays intents by card value.
 * Seats are letters A…H (seats 0…7). Cards are named by value ('5', 'K', 'Joker', '?' for any card);
 * the builder gives each a distinct card id. Unlisted cards are simply not in the position.
 */
import type { CuntSoulIntent } from '@cards/schema';
import { expect } from 'vitest';
import type { Result } from '../../src/core/result.ts';
import { deckIds, syn, valueLabel, ACE, JOKER, NONE, TABLE } from '../../src/cunt-soul/cards.ts';
import { cuntSoul as game, DEFAULT_OPTIONS } from '../../src/cunt-soul/index.ts';
import type { CuntSoulState, Link, SeatState, UpSlot } from '../../src/cunt-soul/state.ts';
import { EMPTY_STEP, freshTurn } from '../../src/cunt-soul/state.ts';

export { game };

export const seatIndex = (letter: string): number => letter.charCodeAt(0) - 65;

const LABELS: Record<string, number> = { J: 11, Q: 12, K: 13, A: ACE, Joker: JOKER, table: TABLE };
export const valueOf = (label: string): number => LABELS[label] ?? Number(label);

export interface LinkSpec {
  v: string;
  n?: number;
  sem?: string;
  /** Ability value; null for none. Defaults to the printed value. */
  av?: string | null;
  m?: number;
  player?: string;
  choice?: 'higher' | 'lower';
  run?: boolean;
  runStart?: number;
  swaps?: Link['swaps'];
}

export interface SeatSpec {
  hand?: string[];
  /** Face-up cards; '8h' is a horizontal 8; '-' an empty slot. */
  up?: string[];
  down?: string[];
  field?: string | null;
  finished?: boolean;
  changes?: number;
}

export interface PositionSpec {
  n: number;
  current?: string;
  dir?: 1 | -1;
  /** Field cards given to seats without an explicit `field`, in seat order from A. */
  fields?: string[];
  /** A number of unknown cards, or values ('?' for any), drawn first to last. */
  source?: number | string[];
  pile?: (string | LinkSpec)[];
  seats?: Record<string, SeatSpec>;
  turnLimit?: number;
}

class Pool {
  private readonly free: string[];
  constructor(decks: number) {
    this.free = deckIds(decks);
  }
  private unknown = 0;
  /** Named values are taken at once; unknown cards ('?') are tokens resolved after every named card. */
  take(label: string): string {
    if (label === '?') return `?${this.unknown++}`;
    const i = this.free.findIndex((c) => syn(c) === valueOf(label));
    if (i < 0) throw new Error(`no card ${label} left`);
    return this.free.splice(i, 1)[0] as string;
  }
  resolve(id: string): string {
    if (!id.startsWith('?')) return id;
    // spread unknown cards over the values with the most copies left, never a Joker
    const left = new Map<number, number>();
    for (const c of this.free) if (syn(c) !== JOKER) left.set(syn(c), (left.get(syn(c)) ?? 0) + 1);
    const best = [...left].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    if (best === undefined) throw new Error('no unknown card left');
    const i = this.free.findIndex((c) => syn(c) === best[0]);
    return this.free.splice(i, 1)[0] as string;
  }
}

/** A play-phase state in the spec's notation. Links default to the printed value and ability, m = n. */
export function position(spec: PositionSpec): CuntSoulState {
  const pool = new Pool(spec.n <= 4 ? 1 : 2);
  const fields = [...(spec.fields ?? [])];
  let nextId = 1;
  const pile: Link[] = (spec.pile ?? []).map((raw) => {
    const l: LinkSpec =
      typeof raw === 'string' ? { v: raw.split(' ')[0] as string, n: raw.split(' ').length } : raw;
    const n = l.n ?? 1;
    const u = valueOf(l.v);
    return {
      id: nextId++,
      cards: Array.from({ length: n }, () => pool.take(l.v)),
      syn: u,
      sem: l.sem === undefined ? u : valueOf(l.sem),
      av: l.av === undefined ? (l.run ? NONE : u) : l.av === null ? NONE : valueOf(l.av),
      m: l.m ?? n,
      player: seatIndex(l.player ?? 'B'),
      runLink: l.run ?? false,
      runStartId: l.runStart ?? null,
      choice: l.choice ?? null,
      swaps: l.swaps ?? [],
    };
  });
  const seats: SeatState[] = Array.from({ length: spec.n }, (_, i) => {
    const s = spec.seats?.[String.fromCharCode(65 + i)] ?? {};
    const up: UpSlot[] = (s.up ?? []).map((label) =>
      label === '-'
        ? { card: null, horizontal: false }
        : { card: pool.take(label.replace(/h$/, '')), horizontal: label.endsWith('h') && label !== 'h' },
    );
    while (up.length < 3) up.push({ card: null, horizontal: false });
    const down = (s.down ?? ['?', '?', '?']).map((label) => (label === '-' ? null : pool.take(label)));
    while (down.length < 3) down.push(null);
    const field =
      s.field !== undefined
        ? s.field === null
          ? null
          : pool.take(s.field)
        : fields.length > 0
          ? pool.take(fields.shift() as string)
          : null;
    return {
      hand: (s.hand ?? []).map((label) => pool.take(label)),
      up,
      down,
      knownDown: [null, null, null],
      field,
      lingering: null,
      changes: s.changes ?? 0,
      finished: s.finished ?? false,
      selection: null,
    };
  });
  const source =
    typeof spec.source === 'number'
      ? Array.from({ length: spec.source }, () => pool.take('?'))
      : (spec.source ?? []).map((l) => pool.take(l));
  const r = (id: string) => pool.resolve(id);
  for (const seat of seats as unknown as { hand: string[]; down: (string | null)[]; up: UpSlot[] }[]) {
    seat.hand = seat.hand.map(r);
    seat.down = seat.down.map((c) => (c === null ? null : r(c)));
    seat.up = seat.up.map((u) => (u.card === null ? u : { ...u, card: r(u.card) }));
  }
  const resolvedSource = source.map(r);
  const current = seatIndex(spec.current ?? 'A');
  return {
    options: { ...DEFAULT_OPTIONS, turnLimit: spec.turnLimit ?? DEFAULT_OPTIONS.turnLimit },
    players: spec.n,
    decks: spec.n <= 4 ? 1 : 2,
    phase: 'play',
    seats,
    source: resolvedSource,
    sourceFlipped: false,
    pile,
    out: [],
    dir: spec.dir ?? 1,
    dealer: (current + spec.n - 1) % spec.n,
    current,
    turn: freshTurn(),
    finishOrder: seats.flatMap((s, i) => (s.finished ? [i] : [])),
    turnsPlayed: 0,
    nextLinkId: nextId,
    lastBurn: null,
    lastFlip: null,
    result: null,
    step: EMPTY_STEP,
  };
}

export function expectOk<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function expectErr<T>(r: Result<T>, code?: string): void {
  expect(r.ok).toBe(false);
  if (!r.ok && code !== undefined) expect(r.error.code).toBe(code);
}

export const act = (s: CuntSoulState, intent: CuntSoulIntent, seat = s.current): Result<CuntSoulState> =>
  game.apply(s, seat, intent, 0);

/** The cards a link of these values would use from the current player's accessible zone. */
export function pickCards(s: CuntSoulState, labels: string[], seat = s.current): string[] {
  const p = s.seats[seat] as SeatState;
  const zone = p.hand.length > 0 ? [...p.hand] : p.up.flatMap((u) => (u.card === null ? [] : [u.card]));
  return labels.map((label) => {
    const i = zone.findIndex((c) => syn(c) === valueOf(label));
    if (i < 0) throw new Error(`no ${label} to play`);
    return zone.splice(i, 1)[0] as string;
  });
}

export const tryPlay = (s: CuntSoulState, ...labels: string[]): Result<CuntSoulState> =>
  act(s, { type: 'playLink', cards: pickCards(s, labels) });
export const play = (s: CuntSoulState, ...labels: string[]): CuntSoulState => expectOk(tryPlay(s, ...labels));
export const flip = (s: CuntSoulState, slot: number): CuntSoulState =>
  expectOk(act(s, { type: 'playFaceDown', slot }));
export const declare = (s: CuntSoulState, choice: 'higher' | 'lower'): CuntSoulState =>
  expectOk(act(s, { type: 'declare7', choice }));
export const choose = (s: CuntSoulState, letter: string): CuntSoulState =>
  expectOk(act(s, { type: 'chooseNext', seat: seatIndex(letter) }));
export const pickUp = (s: CuntSoulState): CuntSoulState => expectOk(act(s, { type: 'pickUp' }));
export const endChain = (s: CuntSoulState): CuntSoulState => expectOk(act(s, { type: 'endChain' }));
export const endSwaps = (s: CuntSoulState): CuntSoulState => expectOk(act(s, { type: 'endSwaps' }));
export function swap(s: CuntSoulState, label: string, slot: number): CuntSoulState {
  const card = (s.seats[s.current] as SeatState).hand.find((c) => syn(c) === valueOf(label));
  if (card === undefined) throw new Error(`no ${label} in hand`);
  return expectOk(act(s, { type: 'swap5', card, slot }));
}
export function changeField(s: CuntSoulState, label: string, slot: number): Result<CuntSoulState> {
  const card = (s.seats[s.current] as SeatState).hand.find((c) => syn(c) === valueOf(label));
  if (card === undefined) throw new Error(`no ${label} in hand`);
  return act(s, { type: 'changeField', card, slot });
}

export const labels = (ids: readonly (string | null)[]): string[] =>
  ids.flatMap((c) => (c === null ? [] : [valueLabel(syn(c))])).sort();
export const hand = (s: CuntSoulState, letter: string): string[] =>
  labels((s.seats[seatIndex(letter)] as SeatState).hand);
export const upOf = (s: CuntSoulState, letter: string): (string | null)[] =>
  (s.seats[seatIndex(letter)] as SeatState).up.map((u) => (u.card === null ? null : valueLabel(syn(u.card))));
export const top = (s: CuntSoulState): Link => {
  const t = s.pile[s.pile.length - 1];
  if (t === undefined) throw new Error('the pile is empty');
  return t;
};
export const semOf = (l: Link): string => valueLabel(l.sem);
export const avOf = (l: Link): string | null => (l.av === NONE ? null : valueLabel(l.av));
export const letter = (seat: number): string => String.fromCharCode(65 + seat);
export const current = (s: CuntSoulState): string => letter(s.current);
/** Values of the listed playLink intents (one per value), sorted. */
export const legalValues = (s: CuntSoulState): string[] => [
  ...new Set(
    game
      .legalIntents(s, s.current)
      .flatMap((i) => (i.type === 'playLink' ? [valueLabel(syn(i.cards[0] as string))] : [])),
  ),
];
