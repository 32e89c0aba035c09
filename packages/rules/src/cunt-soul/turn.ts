/** Turns: the start (T-1), pick-ups (U), the end of a turn (21.3), finishing and the game's end (W). */
import type { Seat } from '../core/game.ts';
import { fieldFlags, handSize, syncSourceFlip } from './fields.ts';
import { endChain } from './placement.ts';
import { resolveQueue } from './queue.ts';
import { activeSeats, cardsHeld, freshTurn, nextActive, seatOf, zoneOf, type Draft } from './state.ts';

export function startTurn(d: Draft, seat: Seat): void {
  d.current = seat;
  d.turn = freshTurn();
}

/** U-2: the whole pile (and a failed face-down card) goes into the hand; the turn ends (U-3). */
export function pickUp(d: Draft, extra: readonly string[] = []): void {
  const p = seatOf(d, d.current);
  const cards = [...d.pile.flatMap((l) => l.cards), ...extra];
  p.hand.push(...cards);
  d.step.pickedUp += cards.length;
  d.pile = [];
  endChain(d);
  d.turn.endedByPickUp = true;
}

function draw(d: Draft, seat: Seat, count: number): void {
  const p = seatOf(d, seat);
  for (let i = 0; i < count && d.source.length > 0; i++) p.hand.push(d.source.shift() as string);
}

/**
 * Runs everything the engine does by itself until a player must decide: forced pick-ups, the end of
 * the chain, finishing, the end of the turn and the start of the next. Called after every intent.
 */
export function settle(d: Draft): void {
  if (d.phase !== 'play' || d.turn.pending !== null) return;
  const t = d.turn;
  if (!t.chainOver) {
    const zone = zoneOf(d, d.current);
    if (zone !== 'none') return;
    if (t.oblig === 'mustExtend' || t.oblig === 'runMust') pickUp(d);
    else if (t.oblig === 'runMay') endChain(d);
    else return;
  }
  const p = seatOf(d, d.current);
  if (!p.finished && cardsHeld(p) === 0) {
    p.finished = true;
    d.finishOrder.push(d.current);
  }
  if (!t.fieldJDone && !t.endedByPickUp) {
    t.fieldJDone = true;
    const others = activeSeats(d).filter((s) => s !== d.current);
    if (fieldFlags(d).fJ && others.length >= 2) {
      t.pending = { kind: 'fieldJ' };
      return;
    }
  }
  endTurn(d);
}

/** 21.3 step 3: refill, the ace penalty, the lingering field card ends, the game's end, the queue. */
function endTurn(d: Draft): void {
  const seat = d.current;
  const p = seatOf(d, seat);
  if (!p.finished) {
    draw(d, seat, Math.max(0, handSize(d) - p.hand.length));
    draw(d, seat, d.turn.acePenalty);
  }
  p.lingering = null;
  syncSourceFlip(d);
  d.turnsPlayed++;
  const active = activeSeats(d);
  if (active.length <= 1) {
    d.phase = 'over';
    d.result = { order: [...d.finishOrder, ...active], byLimit: false };
    return;
  }
  const next = resolveQueue(d, seat, d.turn.queue);
  if (d.turnsPlayed >= d.options.turnLimit) {
    d.phase = 'over';
    d.result = { order: [...d.finishOrder, ...rankStillIn(d, next)], byLimit: true };
    return;
  }
  startTurn(d, next);
}

/** W-5: the players still in, fewest cards first, ties in turn order from the player who would be next. */
function rankStillIn(d: Draft, next: Seat): Seat[] {
  const order: Seat[] = [];
  for (let s = next; !order.includes(s); s = nextActive(d, s, d.dir)) order.push(s);
  return order
    .map((s, i) => ({ s, i, cards: cardsHeld(seatOf(d, s)) }))
    .sort((a, b) => a.cards - b.cards || a.i - b.i)
    .map((x) => x.s);
}
