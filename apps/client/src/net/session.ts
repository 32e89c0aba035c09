const NAME_KEY = 'cards.name';
const TOKEN_KEY = 'cards.tabToken';
const BROWSER_KEY = 'cards.browser';
const roomKey = (code: string) => `cards.room.${code}`;

function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Private mode or storage disabled: the app still works, it just forgets.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** The remembered display name as stored, or '' if none: check it before use (`loadName`). */
export const storedName = (): string => safeGet(local, NAME_KEY) ?? '';

export function saveName(name: string): void {
  safeSet(local, NAME_KEY, name.trim());
}

function randomToken(): string {
  // crypto.randomUUID needs a secure context; getRandomValues works on plain http (phones on a LAN).
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Per-tab secret: a reloaded tab sends it again to take back its seat. */
export function tabToken(): string {
  const existing = safeGet(session, TOKEN_KEY);
  if (existing && existing.length >= 16 && existing.length <= 64) return existing;
  const token = randomToken();
  safeSet(session, TOKEN_KEY, token);
  return token;
}

let memoryBrowserId: string | null = null;

/**
 * Per-browser secret, shared by every tab (localStorage): a room the host removed this browser from
 * stays closed to it, whichever tab or seat token it comes back with. Sent only to the server.
 */
export function browserId(): string {
  const existing = safeGet(local, BROWSER_KEY);
  if (existing && existing.length >= 16 && existing.length <= 64) return existing;
  // Storage disabled: one id for this page's life at least.
  memoryBrowserId ??= randomToken();
  safeSet(local, BROWSER_KEY, memoryBrowserId);
  return memoryBrowserId;
}

export interface RoomSession {
  /** Colyseus reconnection token of the last connection to this room. */
  reconnectionToken: string;
  /** Whether this tab held a seat (so it should rejoin as a player even if the table looks full). */
  seated: boolean;
  /** The seat token this tab used in this room (its tab token, or a seat it took back). */
  token?: string;
}

export function loadRoomSession(code: string): RoomSession | null {
  const raw = safeGet(session, roomKey(code));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as RoomSession).reconnectionToken === 'string' &&
      typeof (parsed as RoomSession).seated === 'boolean' &&
      ['string', 'undefined'].includes(typeof (parsed as RoomSession).token)
    ) {
      return parsed as RoomSession;
    }
  } catch {
    // fall through
  }
  return null;
}

export function saveRoomSession(code: string, value: RoomSession): void {
  safeSet(session, roomKey(code), JSON.stringify(value));
}

export function clearRoomSession(code: string): void {
  safeSet(session, roomKey(code), null);
}

/*
 * A seat outlives its tab: the tab holding a seat keeps a heartbeat in localStorage, so the same
 * browser reopening the room link after the tab was closed (or discarded by a phone) takes the seat
 * back. A seat whose tab is still alive is left alone, so two tabs of one browser can still be two
 * players.
 */
const SEAT_PREFIX = 'cards.seat.';
const seatKey = (code: string) => `${SEAT_PREFIX}${code}`;
export const SEAT_HEARTBEAT_MS = 4_000;
const SEAT_ALIVE_MS = 3 * SEAT_HEARTBEAT_MS;

interface SeatRecord {
  token: string;
  aliveAt: number;
}

function loadSeatRecord(code: string): SeatRecord | null {
  const raw = safeGet(local, seatKey(code));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    const record = parsed as SeatRecord;
    if (typeof record?.token === 'string' && typeof record.aliveAt === 'number') return record;
  } catch {
    // fall through
  }
  return null;
}

/** Record that this tab holds a seat in the room with this token (call it periodically). */
export function markSeatAlive(code: string, token: string): void {
  safeSet(local, seatKey(code), JSON.stringify({ token, aliveAt: Date.now() }));
}

/** The tab holding the seat is going away: the next tab to open the room may take it at once. */
export function markSeatOrphaned(code: string, token: string): void {
  const record = loadSeatRecord(code);
  if (record?.token === token) safeSet(local, seatKey(code), JSON.stringify({ token, aliveAt: 0 }));
}

/** This browser no longer holds a seat in the room (left on purpose, kicked, room closed). */
export function forgetSeat(code: string, token: string): void {
  if (loadSeatRecord(code)?.token === token) safeSet(local, seatKey(code), null);
}

/** The token to enter a room with: this tab's own for the room, else an orphaned seat's, else the tab's. */
export function tokenForRoom(code: string, previous: RoomSession | null): string {
  if (previous?.token) return previous.token;
  const record = loadSeatRecord(code);
  if (record && Date.now() - record.aliveAt > SEAT_ALIVE_MS) return record.token;
  return tabToken();
}

/** Rooms where this browser holds (or held, until the room says otherwise) a seat. */
export function seatedRoomCodes(): string[] {
  const codes: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const code = key?.startsWith(SEAT_PREFIX) ? key.slice(SEAT_PREFIX.length) : null;
      if (code !== null && loadSeatRecord(code) !== null) codes.push(code);
    }
  } catch {
    // Storage disabled: no seats remembered.
  }
  return codes;
}
