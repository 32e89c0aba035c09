import type { MathCardGameIntent, MathPlay } from '@cards/schema';
import type { MathCardGameState } from '../../src/math-card-game/state.ts'; // the data, not the rules

/**
 * An independent model of the rules, written from the rule text and RULINGS.md alone: it imports
 * nothing from the implementation (cards are read off their ids, the sequences are re-evaluated from
 * scratch, every turn is tried by brute force), so the playouts can check the implementation
 * against it. Deliberately plain and slow.
 */

type Op = '+' | '-' | '*' | '/';
const OPS: readonly Op[] = ['+', '-', '*', '/'];

type Card =
  | { kind: 'starter' | 'number'; value: number }
  | { kind: 'operator'; op: Op | '?' }
  | { kind: 'terminator' }
  | { kind: 'modifier'; modifier: 'cancel' | 'invert' | 'swap' };

/** What a turn leaves: the table, the player's hand and pile (top first). */
export interface Outcome {
  table: Table;
  hand: readonly string[];
  pile: readonly string[];
}

/** A card on the table; `op` is what a `?` stands for. */
interface Laid {
  id: string;
  op?: Op;
}
type Table = readonly (readonly Laid[])[];

const OP_NAMES: Readonly<Record<string, Op | '?'>> = {
  plus: '+',
  minus: '-',
  times: '*',
  div: '/',
  any: '?',
};

const known = new Map<string, Card>();

/** `r-num-10-2`, `b-start-m2-1`, `r-op-any-1`, `b-eq-3`, `r-swap-1`: what the card is. */
export function modelCard(id: string): Card {
  let card = known.get(id);
  if (card === undefined) known.set(id, (card = readCard(id)));
  return card;
}

function readCard(id: string): Card {
  const parts = id.split('-').slice(1, -1);
  const [what, arg] = parts;
  if (what === 'start') return { kind: 'starter', value: Number((arg ?? '').replace('m', '-')) };
  if (what === 'num') return { kind: 'number', value: Number(arg) };
  if (what === 'op' && arg !== undefined && arg in OP_NAMES)
    return { kind: 'operator', op: OP_NAMES[arg] as Op | '?' };
  if (what === 'eq') return { kind: 'terminator' };
  if (what === 'cancel' || what === 'invert' || what === 'swap') return { kind: 'modifier', modifier: what };
  throw new Error(`model: unknown card ${id}`);
}

const faces = new Map<string, string>();

/** What a card looks like, colour and copy left out: identical faces play alike. */
export function faceOf(id: string): string {
  let face = faces.get(id);
  if (face === undefined) faces.set(id, (face = id.split('-').slice(1, -1).join('-')));
  return face;
}

const OPPOSITE: Readonly<Record<Op, Op>> = { '+': '-', '-': '+', '*': '/', '/': '*' };

/** The operator+number pairs still in effect once the modifiers have done their work. */
function pairsInEffect(row: readonly Laid[]): [Op, number][] {
  const pairs: [Op, number][] = [];
  let waiting: Op | null = null;
  for (const laid of row) {
    const card = modelCard(laid.id);
    if (card.kind === 'operator') waiting = card.op === '?' ? (laid.op as Op) : card.op;
    if (card.kind === 'number' && waiting !== null) {
      pairs.push([waiting, card.value]);
      waiting = null;
    }
    if (card.kind === 'modifier') {
      const n = pairs.length;
      if (card.modifier === 'cancel') pairs.pop();
      if (card.modifier === 'invert') {
        const last = pairs[n - 1] as [Op, number];
        last[0] = OPPOSITE[last[0]];
      }
      if (card.modifier === 'swap') {
        const [a, b] = [pairs[n - 2] as [Op, number], pairs[n - 1] as [Op, number]];
        [a[0], b[0]] = [b[0], a[0]];
      }
    }
  }
  return pairs;
}

/** Strictly left to right; ÷ drops the fraction (toward zero). */
export function modelValue(row: readonly Laid[]): number {
  const first = modelCard((row[0] as Laid).id);
  let value = first.kind === 'starter' ? first.value : NaN;
  for (const [op, n] of pairsInEffect(row)) {
    if (op === '+') value += n;
    if (op === '-') value -= n;
    if (op === '*') value *= n;
    if (op === '/') {
      const q = value / n;
      value = q < 0 ? Math.ceil(q) : Math.floor(q);
      if (Object.is(value, -0)) value = 0;
    }
  }
  return value;
}

