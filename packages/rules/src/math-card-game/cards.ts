import type { MathCard, MathColour } from '@cards/schema';

/** Seat 0 plays red, seat 1 blue. */
export const COLOURS: readonly MathColour[] = ['red', 'blue'];
export const DECK_SIZE = 35;
export const HAND_SIZE = 6;
export const MAX_SEQUENCES = 8;

type Face =
  | { kind: 'starter'; value: number }
  | { kind: 'number'; value: number }
  | { kind: 'operator'; operator: '+' | '-' | '*' | '/' | '?' }
  | { kind: 'terminator' }
  | { kind: 'modifier'; modifier: 'cancel' | 'invert' | 'swap' };

const OP_WORDS = { '+': 'plus', '-': 'minus', '*': 'times', '/': 'div', '?': 'any' } as const;

/** Face key (colour-free) and id stem, e.g. `num:2` / `num-2`. */
function faceKey(face: Face): [key: string, stem: string] {
  switch (face.kind) {
    case 'starter':
      return [`start:${face.value}`, `start-${face.value < 0 ? `m${-face.value}` : face.value}`];
    case 'number':
      return [`num:${face.value}`, `num-${face.value}`];
    case 'operator':
      return [`op:${face.operator}`, `op-${OP_WORDS[face.operator]}`];
    case 'terminator':
      return ['eq', 'eq'];
    case 'modifier':
      return [`mod:${face.modifier}`, face.modifier];
  }
}

/** One deck's faces in a fixed order: 4 starters, 11 numbers, 11 operators, 4 `=`, 5 modifiers. */
const DECK_FACES: readonly Face[] = [
  ...[-2, 0, 2, 4].map((value): Face => ({ kind: 'starter', value })),
  ...[2, 2, 2, 3, 3, 4, 4, 5, 6, 8, 10].map((value): Face => ({ kind: 'number', value })),
  ...(['+', '+', '+', '-', '-', '-', '*', '*', '/', '/', '?'] as const).map((operator): Face => ({
    kind: 'operator',
    operator,
  })),
  ...Array.from({ length: 4 }, (): Face => ({ kind: 'terminator' })),
  ...(['cancel', 'cancel', 'invert', 'invert', 'swap'] as const).map((modifier): Face => ({
    kind: 'modifier',
    modifier,
  })),
];

/**
 * The deck of a colour in its fixed (unshuffled) order. Ids are `<r|b>-<stem>-<copy>`, e.g.
 * `r-num-2-1`, `r-num-2-3`, `b-op-plus-1`, `b-start-m2-1`, `r-eq-4`, `b-swap-1`: unique across both decks.
 */
function buildDeck(colour: MathColour): MathCard[] {
  const copies = new Map<string, number>();
  return DECK_FACES.map((face) => {
    const [key, stem] = faceKey(face);
    const copy = (copies.get(stem) ?? 0) + 1;
    copies.set(stem, copy);
    const id = `${colour === 'red' ? 'r' : 'b'}-${stem}-${copy}`;
    return { ...face, id, colour, face: key } as MathCard;
  });
}

export const DECKS: readonly (readonly MathCard[])[] = COLOURS.map(buildDeck);

const BY_ID: ReadonlyMap<string, MathCard> = new Map(DECKS.flat().map((card) => [card.id, card]));

export const findCard = (id: string): MathCard | undefined => BY_ID.get(id);

/** The card for an id known to be valid (ids in the state are always valid). */
export function cardOf(id: string): MathCard {
  const card = BY_ID.get(id);
  if (card === undefined) throw new Error(`unknown math card ${id}`);
  return card;
}

export const OP_SYMBOLS: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '?': '?',
};

/** A card as players name it: `[4]`, `2`, `+`, `?`, `=`, `cancel`. */
export function cardLabel(card: MathCard): string {
  switch (card.kind) {
    case 'starter':
      return `[${card.value}]`;
    case 'number':
      return String(card.value);
    case 'operator':
      return OP_SYMBOLS[card.operator] ?? card.operator;
    case 'terminator':
      return '=';
    case 'modifier':
      return card.modifier;
  }
}
