import type { CassinoBuild, CassinoIntent, CassinoLastAction } from '@cards/schema';
import { cardName } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { dealRound } from './deal.ts';
import { hasCaptureOrBuild } from './legal.ts';
import { acknowledge, finishDeal } from './scoring.ts';
import { itemCards, other, type Card, type CassinoState, type CassinoTableItem } from './state.ts';
import { cardsText, groupText, itemText } from './text.ts';
import {
  HAND_CARD,
  checkBuild,
  checkCapture,
  controlsBuild,
  findHandCard,
  resolveItems,
  type BuildPlan,
  type CapturePlan,
} from './validity.ts';

const malformed = (why: string): Result<never> =>
  err('MALFORMED_INTENT', `That move is not understood: ${why}.`);

/** Reads the untrusted intent's shape; the server validates with zod too, but apply stands alone. */
function itemIds(intent: { items?: unknown }): Result<string[]> {
  const items = intent.items;
  if (!Array.isArray(items) || items.length > 52 || !items.every((i) => typeof i === 'string'))
    return malformed('items must be a list of table item ids');
  return ok(items as string[]);
}

export function applyCassino(
  state: CassinoState,
  actor: Seat,
  intent: CassinoIntent,
  _now: number,
): Result<CassinoState> {
  if (typeof intent !== 'object' || intent === null) return malformed('no intent');
  const type: unknown = (intent as { type?: unknown }).type;
  if (type === 'continue') {
    if (state.phase !== 'dealOver' || !state.awaitingContinue.includes(actor))
      return err('NOT_ACCEPTING_CONTINUE', 'There is no score sheet waiting for you to continue.');
    return ok(acknowledge(state, actor));
  }
  if (type !== 'trail' && type !== 'capture' && type !== 'build')
    return malformed(`unknown move ${String(type)}`);
  if (state.phase !== 'playing') return err('WRONG_PHASE', 'Cards cannot be played now: the deal is over.');
  if (state.turn !== actor) return err('NOT_YOUR_TURN', 'It is not your turn.');
  const found = findHandCard(state, actor, (intent as { card?: unknown }).card);
  if (!found.ok) return found;
  const card = found.value;

  if (type === 'trail') {
    if (controlsBuild(state, actor) && hasCaptureOrBuild(state, actor))
      return err(
        'CANNOT_TRAIL_WHILE_CONTROLLING',
        'You control a build, so you may not trail: capture or build instead.',
      );
    const table = [...state.table, { type: 'card' as const, id: card.id, card }];
    return ok(
      afterPlay({ ...state, table }, actor, card, {
        seat: actor,
        kind: 'trail',
        text: `trailed ${cardName(card)}`,
        cardIds: [card.id],
        played: card.id,
      }),
    );
  }

  const ids = itemIds(intent as { items?: unknown });
  if (!ids.ok) return ids;
  const resolved = resolveItems(state.table, ids.value);
  if (!resolved.ok) return resolved;

  if (type === 'capture') {
    const plan = checkCapture(state, card, resolved.value);
    if (!plan.ok) return plan;
    return ok(doCapture(state, actor, plan.value));
  }
  const plan = checkBuild(state, actor, card, resolved.value, (intent as { value?: unknown }).value);
  if (!plan.ok) return plan;
  return ok(doBuild(state, actor, plan.value));
}

function doCapture(state: CassinoState, actor: Seat, plan: CapturePlan): CassinoState {
  const taken = new Set(plan.indices);
  const items = plan.indices.map((i) => state.table[i] as CassinoTableItem);
  const cards = [...items.flatMap(itemCards), plan.card];
  const table = state.table.filter((_, i) => !taken.has(i));
  const sweep = table.length === 0;
  const what = plan.groups.map((g) => groupText(g.map((i) => state.table[i] as CassinoTableItem))).join(', ');
  const next: CassinoState = {
    ...state,
    table,
    captured: state.captured.map((pile, seat) => (seat === actor ? [...pile, ...cards] : pile)),
    sweeps: state.sweeps.map((n, seat) => (seat === actor && sweep ? n + 1 : n)),
    lastCapturer: actor,
  };
  return afterPlay(next, actor, plan.card, {
    seat: actor,
    kind: sweep ? 'sweep' : 'capture',
    text: `captured ${what} with ${cardName(plan.card)}${sweep ? ', a sweep' : ''}`,
    cardIds: cards.map((c) => c.id),
    played: plan.card.id,
  });
}

