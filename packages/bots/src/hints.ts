/**
 * Hints by game slug, as a player reads them: each is a pure function of one seat's view and legal
 * intents (the same inputs a computer player gets), so a hint can never tell of another seat's cards.
 * `reveal` is the second tap: Blind Cassowary first says only whether a cassowary exists, then one.
 */
import type {
  BlindCassowaryIntent,
  BlindCassowaryView,
  MathCard,
  MathCardGameIntent,
  MathCardGameView,
  StarCard,
  StarNavigatorIntent,
  StarNavigatorView,
} from '@cards/schema';
import { starCardLabel } from '@cards/schema';
import { blindCassowaryHint } from './blind-cassowary/index.ts';
import { mathCardGameHint } from './math-card-game/index.ts';
import { starNavigatorHint } from './star-navigator/index.ts';

export interface Hint {
  /** What the player is told. */
  readonly text: string;
  /** The seat's own cards the hint is about (for the table to point at). */
  readonly cards: string[];
  /** The places on the table it points at (Math Card Game: the sequences its cards go to, slot or `new`). */
  readonly places?: string[];
  /** There is more on a second tap (`reveal`). */
  readonly more: boolean;
}

export type HintFunction = (view: unknown, legal: readonly unknown[], reveal: boolean) => Hint | null;

/**
 * Whether a hint exists for the seat now, from its view and legal intents, without working it out
 * (no search: the room asks on every update it sends). Null: no hint. Otherwise a short key of the
 * position the hint is for: a hint shown stays while the key stays (the player's own move, a new
 * hand, target or turn changes it), not on every move of others.
 */
export type HintPosition = (view: unknown, legal: readonly unknown[]) => string | null;

/** Only while racing for cassowaries with the hand in sight (not during the target preview). */
function blindCassowary(view: BlindCassowaryView, reveal: boolean): Hint | null {
  if (view.phase !== 'play' || view.hand.length === 0) return null;
  const hint = blindCassowaryHint(view);
  if (hint.exists !== 'yes') {
    const text =
      hint.exists === 'no'
        ? 'No cassowary in your hand.'
        : 'Not sure: the hint could not settle whether your hand makes a cassowary.';
    return { text, cards: [], more: false };
  }
  if (!reveal) return { text: 'A cassowary exists in your hand.', cards: [], more: true };
  return { text: `One cassowary: ${hint.formula} = ${view.target.value}`, cards: hint.cards, more: false };
}

const ids = (cards: readonly { id: string }[]): string => cards.map((c) => c.id).join(',');

/** While a target is open and the seat may claim (the race is on: "I'm stuck" is listed). */
function blindCassowaryPosition(
  view: BlindCassowaryView,
  legal: readonly BlindCassowaryIntent[],
): string | null {
  if (view.phase !== 'play' || view.preview !== null || view.hand.length === 0) return null;
  if (!legal.some((i) => i.type === 'stuck')) return null;
  return `${ids(view.target.cards)}|${ids(view.hand)}`;
}

const starLabel = (card: StarCard | undefined, id: string): string =>
  card === undefined ? id : starCardLabel(card);

function starNavigator(view: StarNavigatorView, legal: readonly StarNavigatorIntent[]): Hint | null {
  const hint = starNavigatorHint(view, legal);
  if (hint === null) return null;
  const cards = [...view.navMemory, ...(view.signpostBeacon === null ? [] : [view.signpostBeacon])];
  const byId = new Map(cards.map((c) => [c.id, c]));
  const labels = hint.choice.cards.map((id) => {
    const ace = hint.choice.aces.find((a) => a.card === id);
    return starLabel(byId.get(id), id) + (ace === undefined ? '' : ` as ${ace.value}`);
  });
  if (hint.choice.phantom !== null) labels.push(`phantom ${hint.choice.phantom}`);
  const reach = hint.distance === 0 ? 'exactly the target' : `${hint.distance} from the target`;
  return {
    text: `Vector Set: ${labels.join(', ')}. It can make ${hint.result} (${reach}).`,
    cards: hint.choice.cards,
    more: false,
  };
}

