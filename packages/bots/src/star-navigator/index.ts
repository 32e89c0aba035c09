/**
 * Star Navigator's computer player. Draft: Hard and Normal keep the card that brings their Nav
 * Memory (with the Signpost Beacon) closest to the target; Easy picks any. Compose: Hard tries every
 * legal Vector Set (every Ace value and phantom) with the exact solver and keeps the closest result
 * (a Slingshot counted); Normal tries a few; Easy takes any set and, half the time, a calculation it happens upon.
 * It declares exactly what its calculation makes, so it never forfeits for a wrong declaration.
 */
import { arith } from '@cards/rules';
import type { StarCard, StarExprJson, StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { Rng, thinkDelay, type BotFactory, type Level } from '../core/policy.ts';

type Choice = Extract<StarNavigatorIntent, { type: 'chooseVectorSet' }>;
export const PHANTOM_REF = 'phantom';

export interface Plan {
  readonly choice: Choice;
  readonly expr: StarExprJson;
  readonly result: number;
  /** Distance to the target, a Slingshot's bonus taken off. */
  readonly distance: number;
}

const cardsOf = (view: StarNavigatorView): StarCard[] => [
  ...view.navMemory,
  ...view.dataPacket,
  ...(view.signpostBeacon === null ? [] : [view.signpostBeacon]),
];

/** The values of a Vector Set as the rules read them: chosen Ace values, then the phantom. */
export function choiceValues(view: StarNavigatorView, choice: Choice): { ref: string; value: number }[] {
  const cards = cardsOf(view);
  const values = choice.cards.map((ref) => {
    const ace = choice.aces.find((a) => a.card === ref);
    return { ref, value: ace?.value ?? cards.find((c) => c.id === ref)?.value ?? 0 };
  });
  return choice.phantom === null ? values : [...values, { ref: PHANTOM_REF, value: choice.phantom }];
}

function slingshotBonus(view: StarNavigatorView, choice: Choice): number {
  if (!view.options.slingshotManoeuvre) return 0;
  const suits = choice.cards.map((id) => cardsOf(view).find((c) => c.id === id)?.suit);
  return suits.length > 0 && !suits.includes('joker') && suits.every((s) => s === suits[0]) ? 2 : 0;
}

/** The closest result this Vector Set can make (every card once, whole numbers), or null. */
export function bestPlan(view: StarNavigatorView, choice: Choice): Plan | null {
  if (view.target === null) return null;
  const found = arith.closest(choiceValues(view, choice), view.target, { useAll: true, mode: 'integer' });
  if (!found.ok || found.value === null) return null;
  const result = Number(found.value.value.n);
  return {
    choice,
    expr: arith.toJson(found.value.expr) as StarExprJson,
    result,
    distance: Math.abs(result - view.target) - slingshotBonus(view, choice),
  };
}

/** Easy's calculation: the cards in a random order joined by random + − ×, kept if it stays whole. */
function casualPlan(view: StarNavigatorView, choice: Choice, rng: Rng): Plan | null {
  if (view.target === null) return null;
  const leaves = rng.shuffle(choiceValues(view, choice)).map((v) => arith.leaf(v.ref, arith.int(v.value)));
  let expr = leaves[0] as arith.Expr;
  for (const next of leaves.slice(1)) expr = arith.node(rng.pick(['+', '-', '*'] as const), expr, next);
  const value = arith.evaluate(expr, 'integer');
  if (!value.ok) return bestPlan(view, choice);
  const result = Number(value.value.n);
  return {
    choice,
    expr: arith.toJson(expr) as StarExprJson,
    result,
    distance: Math.abs(result - view.target),
  };
}

/** The best plan over these Vector Sets (first on ties). */
export function bestOf(view: StarNavigatorView, choices: readonly Choice[]): Plan | null {
  let best: Plan | null = null;
  for (const choice of choices) {
    const plan = bestPlan(view, choice);
    if (plan !== null && (best === null || plan.distance < best.distance)) best = plan;
  }
  return best;
}

/** Draft: how close the Nav Memory with this card (and the Beacon) can already get to the target. */
function draftScore(view: StarNavigatorView, card: StarCard): number {
  if (view.target === null) return 0;
  const pool = [...view.navMemory, card, ...(view.signpostBeacon === null ? [] : [view.signpostBeacon])];
  const values = pool.map((c) => ({ ref: c.id, value: c.value }));
  const found = arith.closest(values, view.target, { useAll: false, minCards: 1, mode: 'integer' });
  if (!found.ok || found.value === null) return Infinity;
  return Math.abs(Number(found.value.value.n) - view.target);
}

const sameChoice = (a: StarNavigatorView['vectorSet'], b: Choice): boolean =>
  a !== null &&
  JSON.stringify([...a.cards].sort()) === JSON.stringify([...b.cards].sort()) &&
  JSON.stringify([...a.aces].sort((x, y) => x.card.localeCompare(y.card))) ===
    JSON.stringify([...b.aces].sort((x, y) => x.card.localeCompare(y.card))) &&
  a.phantom === b.phantom;

export class StarNavigatorPlayer {
  /** The plan of the round being composed, so the bot does not change its mind between views. */
  private plan: { key: string; plan: Plan | null } | null = null;
  constructor(
    readonly level: Level,
    private readonly rng: Rng,
  ) {}

  choose(view: StarNavigatorView, legal: readonly StarNavigatorIntent[]): StarNavigatorIntent | null {
    if (view.viewer === 'spectator' || legal.length === 0) return null;
    const of = <T extends StarNavigatorIntent['type']>(type: T) =>
      legal.filter((i): i is Extract<StarNavigatorIntent, { type: T }> => i.type === type);
    if (view.phase === 'market') return of('declineMap')[0] ?? null;
    if (view.phase === 'showdown') return of('continue')[0] ?? null;
    const picks = of('draftPick').filter((p) => p.lock !== true);
    if (picks.length > 0) return this.draft(view, picks);
    const layOut = of('layOutMemory')[0];
    if (layOut !== undefined) return layOut;
    const choices = of('chooseVectorSet');
    if (choices.length === 0) return null;
    const plan = this.compose(view, choices);
    if (plan === null) return this.rng.pick(choices);
    if (!sameChoice(view.vectorSet, plan.choice)) return plan.choice;
    if (view.submission !== null) return null;
    return { type: 'submit', expr: plan.expr, declared: plan.result };
  }

  private draft(view: StarNavigatorView, picks: readonly { type: 'draftPick'; card: string }[]) {
    if (this.level === 'easy') return this.rng.pick(picks);
    const scored = picks.map((p) => {
      const card = view.dataPacket.find((c) => c.id === p.card);
      return { p, score: card === undefined ? Infinity : draftScore(view, card) };
    });
    const best = Math.min(...scored.map((s) => s.score));
    return this.rng.pick(scored.filter((s) => s.score === best)).p;
  }

  private compose(view: StarNavigatorView, choices: readonly Choice[]): Plan | null {
    const key = `${view.round}:${view.navMemory.map((c) => c.id).join(',')}`;
    if (this.plan?.key !== key) {
      let plan: Plan | null;
      if (this.level === 'hard') plan = bestOf(view, choices);
      else if (this.level === 'normal') plan = bestOf(view, this.rng.shuffle(choices).slice(0, 3));
      else {
        const choice = this.rng.pick(choices);
        plan = this.rng.chance(0.5) ? bestPlan(view, choice) : casualPlan(view, choice, this.rng);
      }
      this.plan = { key, plan };
    }
    return this.plan.plan;
  }
}

export const starNavigatorBot: BotFactory<StarNavigatorView, StarNavigatorIntent> = ({ level, seed }) => {
  const rng = new Rng(seed);
  const player = new StarNavigatorPlayer(level, rng);
  return {
    level,
    decide(view, legal) {
      const intent = player.choose(view, legal);
      if (intent === null) return null;
      const slow = intent.type === 'submit' ? 3 : intent.type === 'draftPick' ? 1.5 : 1;
      return { intent, delayMs: thinkDelay(rng, level, slow) };
    },
  };
};

/** The hint: a Vector Set that gets closest to the target, and the result it can reach (not how). */
export function starNavigatorHint(
  view: StarNavigatorView,
  legal: readonly StarNavigatorIntent[],
): { readonly choice: Choice; readonly result: number; readonly distance: number } | null {
  const choices = legal.filter((i): i is Choice => i.type === 'chooseVectorSet');
  const plan = bestOf(view, choices);
  return plan === null ? null : { choice: plan.choice, result: plan.result, distance: plan.distance };
}
