/**
 * Showdown and resolution: evaluate every submission in initiative order, find the closest
 * (ties: all win), settle payments (Hotshot stakes, partial payment when short), the Bounty,
 * eliminations and the Initiative.
 */
import type { StarPayment, StarShowdownLine } from '@cards/schema';
import { closest } from '../arith/index.ts';
import type { Seat } from '../core/game.ts';
import {
  cardOf,
  initiativeOrder,
  leftOf,
  seatOf,
  type StarNavigatorState,
  type VectorChoice,
} from './state.ts';
import { checkCalculation, choiceValues, choiceVariants, formulaText } from './vector.ts';

/** Slingshot Manoeuvre: every card of the Vector Set (phantom aside) of one suit; jokers have none. */
export function isSlingshot(state: StarNavigatorState, choice: VectorChoice): boolean {
  if (!state.options.slingshotManoeuvre) return false;
  const suits = choice.cards.map((id) => cardOf(state, id).suit);
  return suits.length > 0 && !suits.includes('joker') && suits.every((s) => s === suits[0]);
}

/**
 * The best result the Vector Set's cards can reach (integer arithmetic, every card once), over every
 * Ace value and phantom the player could have chosen with these cards, not only the ones they did.
 */
export function bestFor(
  state: StarNavigatorState,
  choice: VectorChoice,
  target: number,
): { result: number; distance: number; formula: string } | null {
  const bonus = isSlingshot(state, choice) ? 2 : 0;
  let best: { result: number; distance: number; formula: string } | null = null;
  for (const variant of choiceVariants(state, choice.cards)) {
    const found = closest(choiceValues(state, variant), target, { useAll: true, mode: 'integer' });
    if (!found.ok || found.value === null) continue;
    const result = Number(found.value.value.n);
    const distance = Math.abs(result - target) - bonus;
    if (best === null || distance < best.distance)
      best = { result, distance, formula: formulaText(state, found.value.expr) };
  }
  return best;
}

export function showdownLine(state: StarNavigatorState, seat: Seat, target: number): StarShowdownLine {
  const s = seatOf(state, seat);
  const choice = s.choice;
  const base = {
    seat,
    vectorSet: choice === null ? [] : choice.cards.map((id) => cardOf(state, id)),
    values:
      choice === null
        ? []
        : choiceValues(state, choice)
            .filter((v) => v.ref !== 'phantom')
            .map((v) => v.value),
    phantom: choice?.phantom ?? null,
    hotshot: s.locked !== null,
    slingshot: choice !== null && isSlingshot(state, choice),
    winner: false,
    best: choice === null ? null : bestFor(state, choice, target),
  };
  if (s.submission === null || choice === null || s.timedOut) {
    return {
      ...base,
      formula: null,
      declared: s.submission?.declared ?? null,
      result: null,
      distance: null,
      forfeit: 'timeout',
      forfeitDetail: 'No calculation was submitted in time.',
    };
  }
  const checked = checkCalculation(state, choice, s.submission.expr);
  const formula = checked.expr === null ? null : formulaText(state, checked.expr);
  const declared = s.submission.declared;
  if (!checked.ok) {
    return {
      ...base,
      formula,
      declared,
      result: null,
      distance: null,
      forfeit: 'illegalCalculation',
      forfeitDetail: checked.detail,
    };
  }
  if (checked.value !== declared) {
    return {
      ...base,
      formula,
      declared,
      result: checked.value,
      distance: null,
      forfeit: 'wrongDeclaration',
      forfeitDetail: `Declared ${declared}, but the calculation makes ${checked.value}.`,
    };
  }
  const distance = Math.abs(checked.value - target) - (base.slingshot ? 2 : 0);
  return { ...base, formula, declared, result: checked.value, distance, forfeit: null, forfeitDetail: null };
}

/**
 * Each debtor pays from the chips held before the resolution, one chip at a time round the
 * creditors in initiative order, until the debts are paid or the chips run out.
 */
