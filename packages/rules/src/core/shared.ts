/** Freezes a value and everything in it (what is frozen already is left as it is). */
export function deepFreeze<T>(value: T): T {
  return freezeDown(value, Number.POSITIVE_INFINITY);
}

/** Freezes a value and what it holds down to `levels` below it (0: the value alone). No allocation. */
function freezeDown<T>(value: T, levels: number): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (levels > 0) for (const key in value) freezeDown(value[key], levels - 1);
  return value;
}

/**
 * `build` for the last state asked about, remembered: each change sends every seat and the spectators
 * their view of one state, and what their views share by reference the room encodes once for all of
 * them (apps/server splicedUpdate.ts). States are immutable, so one answer per state is right. Only
 * the last state's is kept: remembered per state (a WeakMap) each would live as long as its table's
 * position, and every young-generation GC would copy the newest ones (DEVELOPERS.md, "Cassino's legal
 * enumeration"). Shared by every view of the state, so frozen, with what it holds and their entries
 * (two levels down: a list and its items); deeper down are the state's own objects, which nothing
 * changes, and freezing all the way down on every change cost Cassino more than sharing saved.
 */
export function lastStateMemo<State extends object, T>(build: (state: State) => T): (state: State) => T {
  let last: { state: State; value: T } | null = null;
  return (state) => {
    if (last === null || last.state !== state) last = { state, value: freezeDown(build(state), 2) };
    return last.value;
  };
}
