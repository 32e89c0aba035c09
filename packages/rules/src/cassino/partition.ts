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

/**
 * A work allowance for enumerations: every search step spends one unit; once spent, enumerations
 * stop early. Only pathological tables (dozens of loose cards) ever get near the default.
 */
export class Budget {
  constructor(private left: number) {}
  /** Spends one step; false once the allowance is used up. */
  spend(): boolean {
    this.left -= 1;
    return this.left >= 0;
  }
  get exhausted(): boolean {
    return this.left < 0;
  }
}

export const UNLIMITED = (): Budget => new Budget(Number.POSITIVE_INFINITY);

/**
 * Calls `visit` with every non-empty subset (ascending positions into `values`, starting at
 * `from`, skipping `excluded`) whose values sum to exactly `need`.
 */
export function forEachSubsetWithSum(
  values: readonly number[],
  need: number,
  from: number,
  excluded: readonly boolean[] | null,
  visit: (subset: readonly number[]) => void,
  budget: Budget = UNLIMITED(),
): void {
  const picked: number[] = [];
  const walk = (start: number, left: number): void => {
    for (let j = start; j < values.length; j++) {
      if (!budget.spend()) return;
      if (excluded?.[j]) continue;
      const v = values[j] as number;
      if (v > left) continue;
      picked.push(j);
      if (v === left) visit(picked);
      else walk(j + 1, left - v);
      picked.pop();
    }
  };
  if (need > 0) walk(from, need);
}

/**
 * Every subset of positions (including the empty one) whose values can be split into groups that
 * each sum to `target`. Positions in `excluded` are never used. Each subset is listed once, ascending.
 * Groups are generated with their smallest position as anchor, so each split is produced once;
 * a subset with several splits is de-duplicated by key.
 */
export function partitionableSubsets(
  values: readonly number[],
  target: number,
  excluded: readonly boolean[] | null = null,
  budget: Budget = UNLIMITED(),
): number[][] {
  const n = values.length;
  const used: boolean[] = Array.from({ length: n }, (_, i) => excluded?.[i] === true);
  const seen = new Set<string>();
  const out: number[][] = [];
  const chosen: number[] = [];

  const record = (): void => {
    const subset = chosen.slice().sort((a, b) => a - b);
    const key = subset.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    out.push(subset);
  };

  const rec = (start: number): void => {
    record();
    for (let a = start; a < n; a++) {
      if (!budget.spend()) return;
      if (used[a]) continue;
      const va = values[a] as number;
      if (va > target) continue;
      used[a] = true;
      chosen.push(a);
      if (va === target) rec(a + 1);
      else
        forEachSubsetWithSum(
          values,
          target - va,
          a + 1,
          used,
          (subset) => {
            for (const j of subset) used[j] = true;
            chosen.push(...subset);
            rec(a + 1);
            chosen.length -= subset.length;
            for (const j of subset) used[j] = false;
          },
          budget,
        );
      chosen.pop();
      used[a] = false;
    }
  };
  rec(0);
  return out;
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

/** Is there a non-empty subset (positions not in `excluded`) summing to exactly `need`? Subset-sum DP. */
export function hasSubsetWithSum(
  values: readonly number[],
  need: number,
  excluded: readonly boolean[] | null = null,
): boolean {
  if (need <= 0) return false;
  const reach: boolean[] = Array.from({ length: need + 1 }, (_, s) => s === 0);
  for (let j = 0; j < values.length; j++) {
    if (excluded?.[j]) continue;
    const v = values[j] as number;
    for (let s = need; s >= v; s--) if (reach[s - v]) reach[s] = true;
    if (reach[need]) return true;
  }
  return false;
}
