import type { MathCard, MathOperator, MathPlay } from '@cards/schema';
import { cardOf, MAX_SEQUENCES } from './cards.ts';
import { canPlace, nextShape, STARTER_SHAPE, type Shape } from './sequence.ts';

/**
 * The must-play-most search. A turn plays at most two cards, each non-starter to a different
 * sequence; a starter opens the next slot, which the other card may join (only if played after it).
 */

const OPERATORS: readonly MathOperator[] = ['+', '-', '*', '/'];

/** Where a card can go on this table: `new` for a starter, else the slots that accept it. */
export function targetsFor(shapes: readonly Shape[], card: MathCard): (number | 'new')[] {
  if (card.kind === 'starter') return shapes.length < MAX_SEQUENCES ? ['new'] : [];
  const out: number[] = [];
  for (let slot = 0; slot < shapes.length; slot++) if (canPlace(shapes[slot] as Shape, card)) out.push(slot);
  return out;
}

/** The shapes after playing `card` to `target` (assumed legal). */
export function placeShape(shapes: readonly Shape[], card: MathCard, target: number | 'new'): Shape[] {
  if (target === 'new') return [...shapes, STARTER_SHAPE];
  const next = shapes.slice();
  next[target] = nextShape(shapes[target] as Shape, card);
  return next;
}

/** True when a second card to `second` breaks "each card of a turn to a different sequence". */
const clash = (
  first: MathCard,
  firstTarget: number | 'new',
  second: MathCard,
  secondTarget: number | 'new',
) => first.kind !== 'starter' && second.kind !== 'starter' && firstTarget === secondTarget;

/** The most cards (0, 1 or 2) this hand can play on this table, over every order and placement. */
export function maxPlayable(shapes: readonly Shape[], hand: readonly string[]): number {
  const cards = hand.map(cardOf);
  let best = 0;
  for (let i = 0; i < cards.length; i++) {
    const first = cards[i] as MathCard;
    for (const t1 of targetsFor(shapes, first)) {
      best = 1;
      const after = placeShape(shapes, first, t1);
      for (let j = 0; j < cards.length; j++) {
        if (j === i) continue;
        const second = cards[j] as MathCard;
        for (const t2 of targetsFor(after, second)) if (!clash(first, t1, second, t2)) return 2;
      }
    }
  }
  return best;
}

/** True if any of these cards has a legal place on this table (the table can still change). */
export const anyPlayable = (shapes: readonly Shape[], ids: readonly string[]): boolean =>
  ids.some((id) => targetsFor(shapes, cardOf(id)).length > 0);

/** Index i is the first card of its face among the hand cards not in `skip`. */
function firstOfFace(cards: readonly MathCard[], i: number, skip: number): boolean {
  const face = (cards[i] as MathCard).face;
  for (let k = 0; k < i; k++) if (k !== skip && (cards[k] as MathCard).face === face) return false;
  return true;
}

function playsOf(card: MathCard, target: number | 'new'): MathPlay[] {
  if (card.kind === 'operator' && card.operator === '?')
    return OPERATORS.map((operator) => ({ card: card.id, sequence: target, operator }));
  return [{ card: card.id, sequence: target }];
}

/**
 * Every canonical way to play the maximum number of cards, in a deterministic order. Canonical:
 * one representative card per identical face (the first in hand order); when both orders of two
 * cards give the same table, only the one with the earlier hand card first (same face: the lower
 * slot first); a card joining the sequence its partner starter opens comes after that starter.
 * Two starters are listed in both orders: the first played opens the lower-numbered sequence, so
 * the two orders give different tables.
 */
export function maximalPlays(shapes: readonly Shape[], hand: readonly string[]): MathPlay[][] {
  const cards = hand.map(cardOf);
  const singles: MathPlay[][] = [];
  const pairs: MathPlay[][] = [];
  for (let i = 0; i < cards.length; i++) {
    if (!firstOfFace(cards, i, -1)) continue;
    const first = cards[i] as MathCard;
    for (const t1 of targetsFor(shapes, first)) {
      for (const p1 of playsOf(first, t1)) singles.push([p1]);
      const after = placeShape(shapes, first, t1);
      for (let j = 0; j < cards.length; j++) {
        if (j === i || !firstOfFace(cards, j, i)) continue;
        const second = cards[j] as MathCard;
        for (const t2 of targetsFor(after, second)) {
          if (clash(first, t1, second, t2)) continue;
          const dependent = first.kind === 'starter' && t2 === shapes.length;
          const twoStarters = first.kind === 'starter' && second.kind === 'starter';
          if (!dependent && !twoStarters) {
            if (first.face === second.face) {
              if (typeof t1 === 'number' && typeof t2 === 'number' && t1 > t2) continue;
            } else if (j < i) continue;
          }
          for (const p1 of playsOf(first, t1)) for (const p2 of playsOf(second, t2)) pairs.push([p1, p2]);
        }
      }
    }
  }
  if (pairs.length > 0) return pairs;
  if (singles.length > 0) return singles;
  return [[]];
}

const samePlay = (a: MathPlay, b: MathPlay): boolean =>
  a.card === b.card && a.sequence === b.sequence && a.operator === b.operator;

/**
 * Every single placement open to this hand after `before` (the plays already made this turn, in
 * order): each hand card not yet played — every copy, in hand order — onto every sequence that takes
 * it (a starter onto `new`), a `?` once per operator; a second non-starter never onto the sequence
 * the first went to; nothing once two cards are played, or when `before` is not such a chain itself.
 * This is the table's own rule for one card; which chains make a legal turn is decided by the
 * must-play-most rule on top (see `maximalPlays`).
 */
export function placementsAfter(
  shapes: readonly Shape[],
  hand: readonly string[],
  before: readonly MathPlay[],
): MathPlay[] {
  let table = shapes;
  const played = new Set<string>();
  const filled = new Set<number | 'new'>();
  const options = (): MathPlay[] => {
    if (played.size >= 2) return [];
    const out: MathPlay[] = [];
    for (const id of hand) {
      if (played.has(id)) continue;
      const card = cardOf(id);
      for (const target of targetsFor(table, card))
        if (card.kind === 'starter' || !filled.has(target)) out.push(...playsOf(card, target));
    }
    return out;
  };
  for (const play of before) {
    if (!options().some((option) => samePlay(option, play))) return [];
    const card = cardOf(play.card);
    table = placeShape(table, card, play.sequence);
    played.add(play.card);
    if (card.kind !== 'starter') filled.add(play.sequence);
  }
  return options();
}

/**
 * Every way to put `count` of `ids` under the pile, in order (the first listed goes under first), up
 * to identical faces: one per sequence of faces, using the earliest hand cards of each face.
 */
export function underChoices(ids: readonly string[], count: number): string[][] {
  if (count <= 0) return [[]];
  const seen = new Set<string>();
  const out: string[][] = [];
  const pick = (chosen: string[]) => {
    if (chosen.length === count) {
      const key = chosen.map((id) => cardOf(id).face).join('|');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(chosen);
      }
      return;
    }
    for (const id of ids) if (!chosen.includes(id)) pick([...chosen, id]);
  };
  pick([]);
  return out;
}
