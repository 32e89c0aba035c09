import { DisplayNameSchema } from '@cards/schema';

const NAME_KEY = 'cards.name';
const TOKEN_KEY = 'cards.tabToken';
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

/** The remembered display name, or '' if none (or if what is stored is no longer valid). */
export function loadName(): string {
  const stored = safeGet(local, NAME_KEY) ?? '';
  return DisplayNameSchema.safeParse(stored).success ? stored : '';
}

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

export interface RoomSession {
  /** Colyseus reconnection token of the last connection to this room. */
  reconnectionToken: string;
  /** Whether this tab held a seat (so it should rejoin as a player even if the table looks full). */
  seated: boolean;
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
      typeof (parsed as RoomSession).seated === 'boolean'
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