export function settle(
  chips: readonly number[],
  debts: readonly StarPayment[],
  order: readonly Seat[],
): StarPayment[] {
  const paid: StarPayment[] = [];
  const debtors = [...new Set(debts.map((d) => d.from))];
  for (const from of debtors) {
    const mine = debts
      .filter((d) => d.from === from)
      .sort((a, b) => order.indexOf(a.to) - order.indexOf(b.to))
      .map((d) => ({ ...d, left: d.amount, paid: 0 }));
    let wallet = chips[from] ?? 0;
    while (wallet > 0 && mine.some((d) => d.left > 0)) {
      for (const d of mine) {
        if (wallet === 0) break;
        if (d.left === 0) continue;
        d.left--;
        d.paid++;
        wallet--;
      }
    }
    for (const d of mine)
      if (d.paid > 0) paid.push({ from: d.from, to: d.to, amount: d.paid, reason: d.reason });
  }
  return paid;
}

export function resolveRound(state: StarNavigatorState): StarNavigatorState {
  const target = state.target ?? 0;
  const order = initiativeOrder(state);
  const lines = order.map((seat) => showdownLine(state, seat, target));
  const valid = lines.filter((l) => l.forfeit === null && l.distance !== null);
  const bestDistance = Math.min(...valid.map((l) => l.distance as number));
  const winners = valid.filter((l) => l.distance === bestDistance).map((l) => l.seat);
  for (const l of lines) l.winner = winners.includes(l.seat);
  const debts: StarPayment[] = [];
  const hotshotWinner = (w: Seat): boolean => seatOf(state, w).locked !== null;
  for (const l of lines) {
    if (l.winner) {
      // "If you win in this round, every other player will pay you 2 chips": co-winners too.
      for (const w of winners)
        if (w !== l.seat && hotshotWinner(w))
          debts.push({ from: l.seat, to: w, amount: 2, reason: 'hotshotWin' });
      continue;
    }
    if (l.hotshot) {
      for (const other of order)
        if (other !== l.seat) debts.push({ from: l.seat, to: other, amount: 2, reason: 'hotshotLoss' });
      continue;
    }
    for (const w of winners) {
      const hot = hotshotWinner(w);
      debts.push({ from: l.seat, to: w, amount: hot ? 2 : 1, reason: hot ? 'hotshotWin' : 'win' });
    }
  }
  const chipsBefore = state.seats.map((s) => s.chips);
  const payments = settle(chipsBefore, debts, order);
  const chips = [...chipsBefore];
  for (const p of payments) {
    chips[p.from] = (chips[p.from] ?? 0) - p.amount;
    chips[p.to] = (chips[p.to] ?? 0) + p.amount;
  }
  let bounty = state.bounty;
  let bountyClaimedBy: Seat | null = null;
  let bountyClaimed = 0;
  const sole = winners.length === 1 ? winners[0] : undefined;
  if (sole !== undefined && bounty > 0 && !(state.options.pirateMap && state.mapOwner === sole)) {
    bountyClaimedBy = sole;
    bountyClaimed = bounty;
    chips[sole] = (chips[sole] ?? 0) + bounty;
    bounty = 0;
  }
  const eliminated = order.filter((seat) => (chips[seat] ?? 0) <= 0);
  let next: StarNavigatorState = {
    ...state,
    bounty,
    seats: state.seats.map((s, i) => ({
      ...s,
      chips: chips[i] ?? 0,
      eliminated: s.eliminated || eliminated.includes(i),
      continued: false,
    })),
    mapOwner: state.mapOwner !== null && eliminated.includes(state.mapOwner) ? null : state.mapOwner,
    lastShowdown: {
      round: state.round,
      initiative: state.initiative,
      chipsBefore,
      bountyBefore: state.bounty,
      target,
      targetCards: state.targetCards.map((id) => cardOf(state, id)),
      beacon: cardOf(state, state.beacon ?? ''),
      lines,
      winners,
      payments,
      bountyClaimedBy,
      bountyClaimed,
      eliminated,
    },
  };
  next = { ...next, initiative: leftOf(next, state.initiative) };
  const remaining = next.seats.flatMap((s, i) => (s.eliminated ? [] : [i]));
  if (remaining.length <= 1) return { ...next, phase: 'over', winners: remaining };
  return { ...next, phase: 'showdown' };
}