/** In compose, while the seat may choose its Vector Set (and so still submit). */
function starNavigatorPosition(
  view: StarNavigatorView,
  legal: readonly StarNavigatorIntent[],
): string | null {
  if (view.phase !== 'compose' || !legal.some((i) => i.type === 'chooseVectorSet')) return null;
  const chosen = view.vectorSet === null ? '' : JSON.stringify(view.vectorSet);
  return `${view.round}|${view.target}|${ids(view.navMemory)}|${view.signpostBeacon?.id ?? ''}|${chosen}`;
}

const MATH_OPERATORS: Readonly<Record<string, string>> = { '+': '+', '-': '−', '*': '×', '/': '÷', '?': '?' };

/** A Math Card Game card as its face reads ("start card 4", "7", "×", "=", "cancel"). */
function mathLabel(card: MathCard | undefined, id: string): string {
  if (card === undefined) return id;
  if (card.kind === 'starter') return `start card ${card.value}`;
  if (card.kind === 'number') return String(card.value);
  if (card.kind === 'operator') return MATH_OPERATORS[card.operator] ?? card.operator;
  return card.kind === 'terminator' ? '=' : card.modifier;
}

function mathCardGame(view: MathCardGameView, legal: readonly MathCardGameIntent[]): Hint | null {
  const hint = mathCardGameHint(view, legal);
  if (hint === null) return null;
  const byId = new Map(view.hand.map((c) => [c.id, c]));
  const plays = hint.turn.plays.map((p) => {
    const where = p.sequence === 'new' ? 'a new sequence' : `sequence ${p.sequence + 1}`;
    const as = p.operator === undefined ? '' : ` (as ${MATH_OPERATORS[p.operator] ?? p.operator})`;
    return `${mathLabel(byId.get(p.card), p.card)}${as} on ${where}`;
  });
  const under = hint.turn.under.map((id) => mathLabel(byId.get(id), id));
  const parts = [plays.length === 0 ? 'Pass' : `Play ${plays.join(', then ')}`];
  if (under.length > 0) parts.push(`put ${under.join(' and ')} under your pile`);
  return {
    text: `${parts.join('; ')}: your score becomes ${hint.scoreAfter}.`,
    cards: [...hint.turn.plays.map((p) => p.card), ...hint.turn.under],
    places: [...new Set(hint.turn.plays.map((p) => String(p.sequence)))],
    more: false,
  };
}

/** On the seat's turn, when some turn places a card (a pass or the mulligan alone has no hint). */
function mathCardGamePosition(view: MathCardGameView, legal: readonly MathCardGameIntent[]): string | null {
  if (view.phase !== 'play' || view.turn !== view.viewer) return null;
  return legal.some((i) => i.type === 'turn' && i.plays.length > 0) ? `turn ${view.turnNumber}` : null;
}

export const HINTS: Readonly<Record<string, HintFunction>> = {
  'blind-cassowary': (view, _legal, reveal) => blindCassowary(view as BlindCassowaryView, reveal),
  'star-navigator': (view, legal) =>
    starNavigator(view as StarNavigatorView, legal as readonly StarNavigatorIntent[]),
  'math-card-game': (view, legal) =>
    mathCardGame(view as MathCardGameView, legal as readonly MathCardGameIntent[]),
};

export const HINT_POSITIONS: Readonly<Record<string, HintPosition>> = {
  'blind-cassowary': (view, legal) =>
    blindCassowaryPosition(view as BlindCassowaryView, legal as readonly BlindCassowaryIntent[]),
  'star-navigator': (view, legal) =>
    starNavigatorPosition(view as StarNavigatorView, legal as readonly StarNavigatorIntent[]),
  'math-card-game': (view, legal) =>
    mathCardGamePosition(view as MathCardGameView, legal as readonly MathCardGameIntent[]),
};
