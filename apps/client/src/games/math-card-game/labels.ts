import { seatName as kitSeatName } from '../../table-kit/seatName.ts';
import type {
  MathCard,
  MathCardGameView,
  MathOperator,
  MathSequenceCard,
  MathTarget,
  RoomInfo,
} from '@cards/schema';

/** A seat's display name from the room info (falls back to its colour). */
export const seatName = (info: RoomInfo | null, seat: number): string =>
  kitSeatName(info, seat, seat === 0 ? 'Red' : 'Blue');

export const colourOf = (view: MathCardGameView, seat: number): 'red' | 'blue' =>
  view.colours[seat] ?? (seat === 0 ? 'red' : 'blue');

export const OP_SYMBOL: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '?': '?',
};
export const OP_WORD: Readonly<Record<string, string>> = {
  '+': 'plus',
  '-': 'minus',
  '*': 'times',
  '/': 'divided by',
  '?': 'any operator',
};

export const MODIFIER_ICON: Readonly<Record<string, string>> = { cancel: '⌫', invert: '⇅', swap: '⇄' };

/** The big symbol printed on a card. */
export function cardSymbol(card: MathCard, chosen: MathOperator | null = null): string {
  switch (card.kind) {
    case 'starter':
    case 'number':
      return String(card.value).replace('-', '−');
    case 'operator':
      return OP_SYMBOL[chosen ?? card.operator] ?? card.operator;
    case 'terminator':
      return '=';
    case 'modifier':
      return card.modifier;
  }
}

/** "red starter 4", "blue ? as times": for screen readers and titles. */
export function spokenMathCard(card: MathCard, chosen: MathOperator | null = null): string {
  const what = (() => {
    switch (card.kind) {
      case 'starter':
        // The name holds the face's text as shown ("start −2"), so a voice-control user can say it.
        return `start ${cardSymbol(card)}`;
      case 'number':
        return `number ${cardSymbol(card)}`;
      case 'operator':
        return card.operator === '?'
          ? chosen
            ? `? as ${OP_WORD[chosen]}`
            : '? (any operator)'
          : OP_WORD[card.operator];
      case 'terminator':
        return 'equals';
      case 'modifier':
        return card.modifier;
    }
  })();
  return `${card.colour} ${what}`;
}

export const targetName = (target: MathTarget) =>
  target === 'new' ? 'a new sequence' : `sequence ${target + 1}`;

/** The rules name players by colour ("Red cut Blue's deck…"); the table uses their names. */
export function withNames(text: string, info: RoomInfo | null): string {
  return text.replace(/\b(Red|Blue)\b/g, (colour) => seatName(info, colour === 'Red' ? 0 : 1));
}

export const END_REASONS: Readonly<Record<string, string>> = {
  allOut: 'Both players are out of cards.',
  stuck: 'Two turns in a row nobody could play or draw.',
  frozen: 'No card left in any hand or pile can ever be played.',
};

/** For an operator an invert or swap changed: the operator it stands for now (else null). */
export function turnedInto(placed: MathSequenceCard): MathOperator | null {
  if (placed.card.kind !== 'operator' || placed.finalOperator === null) return null;
  const shown = placed.chosen ?? placed.card.operator;
  return placed.finalOperator === shown ? null : placed.finalOperator;
}
