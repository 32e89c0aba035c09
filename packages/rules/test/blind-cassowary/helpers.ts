import type {
  BlindCassowaryCard,
  BlindCassowaryIntent,
  BlindCassowaryOptions,
  ChameleonChoice,
  ExprJsonWire,
} from '@cards/schema';
import { blindCassowary as game, type BlindCassowaryState } from '../../src/blind-cassowary/index.ts';
import { BLIND_CASSOWARY_DEFAULTS } from '../../src/blind-cassowary/index.ts';
import { toJson } from '../../src/arith/expr.ts';
import { parse, RANK_NAMES } from '../../src/arith/parse.ts';
import { err, ok, type Result } from '../../src/core/result.ts';

export { game };

const RANKS: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };

/** "KS" → K of spades; "X1"/"X2" → chameleons. */
export function card(id: string): BlindCassowaryCard {
  if (id === 'X1' || id === 'X2') return { id, rank: 0, suit: null };
  const r = id.slice(0, -1);
  const suit = id.slice(-1) as 'S' | 'H' | 'D' | 'C';
  return { id, rank: RANKS[r] ?? Number(r), suit };
}
export const cards = (ids: string): BlindCassowaryCard[] =>
  ids
    .split(' ')
    .filter((x) => x.length > 0)
    .map(card);

/** A play-phase state with the given hands, reserve (top first) and target. */
export function table(parts: {
  hands: string[];
  reserve?: string;
  target?: number;
  options?: Partial<BlindCassowaryOptions>;
  proofDue?: boolean;
}): BlindCassowaryState {
  const options = { ...BLIND_CASSOWARY_DEFAULTS, ...parts.options };
  const base = game.setup(options, parts.hands.length, 'table');
  return {
    ...base,
    phase: 'play',
    hands: parts.hands.map(cards),
    reserve: cards(parts.reserve ?? ''),
    target: { ...base.target, value: parts.target ?? 24 },
    setAside: [],
    proofDue: parts.proofDue ?? false,
    stuck: parts.hands.map(() => false),
    events: [],
  };
}

/**
 * Formula text over a hand: "4*6", "(2*Q)", "C*2" (C = a chameleon). Each token takes the first
 * unused card of that rank in the hand.
 */
export function formula(
  hand: readonly BlindCassowaryCard[],
  text: string,
): { cards: string[]; expr: ExprJsonWire } {
  const used = new Set<string>();
  const parsed = parse(text, {
    names: { ...RANK_NAMES, C: 0 },
    maxLeaves: 54,
    resolve: (tok): Result<string> => {
      const rank = Number(tok.value.n);
      const c = hand.find((x) => x.rank === rank && !used.has(x.id));
      if (c === undefined) return err('NO_CARD', `no ${tok.text}`);
      used.add(c.id);
      return ok(c.id);
    },
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const expr = toJson(parsed.value) as ExprJsonWire;
  const ids: string[] = [];
  const walk = (e: ExprJsonWire): void => {
    if (e.kind === 'leaf') ids.push(e.ref);
    else {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(expr);
  return { cards: ids, expr };
}

export function claimOf(
  s: BlindCassowaryState,
  seat: number,
  text: string,
  chameleons: ChameleonChoice[] = [],
): BlindCassowaryIntent {
  return { type: 'claim', ...formula(s.hands[seat] ?? [], text), chameleons };
}

/** apply that throws on refusal. */
export function act(
  s: BlindCassowaryState,
  seat: number,
  intent: BlindCassowaryIntent,
  now = 0,
): BlindCassowaryState {
  const r = game.apply(s, seat, intent, now);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export const ids = (cs: readonly BlindCassowaryCard[]): string[] => cs.map((c) => c.id);

export function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}
