/**
 * Blind Cassowary's solver as the server calls it (`pnpm bench solver`): searchHand ("does a
 * cassowary exist?", with the rules' step budget and chameleon readings) and bestBlind (best value not
 * over the target). Hands and targets come from real deals of both target methods — chameleons,
 * cursed targets such as 1010–1313 and all — extended from the reserve to 6, 7 and 8 cards.
 * Prints figures, asserts nothing.
 */
import { blindCassowary } from '../packages/rules/src/blind-cassowary/index.ts';
import { bestBlind, searchHand, SOLVER_BUDGET } from '../packages/rules/src/blind-cassowary/solver.ts';
import { BLIND_CASSOWARY_DEFAULTS } from '../packages/rules/src/blind-cassowary/index.ts';
import type { BlindCassowaryCard } from '../packages/schema/src/index.ts';

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

interface Sample {
  hand: BlindCassowaryCard[];
  target: number;
}

/** The first seat's hand of a real deal, topped up from the reserve to `size` cards. */
function sample(size: number, i: number): Sample {
  const targetMethod = i % 2 === 0 ? 'one' : 'two';
  const s = blindCassowary.setup({ ...BLIND_CASSOWARY_DEFAULTS, targetMethod }, 2, `solver-${size}-${i}`);
  const hand = [...(s.hands[0] ?? []), ...s.reserve].slice(0, size);
  return { hand, target: s.target.value };
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

export function benchSolver(runs = 1000): void {
  const ms = (x: number): string => `${x.toFixed(2)} ms`;
  console.log(`blind-cassowary solver, step budget ${SOLVER_BUDGET.toLocaleString('en')} per reading`);
  for (const size of [5, 6, 7, 8]) {
    const tSearch: number[] = [];
    const tBest: number[] = [];
    const answers = { found: 0, none: 0, unknown: 0 };
    let chameleonHands = 0;
    let bigTargets = 0;
    for (let i = 0; i < runs; i++) {
      const { hand, target } = sample(size, i);
      if (hand.some((c) => c.rank === 0)) chameleonHands++;
      if (target >= 1000) bigTargets++;
      const [proof, t1] = time(() => searchHand(hand, target));
      tSearch.push(t1);
      answers[proof.kind]++;
      tBest.push(time(() => bestBlind(hand, target))[1]);
    }
    console.log(
      `  ${size} cards × ${runs} (${chameleonHands} with a chameleon, ${bigTargets} targets ≥ 1000): ` +
        `exists? median ${ms(quantile(tSearch, 0.5))}, p99 ${ms(quantile(tSearch, 0.99))}, ` +
        `max ${ms(Math.max(...tSearch))} (found ${answers.found}, none ${answers.none}, ` +
        `unknown ${answers.unknown}); best blind median ${ms(quantile(tBest, 0.5))}, ` +
        `p99 ${ms(quantile(tBest, 0.99))}, max ${ms(Math.max(...tBest))}`,
    );
  }
}
