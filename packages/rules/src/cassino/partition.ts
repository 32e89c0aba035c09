/**
 * Arithmetic over table values: splitting a set of values into groups that each make a target,
 * and enumerating the subsets that can be split so. Values are positive integers (A = 1).
 */

/**
 * Splits `values` into groups that each sum to `target`; returns the groups as index lists, or null.
 * Values equal to the target are groups of their own. Exact search with a failure memo on the
 * multiset of values still open, so large tables stay fast.
 */
export function partitionIntoGroups(values: readonly number[], target: number): number[][] | null {
  if (target <= 0) return null;
  let total = 0;
  const groups: number[][] = [];
  const open: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isInteger(v) || v <= 0 || v > target) return null;
    total += v;
    if (v === target) groups.push([i]);
    else open.push(i);
  }
  if (total % target !== 0) return null;
  open.sort((a, b) => (values[b] as number) - (values[a] as number) || a - b);
  const failed = new Set<string>();

  const solve = (remaining: readonly number[]): number[][] | null => {
    if (remaining.length === 0) return [];
    const key = remaining.map((i) => values[i]).join(',');
    if (failed.has(key)) return null;
    const [first, ...rest] = remaining as [number, ...number[]];
    const picked: number[] = [];
    const search = (start: number, need: number): number[][] | null => {
      if (need === 0) {
        const chosen = new Set(picked);
        const sub = solve(rest.filter((i) => !chosen.has(i)));
        return sub === null ? null : [[first, ...picked], ...sub];
      }
      for (let j = start; j < rest.length; j++) {
        const idx = rest[j] as number;
        const v = values[idx] as number;
        if (v > need) continue;
        // Equal values are interchangeable: try only the first of a run at each depth.
        if (j > start && values[rest[j - 1] as number] === v) continue;
        picked.push(idx);
        const found = search(j + 1, need - v);
        picked.pop();
        if (found) return found;
      }
      return null;
    };
    const found = search(0, target - (values[first] as number));
    if (found === null) failed.add(key);
    return found;
  };

  const rest = solve(open);
  return rest === null ? null : [...groups, ...rest];
}

/** Lexicographic order of ascending index lists (a prefix sorts first). */
export function compareIndexLists(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/**
 * Is there a non-empty subset of `values` summing to exactly `need`? Sums below 31 as the bits of one
 * integer (bit s: some subset makes s), the usual case (table values are 1..10); else `subsetWithSum`.
 */
export function hasSubsetWithSum(values: readonly number[], need: number): boolean {
  if (need <= 0) return false;
  if (need > 30) return subsetWithSum(values, need) !== null;
  const within = (1 << (need + 1)) - 1;
  let reach = 1;
  for (let j = 0; j < values.length; j++) {
    const v = values[j] as number;
    if (v <= need) reach = (reach | (reach << v)) & within;
  }
  return ((reach >> need) & 1) === 1;
}

/**
 * A non-empty subset of `values` (ascending positions) summing to exactly `need`, or null.
 * Subset-sum DP: `from[s]` is the position that first reached sum s.
 */
export function subsetWithSum(values: readonly number[], need: number): number[] | null {
  if (need <= 0) return null;
  const from: number[] = Array.from({ length: need + 1 }, (_, s) => (s === 0 ? -1 : -2));
  for (let j = 0; j < values.length && from[need] === -2; j++) {
    const v = values[j] as number;
    for (let s = need; s >= v; s--) if (from[s] === -2 && from[s - v] !== -2) from[s] = j;
  }
  if (from[need] === -2) return null;
  const out: number[] = [];
  for (let s = need; s > 0; s -= values[from[s] as number] as number) out.push(from[s] as number);
  return out.sort((a, b) => a - b);
}
