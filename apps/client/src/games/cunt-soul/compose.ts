/**
 * What the Cunt-Soul table offers, read from the legal intents the server sent (never from the
 * rules): which cards light up for a link, which link the chosen cards make, which hand cards and
 * slots a field change or a 5-swap may use. Links, field changes and swaps are listed once per value
 * (suits never matter), so a chosen card stands for any card of its value.
 */
import type { CsValue, CuntSoulIntent, PlayingCard } from '@cards/schema';

/** The printed value of a card id: 'A', '2' … 'K', or 'Joker' ("JK1", "JK2#1"). */
export function valueOfId(id: string): CsValue {
  if (id.startsWith('JK')) return 'Joker';
  const m = /^(A|[2-9]|10|J|Q|K)[SHDC]/.exec(id);
  return (m?.[1] ?? '2') as CsValue;
}

export const valueOfCard = (card: PlayingCard): CsValue => valueOfId(card.id);

type Of<T extends CuntSoulIntent['type']> = Extract<CuntSoulIntent, { type: T }>;
const ofType = <T extends CuntSoulIntent['type']>(legal: readonly CuntSoulIntent[], type: T): Of<T>[] =>
  legal.filter((i): i is Of<T> => i.type === type);

/** The largest link of each value the player may play now. */
export function linkSizes(legal: readonly CuntSoulIntent[]): Map<CsValue, number> {
  const sizes = new Map<CsValue, number>();
  for (const link of ofType(legal, 'playLink')) {
    const value = valueOfId(link.cards[0] ?? '');
    sizes.set(value, Math.max(sizes.get(value) ?? 0, link.cards.length));
  }
  return sizes;
}

/**
 * The cards of `zone` that may join the chosen ones: same value as those chosen, a value some legal
 * link has, and room left in the largest such link. Chosen cards stay tappable (to drop them).
 */
export function tappableLinkCards(
  zone: readonly PlayingCard[],
  legal: readonly CuntSoulIntent[],
  chosen: readonly string[],
): Set<string> {
  const sizes = linkSizes(legal);
  const chosenValue = chosen[0] === undefined ? null : valueOfId(chosen[0]);
  const room = chosenValue === null ? 0 : (sizes.get(chosenValue) ?? 0) - chosen.length;
  const out = new Set<string>();
  for (const card of zone) {
    const value = valueOfCard(card);
    if (chosen.includes(card.id)) out.add(card.id);
    else if (chosenValue === null ? sizes.has(value) : value === chosenValue && room > 0) out.add(card.id);
  }
  return out;
}

/** The link the chosen cards make, when a legal link of that value and size exists. */
export function linkFor(legal: readonly CuntSoulIntent[], chosen: readonly string[]): Of<'playLink'> | null {
  const first = chosen[0];
  if (first === undefined || chosen.some((id) => valueOfId(id) !== valueOfId(first))) return null;
  const listed = ofType(legal, 'playLink').some(
    (l) => l.cards.length === chosen.length && valueOfId(l.cards[0] ?? '') === valueOfId(first),
  );
  return listed ? { type: 'playLink', cards: [...chosen] } : null;
}

/** Which zone the links are played from: the hand, or the face-up cards once the hand is spent. */
export function linkZone(legal: readonly CuntSoulIntent[], hand: readonly PlayingCard[]): 'hand' | 'up' {
  const first = ofType(legal, 'playLink')[0]?.cards[0];
  return first === undefined || hand.some((c) => c.id === first) ? 'hand' : 'up';
}

/** A hand card and a slot, for a field change or a 5-swap (listed per value of the hand card). */
export type SlotIntentType = 'changeField' | 'swap5';

/** The hand cards that have a legal field change or swap. */
export function slotHandCards(
  hand: readonly PlayingCard[],
  legal: readonly CuntSoulIntent[],
  type: SlotIntentType,
): Set<string> {
  const values = new Set(ofType(legal, type).map((i) => valueOfId(i.card)));
  return new Set(hand.filter((c) => values.has(valueOfCard(c))).map((c) => c.id));
}

/** The slots a chosen hand card may go to, and the intent for each. */
export function slotIntents(
  legal: readonly CuntSoulIntent[],
  type: SlotIntentType,
  card: string,
): Map<number, CuntSoulIntent> {
  const value = valueOfId(card);
  const out = new Map<number, CuntSoulIntent>();
  for (const i of ofType(legal, type)) if (valueOfId(i.card) === value) out.set(i.slot, { ...i, card });
  return out;
}

/** Setup (S-3): tapping a card makes it face-up (while fewer than 3), then the field card; again drops it. */
export interface SetupPick {
  up: string[];
  field: string | null;
}

export function toggleSetupCard(pick: SetupPick, id: string): SetupPick {
  if (pick.up.includes(id)) return { ...pick, up: pick.up.filter((c) => c !== id) };
  if (pick.field === id) return { ...pick, field: null };
  if (pick.up.length < 3) return { ...pick, up: [...pick.up, id] };
  if (pick.field === null) return { ...pick, field: id };
  return pick;
}

export function setupIntent(pick: SetupPick): Of<'setupSelect'> | null {
  return pick.up.length === 3 && pick.field !== null
    ? { type: 'setupSelect', up: [...pick.up], field: pick.field }
    : null;
}
