/**
 * The target: two cards drawn after the deal, read in the order drawn.
 * Method One (10 reads like a face card): digit,digit → 10a+b; face,digit → sum; digit,face →
 * (a+1)×10 + face − 10, i.e. a×10 + face; face,face → first×10 + second; a chameleon with a card →
 * that card's value written twice (J,C → 1111); two chameleons go back and two more are drawn.
 * Method Two: a face card, 10 or chameleon is set aside and the digit drawn again until it is 1–9.
 */
import type { BlindCassowaryCard, BlindCassowaryOptions, BlindCassowaryTarget } from '@cards/schema';
import { invariant } from '../core/result.ts';
import { shuffle, type PrngState } from '../core/prng.ts';
import { isChameleon, label } from './deck.ts';

const isBig = (c: BlindCassowaryCard): boolean => c.rank >= 10;

/** Method One value of two target cards in the order drawn (null for two chameleons: redraw). */
export function methodOne(
  first: BlindCassowaryCard,
  second: BlindCassowaryCard,
): Pick<BlindCassowaryTarget, 'value' | 'rule' | 'explanation'> | null {
  const a = first.rank;
  const b = second.rank;
  const names = `${label(first)}, ${label(second)}`;
  if (isChameleon(first) && isChameleon(second)) return null;
  if (isChameleon(first) || isChameleon(second)) {
    const other = isChameleon(first) ? b : a;
    const value = Number(`${other}${other}`);
    return { value, rule: 'chameleon', explanation: `${names} → ${other} twice = ${value}` };
  }
  if (!isBig(first) && !isBig(second))
    return { value: a * 10 + b, rule: 'digits', explanation: `${names} → ${a * 10 + b}` };
  if (isBig(first) && !isBig(second))
    return { value: a + b, rule: 'faceThenNumber', explanation: `${names} → ${a} + ${b} = ${a + b}` };
  if (!isBig(first) && isBig(second))
    return {
      value: a * 10 + b,
      rule: 'numberThenFace',
      explanation: `${names} → ${a}0 + ${b} = ${a * 10 + b}`,
    };
  return {
    value: a * 10 + b,
    rule: 'curse',
    explanation: `${names} → ${a * 10} + ${b} = ${a * 10 + b} (the Curse)`,
  };
}

/**
 * Draws the target from the top of `reserve` (index 0). Returns the target and the reserve left, or
 * null when the reserve runs out first (Method Two with fewer than two 1–9 cards left: deal again).
 */
export function drawTarget(
  reserve: readonly BlindCassowaryCard[],
  method: BlindCassowaryOptions['targetMethod'],
  prng: PrngState,
): { target: BlindCassowaryTarget; reserve: BlindCassowaryCard[]; prng: PrngState } | null {
  let pile = [...reserve];
  let rng = prng;
  const redrawn: BlindCassowaryCard[] = [];
  if (method === 'two') {
    const digits: BlindCassowaryCard[] = [];
    while (digits.length < 2) {
      const card = pile.shift();
      if (card === undefined) return null;
      if (card.rank >= 1 && card.rank <= 9) digits.push(card);
      else redrawn.push(card);
    }
    const [f, s] = digits as [BlindCassowaryCard, BlindCassowaryCard];
    const value = f.rank * 10 + s.rank;
    const skipped = redrawn.length > 0 ? ` (set aside: ${redrawn.map(label).join(', ')})` : '';
    return {
      target: {
        value,
        method,
        cards: digits,
        redrawn,
        rule: 'digits',
        explanation: `${label(f)}, ${label(s)} → ${value}${skipped}`,
      },
      reserve: pile,
      prng: rng,
    };
  }
  for (;;) {
    const [f, s] = pile;
    invariant(f !== undefined && s !== undefined, 'the reserve ran out while drawing the target');
    const read = methodOne(f, s);
    if (read !== null)
      return { target: { ...read, method, cards: [f, s], redrawn }, reserve: pile.slice(2), prng: rng };
    // Two chameleons: both go back into the reserve, which is shuffled, and two more are drawn.
    redrawn.push(f, s);
    [pile, rng] = shuffle(pile, rng);
  }
}
