import { cardName, rankLabel } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { aRank } from './text.ts';
import { partitionIntoGroups } from './partition.ts';
import {
  isCompound,
  isFaceRank,
  itemValue,
  type Card,
  type CassinoState,
  type CassinoTableItem,
} from './state.ts';

/** A checked capture: the table positions taken, split into the groups that each make the card's value. */
export interface CapturePlan {
  readonly card: Card;
  readonly indices: readonly number[];
  readonly groups: readonly (readonly number[])[];
}

/**
 * A checked build. `groups` are table positions per group; -1 stands for the hand card.
 * A simple build has a single group.
 */
export interface BuildPlan {
  readonly card: Card;
  readonly indices: readonly number[];
  readonly value: number;
  readonly kind: 'simple' | 'compound';
  readonly groups: readonly (readonly number[])[];
}

export const HAND_CARD = -1;

export function findHandCard(state: CassinoState, seat: Seat, cardId: unknown): Result<Card> {
  const card = state.hands[seat]?.find((c) => c.id === cardId);
  if (!card) return err('NOT_IN_HAND', 'That card is not in your hand.', { card: cardId });
  return ok(card);
}

/** Resolves item ids to ascending table positions; the ids are a set (order irrelevant, no repeats). */
export function resolveItems(table: readonly CassinoTableItem[], ids: readonly unknown[]): Result<number[]> {
  const seen = new Set<unknown>();
  const indices: number[] = [];
  for (const id of ids) {
    if (seen.has(id)) return err('DUPLICATE_ITEM', 'Each table item can be chosen only once.', { item: id });
    seen.add(id);
    const index = table.findIndex((item) => item.id === id);
    if (index < 0) return err('UNKNOWN_ITEM', 'That item is not on the table.', { item: id });
    indices.push(index);
  }
  return ok(indices.sort((a, b) => a - b));
}

/** Does the seat control (was the last to make or change) any build on the table? */
export const controlsBuild = (state: CassinoState, seat: Seat): boolean =>
  state.table.some((item) => item.type === 'build' && item.build.controller === seat);

export function checkCapture(
  state: CassinoState,
  card: Card,
  indices: readonly number[],
): Result<CapturePlan> {
  if (indices.length === 0) return err('INVALID_CAPTURE', 'Choose at least one table item to capture.');
  const items = indices.map((i) => state.table[i] as CassinoTableItem);
  const name = cardName(card);
  if (isFaceRank(card.rank)) {
    const label = rankLabel(card.rank);
    const wrong = items.find((item) => item.type !== 'card' || item.card.rank !== card.rank);
    if (wrong)
      return err('INVALID_CAPTURE', `A ${label} captures only loose ${label}s from the table.`, {
        item: wrong.id,
      });
    return ok({ card, indices, groups: indices.map((i) => [i]) });
  }
  const values: number[] = [];
  for (const item of items) {
    const value = itemValue(item);
    if (value === null)
      return err('INVALID_CAPTURE', `${name} cannot capture a face card; only a card of the same rank can.`, {
        item: item.id,
      });
    if (isCompound(item) && value !== card.rank)
      return err(
        'INVALID_CAPTURE',
        `A build of ${value}s can only be captured by ${aRank(rankLabel(value))}.`,
        {
          item: item.id,
        },
      );
    values.push(value);
  }
  const groups = partitionIntoGroups(values, card.rank);
  if (groups === null)
    return err(
      'INVALID_CAPTURE',
      `${name} cannot take those items: they must split into groups that each add up to ${card.rank}.`,
    );
  const tableGroups = groups
    .map((g) => g.map((k) => indices[k] as number).sort((a, b) => a - b))
    .sort((a, b) => (a[0] as number) - (b[0] as number));
  return ok({ card, indices, groups: tableGroups });
}

export function checkBuild(
  state: CassinoState,
  seat: Seat,
  card: Card,
  indices: readonly number[],
  value: unknown,
): Result<BuildPlan> {
  if (isFaceRank(card.rank))
    return err(
      'FACE_CARD_IN_BUILD',
      'Face cards (J, Q, K) have no number value and cannot be used in builds.',
    );
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10)
    return err('INVALID_BUILD', 'A build is worth 1 to 10.', { value });
  if (indices.length === 0)
    return err('INVALID_BUILD', 'Play your card onto at least one table item to build.');
  const items = indices.map((i) => state.table[i] as CassinoTableItem);
  const values: number[] = [card.rank];
  let compound = false;
  for (const item of items) {
    const v = itemValue(item);
    if (v === null)
      return err(
        'FACE_CARD_IN_BUILD',
        'Face cards (J, Q, K) have no number value and cannot be used in builds.',
        {
          item: item.id,
        },
      );
    if (isCompound(item)) {
      if (v !== value)
        return err(
          'COMPOUND_BUILD_CANNOT_BE_RAISED',
          `The build of ${v}s is a compound build: its value is fixed and it cannot be raised.`,
          { item: item.id },
        );
      compound = true;
    }
    values.push(v);
  }
  const sum = values.reduce((a, b) => a + b, 0);
  const positions = [HAND_CARD, ...indices];
  let plan: BuildPlan | null = null;
  if (!compound && sum === value) {
    plan = { card, indices, value, kind: 'simple', groups: [positions] };
  } else {
    const groups = partitionIntoGroups(values, value);
    if (groups !== null && groups.length >= 2)
      plan = {
        card,
        indices,
        value,
        kind: 'compound',
        groups: groups.map((g) => g.map((k) => positions[k] as number)),
      };
  }
  if (plan === null)
    return err(
      'INVALID_BUILD',
      `${cardName(card)} and the chosen items do not make ${value}: they must add up to ${value}, or split into groups that each add up to ${value}.`,
      { value },
    );
  const hand = state.hands[seat] ?? [];
  if (!hand.some((c) => c.id !== card.id && c.rank === value))
    return err(
      'MUST_KEEP_CAPTURING_CARD',
      `You must keep ${aRank(rankLabel(value))} in your hand to build ${value}.`,
      { value },
    );
  return ok(plan);
}
