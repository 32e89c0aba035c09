import { randomBytes } from 'node:crypto';
import { logger, matchMaker } from '@colyseus/core';
import { codeLeases } from '../room/codes.ts';
import type { StoredRoom, TableStore } from './tableStore.ts';

/** A stored room to bring back, with the fencing epoch this process claimed for it. */
export interface Restore {
  stored: StoredRoom;
  epoch: number;
}

/** Stored rooms handed to GameRoom.onCreate by an unguessable ticket (clients cannot forge one). */
const tickets = new Map<string, Restore>();

/** The stored room this room is created to restore, if `ticket` is a live restore ticket. */
export function takeRestore(ticket: unknown): Restore | null {
  if (typeof ticket !== 'string') return null;
  const restore = tickets.get(ticket) ?? null;
  tickets.delete(ticket);
  return restore;
}

export interface RestoreReport {
  restored: string[];
  /** Rooms that could not come back, with why (their records are kept, closed). */
  closed: { code: string; reason: string }[];
  /** Rooms another process holds (cluster mode): left to it. */
  elsewhere: string[];
}

export type RestoreResult = 'restored' | 'elsewhere' | { closed: string };

/**
 * Brings one stored open room back in this process, with the same code: holds its code (elsewhere if
 * a live room anywhere holds it), raises its fencing epoch in the store (a process still running it
 * can no longer write), reads it — after the claim, so no intent accepted before is missed — and
 * creates the room here through the matchmaker with a ticket.
 */
export async function restoreRoom(
  code: string,
  store: TableStore,
  known: ReadonlySet<string>,
  lost: (code: string) => void,
  lastAlive?: number,
): Promise<RestoreResult> {
  if (!(await codeLeases().take(code, () => lost(code)))) return 'elsewhere';
  const epoch = await store.claimRoom(code);
  const read = epoch === null ? null : await store.openRoom(code);
  // `lastAlive` (main.ts: read before this process's first heartbeat) stands in for records from before
  // per-process heartbeats; otherwise the store gives the heartbeat of the process that ran the room.
  const room =
    read === null || lastAlive === undefined || read.snapshot.process !== undefined
      ? read
      : { ...read, lastAlive };
  if (epoch === null || room === null) {
    // Closed meanwhile (by the process that ran it).
    await codeLeases().release(code);
    return 'elsewhere';
  }
  const { game } = room.snapshot;
  if (!known.has(game)) {
    const reason = `This server has no game called ${game}; the room was closed and its record kept.`;
    await store.closeRoom(code, reason);
    await codeLeases().release(code);
    return { closed: reason };
  }
  const ticket = randomBytes(16).toString('hex');
  tickets.set(ticket, { stored: room, epoch });
  try {
    // Here, not on the least busy process: the ticket lives in this process.
    await matchMaker.handleCreateRoom(game, { restoreTicket: ticket });
    return 'restored';
  } catch (error) {
    tickets.delete(ticket);
    await codeLeases().release(code);
    const reason = error instanceof Error ? error.message : String(error);
    logger.error(`room ${code} was not restored: ${reason}`);
    return { closed: reason };
  }
}

/**
 * Brings back every stored open room no other process holds, one after another (after listen).
 * `lastAlive`: the store's last heartbeat before this process wrote its own (the rooms' clocks
 * resume from it).
 */
export async function restoreRooms(
  codes: readonly string[],
  store: TableStore,
  known: ReadonlySet<string>,
  lost: (code: string) => void,
  lastAlive: number,
): Promise<RestoreReport> {
  const report: RestoreReport = { restored: [], closed: [], elsewhere: [] };
  for (const code of codes) {
    const result = await restoreRoom(code, store, known, lost, lastAlive);
    if (result === 'restored') report.restored.push(code);
    else if (result === 'elsewhere') report.elsewhere.push(code);
    else report.closed.push({ code, reason: result.closed });
  }
  return report;
}
