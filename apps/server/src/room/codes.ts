import { randomBytes, randomInt } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import { ROOM_CODE_ALPHABET } from '@cards/schema';

const CODES_KEY = 'cards:room-codes';
const CODE_LENGTH = 5;

/** Identifies this server process (changes on every start); it is also the holder of its codes. */
export const BOOT_ID = randomBytes(8).toString('hex');

export function randomCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

/**
 * Who may run the room with a given code. A Colyseus roomId that collides silently joins (or, with
 * the Redis driver, overwrites the listing of) the old room, so every room holds its code here first:
 * one process, one holder at a time. In cluster mode (leases.ts RedisCodeLeases) a hold is a lease
 * the process renews, so a process that dies lets its codes go and another process may restore its
 * rooms; the store's fencing epoch (TableStore.claimRoom) then refuses the old holder's writes.
 */
export interface CodeLeases {
  /** Holds `code` for this process; false if someone holds it already. */
  take(code: string, lost: () => void): Promise<boolean>;
  /** Lets `code` go, if this process still holds it. */
  release(code: string): Promise<void>;
  /** The process (its BOOT_ID) holding `code`, or null. */
  holder(code: string): Promise<string | null>;
  /** Stops renewing (the process is shutting down). */
  close(): Promise<void>;
}

/** One process: holds are counts in Colyseus's presence (atomic increments), never lost. */
export const localCodeLeases: CodeLeases = {
  async take(code) {
    return (await matchMaker.presence.hincrby(CODES_KEY, code, 1)) === 1;
  },
  async release(code) {
    await matchMaker.presence.hdel(CODES_KEY, code);
  },
  async holder(code) {
    return ((await matchMaker.presence.hget(CODES_KEY, code)) ?? null) === null ? null : BOOT_ID;
  },
  async close() {},
};

let leases: CodeLeases = localCodeLeases;

/** Cluster mode installs its Redis leases (main.ts); the default is one process. */
export function useCodeLeases(chosen: CodeLeases): void {
  leases = chosen;
}

export const codeLeases = (): CodeLeases => leases;

/**
 * Holds a fresh room code for a new room. `stored` says whether a room with that code is still
 * open in the store (waiting to be restored): its code is never handed out meanwhile.
 */
export async function reserveCode(
  stored: (code: string) => Promise<boolean>,
  lost: () => void,
): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = randomCode();
    if (!(await leases.take(code, lost))) continue;
    if (!(await stored(code))) return code;
    await leases.release(code);
  }
  throw new Error('Could not find a free room code.');
}
