/**
 * Bounded uses of the arithmetic solver: proving that no hand can make the target, and finding a
 * sample claim / blind submission for legalIntents. Chameleons are tried as each distinct rank of
 * the other cards in the hand. Every call has a step budget; a search that runs out (or a hand over
 * the solver's 8 cards) is "not proven", never "no".
 */
import type { BlindCassowaryCard, ChameleonChoice, ExprJsonWire } from '@cards/schema';
import { toJson, leaves, type Expr } from '../arith/expr.ts';
import { bestNotOver, canMake, MAX_SOLVER_CARDS, type SolverCard } from '../arith/solve.ts';
import { isChameleon } from './deck.ts';

/** Solver work budget per call (steps). See docs/rules/blind-cassowary.md for measured costs. */
export const SOLVER_BUDGET = 1_000_000;
/** Chameleon readings searched per hand. */
export const MAX_READINGS = 6;

interface Reading {
  readonly cards: SolverCard[];
  /** chameleon id → the card it copies */
  readonly copies: ReadonlyMap<string, string>;
}

/** Every way to read the hand's chameleons (as one of the other cards' ranks); unreadable ones dropped. */
function readings(hand: readonly BlindCassowaryCard[]): Reading[] {
  const plain = hand.filter((c) => !isChameleon(c));
  const chams = hand.filter(isChameleon);
  const ranks: BlindCassowaryCard[] = [];
  for (const c of plain) if (!ranks.some((r) => r.rank === c.rank)) ranks.push(c);
  const base: SolverCard[] = plain.map((c) => ({ ref: c.id, value: c.rank }));
  if (chams.length === 0 || ranks.length === 0) return [{ cards: base, copies: new Map() }];
  const out: Reading[] = [];
  const assign = (i: number, from: number, cards: SolverCard[], copies: Map<string, string>): void => {
    if (i === chams.length) {
      out.push({ cards, copies });
      return;
    }
    const cham = chams[i] as BlindCassowaryCard;
    // Chameleons are interchangeable: non-decreasing choice indices avoid duplicate readings.
    for (let k = from; k < ranks.length; k++) {
      const r = ranks[k] as BlindCassowaryCard;
      assign(i + 1, k, [...cards, { ref: cham.id, value: r.rank }], new Map(copies).set(cham.id, r.id));
    }
  };
  assign(0, 0, base, new Map());
  return out;
}

export interface Found {
  readonly cards: string[];
  readonly expr: ExprJsonWire;
  readonly chameleons: ChameleonChoice[];
}

const found = (expr: Expr, copies: ReadonlyMap<string, string>): Found => {
  const used = leaves(expr).map((l) => l.ref);
  const chameleons: ChameleonChoice[] = [];
  for (const id of used) {
    const copied = copies.get(id);
    if (copied !== undefined) chameleons.push({ card: id, copies: copied });
  }
  return { cards: used, expr: toJson(expr) as ExprJsonWire, chameleons };
};

export type Proof =
  | { readonly kind: 'found'; readonly found: Found }
  | { readonly kind: 'none' }
  | { readonly kind: 'unknown' };

/**
 * Whether searchHand could ever answer "none" for this hand: not when it has more chameleon readings
 * than are searched, or a reading over the solver's size (then it answers "found" or "unknown").
 */
export function provable(hand: readonly BlindCassowaryCard[]): boolean {
  const all = readings(hand);
  return all.length <= MAX_READINGS && all.every((r) => r.cards.length <= MAX_SOLVER_CARDS);
}

/** Whether this hand can make the target with two or more cards. */
export function searchHand(
  hand: readonly BlindCassowaryCard[],
  target: number,
  budget: number = SOLVER_BUDGET,
): Proof {
  let unknown = false;
  const all = readings(hand);
  // Two chameleons can give dozens of readings: only the first few are searched (the rest: unknown).
  if (all.length > MAX_READINGS) unknown = true;
  for (const r of all.slice(0, MAX_READINGS)) {
    if (r.cards.length < 2) continue;
    // Over the solver's size: search the first cards for a claim, but a "no" proves nothing.
    if (r.cards.length > MAX_SOLVER_CARDS) unknown = true;
    const res = canMake(r.cards.slice(0, MAX_SOLVER_CARDS), target, { budget, minCards: 2 });
    if (!res.ok) unknown = true;
    else if (res.value !== null) return { kind: 'found', found: found(res.value, r.copies) };
  }
  return unknown ? { kind: 'unknown' } : { kind: 'none' };
}

/** The closest value not over the target from one or more cards of the hand (a blind cassowary). */
export function bestBlind(hand: readonly BlindCassowaryCard[], target: number): Found | null {
  let best: { found: Found; n: bigint; d: bigint } | null = null;
  for (const r of readings(hand)) {
    const cards = r.cards.slice(0, MAX_SOLVER_CARDS);
    if (cards.length === 0) continue;
    const res = bestNotOver(cards, target, { budget: SOLVER_BUDGET, minCards: 1 });
    if (!res.ok || res.value === null) continue;
    const v = res.value.value;
    if (best === null || v.n * best.d > best.n * v.d)
      best = { found: found(res.value.expr, r.copies), n: v.n, d: v.d };
  }
  return best === null ? null : best.found;
}
