import { logger, matchMaker } from '@colyseus/core';
import { type RoomLookup, RoomLookupSchema } from '@cards/schema';
import { findRoom } from '../room/GameRoom.ts';
import { restoreRoom } from '../store/restore.ts';
import type { TableStore } from '../store/tableStore.ts';

/** A room's lookup: found, none, or being moved between processes right now (ask again soon). */
export type Lookup = RoomLookup | null | 'moving';

/** Answers GET /api/rooms/:code. */
export type RoomDirectory = (code: string) => Promise<Lookup>;

/** One process: the rooms are all here. */
export const localDirectory: RoomDirectory = (code) => Promise.resolve(findRoom(code)?.lookup() ?? null);

/**
 * Cluster mode: a room in this process answers at once; a room listed by Colyseus's Redis driver
 * answers through the presence (a remote room call to its process). A room nobody runs but the
 * shared store keeps open (its process died: the listing is gone or its process fails Colyseus's
 * health check, and its code's lease has expired) is restored here, so the players who come back
 * find it and take their seats again.
 */
export function clusterDirectory(store: TableStore | null, known: ReadonlySet<string>): RoomDirectory {
  const restoring = new Map<string, Promise<Lookup>>();
  const restoreHere = async (code: string): Promise<Lookup> => {
    if (store === null || !(await store.isOpen(code))) return null;
    const result = await restoreRoom(code, store, known, (lost) => findRoom(lost)?.handOver());
    if (result === 'restored') return findRoom(code)?.lookup() ?? 'moving';
    // Another process holds the code: its listing appears once it has restored the room, or is
    // written again if a stale copy elsewhere removed it.
    return result === 'elsewhere' ? relistElsewhere(code) : null;
  };
  return async (code) => {
    const local = findRoom(code);
    if (local !== undefined) return local.lookup();
    const listing = await matchMaker.driver.findOne({ roomId: code });
    if (listing !== undefined && listing !== null) {
      try {
        const answer = RoomLookupSchema.safeParse(await matchMaker.remoteRoomCall(code, 'lookup', []));
        if (answer.success) return answer.data;
      } catch (error) {
        logger.warn(`room ${code}: its process did not answer the lookup`, error);
        // Alive but slow: ask again. Dead: Colyseus drops its listings, and the room comes back here.
        if (await matchMaker.healthCheckProcessId(listing.processId)) return 'moving';
      }
    }
    let pending = restoring.get(code);
    if (pending === undefined) {
      pending = restoreHere(code).finally(() => restoring.delete(code));
      restoring.set(code, pending);
    }
    return pending;
  };
}

/** Asks the process holding `code` to list its room again (a remote room call needs no listing). */
async function relistElsewhere(code: string): Promise<Lookup> {
  try {
    const answer = RoomLookupSchema.nullable().safeParse(await matchMaker.remoteRoomCall(code, 'relist', []));
    return answer.success && answer.data !== null ? answer.data : 'moving';
  } catch {
    return 'moving'; // not running yet (still being restored there): ask again soon
  }
}

/**
 * Cluster mode, every few lease periods: the open rooms in the store that no process holds (their
 * process died, their lease ran out) and nobody has asked for are looked up here, which restores them
 * on this process; a room nobody returns to then closes after the reconnection window, as after a
 * restart, so its code and record do not stay stuck. Returns the codes it looked up.
 */
export async function sweepOrphans(
  store: TableStore,
  directory: RoomDirectory,
  holder: (code: string) => Promise<string | null>,
): Promise<string[]> {
  const swept: string[] = [];
  for (const code of await store.openCodes()) {
    if (findRoom(code) !== undefined || (await holder(code)) !== null) continue;
    await directory(code);
    swept.push(code);
  }
  return swept;
}
