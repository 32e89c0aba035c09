import { useState } from 'react';
import type { z } from 'zod';
import { useStore } from '../store.ts';

/*
 * Unsent input kept in the tab: a half-built formula, a selection, a staged turn. sessionStorage is
 * per tab and survives a reload, so a reload (or the server coming back after a restart) finds the
 * move where it was left. Keyed by room, seat and game number; each table also ties its draft to
 * what it was made for (a version, a round), so an obsolete draft is simply not used.
 */
const PREFIX = 'cards.draft.';

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores the draft (or removes it when it is the empty one) and drops drafts of earlier games. */
function write(key: string, roomPrefix: string, gamePrefix: string, value: unknown, empty: boolean): void {
  try {
    if (empty) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const other = sessionStorage.key(i);
      if (other?.startsWith(roomPrefix) && !other.startsWith(gamePrefix)) sessionStorage.removeItem(other);
    }
  } catch {
    // Storage disabled: the draft lives as long as the page.
  }
}

/**
 * `useState` for unsent input, kept in the tab under `scope` for this room, seat and game. Outside a
 * room (a replay) it is plain state. Setting the `empty` value clears what is stored.
 */
export function useTabDraft<T>(scope: string, empty: () => T, schema: z.ZodType<T>): [T, (next: T) => void] {
  const code = useStore((s) => s.code);
  const seat = useStore((s) => s.info?.you.seat ?? null);
  const gameNumber = useStore((s) => s.info?.gameNumber ?? 0);
  const roomPrefix = `${PREFIX}${code ?? ''}.`;
  const gamePrefix = `${roomPrefix}${seat}.${gameNumber}.`;
  const key = code === null || seat === null ? null : `${gamePrefix}${scope}`;
  const load = (): T => (key === null ? null : read(key, schema)) ?? empty();
  const [held, setHeld] = useState(() => ({ key, value: load() }));
  let current = held;
  if (held.key !== key) {
    current = { key, value: load() };
    setHeld(current);
  }
  const set = (next: T): void => {
    setHeld({ key, value: next });
    if (key !== null)
      write(key, roomPrefix, gamePrefix, next, JSON.stringify(next) === JSON.stringify(empty()));
  };
  return [current.value, set];
}
