/**
 * Turning the server's list of legal intents into what the table may offer. Nothing here knows the
 * rules of Cassino: an item is tappable only if some legal intent still contains the selection plus
 * that item, and an action button exists only for a legal intent that matches the selection exactly.
 *
 * One exception, decided by the server: on an absurd table the list of a card's captures and builds
 * may be cut short, and the view names that card in `freePlay`. For such a card every table item is
 * tappable and, once items are chosen, Capture and Build (for the values the server named) are
 * offered for them as they are; the server checks the move and explains a refusal.
 */
import type { CassinoFreePlay, CassinoIntent } from '@cards/schema';

export interface Selection {
  card: string | null;
  items: readonly string[];
}

export const EMPTY_SELECTION: Selection = { card: null, items: [] };

type CaptureIntent = Extract<CassinoIntent, { type: 'capture' }>;
type BuildIntent = Extract<CassinoIntent, { type: 'build' }>;
type TrailIntent = Extract<CassinoIntent, { type: 'trail' }>;

const usesCard = (intent: CassinoIntent): intent is TrailIntent | CaptureIntent | BuildIntent =>
  intent.type !== 'continue';

/** Hand cards that appear in at least one legal intent, or whose plays the server left free. */
export function playableCards(
  legal: readonly CassinoIntent[],
  freePlay: readonly CassinoFreePlay[] = [],
): Set<string> {
  return new Set([...legal.filter(usesCard).map((intent) => intent.card), ...freePlay.map((f) => f.card)]);
}

/** The selected card's free play, if the server cut its list short. */
export const freePlayOf = (
  freePlay: readonly CassinoFreePlay[],
  selection: Selection,
): CassinoFreePlay | null => freePlay.find((f) => f.card === selection.card) ?? null;

function withItems(legal: readonly CassinoIntent[], card: string): (CaptureIntent | BuildIntent)[] {
  return legal.filter(
    (intent): intent is CaptureIntent | BuildIntent =>
      (intent.type === 'capture' || intent.type === 'build') && intent.card === card,
  );
}

const containsAll = (items: readonly string[], chosen: readonly string[]) =>
  chosen.every((id) => items.includes(id));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && containsAll(a, b) && containsAll(b, a);

/**
 * Table items that can be toggled now: chosen ones (to unselect) and any that keep a legal intent in
 * reach — every item of `tableIds` when the selected card is free (`free`).
 */
export function selectableItems(
  legal: readonly CassinoIntent[],
  selection: Selection,
  free: { tableIds: readonly string[] } | null = null,
): Set<string> {
  const out = new Set<string>(selection.items);
  if (!selection.card) return out;
  if (free) return new Set([...out, ...free.tableIds]);
  for (const intent of withItems(legal, selection.card)) {
    if (containsAll(intent.items, selection.items)) for (const id of intent.items) out.add(id);
  }
  return out;
}

export interface Completions {
  trail: TrailIntent | null;
  capture: CaptureIntent | null;
  builds: BuildIntent[];
  /** False when the capture or builds offered are the player's free choice, for the server to check. */
  listed: boolean;
}

/** The legal intents that the current selection completes exactly (or, for a free card, may complete). */
export function completions(
  legal: readonly CassinoIntent[],
  selection: Selection,
  free: CassinoFreePlay | null = null,
): Completions {
  const none: Completions = { trail: null, capture: null, builds: [], listed: true };
  const card = selection.card;
  if (!card) return none;
  const trail =
    selection.items.length === 0
      ? (legal.find((i): i is TrailIntent => i.type === 'trail' && i.card === card) ?? null)
      : null;
  if (selection.items.length === 0) return { ...none, trail };
  const exact = withItems(legal, card).filter((intent) => sameSet(intent.items, selection.items));
  let capture = exact.find((i): i is CaptureIntent => i.type === 'capture') ?? null;
  const byValue = new Map<number, BuildIntent>();
  for (const b of exact) if (b.type === 'build' && !byValue.has(b.value)) byValue.set(b.value, b);
  const listed = capture !== null || byValue.size > 0;
  if (free && !listed) {
    const items = [...selection.items];
    if (free.capture) capture = { type: 'capture', card, items };
    for (const value of free.buildValues) byValue.set(value, { type: 'build', card, items, value });
  }
  const builds = [...byValue.values()].sort((a, b) => a.value - b.value);
  return { trail, capture, builds, listed: listed || !free };
}

export function toggleItem(selection: Selection, id: string): Selection {
  return selection.items.includes(id)
    ? { ...selection, items: selection.items.filter((x) => x !== id) }
    : { ...selection, items: [...selection.items, id] };
}

export function toggleCard(selection: Selection, card: string): Selection {
  return selection.card === card ? EMPTY_SELECTION : { card, items: [] };
}

/** One group of chosen table items, in the order they were tapped, with the sum of their values. */
export interface ChosenGroup {
  items: string[];
  /** The values as written on the cards and build piles ("5 + 3"); a face card has none. */
  values: (number | null)[];
  sum: number;
  /** The group makes the hand card's value (or pairs its face card). */
  complete: boolean;
}

/**
 * The chosen items as groups for showing the choice ("5 + 3 = 8"): split into groups that each make
 * the hand card's rank when the values allow it (in tap order as far as possible), else cut in tap
 * order where a group reaches the rank. Which capture is legal is the server's list, never this.
 */
export function chosenGroups(
  items: readonly string[],
  valueOf: (id: string) => number | null,
  handRank: number,
): ChosenGroup[] {
  const group = (ids: readonly string[]): ChosenGroup => {
    const values = ids.map(valueOf);
    const sum = values.reduce<number>((t, v) => t + (v ?? 0), 0);
    const complete = values.some((v) => v === null) ? ids.length === 1 : sum === handRank;
    return { items: [...ids], values, sum, complete };
  };
  const split = items.length <= 12 ? splitExactly(items, valueOf, handRank) : null;
  if (split) return split.map(group);
  const groups: string[][] = [];
  let open: string[] = [];
  for (const id of items) {
    open.push(id);
    const g = group(open);
    if (g.complete || valueOf(id) === null) {
      groups.push(open);
      open = [];
    }
  }
  if (open.length > 0) groups.push(open);
  return groups.map(group);
}

/** Groups of the items that each sum to `target` (a face card alone), or null when there are none. */
function splitExactly(
  items: readonly string[],
  valueOf: (id: string) => number | null,
  target: number,
): string[][] | null {
  if (items.length === 0) return [];
  const [first, ...rest] = items as [string, ...string[]];
  const v = valueOf(first);
  if (v === null) {
    const more = splitExactly(rest, valueOf, target);
    return more && [[first], ...more];
  }
  // Grow the first item's group from the items after it, in order, until it makes the target.
  const grow = (group: string[], sum: number, from: number): string[][] | null => {
    if (sum === target) {
      const more = splitExactly(
        rest.filter((id) => !group.includes(id)),
        valueOf,
        target,
      );
      return more && [group, ...more];
    }
    for (let k = from; k < rest.length; k++) {
      const id = rest[k] as string;
      const w = valueOf(id);
      if (w === null || sum + w > target) continue;
      const found = grow([...group, id], sum + w, k + 1);
      if (found) return found;
    }
    return null;
  };
  return grow([first], v, 0);
}
