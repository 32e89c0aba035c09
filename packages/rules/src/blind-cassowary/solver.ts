/**
 * Uses of the arithmetic solvers: whether a hand can make the target (the exact decision of
 * arith/decide.ts: a cassowary, or a proof that none exists) and the best blind submission.
 * Chameleons are tried as each distinct rank of the other cards in the hand.
 */
import type { BlindCassowaryCard, ChameleonChoice, ExprJsonWire } from '@cards/schema';
import { toJson, leaves, type Expr } from '../arith/expr.ts';
import { bestNotOver, MAX_SOLVER_CARDS, type SolverCard } from '../arith/solve.ts';
import {
  buildDecideTables,
  decideAny,
  DECIDE_MAX_CARDS,
  pinDecideTables,
  type DecideCard,
} from '../arith/decide.ts';
import { isChameleon } from './deck.ts';

/** bestBlind's work budget per chameleon reading (steps). */
export const SOLVER_BUDGET = 1_000_000;

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
 * Whether searchHand always gives a definite answer for this hand: every chameleon reading has at
 * most DECIDE_MAX_CARDS cards (a bigger hand answers "found" or, when its search is too large,
 * "unknown").
 */
export const provable = (hand: readonly BlindCassowaryCard[]): boolean => hand.length <= DECIDE_MAX_CARDS;

const decideCards = (r: Reading): DecideCard[] =>
  r.cards.map((c) => {
    const { ref, value } = c as { ref: string; value: number };
    return { ref, value: { n: value, d: 1 } };
  });

/**
 * Whether this hand can make the target with two or more cards: "found" with a cassowary, "none"
 * when every chameleon reading has been searched in full. "unknown" is a safety net only (the search
 * ran past arith/decide.ts's step budget), which `pnpm bench solver` shows the game's hands do not reach.
 */
export function searchHand(hand: readonly BlindCassowaryCard[], target: number): Proof {
  const all = readings(hand);
  const res = decideAny(all.map(decideCards), { n: target, d: 1 });
  if (res === null) return { kind: 'none' };
  if (res === 'unknown') return { kind: 'unknown' };
  return { kind: 'found', found: found(res.expr, (all[res.hand] as Reading).copies) };
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

/** The hard proofs are hands of many low cards: the warm-up's tables are over up to 7 each of A–3. */
const WARM_RANKS = [1, 2, 3];
const WARM_UP_TO = 7;
/** Hard hands ("none" for these targets; rank 0: a chameleon) of 8, 9 and 10 cards, then a high hand. */
const WARM_PROOFS: readonly (readonly [readonly number[], number])[] = [
  [[0, 1, 1, 1, 1, 2, 2, 3], 1212],
  [[1, 1, 1, 1, 2, 3, 3, 3], 1111],
  [[1, 1, 1, 1, 1, 2, 2, 3, 3], 1111],
  [[1, 1, 1, 1, 1, 1, 2, 2, 2, 3], 1111],
  [[2, 3, 5, 7, 9, 11, 12, 13], 1313],
];

const warmHand = (ranks: readonly number[]): BlindCassowaryCard[] =>
  ranks.map((rank, i) => ({ id: `W${i}`, rank, suit: rank === 0 ? null : 'S' }));

/**
 * A match worker's warm-up, as steps it runs between jobs when it starts (each up to ~140 ms CPU on
 * the 2-core bench machine): the reach tables of every multiset of up to seven each of A–3 (about 240,000 values),
 * kept for the worker's life (pinDecideTables), then a few hard proofs, so the search itself is
 * compiled before the first real one. Changes no answer: the tables are the ones a search builds.
 */
export function solverWarmUp(): (() => void)[] {
  const tables = Array.from({ length: WARM_UP_TO }, (_, k) => () => {
    const cards = WARM_RANKS.flatMap((r) => Array.from({ length: k + 1 }, () => ({ n: r, d: 1 })));
    buildDecideTables(cards, DECIDE_MAX_CARDS);
  });
  const proofs = WARM_PROOFS.map(
    ([ranks, target]) =>
      () =>
        void searchHand(warmHand(ranks), target),
  );
  return [...tables, () => void pinDecideTables(), ...proofs];
}
