import { apply, OPS, int, toString, type Rational } from '../../src/arith/rational.ts';

/**
 * Brute force, independent of the solver's tables and Num arithmetic: repeatedly replace two values
 * of the list by one result of an operator (bigint rationals, rational.ts), and collect every value
 * produced — exactly the values of expressions over two or more of the cards.
 */
export function bruteForce(hand: readonly number[]): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  const walk = (vals: Rational[]): void => {
    const k = vals.map(toString).sort().join(' ');
    if (seen.has(k)) return;
    seen.add(k);
    for (let i = 0; i < vals.length; i++)
      for (let j = 0; j < vals.length; j++) {
        if (i === j) continue;
        const rest = vals.filter((_, x) => x !== i && x !== j);
        for (const op of OPS) {
          const r = apply(op, vals[i] as Rational, vals[j] as Rational);
          if (!r.ok) continue;
          out.add(toString(r.value));
          walk([...rest, r.value]);
        }
      }
  };
  walk(hand.map((v) => int(v)));
  return out;
}
