import type { MathCard, MathCardGameIntent, MathOperator, MathPlay, MathTarget } from '@cards/schema';

/**
 * Composing one whole turn from the server's `legal` list. The client never decides what is legal:
 * every choice it offers is read off the listed intents. The list names one representative card per
 * identical face and one order for two cards that commute, so the cards the player picked are
 * matched to it by face, sequence and operator, regardless of order; the intent sent carries the
 * actual card ids in the order the player chose them (the server accepts both).
 */

export type TurnIntent = Extract<MathCardGameIntent, { type: 'turn' }>;

export interface ChosenPlay {
  card: string;
  sequence: MathTarget;
  operator?: MathOperator;
}

export interface Draft {
  plays: readonly ChosenPlay[];
  under: readonly string[];
}

export const EMPTY_DRAFT: Draft = { plays: [], under: [] };

export const turnIntents = (legal: readonly MathCardGameIntent[]): TurnIntent[] =>
  legal.filter((intent): intent is TurnIntent => intent.type === 'turn');

/** The face of every card the viewer holds (legal intents only name hand cards). */
export type Faces = ReadonlyMap<string, string>;

export const facesOf = (hand: readonly MathCard[]): Faces => new Map(hand.map((c) => [c.id, c.face]));

const samePlay = (listed: MathPlay, chosen: ChosenPlay, faces: Faces): boolean =>
  listed.sequence === chosen.sequence &&
  listed.operator === chosen.operator &&
  faces.get(listed.card) !== undefined &&
  faces.get(listed.card) === faces.get(chosen.card);