function doBuild(state: CassinoState, actor: Seat, plan: BuildPlan): CassinoState {
  const cardsAt = (pos: number): Card[] =>
    pos === HAND_CARD ? [plan.card] : itemCards(state.table[pos] as CassinoTableItem);
  let groups: Card[][];
  if (plan.kind === 'simple') {
    // Table cards first, the hand card on top.
    groups = [[...plan.indices.flatMap(cardsAt), plan.card]];
  } else {
    groups = plan.groups.flatMap((g): Card[][] => {
      const only = g.length === 1 ? state.table[g[0] as number] : undefined;
      if (only?.type === 'build') return only.build.groups.map((cards) => [...cards]);
      const tableCards = g.filter((p) => p !== HAND_CARD).flatMap(cardsAt);
      return [g.includes(HAND_CARD) ? [...tableCards, plan.card] : tableCards];
    });
  }
  const items = plan.indices.map((i) => state.table[i] as CassinoTableItem);
  // Raising or adding to a build keeps the pile where it is, under its id (the first build's, when
  // builds are joined); a build made from loose cards takes a new id where its first card lay.
  const kept = plan.indices.find((i) => state.table[i]?.type === 'build');
  const raised = kept === undefined ? undefined : (state.table[kept] as CassinoTableItem);
  const build: CassinoBuild = {
    id: raised?.id ?? `b${state.nextBuildId}`,
    kind: plan.kind,
    value: plan.value,
    groups,
    controller: actor,
  };
  const used = new Set(plan.indices);
  const at = kept ?? (plan.indices[0] as number);
  const table: CassinoTableItem[] = [];
  state.table.forEach((item, i) => {
    if (i === at) table.push({ type: 'build', id: build.id, build });
    if (!used.has(i)) table.push(item);
  });
  const name = cardName(plan.card);
  const label = plan.kind === 'compound' ? `${plan.value}s` : `${plan.value}`;
  let text: string;
  if (raised && raised.type === 'build' && raised.build.kind === 'simple' && plan.kind === 'simple')
    text = `raised ${itemText(raised)} to ${plan.value} with ${name}`;
  else if (raised && raised.type === 'build' && raised.build.value === plan.value)
    text = `added ${name}${
      items.length > 1
        ? ` and ${items
            .filter((i) => i !== raised)
            .map(itemText)
            .join(', ')}`
        : ''
    } to the build of ${label}`;
  else text = `built ${label} with ${name} (${groups.map(cardsText).join(', ')})`;
  const nextBuildId = raised ? state.nextBuildId : state.nextBuildId + 1;
  return afterPlay({ ...state, table, nextBuildId }, actor, plan.card, {
    seat: actor,
    kind: 'build',
    text,
    cardIds: [...items.flatMap(itemCards), plan.card].map((c) => c.id),
    played: plan.card.id,
  });
}

/**
 * Takes the played card out of the hand and passes the turn. When both hands are empty the next
 * round is dealt; after the last round the table goes to the last capturer (or, if nobody
 * captured, to the dealer) and the deal is scored.
 */
function afterPlay(state: CassinoState, actor: Seat, card: Card, action: CassinoLastAction): CassinoState {
  const hands = state.hands.map((hand, seat) =>
    seat === actor ? hand.filter((c) => c.id !== card.id) : hand,
  );
  const next: CassinoState = { ...state, hands, turn: other(actor), lastAction: action };
  if (hands.some((hand) => hand.length > 0)) return next;
  if (next.deck.length > 0) return dealRound(next);
  const taker = next.lastCapturer ?? next.dealer;
  const leftover = next.table.flatMap(itemCards);
  let lastAction = action;
  if (leftover.length > 0) {
    const tail =
      taker === actor
        ? `, and takes the last cards from the table (${cardsText(leftover)})`
        : `; the last cards on the table (${cardsText(leftover)}) go to the last player to capture`;
    lastAction = {
      seat: actor,
      kind: 'lastCards',
      text: `${action.text}${tail}`,
      cardIds: [...action.cardIds, ...leftover.map((c) => c.id).filter((id) => !action.cardIds.includes(id))],
      played: action.played,
    };
  }
  return finishDeal({
    ...next,
    table: [],
    captured: next.captured.map((pile, seat) => (seat === taker ? [...pile, ...leftover] : pile)),
    lastAction,
  });
}
