import { randomBytes } from 'node:crypto';
import { logger, matchMaker } from '@colyseus/core';
import { releaseHeldCode } from '../room/codes.ts';
import type { StoredRoom, TableStore } from './tableStore.ts';

/** Stored rooms handed to GameRoom.onCreate by an unguessable ticket (clients cannot forge one). */
const tickets = new Map<string, StoredRoom>();

/** The stored room this room is created to restore, if `ticket` is a live restore ticket. */
export function takeRestore(ticket: unknown): StoredRoom | null {
  if (typeof ticket !== 'string') return null;
  const stored = tickets.get(ticket) ?? null;
  tickets.delete(ticket);
  return stored;
}

export interface RestoreReport {
  restored: string[];
  /** Rooms that could not come back, with why (their records are kept, closed). */
  closed: { code: string; reason: string }[];
}

/**
 * Creates every stored open room again (same code), one after another. Call after the server
 * listens, with the codes held beforehand (codes.ts holdCodes) so no new room takes one meanwhile.
 */
export async function restoreRooms(
  rooms: readonly StoredRoom[],
  store: TableStore,
  known: ReadonlySet<string>,
): Promise<RestoreReport> {
  const report: RestoreReport = { restored: [], closed: [] };
  for (const room of rooms) {
    const { code, game } = room.snapshot;
    if (!known.has(game)) {
      const reason = `This server has no game called ${game}; the room was closed and its record kept.`;
      await store.closeRoom(code, reason);
      releaseHeldCode(code);
      report.closed.push({ code, reason });
      continue;
    }
    const ticket = randomBytes(16).toString('hex');
    tickets.set(ticket, room);
    try {
      await matchMaker.createRoom(game, { restoreTicket: ticket });
      report.restored.push(code);
    } catch (error) {
      tickets.delete(ticket);
      releaseHeldCode(code);
      const reason = error instanceof Error ? error.message : String(error);
      logger.error(`room ${code} was not restored: ${reason}`);
      report.closed.push({ code, reason });
    }
  }
  return report;
}
