/**
 * Wouter's Math Card Game's computer player. Every legal turn is a whole turn (cards placed and cards
 * put under the pile), so the search is over that list: each is played out on the sequences as the
 * view shows them and scored as the game scores them (own sequences minus the opponent's). Easy
 * plays any legal turn, a scoring one about half the time; Normal takes the turn that scores best
 * now; Hard also prefers sealed gains over open ones (the opponent can still spoil an open sequence)
 * and keeps its best cards in hand.
 */
import { mathCardGameEvaluate, type MathPlacedCard } from '@cards/rules';
import type { MathCard, MathCardGameIntent, MathCardGameView, MathPlay } from '@cards/schema';
import { argmax, Rng, thinkDelay, type BotFactory, type Level } from '../core/policy.ts';

type TurnIntent = Extract<MathCardGameIntent, { type: 'turn' }>;

interface Line {
  readonly owner: number;
  readonly cards: MathPlacedCard[];
  readonly sealed: boolean;
}

/** The opened sequences as the view shows them. */
export function linesOf(view: MathCardGameView): Line[] {
  return view.sequences
    .filter((s) => s.opened && s.owner !== null)
    .map((s) => ({
      owner: s.owner as number,
      sealed: s.sealed,
      cards: s.cards.map((c) => (c.chosen === null ? { id: c.card.id } : { id: c.card.id, op: c.chosen })),
    }));
}

/** The sequences after `plays` by `seat` (assumed legal: they come from the legal list). */
export function afterPlays(
  lines: readonly Line[],
  plays: readonly MathPlay[],
  seat: number,
  hand: readonly MathCard[],
): Line[] {
  const out = lines.map((l) => ({ ...l, cards: [...l.cards] }));
  for (const play of plays) {
    const card = hand.find((c) => c.id === play.card);
    const placed: MathPlacedCard =
      play.operator === undefined ? { id: play.card } : { id: play.card, op: play.operator };
    if (play.sequence === 'new') out.push({ owner: seat, cards: [placed], sealed: false });
    else {
      const line = out[play.sequence] as Line;
      out[play.sequence] = {
        ...line,
        cards: [...line.cards, placed],
        sealed: line.sealed || card?.kind === 'terminator',
      };
    }
  }
  return out;
}

/** The game's score from `seat`'s side; `openWeight` discounts sequences still open to spoiling. */
export function scoreFor(lines: readonly Line[], seat: number, openWeight = 1): number {
  let total = 0;
  for (const line of lines) {
    const value = mathCardGameEvaluate(line.cards).value * (line.sealed ? 1 : openWeight);
    total += line.owner === seat ? value : -value;
  }
  return total;
}

/** What a card is worth keeping for later turns (Hard's choice of what goes under the pile). */
function keepValue(card: MathCard): number {
  switch (card.kind) {
    case 'starter':
      return 3 + card.value / 2;
    case 'number':
      return card.value / 3;
    case 'operator':
      return card.operator === '?' || card.operator === '*' ? 1 : 0.5;
    case 'terminator':
      return 0.8;
    case 'modifier':
      return 1;
  }
}

/** How a turn scores now, from `seat`'s side. */
export function turnGain(view: MathCardGameView, seat: number, turn: TurnIntent, openWeight = 1): number {
  return scoreFor(afterPlays(linesOf(view), turn.plays, seat, view.hand), seat, openWeight);
}

export function chooseMathCardGame(
  view: MathCardGameView,
  legal: readonly MathCardGameIntent[],
  level: Level,
  rng: Rng,
): MathCardGameIntent | null {
  const seat = view.viewer;
  if (seat === 'spectator' || legal.length === 0) return null;
  if (view.phase === 'cut') {
    const placed = legal.filter((i) => i.type === 'cut' && i.position !== null);
    return rng.pick(placed.length > 0 ? placed : legal);
  }
  const turns = legal.filter((i): i is TurnIntent => i.type === 'turn');
  if (turns.length === 0) return legal[0] as MathCardGameIntent;
  const now = scoreFor(linesOf(view), seat);
  if (level === 'easy') {
    const scoring = turns.filter((t) => turnGain(view, seat, t) > now);
    return rng.pick(scoring.length > 0 && rng.chance(0.5) ? scoring : turns);
  }
  if (level === 'normal') return argmax(turns, (t) => turnGain(view, seat, t) + rng.float() * 0.01) ?? null;
  const kept = (t: TurnIntent): number => {
    const gone = new Set([...t.plays.map((p) => p.card), ...t.under]);
    return view.hand.filter((c) => !gone.has(c.id)).reduce((n, c) => n + keepValue(c), 0);
  };
  return argmax(turns, (t) => turnGain(view, seat, t, 0.85) + 0.3 * kept(t)) ?? null;
}

export const mathCardGameBot: BotFactory<MathCardGameView, MathCardGameIntent> = ({ level, seed }) => {
  const rng = new Rng(seed);
  return {
    level,
    decide(view, legal) {
      const intent = chooseMathCardGame(view, legal, level, rng);
      return intent === null ? null : { intent, delayMs: thinkDelay(rng, level) };
    },
  };
};

/** The hint: the whole turn that scores best for the seat now (the first of equals), or null. */
export function mathCardGameHint(
  view: MathCardGameView,
  legal: readonly MathCardGameIntent[],
): { readonly turn: TurnIntent; readonly scoreAfter: number } | null {
  const seat = view.viewer;
  if (seat === 'spectator' || view.phase !== 'play') return null;
  const turns = legal.filter((i): i is TurnIntent => i.type === 'turn');
  const best = argmax(turns, (t) => turnGain(view, seat, t));
  return best === undefined ? null : { turn: best, scoreAfter: turnGain(view, seat, best) };
}
