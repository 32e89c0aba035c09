import type { CsLinkView, CsValue, CuntSoulIntent, CuntSoulView, PlayingCard } from '@cards/schema';
import { linkSizes } from './compose.ts';

export { seatName } from '../cassino/labels.ts';

const SUIT_MARKS: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS: Readonly<Record<number, string>> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** "Q♥", "Joker": a card in running text. */
export function cardText(card: PlayingCard): string {
  if ('joker' in card) return 'Joker';
  return `${RANKS[card.rank] ?? card.rank}${SUIT_MARKS[card.suit] ?? ''}`;
}

/** The text's own names of the card abilities (cheat sheet: docs/rules/cunt-soul.md). */
export const CARD_ABILITIES: Readonly<Record<string, string>> = {
  '2': 'Resetter',
  '3': 'The Bitch',
  '4': 'Runner',
  '5': 'Swapper',
  '6': 'Mirror',
  '7': 'Higher or Lower',
  '8': 'Skips One',
  '9': 'Clean Slate',
  '10': 'Burn',
  J: 'Chivalry',
  Q: 'And Another',
  K: 'Back to You',
  A: 'High Five',
  Joker: 'Neutralise',
};

/** Field abilities in words: name and what it does while it lies on the table. */
export const FIELD_ABILITIES: Readonly<Record<string, readonly [string, string]>> = {
  '2': ['Small is Mighty', 'only 2s overrule'],
  '3': ["Three's a Bitch", 'three of a value in a row become a 3'],
  '4': ["I'm so Lonely", 'every link is a single card'],
  '5': ['Bottom-Swapper', '5s swap with face-down cards'],
  '6': ['I See You', 'the source is face up'],
  '7': ['Bifurcation', 'below 7 go lower or equal, above 7 higher or equal'],
  '8': ['Stacker', 'stacking abilities count double'],
  '9': ['We the People', 'links 2–9 count as 9'],
  '10': ['Phoenixes', 'burned cards go under the source'],
  J: ['Plague of Chivalry', 'every player chooses who is next'],
  Q: ['No Shelves', 'nothing stacks'],
  K: ['Unnatural Order', 'the order is reversed (A lowest)'],
  A: ['Big Hand', 'hand size +1'],
  Joker: ['Exterminate', 'card abilities are cancelled'],
};

/** The field abilities in force, each once with how many lie ("2× Big Hand"). */
export function fieldsInForce(fields: readonly CsValue[]): { value: CsValue; count: number }[] {
  const counts = new Map<CsValue, number>();
  for (const f of fields) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** A link's value when it differs from the print: "6 as 5", "Joker as 8", "table"; a 7's choice. */
export function linkNote(link: CsLinkView): string | null {
  const notes: string[] = [];
  if (link.value === 'table') notes.push(link.printed === '6' ? '6 as table' : 'table');
  else if (link.value !== link.printed) notes.push(`${link.printed} as ${link.value}`);
  if (link.choice !== null) notes.push(link.choice);
  if (link.run) notes.push('run');
  return notes.length > 0 ? notes.join(' · ') : null;
}

const BURN_REASONS = { ten: 'a 10', fourOfAKind: 'four of a kind', paradox: 'a Joker paradox' } as const;

type Names = (seat: number) => string;

export function burnText(burn: NonNullable<CuntSoulView['lastBurn']>, names: Names): string {
  return `${names(burn.seat)} burned ${burn.cards} cards with ${BURN_REASONS[burn.reason]}.`;
}

const has = (legal: readonly CuntSoulIntent[], type: CuntSoulIntent['type']) =>
  legal.some((i) => i.type === type);

/** What the player whose turn it is must do now, in words (for them, or about them for everyone else). */
export function turnText(view: CuntSoulView, legal: readonly CuntSoulIntent[], names: Names): string {
  if (view.phase === 'over') return 'Game over';
  if (view.phase === 'setup') {
    const waiting = view.seats.filter((s) => s.choosing).map((s) => names(s.seat));
    const mine = typeof view.viewer === 'number' && view.seats[view.viewer]?.choosing === true;
    if (mine) return 'Choose three cards to lie face up and one field card';
    return `Waiting for ${waiting.join(', ')} to choose`;
  }
  if (view.current === null) return '';
  const mine = view.current === view.viewer;
  const who = mine ? 'You' : names(view.current);
  const prompt = view.turn.prompt;
  if (prompt?.kind === 'declare7') return `${who}: say whether the next link goes higher or lower than 7`;
  if (prompt?.kind === 'chooseNext' || prompt?.kind === 'fieldJ') return `${who}: choose who plays next`;
  if (prompt?.kind === 'swap5')
    return `${who}: swap up to ${prompt.left} hand card${prompt.left === 1 ? '' : 's'} with ${
      prompt.zone === 'up' ? 'face-up' : 'face-down'
    } cards, then Done`;
  if (!mine) return `${names(view.current)}'s turn`;
  if (has(legal, 'playFaceDown') && !has(legal, 'playLink')) return 'Your turn: turn over a face-down card';
  if (view.turn.obligation === 'mustExtend')
    return linkSizes(legal).size > 0
      ? 'Your Q: play another link'
      : 'Your Q: nothing can follow it — pick up';
  if (view.turn.obligation === 'runMust')
    return `Your run: continue it after the ${view.turn.runLast ?? '4'}`;
  if (view.turn.obligation === 'runMay') return 'Your run: continue it or end it';
  if (linkSizes(legal).size === 0 && has(legal, 'pickUp'))
    return 'Your turn: nothing can be played — pick up';
  return 'Your turn: play a link';
}