/** May this (non-starter) card go at the end of `row`? Straight from the rule text. */
function fits(row: readonly Laid[], id: string): boolean {
  const card = modelCard(id);
  const last = modelCard((row[row.length - 1] as Laid).id);
  if (row.some((laid) => modelCard(laid.id).kind === 'terminator')) return false; // sealed
  switch (card.kind) {
    case 'starter':
      return false;
    case 'number':
      return last.kind === 'operator';
    case 'operator':
      return last.kind === 'starter' || last.kind === 'number' || last.kind === 'modifier';
    case 'terminator':
      return last.kind !== 'operator';
    case 'modifier':
      if (last.kind === 'operator') return false;
      return pairsInEffect(row).length >= (card.modifier === 'swap' ? 2 : 1);
  }
}

/** The table after one card, or null when it may not go there. */
function place(table: Table, play: MathPlay): Table | null {
  const card = modelCard(play.card);
  if ((card.kind === 'operator' && card.op === '?') !== (play.operator !== undefined)) return null;
  const laid: Laid = play.operator === undefined ? { id: play.card } : { id: play.card, op: play.operator };
  if (card.kind === 'starter') return play.sequence === 'new' && table.length < 8 ? [...table, [laid]] : null;
  if (play.sequence === 'new') return null;
  const row = table[play.sequence];
  if (row === undefined || !fits(row, play.card)) return null;
  return table.map((r, k) => (k === play.sequence ? [...r, laid] : r));
}

/** The table after these cards in this order, or null if one may not go where it was put. */
function playOut(table: Table, plays: readonly MathPlay[]): Table | null {
  const [a, b] = plays;
  // two cards to one sequence is not allowed (a starter opens its own, so it never clashes)
  if (a && b && a.sequence !== 'new' && a.sequence === b.sequence) return null;
  let now: Table | null = table;
  for (const play of plays) now = now === null ? null : place(now, play);
  return now;
}

/**
 * Every way one hand card could be put down on a table of `opened` sequences: onto a new sequence,
 * any open one or the first not opened, a `?` as each operator.
 */
function waysToPlace(hand: readonly string[], opened: number): MathPlay[] {
  const targets: (number | 'new')[] = ['new', ...Array.from({ length: opened + 1 }, (_, k) => k)];
  return hand.flatMap((card) =>
    targets.flatMap((sequence): MathPlay[] =>
      faceOf(card) === 'op-any'
        ? OPS.map((operator) => ({ card, sequence, operator }))
        : [{ card, sequence }],
    ),
  );
}

/** Every turn a hand could try: no card, or one or two different cards, each put down any way. */
export function* candidatePlays(hand: readonly string[], opened: number): Generator<MathPlay[]> {
  const ways = waysToPlace(hand, opened);
  yield [];
  for (const first of ways) {
    yield [first];
    for (const second of ways) if (second.card !== first.card) yield [first, second];
  }
}

/** The sequences on the table as the model reads them. */
export const tableOf = (state: MathCardGameState): Table =>
  state.sequences.map((s) =>
    s.cards.map((c) => (c.op === undefined ? { id: c.id } : { id: c.id, op: c.op })),
  );

const ownCardsOnTable = (table: Table, seat: number) =>
  table.some((row) => row.some((laid) => laid.id.startsWith(seat === 0 ? 'r-' : 'b-')));

/** Every ordered choice of `count` different cards from `ids`. */
function arrange(ids: readonly string[], count: number): string[][] {
  if (count <= 0) return [[]];
  return ids.flatMap((id) =>
    arrange(
      ids.filter((other) => other !== id),
      count - 1,
    ).map((rest) => [id, ...rest]),
  );
}

/** A turn's result by faces only (which copy of a face was used does not matter). */
export const outcomeKey = ({ table, hand, pile }: Outcome): string =>
  [
    table.map((row) => row.map((laid) => faceOf(laid.id) + (laid.op ?? '')).join(' ')).join(' | '),
    hand.map(faceOf).sort().join(' '),
    pile.map(faceOf).join(' '),
  ].join(' # ');

