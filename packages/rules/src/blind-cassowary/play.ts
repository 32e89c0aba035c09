/**
 * Reading a played expression against a hand: every leaf is a card of the hand used once, every
 * chameleon copies another non-chameleon card of the same hand, and leaf values come from the
 * server's cards (never from the client).
 */
import {
  BLIND_CASSOWARY_MAX_CARDS,
  type BlindCassowaryCard,
  type ChameleonChoice,
  type ExprJsonWire,
} from '@cards/schema';
import { err, ok, type Result } from '../core/result.ts';
import { evaluate, fromJson, isExprJson, type Expr } from '../arith/expr.ts';
import { formatDisplay } from '../arith/format.ts';
import { int, toString, type Rational } from '../arith/rational.ts';
import { isChameleon, label } from './deck.ts';
import type { ChameleonRead } from './state.ts';

export interface Play {
  readonly expr: Expr;
  readonly cards: BlindCassowaryCard[];
  readonly chameleons: ChameleonRead[];
  readonly formula: string;
}

const refsOf = (e: ExprJsonWire): string[] =>
  e.kind === 'leaf' ? [e.ref] : [...refsOf(e.left), ...refsOf(e.right)];

/** A cassowary may hold every card of the deck (a hand can grow that large at eight players). */
export const EXPR_LIMITS = {
  maxLeaves: BLIND_CASSOWARY_MAX_CARDS,
  maxDepth: BLIND_CASSOWARY_MAX_CARDS,
  maxRefLength: 12,
} as const;

export function readPlay(
  hand: readonly BlindCassowaryCard[],
  json: ExprJsonWire,
  choices: readonly ChameleonChoice[],
  listed: readonly string[] | null,
  minCards: number,
): Result<Play> {
  if (!isExprJson(json, EXPR_LIMITS)) return err('BAD_EXPR', 'That formula is not well formed.');
  const used = refsOf(json);
  if (new Set(used).size !== used.length) return err('CARD_TWICE', 'Each card may be used only once.');
  const byId = new Map(hand.map((c) => [c.id, c]));
  const cards: BlindCassowaryCard[] = [];
  for (const id of used) {
    const card = byId.get(id);
    if (card === undefined) return err('NOT_IN_HAND', `${id} is not in your hand.`, { card: id });
    cards.push(card);
  }
  if (listed !== null) {
    const a = [...listed].sort();
    const b = [...used].sort();
    if (a.length !== b.length || a.some((x, i) => x !== b[i]))
      return err('CARDS_MISMATCH', 'The cards named do not match the cards in the formula.');
  }
  if (cards.length < minCards)
    return err('TOO_FEW_CARDS', `A cassowary needs at least ${minCards} cards.`, { minCards });
  const chameleons: ChameleonRead[] = [];
  for (const choice of choices) {
    const card = cards.find((c) => c.id === choice.card);
    if (card === undefined || !isChameleon(card))
      return err('NOT_A_CHAMELEON', `${choice.card} is not a chameleon in this formula.`);
    if (chameleons.some((r) => r.card === choice.card))
      return err('CHAMELEON_TWICE', 'Choose one card for each chameleon.');
    const copied = byId.get(choice.copies);
    if (copied === undefined || isChameleon(copied))
      return err('BAD_COPY', 'A chameleon copies another card (not a chameleon) in the same hand.', {
        card: choice.card,
        copies: choice.copies,
      });
    chameleons.push({ card: choice.card, copies: copied.id, rank: copied.rank });
  }
  for (const card of cards)
    if (isChameleon(card) && !chameleons.some((r) => r.card === card.id))
      return err(
        hand.some((c) => !isChameleon(c)) ? 'CHAMELEON_UNREAD' : 'NOTHING_TO_COPY',
        hand.some((c) => !isChameleon(c))
          ? 'Say which card of your hand the chameleon copies.'
          : 'A chameleon with nothing to copy cannot be played.',
        { card: card.id },
      );
  const rankOf = (ref: string): Rational | undefined => {
    const card = byId.get(ref);
    if (card === undefined) return undefined;
    if (!isChameleon(card)) return int(card.rank);
    const read = chameleons.find((r) => r.card === ref);
    return read === undefined ? undefined : int(read.rank);
  };
  const expr = fromJson(json, rankOf);
  if (!expr.ok) return expr;
  const labelOf = (ref: string): string => {
    const card = byId.get(ref);
    if (card === undefined) return ref;
    const read = chameleons.find((r) => r.card === ref);
    return read === undefined ? label(card) : `C(${label({ ...card, rank: read.rank })})`;
  };
  const formula = formatDisplay(expr.value, { label: (l) => labelOf(l.ref), spaces: true });
  return ok({ expr: expr.value, cards, chameleons, formula });
}

/** Exact value of a play, or why it cannot be evaluated. */
export function valueOf(play: Play): Result<Rational> {
  return evaluate(play.expr, 'rational');
}

/** Whether a play makes the target, with a player-facing reason when not. */
export function checkTarget(play: Play, target: number): { valid: boolean; reason: string | null } {
  const v = valueOf(play);
  if (!v.ok) return { valid: false, reason: v.error.message };
  if (v.value.d === 1n && v.value.n === BigInt(target)) return { valid: true, reason: null };
  return { valid: false, reason: `${play.formula} = ${toString(v.value)}, not ${target}` };
}
