/**
 * Turning the server's list of legal intents into what the table may offer. Nothing here knows the
 * rules of Cassino: an item is tappable only if some legal intent still contains the selection plus
 * that item, and an action button exists only for a legal intent that matches the selection exactly.
 */
import type { CassinoIntent } from '@cards/schema';

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

/** Hand cards that appear in at least one legal intent. */
export function playableCards(legal: readonly CassinoIntent[]): Set<string> {
  return new Set(legal.filter(usesCard).map((intent) => intent.card));
}

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

/** Table items that can be toggled now: chosen ones (to unselect) and any that keep a legal intent in reach. */
export function selectableItems(legal: readonly CassinoIntent[], selection: Selection): Set<string> {
  const out = new Set<string>(selection.items);
  if (!selection.card) return out;
  for (const intent of withItems(legal, selection.card)) {
    if (containsAll(intent.items, selection.items)) for (const id of intent.items) out.add(id);
  }
  return out;
}

export interface Completions {
  trail: TrailIntent | null;
  capture: CaptureIntent | null;
  builds: BuildIntent[];
}

/** The legal intents that the current selection completes exactly. */
export function completions(legal: readonly CassinoIntent[], selection: Selection): Completions {
  const none: Completions = { trail: null, capture: null, builds: [] };
  const card = selection.card;
  if (!card) return none;
  const trail =
    selection.items.length === 0
      ? (legal.find((i): i is TrailIntent => i.type === 'trail' && i.card === card) ?? null)
      : null;
  if (selection.items.length === 0) return { ...none, trail };
  const exact = withItems(legal, card).filter((intent) => sameSet(intent.items, selection.items));
  const capture = exact.find((i): i is CaptureIntent => i.type === 'capture') ?? null;
  const seen = new Set<number>();
  const builds = exact
    .filter((i): i is BuildIntent => i.type === 'build')
    .filter((b) => (seen.has(b.value) ? false : (seen.add(b.value), true)))
    .sort((a, b) => a.value - b.value);
  return { trail, capture, builds };
}

export function toggleItem(selection: Selection, id: string): Selection {
  return selection.items.includes(id)
    ? { ...selection, items: selection.items.filter((x) => x !== id) }
    : { ...selection, items: [...selection.items, id] };
}

export function toggleCard(selection: Selection, card: string): Selection {
  return selection.card === card ? EMPTY_SELECTION : { card, items: [] };
}
