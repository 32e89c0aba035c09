/** QU-4: resolving the queue at the end of a turn. */
import type { Seat } from '../core/game.ts';
import { nextActive, seatOf, type Draft, type QueueItem } from './state.ts';

export function resolveQueue(d: Draft, start: Seat, items: readonly QueueItem[]): Seat {
  let p = start;
  for (const item of items) p = item.kind === 'moveTo' ? item.seat : nextActive(d, p, d.dir);
  return seatOf(d, p).finished ? nextActive(d, p, d.dir) : p;
}
