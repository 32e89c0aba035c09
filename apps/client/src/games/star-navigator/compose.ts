/**
 * The expression composer: the player taps cards, operators and parentheses; this turns the taps
 * into the wire ExprJson (leaves name card ids) and a display formula. It never evaluates anything
 * ("no calculators"): the value is the player's to work out and declare.
 */
import type { StarCard, StarExprJson } from '@cards/schema';
import { cardLabel } from './labels.ts';

export type StarOp = '+' | '-' | '*' | '/' | '^';
export type Token =
  { kind: 'card'; ref: string } | { kind: 'op'; op: StarOp } | { kind: 'open' } | { kind: 'close' };

export const OPS: readonly StarOp[] = ['+', '-', '*', '/', '^'];
export const OP_SYMBOL: Readonly<Record<StarOp, string>> = {
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '^': '^',
};

const PREC: Readonly<Record<StarOp, number>> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 3 };

export type Built = { ok: true; expr: StarExprJson } | { ok: false; error: string };

/** Precedence climbing over the tapped tokens; `^` is right-associative. */
export function buildExpr(tokens: readonly Token[]): Built {
  let i = 0;
  const fail = (error: string): Built => ({ ok: false, error });
  function primary(): Built {
    const t = tokens[i];
    if (t === undefined) return fail('The calculation is unfinished.');
    if (t.kind === 'card') {
      i += 1;
      return { ok: true, expr: { kind: 'leaf', ref: t.ref } };
    }
    if (t.kind === 'open') {
      i += 1;
      const inner = binary(1);
      if (!inner.ok) return inner;
      if (tokens[i]?.kind !== 'close') return fail('A parenthesis is not closed.');
      i += 1;
      return inner;
    }
    return fail(
      t.kind === 'close' ? 'A closing parenthesis has nothing before it.' : 'Put a card before an operator.',
    );
  }
  function binary(min: number): Built {
    let left = primary();
    if (!left.ok) return left;
    for (;;) {
      const t = tokens[i];
      if (t === undefined || t.kind !== 'op' || PREC[t.op] < min) return left;
      i += 1;
      const right = binary(t.op === '^' ? PREC[t.op] : PREC[t.op] + 1);
      if (!right.ok) return right;
      left = { ok: true, expr: { kind: 'op', op: t.op, left: left.expr, right: right.expr } };
    }
  }
  if (tokens.length === 0) return fail('Tap your cards and operators to build a calculation.');
  const out = binary(1);
  if (!out.ok) return out;
  if (i < tokens.length)
    return fail(
      tokens[i]?.kind === 'close' ? 'Too many closing parentheses.' : 'Put an operator between two cards.',
    );
  return out;
}