/** The model of one player's turn in a play-phase state. */
export class ModelTurn {
  readonly table: Table;
  readonly hand: readonly string[];
  readonly pile: readonly string[];
  /** The most cards the hand can play, trying everything. */
  readonly max: number;
  /** None of the player's cards on the table and nothing playable. */
  readonly mulligan: boolean;

  constructor(state: MathCardGameState, seat: number) {
    if (state.phase !== 'play' || seat !== state.turn) throw new Error("model: not this seat's turn");
    this.table = tableOf(state);
    this.hand = state.hands[seat] ?? [];
    this.pile = state.piles[seat] ?? [];
    const some = (length: 1 | 2) => !this.fits(length).next().done;
    this.max = some(2) ? 2 : some(1) ? 1 : 0;
    this.mulligan = this.max === 0 && !ownCardsOnTable(this.table, seat);
  }

  /**
   * The candidates worth putting to both the rules and the model: every single card, every pair
   * whose first card fits, and one pair for each first card that does not fit (any second card is
   * refused alike after it).
   */
  probes(): MathPlay[][] {
    const misfits = new Set<string>();
    return [...candidatePlays(this.hand, this.table.length)].filter((plays) => {
      const [first, second] = plays;
      if (first === undefined || second === undefined) return true;
      if (playOut(this.table, [first]) !== null) return true;
      const key = JSON.stringify(first);
      if (misfits.has(key)) return false;
      misfits.add(key);
      return true;
    });
  }

  /** Every one- or two-card play that fits the table (each card where the rules allow it). */
  fitting(length: 1 | 2): MathPlay[][] {
    return [...this.fits(length)];
  }

  private *fits(length: 1 | 2): Generator<MathPlay[]> {
    const ways = waysToPlace(this.hand, this.table.length);
    for (const first of ways) {
      if (playOut(this.table, [first]) === null) continue; // then no pair starting with it fits either
      if (length === 1) yield [first];
      else
        for (const second of ways)
          if (second.card !== first.card && playOut(this.table, [first, second]) !== null)
            yield [first, second];
    }
  }

  /** Two cards leave the hand each turn while the pile has cards; the shortfall goes under. */
  underCount(played: number): number {
    return this.pile.length === 0 ? 0 : Math.max(0, Math.min(2, this.hand.length) - played);
  }

  /** Refused (null), or the table, hand and pile the intent leaves. */
  outcome(intent: MathCardGameIntent): Outcome | null {
    const { table, hand, pile } = this;
    if (intent.type === 'mulligan') {
      if (!this.mulligan) return null;
      const all = [...pile, ...hand]; // the whole hand under the pile, then six from the top
      return { table, hand: all.slice(0, 6), pile: all.slice(6) };
    }
    if (intent.type !== 'turn' || this.mulligan) return null;
    const used = [...intent.plays.map((p) => p.card), ...intent.under];
    if (new Set(used).size !== used.length || used.some((id) => !hand.includes(id))) return null;
    if (intent.plays.length !== this.max) return null; // the most you can, never fewer
    const after = playOut(table, intent.plays);
    if (after === null || intent.under.length !== this.underCount(intent.plays.length)) return null;
    // under the pile in the order given, then two drawn from the top (none from an empty pile)
    const newPile = [...pile, ...intent.under];
    const drawn = pile.length === 0 ? 0 : 2;
    return {
      table: after,
      hand: [...hand.filter((id) => !used.includes(id)), ...newPile.slice(0, drawn)],
      pile: newPile.slice(drawn),
    };
  }

  /** Every turn the model allows, by outcome: each play of the most cards, each under choice and order. */
  outcomes(): Set<string> {
    const keys = new Set<string>();
    const intents: MathCardGameIntent[] = [{ type: 'mulligan' }];
    for (const plays of candidatePlays(this.hand, this.table.length)) {
      if (plays.length !== this.max) continue;
      const rest = this.hand.filter((id) => !plays.some((p) => p.card === id));
      for (const under of arrange(rest, this.underCount(plays.length)))
        intents.push({ type: 'turn', plays, under });
    }
    for (const intent of intents) {
      const result = this.outcome(intent);
      if (result !== null) keys.add(outcomeKey(result));
    }
    return keys;
  }
}
