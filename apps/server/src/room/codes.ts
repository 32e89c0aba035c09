import { randomInt } from 'node:crypto';
import type { Presence } from '@colyseus/core';
import { ROOM_CODE_ALPHABET } from '@cards/schema';

const CODES_KEY = 'cards:room-codes';
const CODE_LENGTH = 5;

export function randomCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

/** Codes of stored rooms waiting to be restored: never handed to a new room meanwhile. */
const heldCodes = new Set<string>();

export function holdCodes(codes: Iterable<string>): void {
  for (const code of codes) heldCodes.add(code);
}

/** A stored room that could not be restored gives its code back at once (not at the next restart). */
export function releaseHeldCode(code: string): void {
  heldCodes.delete(code);
}

/** Whether a stored room waiting to be restored holds this code. */
export function isHeld(code: string): boolean {
  return heldCodes.has(code);
}

/**
 * Reserves the code of a room being restored after a restart (then it is no longer only held).
 * False if a live room already has it.
 */
export async function reserveStoredCode(presence: Presence, code: string): Promise<boolean> {
  const reserved = (await presence.hincrby(CODES_KEY, code, 1)) === 1;
  heldCodes.delete(code);
  return reserved;
}

/**
 * Reserves a fresh room code. A Colyseus roomId that collides would silently join the old room,
 * so the reservation is an atomic increment: only the caller that takes the count to 1 owns it.
 */
export async function reserveCode(presence: Presence): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const code = randomCode();
    if (heldCodes.has(code)) continue;
    if ((await presence.hincrby(CODES_KEY, code, 1)) === 1) return code;
  }
  throw new Error('Could not find a free room code.');
}

export async function releaseCode(presence: Presence, code: string): Promise<void> {
  await presence.hdel(CODES_KEY, code);
}
