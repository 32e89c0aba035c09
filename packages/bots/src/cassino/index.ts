/**
 * Cassino's computer player. Easy: any legal play, a capture more often than not. Normal: the play
 * that is worth most right now (cards taken, builds held), no look-ahead. Hard: determinized search —
 * it deals the cards it has not seen (its own record of every view this deal) into the opponent's
 * hand and the deck many times over, and scores each of its plays by the opponent's best answer in
 * those worlds, played through the rules module itself.
 */
import { cassino, standardDeck, type CassinoState } from '@cards/rules';
import type { Card, CassinoIntent, CassinoView } from '@cards/schema';
import { argmax, Rng, thinkDelay, type Bot, type BotFactory, type Level } from '../core/policy.ts';

/** Worlds sampled per Hard decision: more than this buys little and costs time (see pnpm bench bots). */
export const HARD_SAMPLES = 10;

/** What a taken card is worth: its share of "most cards" and "most spades", and its own points. */
export function cardPoints(card: Card): number {
  let points = 3 / 27;
  if (card.suit === 'S') points += 1 / 7;
  if (card.rank === 1) points += 1;
  if (card.id === '10D') points += 2;
  if (card.id === '2S') points += 1;
  return points;
}

/** A build held is most of the way to taken: the other player may still take or raise it. */
const BUILD_HOLD = 0.6;

/** The position from `me`'s side: what each has taken, sweeps, and builds each controls. */
export function evaluate(state: CassinoState, me: number): number {
  let value = 0;
  state.captured.forEach((pile, seat) => {
    const sign = seat === me ? 1 : -1;
    value += sign * (pile.reduce((n, c) => n + cardPoints(c), 0) + (state.sweeps[seat] ?? 0));
  });
  for (const item of state.table) {
    if (item.type !== 'build') continue;
    const sign = item.build.controller === me ? 1 : -1;
    value += sign * BUILD_HOLD * item.build.groups.flat().reduce((n, c) => n + cardPoints(c), 0);
  }
  return value;
}

/** Every card id this seat has seen this deal: its hands, the table, every card named by a play. */
class Sightings {
  private deal = -1;
  private readonly seen = new Set<string>();
  observe(view: CassinoView): void {
    if (view.dealNumber !== this.deal) {
      this.deal = view.dealNumber;
      this.seen.clear();
    }
    for (const c of view.hand) this.seen.add(c.id);
    for (const item of view.table)
      for (const c of item.type === 'card' ? [item.card] : item.build.groups.flat()) this.seen.add(c.id);
    for (const id of view.lastAction?.cardIds ?? []) this.seen.add(id);
  }
  /** Cards that may be in the other hand or the deck (never a card this seat has seen). */
  unseen(): Card[] {
    return standardDeck().filter((c) => !this.seen.has(c.id));
  }
}

/** A whole game state consistent with the view: the hidden cards dealt from `unseen` in `order`. */
export function determinize(view: CassinoView, me: number, unseen: readonly Card[]): CassinoState {
  const opp = 1 - me;
  const oppCount = view.handCounts[opp] ?? 0;
  const hands: Card[][] = [[], []];
  hands[me] = view.hand.map((c) => ({ ...c }));
  hands[opp] = unseen.slice(0, oppCount);
  const buildIds = view.table.flatMap((i) => (i.type === 'build' ? [Number(i.id.slice(1)) || 0] : []));
  return {
    game: 'cassino',
    options: { ...view.options },
    seed: 'determinized',
    phase: view.phase,
    dealNumber: view.dealNumber,
    round: view.round,
    dealer: view.dealer,
    turn: view.turn,
    hands,
    deck: unseen.slice(oppCount, oppCount + view.deckCount),
    table: structuredClone(view.table),
    captured: [[], []],
    sweeps: [0, 0],
    lastCapturer: view.lastCapturer,
    lastAction: null,
    nextBuildId: Math.max(0, ...buildIds) + 1,
    dealScores: [],
    matchTotals: [...view.matchTotals],
    awaitingContinue: [],
    winners: [],
  };
}

/** My play's worth in one world: the position after the opponent's best answer by `evaluate`. */
function worstReply(state: CassinoState, me: number, move: CassinoIntent): number {
  const after = cassino.apply(state, me, move, 0);
  if (!after.ok) return -Infinity;
  const s1 = after.value;
  const opp = 1 - me;
  if (s1.phase !== 'playing' || s1.turn !== opp) return evaluate(s1, me);
  let worst = Infinity;
  for (const reply of cassino.legalIntents(s1, opp)) {
    const s2 = cassino.apply(s1, opp, reply, 0);
    if (s2.ok) worst = Math.min(worst, evaluate(s2.value, me));
  }
  return worst === Infinity ? evaluate(s1, me) : worst;
}

function searchMove(
  view: CassinoView,
  me: number,
  moves: readonly CassinoIntent[],
  unseen: readonly Card[],
  rng: Rng,
): CassinoIntent {
  const totals = moves.map(() => 0);
  for (let k = 0; k < HARD_SAMPLES; k++) {
    const world = determinize(view, me, rng.shuffle(unseen));
    moves.forEach((move, i) => (totals[i] = (totals[i] as number) + worstReply(world, me, move)));
  }
  return moves[totals.indexOf(Math.max(...totals))] as CassinoIntent;
}

/** The play worth most at once (no look-ahead); the hidden cards are irrelevant to it. */
function greedyMove(view: CassinoView, me: number, moves: readonly CassinoIntent[]): CassinoIntent {
  const world = determinize(view, me, []);
  return (
    argmax(moves, (move) => {
      const after = cassino.apply(world, me, move, 0);
      return after.ok ? evaluate(after.value, me) : -Infinity;
    }) ?? (moves[0] as CassinoIntent)
  );
}

function easyMove(moves: readonly CassinoIntent[], rng: Rng): CassinoIntent {
  const captures = moves.filter((m) => m.type === 'capture');
  if (captures.length > 0 && rng.chance(0.6)) return rng.pick(captures);
  return rng.pick(moves);
}

export function chooseCassino(
  view: CassinoView,
  legal: readonly CassinoIntent[],
  level: Level,
  rng: Rng,
  unseen: readonly Card[],
): CassinoIntent | null {
  const me = view.viewer;
  if (me === 'spectator' || legal.length === 0) return null;
  const moves = legal.filter((m) => m.type !== 'continue');
  if (moves.length === 0) return legal[0] as CassinoIntent;
  if (moves.length === 1) return moves[0] as CassinoIntent;
  if (level === 'easy') return easyMove(moves, rng);
  if (level === 'normal') return rng.chance(0.1) ? rng.pick(moves) : greedyMove(view, me, moves);
  return searchMove(view, me, moves, unseen, rng);
}

export const cassinoBot: BotFactory<CassinoView, CassinoIntent> = ({ level, seed }) => {
  const rng = new Rng(seed);
  const sightings = new Sightings();
  const bot: Bot<CassinoView, CassinoIntent> = {
    level,
    decide(view, legal) {
      sightings.observe(view);
      const intent = chooseCassino(view, legal, level, rng, sightings.unseen());
      if (intent === null) return null;
      return { intent, delayMs: thinkDelay(rng, level, intent.type === 'continue' ? 1.5 : 1) };
    },
  };
  return bot;
};
