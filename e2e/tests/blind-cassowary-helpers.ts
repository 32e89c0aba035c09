import type { Page } from '@playwright/test';

/** Reading a Blind Cassowary hand and target off the page, and finding a cassowary in it. */
export interface HandCard {
  id: string;
  rank: number;
}

const LABEL: Readonly<Record<number, string>> = { 0: 'C', 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
export const label = (rank: number) => LABEL[rank] ?? String(rank);

export async function hand(page: Page): Promise<HandCard[]> {
  return page
    .getByTestId('hand')
    .locator('[data-testid^="hand-card-"]')
    .evaluateAll((els) =>
      els.map((el) => ({
        id: (el.getAttribute('data-testid') ?? '').replace('hand-card-', ''),
        rank: Number(el.getAttribute('data-rank')),
      })),
    );
}

export async function target(page: Page): Promise<number> {
  return Number(await page.getByTestId('target').getAttribute('data-value'));
}

/**
 * A cassowary over the hand's number cards (+ − × ÷, any brackets), as a typed formula, or null.
 * Floating point is fine here: the server judges the claim exactly.
 */
export function findCassowary(cards: readonly HandCard[], goal: number): string | null {
  type Node = { v: number; s: string; n: number };
  const seen = new Set<string>();
  const go = (nodes: Node[]): Node | null => {
    for (const x of nodes) if (x.n >= 2 && Math.abs(x.v - goal) < 1e-9) return x;
    if (nodes.length < 2) return null;
    const key = nodes
      .map((x) => x.v.toFixed(6))
      .sort()
      .join(',');
    if (seen.has(key)) return null;
    seen.add(key);
    for (let i = 0; i < nodes.length; i++)
      for (let j = i + 1; j < nodes.length; j++) {
        const a = nodes[i] as Node;
        const b = nodes[j] as Node;
        const rest = nodes.filter((_, k) => k !== i && k !== j);
        const n = a.n + b.n;
        const next: Node[] = [
          { v: a.v + b.v, s: `(${a.s} + ${b.s})`, n },
          { v: a.v * b.v, s: `(${a.s} × ${b.s})`, n },
          { v: a.v - b.v, s: `(${a.s} − ${b.s})`, n },
          { v: b.v - a.v, s: `(${b.s} − ${a.s})`, n },
        ];
        if (b.v !== 0) next.push({ v: a.v / b.v, s: `(${a.s} ÷ ${b.s})`, n });
        if (a.v !== 0) next.push({ v: b.v / a.v, s: `(${b.s} ÷ ${a.s})`, n });
        for (const x of next) {
          const found = go([...rest, x]);
          if (found) return found;
        }
      }
    return null;
  };
  const found = go(cards.filter((c) => c.rank > 0).map((c) => ({ v: c.rank, s: label(c.rank), n: 1 })));
  return found ? found.s : null;
}