/** The listed plays left over once each chosen play took one equal play; null if one found none. */
function leftover(
  listed: readonly MathPlay[],
  chosen: readonly ChosenPlay[],
  faces: Faces,
): MathPlay[] | null {
  const rest = listed.slice();
  for (const play of chosen) {
    const at = rest.findIndex((p) => samePlay(p, play, faces));
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

/** Faces of `listed` left after removing the faces of `chosen`; null if one is missing. */
function leftoverFaces(listed: readonly string[], chosen: readonly string[], faces: Faces): string[] | null {
  const rest = listed.map((id) => faces.get(id) ?? `?${id}`);
  for (const id of chosen) {
    const at = rest.indexOf(faces.get(id) ?? `!${id}`);
    if (at < 0) return null;
    rest.splice(at, 1);
  }
  return rest;
}

interface Candidate {
  intent: TurnIntent;
  /** Listed plays not yet matched by the draft. */
  plays: MathPlay[];
  /** Faces still to go under, once every play is matched (else null). */
  under: string[] | null;
}

/** Everything the choices are read from: the listed intents, hand faces, sequences open now. */
export interface Listing {
  legal: readonly MathCardGameIntent[];
  faces: Faces;
  /** Sequences open on the table before this turn. */
  opened: number;
}

/**
 * A target the draft can use now: a slot a starter of this turn opens (listed as its number) only
 * exists once that starter has been chosen.
 */
function reachable(target: MathTarget, draft: Draft, opened: number): boolean {
  if (target === 'new') return true;
  const starters = draft.plays.filter((p) => p.sequence === 'new').length;
  return target < opened + starters;
}

/** The listed turns the draft can still become. */
export function candidates({ legal, faces }: Listing, draft: Draft): Candidate[] {
  const out: Candidate[] = [];
  for (const intent of turnIntents(legal)) {
    const plays = leftover(intent.plays, draft.plays, faces);
    if (plays === null) continue;
    if (plays.length > 0) {
      if (draft.under.length === 0) out.push({ intent, plays, under: null });
      continue;
    }
    const under = leftoverFaces(intent.under, draft.under, faces);
    if (under !== null) out.push({ intent, plays, under });
  }
  return out;
}

export type Stage =
  /** Not the viewer's turn to compose (or nothing listed). */
  | { kind: 'idle' }
  | { kind: 'mulligan' }
  /** Pick cards to play (`left` more); `faces` are the faces a hand card may have to be picked. */
  | { kind: 'play'; left: number; faces: ReadonlySet<string> }
  /** Every play chosen; pick `left` more cards to go under the pile. */
  | { kind: 'under'; left: number; faces: ReadonlySet<string> }
  /** A complete listed turn: ready to submit. */
  | { kind: 'ready'; intent: TurnIntent };

export function stageOf(listing: Listing, draft: Draft): Stage {
  const { legal, faces, opened } = listing;
  if (legal.some((i) => i.type === 'mulligan') && turnIntents(legal).length === 0)
    return { kind: 'mulligan' };
  const found = candidates(listing, draft);
  if (found.length === 0) return { kind: 'idle' };
  const playing = found.filter((c) => c.plays.length > 0);
  if (playing.length > 0) {
    const left = Math.max(...playing.map((c) => c.plays.length));
    const next = playing.flatMap((c) => c.plays.filter((p) => reachable(p.sequence, draft, opened)));
    return { kind: 'play', left, faces: new Set(next.map((p) => faces.get(p.card) ?? '')) };
  }
  const done = found.find((c) => c.under?.length === 0);
  if (done) {
    const plays: MathPlay[] = draft.plays.map((p) =>
      p.operator === undefined
        ? { card: p.card, sequence: p.sequence }
        : { card: p.card, sequence: p.sequence, operator: p.operator },
    );
    return { kind: 'ready', intent: { type: 'turn', plays, under: [...draft.under] } };
  }
  const left = Math.max(...found.map((c) => c.under?.length ?? 0));
  return { kind: 'under', left, faces: new Set(found.flatMap((c) => c.under ?? [])) };
}

/** Where the card with this face may go next, in listed order, without duplicates. */
export function targetsFor(listing: Listing, draft: Draft, face: string): MathTarget[] {
  const out: MathTarget[] = [];
  for (const c of candidates(listing, draft))
    for (const p of c.plays)
      if (
        listing.faces.get(p.card) === face &&
        reachable(p.sequence, draft, listing.opened) &&
        !out.includes(p.sequence)
      )
        out.push(p.sequence);
  return out;
}

const OPERATOR_ORDER: readonly MathOperator[] = ['+', '-', '*', '/'];

/** The operators a `?` with this face may stand for at `target`, in + − × ÷ order. */
export function operatorsFor(
  listing: Listing,
  draft: Draft,
  face: string,
  target: MathTarget,
): MathOperator[] {
  const found = new Set<MathOperator>();
  for (const c of candidates(listing, draft))
    for (const p of c.plays)
      if (listing.faces.get(p.card) === face && p.sequence === target && p.operator !== undefined)
        found.add(p.operator);
  return OPERATOR_ORDER.filter((op) => found.has(op));
}

/** Hand cards not yet used in the draft (played or put under). */
export function unusedCards<T extends { id: string }>(hand: readonly T[], draft: Draft): T[] {
  const used = new Set([...draft.plays.map((p) => p.card), ...draft.under]);
  return hand.filter((c) => !used.has(c.id));
}

/** The draft with its last choice taken back. */
export function undoLast(draft: Draft): Draft {
  if (draft.under.length > 0) return { ...draft, under: draft.under.slice(0, -1) };
  if (draft.plays.length > 0) return { plays: draft.plays.slice(0, -1), under: [] };
  return draft;
}

const cards = (n: number) => `${n} more card${n === 1 ? '' : 's'}`;

/** Why the turn cannot be submitted yet, in the rules' words (null when nothing is missing). */
export function turnHint(stage: Stage): string | null {
  switch (stage.kind) {
    case 'play':
      return `Play ${cards(stage.left)}: you must play as many cards as you can. Greyed cards are not part of any turn that does.`;
    case 'under':
      return `Choose ${cards(stage.left)} to go under your pile: two cards leave your hand every turn.`;
    default:
      return null;
  }
}
