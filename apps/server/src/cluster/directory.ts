import { ErrorCode, logger, matchMaker, ServerError } from '@colyseus/core';
import { type RoomLookup, RoomCodeSchema, RoomLookupSchema } from '@cards/schema';
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
    const result = await restoreRoom(code, store, known, (lost) => findRoom(lost)?.handOver('lease-lost'));
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
      const answer = await askRoom(code, 'lookup');
      if (answer !== undefined && answer !== null) return answer;
      // Alive but slow: ask again. Dead: Colyseus drops its listings, and the room comes back here.
      if (await matchMaker.healthCheckProcessId(listing.processId)) return 'moving';
    }
    let pending = restoring.get(code);
    if (pending === undefined) {
      pending = restoreHere(code).finally(() => restoring.delete(code));
      restoring.set(code, pending);
    }
    return pending;
  };
}

/** Colyseus's own matchmaking entry (every POST /matchmake/:method/:roomName goes through it). */
const invokeMatchmaking = matchMaker.controller.invokeMethod;

/**
 * Cluster mode: a join or reconnect by room id (the SDK's joinById and reconnect) goes through
 * `directory` first, as a code lookup does, so a room whose process died is restored here (or
 * re-listed where it runs) before Colyseus looks for its listing; otherwise the first join after the
 * death would fail (no listing, or a dead process's stale one). A room in this process costs nothing,
 * one elsewhere a remote room call. Colyseus 0.18 exports its matchmaking controller for overrides
 * (cors.ts replaces its CORS answer the same way); it is one per process, like the matchmaker.
 */
export function restoreBeforeJoin(directory: RoomDirectory): void {
  matchMaker.controller.invokeMethod = async function (method, roomName, clientOptions, authOptions) {
    const byId = method === 'joinById' || method === 'reconnect';
    if (
      byId &&
      RoomCodeSchema.safeParse(roomName).data === roomName &&
      (await directory(roomName)) === 'moving'
    )
      throw new ServerError(
        ErrorCode.MATCHMAKE_UNHANDLED,
        'This room is moving to another server; try again.',
      );
    return invokeMatchmaking.call(this, method, roomName, clientOptions, authOptions);
  };
}

/** What a room answers to 'lookup' and 'relist': its lookup, or null (a copy that was handed over). */
const RoomAnswerSchema = RoomLookupSchema.nullable();

/**
 * Calls `method` on the room `code` in whichever process runs it (a remote room call through the
 * presence; it needs no listing). The room's answer, or undefined when none came or it was unreadable.
 */
async function askRoom(code: string, method: 'lookup' | 'relist'): Promise<RoomLookup | null | undefined> {
  try {
    const answer = RoomAnswerSchema.safeParse(await matchMaker.remoteRoomCall(code, method, []));
    if (answer.success) return answer.data;
    logger.warn(`room ${code}: unreadable answer to '${method}'`, answer.error);
  } catch (error) {
    logger.warn(`room ${code}: its process did not answer '${method}'`, error);
  }
  return undefined;
}

/**
 * Asks the process holding `code` to list its room again. No answer: it is still being restored
 * there (or is handing over), so ask again soon.
 */
async function relistElsewhere(code: string): Promise<Lookup> {
  return (await askRoom(code, 'relist')) ?? 'moving';
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
