/**
 * The expression builder's model: the formula is text (typed, or grown by tapping cards and
 * operators); it is parsed with the shared arithmetic parser into the wire tree the server judges.
 * The client never evaluates it: values are the server's business.
 */
import { arith } from '@cards/rules';
import {
  BLIND_CASSOWARY_MAX_CARDS,
  type BlindCassowaryCard,
  type ChameleonChoice,
  type ExprJsonWire,
} from '@cards/schema';

const LABELS: Readonly<Record<number, string>> = { 0: 'C', 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** "C" for a chameleon, else A 2 … 10 J Q K. */
export const cardLabel = (card: { rank: number }): string => LABELS[card.rank] ?? String(card.rank);

export const isChameleon = (card: { rank: number }): boolean => card.rank === 0;

/** Names the parser accepts for cards; values are placeholders, the server reads its own cards. */
const NAMES: Readonly<Record<string, number>> = { A: 1, J: 11, Q: 12, K: 13, C: 0 };

/** Operators of the builder: wire symbol, shown symbol, spoken word. */
export const OPERATORS = [
  { op: '+', symbol: '+', word: 'plus' },
  { op: '-', symbol: '−', word: 'minus' },
  { op: '*', symbol: '×', word: 'times' },
  { op: '/', symbol: '÷', word: 'divided by' },
  { op: '^', symbol: '^', word: 'to the power' },
  { op: '(', symbol: '(', word: 'open bracket' },
  { op: ')', symbol: ')', word: 'close bracket' },
] as const;

export type Composed =
  | { kind: 'empty' }
  | { kind: 'error'; message: string; pos: number | null; token: string | null }
  | {
      kind: 'ok';
      expr: ExprJsonWire;
      /** Card ids in the formula, left to right. */
      cards: string[];
      /** Chameleons in the formula. */
      chameleons: string[];
      /** The formula with every grouping bracketed, e.g. "(6 × 3) + 4 + 2". */
      shown: string;
    };

/** Rank a typed token stands for: a rank letter (C for a chameleon) or the number 1–13. */
function rankOfToken(text: string): number | null {
  const upper = text.toUpperCase();
  if (upper in NAMES) return NAMES[upper] ?? null;
  const n = Number(text);
  // A typed 0 is no card (only C names a chameleon, whose rank is 0 internally).
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** The [start, end) of the token at `pos` in the typed text, to underline where the error is. */
export function tokenSpan(text: string, pos: number, token: string | null = null): [number, number] {
  const start = Math.max(0, Math.min(pos, text.length));
  // The parser's own token when it names one: "abc" reads as A then an unknown "b", not "bc".
  if (token !== null && token.length > 0 && text.slice(start, start + token.length) === token)
    return [start, start + token.length];
  const match = /^(\d+|[A-Za-z]+|\S)/.exec(text.slice(start));
  return [start, start + (match?.[0].length ?? 0)];
}

/**
 * Parses the formula against the hand. Each number or letter must be a card of the hand, each card
 * used once: tokens take the cards tapped (in `preferred` order) first, then any other card of that
 * rank. `C` is a chameleon.
 */
export function compose(
  text: string,
  hand: readonly BlindCassowaryCard[],
  preferred: readonly string[] = [],
): Composed {
  if (text.trim() === '') return { kind: 'empty' };
  const used = new Set<string>();
  const byId = new Map(hand.map((c) => [c.id, c]));
  const order = [
    ...preferred.filter((id) => byId.has(id)),
    ...hand.map((c) => c.id).filter((id) => !preferred.includes(id)),
  ];
  const parsed = arith.parse(text, {
    names: NAMES,
    // A cassowary may use every card of the deck.
    maxLeaves: BLIND_CASSOWARY_MAX_CARDS,
    maxLength: 12 * BLIND_CASSOWARY_MAX_CARDS,
    resolve: (token) => {
      const rank = rankOfToken(token.text);
      const id =
        rank === null ? undefined : order.find((cid) => !used.has(cid) && byId.get(cid)?.rank === rank);
      if (id === undefined) {
        const have = rank === null ? 0 : hand.filter((c) => c.rank === rank).length;
        const what = rank === 0 ? 'chameleon (C)' : `${token.text.toUpperCase()}`;
        return {
          ok: false,
          error: {
            code: 'NOT_IN_HAND',
            message:
              have === 0
                ? `You have no ${what} (position ${token.pos + 1}).`
                : `You have only ${have} ${what}: each card is used once.`,
            context: { pos: token.pos, token: token.text },
          },
        };
      }
      used.add(id);
      return { ok: true, value: id };
    },
  });
  if (!parsed.ok) {
    const pos = parsed.error.context?.pos;
    const token = parsed.error.context?.token;
    return {
      kind: 'error',
      message: friendly(parsed.error.message),
      pos: typeof pos === 'number' ? pos : null,
      token: typeof token === 'string' ? token : null,
    };
  }
  const expr = toWire(parsed.value);
  const cards = refsOf(expr);
  return {
    kind: 'ok',
    expr,
    cards,
    chameleons: cards.filter((id) => isChameleon(byId.get(id) ?? { rank: -1 })),
    shown: bracketed(parsed.value, (ref) => cardLabel(byId.get(ref) ?? { rank: -1 })),
  };
}

const friendly = (message: string): string =>
  message.replace(/at position (\d+)/, (_, n: string) => `at position ${Number(n) + 1}`) +
  (message.endsWith('.') ? '' : '.');

/** The wire tree: card ids only, no values (the server resolves each card itself). */
function toWire(e: arith.Expr): ExprJsonWire {
  if (e.kind === 'leaf') return { kind: 'leaf', ref: e.ref };
  return { kind: 'op', op: e.op, left: toWire(e.left), right: toWire(e.right) };
}

export const refsOf = (e: ExprJsonWire): string[] =>
  e.kind === 'leaf' ? [e.ref] : [...refsOf(e.left), ...refsOf(e.right)];

const SYMBOL: Readonly<Record<string, string>> = { '+': '+', '-': '−', '*': '×', '/': '÷', '^': '^' };

/**
 * Prints the tree with a bracket around every inner operation, except a left-hand chain of the same
 * + or ×: ((6×3)+4)+2 → "(6 × 3) + 4 + 2". Shows how the formula groups, never what it is worth.
 */
export function bracketed(e: arith.Expr, label: (ref: string) => string): string {
  const go = (x: arith.Expr, parent: arith.Op | null, side: 'left' | 'right'): string => {
    if (x.kind === 'leaf') return label(x.ref);
    const gap = x.op === '^' ? '' : ' ';
    const inner = `${go(x.left, x.op, 'left')}${gap}${SYMBOL[x.op] ?? x.op}${gap}${go(x.right, x.op, 'right')}`;
    if (parent === null) return inner;
    const chain = side === 'left' && x.op === parent && (x.op === '+' || x.op === '*');
    return chain ? inner : `(${inner})`;
  };
  return go(e, null, 'left');
}

/** Chameleon readings for the intent: each chameleon in the formula with the card it copies. */
export function chameleonChoices(
  chameleons: readonly string[],
  copies: Readonly<Record<string, string>>,
): ChameleonChoice[] | null {
  const out: ChameleonChoice[] = [];
  for (const card of chameleons) {
    const copy = copies[card];
    if (copy === undefined) return null;
    out.push({ card, copies: copy });
  }
  return out;
}

/** Appends a token to the typed text with readable spacing. */
export function appendToken(text: string, token: string): string {
  const t = text.trimEnd();
  if (t === '') return token;
  if (token === ')' || t.endsWith('(')) return `${t}${token}`;
  return `${t} ${token}`;
}

/** Whether the text ends in a card or a closing bracket: a card tapped next would need an operator first. */
export function endsWithOperand(text: string): boolean {
  return /[\dA-Za-z)]$/.test(text.trimEnd());
}

/** Removes the last token (a card label, operator or bracket). */
export function dropLastToken(text: string): string {
  const t = text.trimEnd();
  const m = /(\d+|[A-Za-z]|.)$/.exec(t);
  return m ? t.slice(0, t.length - m[0].length).trimEnd() : '';
}

/**
 * The cards the typed text already names (even while it does not parse yet), assigned like
 * compose does: tapped cards first, then any other card of that rank.
 */
export function cardsNamed(
  text: string,
  hand: readonly BlindCassowaryCard[],
  preferred: readonly string[] = [],
): Set<string> {
  const used = new Set<string>();
  const byId = new Map(hand.map((c) => [c.id, c]));
  const order = [
    ...preferred.filter((id) => byId.has(id)),
    ...hand.map((c) => c.id).filter((id) => !preferred.includes(id)),
  ];
  for (const m of text.matchAll(/\d+|[AJQKCajqkc]/g)) {
    const rank = rankOfToken(m[0]);
    const id = order.find((cid) => !used.has(cid) && byId.get(cid)?.rank === rank);
    if (id !== undefined) used.add(id);
  }
  return used;
}
