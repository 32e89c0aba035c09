/** Jokers: what a Joker cancels (JO-1), paradoxes (§20) and the retroactive consequences (JO-4). */
import { JACK, KING, QUEEN } from './cards.ts';
import { activeSeats, nextActive, seatOf, type Draft, type Link } from './state.ts';

/** §20.3, for a Joker placed by `joker` on a link with an active power. */
export function isParadox(d: Draft, p: Link, joker: number): boolean {
  if (p.syn === 6) return p.sem > 6;
  if (p.av === 8 || p.av === QUEEN) return true;
  if (p.av === JACK) return joker !== nextActive(d, p.player, d.dir);
  if (p.av === KING) return new Set([...activeSeats(d), p.player]).size > 2;
  return false;
}

/** JO-4: a run's links after the starting link go back to the runner's hand; a finisher is reinstated (W-3). */
export function returnRun(d: Draft, startId: number): void {
  for (
    let top = d.pile.at(-1);
    top !== undefined && top.runLink && top.runStartId === startId;
    top = d.pile.at(-1)
  ) {
    d.pile.pop();
    const runner = seatOf(d, top.player);
    runner.hand.push(...top.cards);
    if (runner.finished) {
      runner.finished = false;
      d.finishOrder = d.finishOrder.filter((s) => s !== top.player);
    }
  }
}

/** JO-4 without a paradox: undo a 5's swaps (last first) or a K's reversals; nothing else needs undoing. */
export function undoPower(d: Draft, p: Link): void {
  if (p.av === 5) {
    const owner = seatOf(d, p.player);
    for (const swap of [...p.swaps].reverse()) {
      const at = owner.hand.indexOf(swap.fromSlot);
      if (at < 0) continue; // cannot happen: a 5 ends its chain, so the next link is the Joker
      owner.hand.splice(at, 1, swap.fromHand);
      if (swap.zone === 'up') {
        const slot = owner.up[swap.slot];
        if (slot !== undefined) owner.up[swap.slot] = { ...slot, card: swap.fromSlot };
      } else {
        owner.down[swap.slot] = swap.fromSlot;
        // the owner held that card a moment ago, so knows what lies there again
        owner.knownDown[swap.slot] = swap.fromSlot;
      }
    }
  }
  if (p.av === KING && p.m % 2 === 1) d.dir = d.dir === 1 ? -1 : 1;
}
