/** P-3: what happens when a link is placed, step by step. */
import { ACE, JACK, JOKER, KING, NONE, TABLE, syn } from './cards.ts';
import { burnPile } from './burn.ts';
import { fieldFlags, type FieldFlags } from './fields.ts';
import { isParadox, returnRun, undoPower } from './jokers.ts';
import { activePower } from './values.ts';
import { activeSeats, seatOf, topLink, type BurnReason, type Draft, type Link } from './state.ts';

/** B-3: cards of value `u` touching at the top of the pile, across links. */
function touching(pile: readonly Link[], u: number): number {
  let k = 0;
  for (let i = pile.length - 1; i >= 0 && pile[i]?.syn === u; i--) k += pile[i]?.cards.length ?? 0;
  return k;
}

/** V-2: the semantic value, from the link beneath after any Joker cancellation. */
function semanticValue(
  u: number,
  beneath: Link | null,
  trio: boolean,
  abilitiesOn: boolean,
  f: FieldFlags,
): number {
  if (trio) return 3;
  if (u === JOKER) return beneath === null ? TABLE : beneath.syn === JOKER ? beneath.sem : beneath.syn;
  if (u === 6 && abilitiesOn) return beneath === null ? TABLE : beneath.sem;
  if (f.f9 && u <= 9) return 9;
  return u;
}

/** V-4: the ability the link exercises. */
function abilityValue(u: number, sem: number, trio: boolean, abilitiesOn: boolean): number {
  if (!abilitiesOn) return NONE;
  if (trio) return 3;
  if (u === JOKER) return JOKER;
  if (u === 6) return sem === TABLE || sem === 6 ? NONE : sem;
  return u;
}

/** Z-5: the field card goes into the hand the moment the face-down zone empties (Z-5). */
export function fieldToHandIfDownEmpty(d: Draft, seat: number): void {
  const p = seatOf(d, seat);
  if (p.field === null || p.down.some((c) => c !== null)) return;
  p.hand.push(p.field);
  p.lingering = p.field;
  p.field = null;
}

/** Whether a 5-swap could be made now, and with which zone (C-5, F-5). */
export function swapZone(link: Link, f: FieldFlags): 'up' | 'down' {
  return f.f5 && link.sem === 5 ? 'down' : 'up';
}

export function canSwap(d: Draft, seat: number, zone: 'up' | 'down'): boolean {
  const p = seatOf(d, seat);
  if (p.hand.length === 0) return false;
  return zone === 'up' ? p.up.some((u) => u.card !== null) : p.down.some((c) => c !== null);
}

/**
 * Places a link of `cards` (already taken from the player's zone) for the current player: Joker
 * cancellation, values, the ace penalty, four of a kind, immediate effects, the burn, the field card
 * into the hand, the chain state and the link's prompt (P-3 steps 1–9).
 */
export function placeLink(d: Draft, cards: readonly string[], fromDown: boolean): void {
  const t = d.turn;
  const p = d.current;
  const u = syn(cards[0] as string);
  const run = t.oblig === 'runMust' || t.oblig === 'runMay' ? t.run : null;
  const f = fieldFlags(d);
  const under = topLink(d);
  const k = cards.length + touching(d.pile, u);
  const trio = f.f3 && k === 3;
  const abilitiesOn = !f.fJoker && run === null;
  let burn: BurnReason | null = null;
  let beneath = under;
  // step 2: a cancelling Joker
  if (u === JOKER && abilitiesOn && !trio && under !== null) {
    if (under.runLink && under.runStartId !== null) {
      returnRun(d, under.runStartId);
      beneath = topLink(d);
    } else if (activePower(under, f)) {
      if (isParadox(d, under, p)) burn = 'paradox';
      else undoPower(d, under);
    }
  }
  // step 3: values
  const sem = semanticValue(u, beneath, trio, abilitiesOn, f);
  const av = abilityValue(u, sem, trio, abilitiesOn);
  const link: Link = {
    id: d.nextLinkId,
    cards: [...cards],
    syn: u,
    sem,
    av,
    m: f.fQ ? 1 : cards.length * 2 ** f.eights,
    player: p,
    runLink: run !== null,
    runStartId: run?.startId ?? null,
    choice: null,
    swaps: [],
  };
  d.nextLinkId++;
  t.links++;
  // step 4: playing on an ace
  if (beneath !== null && activePower(beneath, f) && beneath.av === ACE && av !== JOKER)
    t.acePenalty += beneath.m;
  d.pile.push(link);
  d.step.placed.push(link);
  // step 5: four of a kind
  if (burn === null && k >= 4) burn = 'fourOfAKind';
  // step 6: immediate effects
  if (av === 8) for (let i = 0; i < link.m; i++) t.queue.push({ kind: 'skip' });
  if (av === KING && link.m % 2 === 1) d.dir = d.dir === 1 ? -1 : 1;
  if (av === 10 && burn === null) burn = 'ten';
  // step 7: the burn
  if (burn !== null) burnPile(d, burn);
  // step 8: zone bookkeeping
  if (fromDown) fieldToHandIfDownEmpty(d, p);
  // step 9: the chain
  if (burn === null) nextInChain(d, link);
  // the link's prompt (21.3)
  if (av === 5) {
    const zone = swapZone(link, f);
    if (canSwap(d, p, zone)) t.pending = { kind: 'swap5', left: link.m, zone, linkId: link.id };
  } else if (av === JACK && !f.fJ && activeSeats(d).filter((s) => s !== p).length >= 2)
    t.pending = { kind: 'chooseNext' };
  else if (av === 7 && burn === null) t.pending = { kind: 'declare7', linkId: link.id };
}

/** T-3: what the chain expects after a link that did not burn. */
function nextInChain(d: Draft, link: Link): void {
  const t = d.turn;
  if (link.runLink && t.run !== null) {
    const startId = t.run.startId;
    if (t.run.len === 1)
      // the starting link's power is spent making the run (C-4)
      d.pile = d.pile.map((l) => (l.id === startId ? { ...l, av: NONE } : l));
    t.run = { startId, last: link.syn, len: t.run.len + 1 };
    if (link.syn === ACE) endChain(d);
    else t.oblig = t.run.len < 3 ? 'runMust' : 'runMay';
  } else if (link.av === 12) t.oblig = 'mustExtend';
  else if (link.av === 4) {
    t.oblig = 'runMay';
    t.run = { startId: link.id, last: 4, len: 1 };
  } else endChain(d);
}

export function endChain(d: Draft): void {
  d.turn.chainOver = true;
  d.turn.oblig = 'none';
  d.turn.run = null;
}