/** The taps as written, with labels for the cards ("(7♠ + J♥) × 3♦"). */
export function tokensText(tokens: readonly Token[], label: (ref: string) => string): string {
  return tokens
    .map((t) =>
      t.kind === 'card'
        ? label(t.ref)
        : t.kind === 'op'
          ? ` ${OP_SYMBOL[t.op]} `
          : t.kind === 'open'
            ? '('
            : ')',
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The built tree fully parenthesised, so the order of operations is explicit. */
export function exprText(expr: StarExprJson, label: (ref: string) => string, top = true): string {
  if (expr.kind === 'leaf') return label(expr.ref);
  const s = `${exprText(expr.left, label, false)} ${OP_SYMBOL[expr.op]} ${exprText(expr.right, label, false)}`;
  return top ? s : `(${s})`;
}

/** What the next tap may be, so the UI can grey out buttons that cannot follow. */
export function canFollow(tokens: readonly Token[], next: Token['kind']): boolean {
  const last = tokens.at(-1);
  const afterValue = last !== undefined && (last.kind === 'card' || last.kind === 'close');
  if (next === 'card' || next === 'open') return !afterValue;
  if (next === 'op') return afterValue;
  const depth = tokens.reduce((d, t) => d + (t.kind === 'open' ? 1 : t.kind === 'close' ? -1 : 0), 0);
  return afterValue && depth > 0;
}

/**
 * Typed entry. The formula is text — typed ("(7♠ + J♥) × 3♦", "7s+jh*3d") or grown by the buttons —
 * read here into the same tokens the buttons stand for, so it becomes the same wire tree. Each card
 * of the Vector Set has a typed name: rank and suit ("7♠", "7s"; a Tarot card "Qcups"; "T20" for a
 * trump; "Joker"), the rank alone when no other card of the set shares it, and `⟨n⟩` for the phantom.
 * A card's label as the table shows it reads too, and is what the buttons write ("Ace of cups (100)",
 * "7 of cups", "Trump 20"; typed, the value in brackets may be left out). An Ace reads "A♥ as 1": the
 * value chosen with the Vector Set, not an equation.
 */
export interface TypedCard {
  ref: string;
  card: StarCard | null;
  /** The Ace's chosen value, or the phantom's number. */
  value: number | null;
}

const SUIT_LETTER: Readonly<Record<string, string>> = { '♠': 'S', '♥': 'H', '♦': 'D', '♣': 'C' };
const FRENCH_MARK: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const OP_TEXT: Readonly<Record<string, StarOp>> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '–': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
  '^': '^',
};

const normal = (text: string) => [...text.toUpperCase()].map((ch) => SUIT_LETTER[ch] ?? ch).join('');

/** A card's short typed name ("7♠", "Qcups", "T20", "Joker", "⟨5⟩"): typing is quicker with it. */
function shortName(t: TypedCard): string {
  if (t.card === null) return `⟨${t.value ?? '?'}⟩`;
  const c = t.card;
  if (c.suit === 'joker') return 'Joker';
  return c.suit === 'trumps' ? `T${c.rank}` : `${c.rank}${FRENCH_MARK[c.suit] ?? c.suit}`;
}

/**
 * What the buttons write for a card: its label as the table shows it ("7♠", "Ace of cups (100)",
 * "Trump 20", "Joker", "⟨5⟩"), an Ace with its chosen value ("A♥ as 1").
 */
export function typedName(t: TypedCard): string {
  if (t.card === null) return shortName(t);
  const name = cardLabel(t.card);
  return t.card.aceChoice && t.value !== null ? `${name} as ${t.value}` : name;
}

/** The names a typed word may give a card: its short name, its rank alone, a trump's or Tarot card's value. */
function namesOf(t: TypedCard): string[] {
  if (t.card === null) return [`⟨${t.value}⟩`, `<${t.value}>`, 'PHANTOM'];
  const c = t.card;
  const full = normal(shortName(t));
  if (c.suit === 'joker') return [full];
  if (c.suit === 'trumps') return [full, `TRUMP${c.rank}`, c.rank];
  return [full, normal(c.rank), ...(FRENCH_MARK[c.suit] === undefined ? [String(c.value)] : [])];
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A card's label as shown ("Ace of cups (100)", "Trump 20") at the start of the text: any case,
 * any spacing, the value in brackets optional. Only labels of more than one word: the others are
 * typed names already.
 */
function shownLabelPattern(c: StarCard): RegExp | null {
  const words = cardLabel(c)
    .replace(/\s*\(\d+\)$/, '')
    .split(' ');
  if (words.length === 1) return null;
  const value = `(?:\\s*\\(\\s*${c.value}\\s*\\))?`;
  return new RegExp(`^${words.map(escaped).join('\\s+')}${value}(?![A-Za-z0-9])`, 'i');
}

/** The card of the set whose shown label starts the text (the longest match), and how long it is. */
function shownLabelAt(text: string, set: readonly TypedCard[]): { card: TypedCard; length: number } | null {
  let best: { card: TypedCard; length: number } | null = null;
  for (const t of set) {
    const match = t.card === null ? null : shownLabelPattern(t.card)?.exec(text);
    if (match && (best === null || match[0].length > best.length))
      best = { card: t, length: match[0].length };
  }
  return best;
}

const usedTwice = (word: string) => `“${word}” is already in the formula: each card is used once.`;

export type Typed =
  { ok: true; tokens: Token[]; starts: number[] } | { ok: false; error: string; pos: number };

/** Reads typed text into tokens over the Vector Set (each card once). It never evaluates anything. */
export function parseTyped(text: string, set: readonly TypedCard[]): Typed {
  const tokens: Token[] = [];
  const starts: number[] = [];
  const used = new Set<string>();
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    const start = i;
    const op = OP_TEXT[ch];
    if (op !== undefined || ch === '(' || ch === ')') {
      tokens.push(op !== undefined ? { kind: 'op', op } : { kind: ch === '(' ? 'open' : 'close' });
      starts.push(start);
      i += 1;
      continue;
    }
    const shown = shownLabelAt(text.slice(i), set);
    if (shown !== null) {
      if (used.has(shown.card.ref))
        return { ok: false, error: usedTwice(text.slice(i, i + shown.length)), pos: i };
      i += shown.length;
      used.add(shown.card.ref);
      tokens.push({ kind: 'card', ref: shown.card.ref });
      starts.push(start);
      continue;
    }
    const word =
      ch === '⟨' || ch === '<'
        ? (/^[⟨<][^⟩>]*[⟩>]?/.exec(text.slice(i))?.[0] ?? ch)
        : (/^[A-Za-z0-9♠♥♦♣]+/.exec(text.slice(i))?.[0] ?? '');
    if (word === '') return { ok: false, error: `“${ch}” is neither a card nor an operator.`, pos: i };
    i += word.length;
    const as = /^\s*as\s*(\d+)/i.exec(text.slice(i));
    if (as) i += as[0].length;
    const name = normal(word);
    const fits = set.filter((t) => namesOf(t).includes(name));
    const free = fits.filter((t) => !used.has(t.ref));
    // A full name picks its card; a bare rank only when it names one card of the set.
    const exact = free.find((t) => namesOf(t)[0] === name);
    const pick =
      exact ?? (free.length === 1 || new Set(fits.map((t) => t.card?.suit)).size === 1 ? free[0] : undefined);
    if (pick === undefined) {
      const error =
        fits.length === 0
          ? `There is no “${word}” in your Vector Set.`
          : free.length === 0
            ? usedTwice(word)
            : `“${word}” could be ${free.map((t) => typedName({ ...t, value: null })).join(' or ')}: add the suit.`;
      return { ok: false, error, pos: start };
    }
    if (as && pick.card?.aceChoice && Number(as[1]) !== pick.value)
      return {
        ok: false,
        error: `Your Vector Set counts ${typedName({ ...pick, value: null })} as ${pick.value}: change that above.`,
        pos: start,
      };
    used.add(pick.ref);
    tokens.push({ kind: 'card', ref: pick.ref });
    starts.push(start);
  }
  return { ok: true, tokens, starts };
}

/** The text with one more piece written by a button. */
export const appendTyped = (text: string, piece: string): string => `${text.trimEnd()} ${piece}`.trimStart();

/** The text without its last token (⌫); a text that does not read loses its last character. */
export function dropLastTyped(text: string, typed: Typed): string {
  if (!typed.ok || typed.starts.length === 0) return text.trimEnd().slice(0, -1);
  return text.slice(0, typed.starts.at(-1)).trimEnd();
}
