import { expect, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, enterName, openPlayer, type Player } from './helpers.ts';

/** Shared steps of the Star Navigator e2e specs. */
export interface RoomSetup {
  seed: string;
  chips?: number;
  hotshot?: boolean;
  extrapolative?: boolean;
  pirateMap?: boolean;
  variant?: string;
  overrideSuit?: string;
}

/** Ana (desktop, seat 0) creates the room through the options form, Ben (phone, seat 1) joins. */
export async function startGame(browser: Browser, setup: RoomSetup): Promise<[Player, Player]> {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  await enterName(ana.page, 'Ana');
  // A test seed makes the deal repeatable; the server honours it in tests only.
  await ana.page.goto(`/?seed=${setup.seed}`);
  await ana.page.getByTestId('game-card-star-navigator').click();
  if (setup.chips !== undefined)
    await ana.page.getByTestId('option-starting-chips').fill(String(setup.chips));
  await ana.page.getByTestId('option-round-timer').selectOption('600');
  if (setup.hotshot) await ana.page.getByTestId('option-hotshot').check();
  if (setup.extrapolative) await ana.page.getByTestId('option-extrapolative').check();
  if (setup.pirateMap) await ana.page.getByTestId('option-pirate-map').check();
  if (setup.variant) await ana.page.getByTestId('option-variant').selectOption(setup.variant);
  if (setup.overrideSuit) await ana.page.getByTestId('option-override-suit').selectOption(setup.overrideSuit);
  await ana.page.getByTestId('create-room-star-navigator').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  const code = (await ana.page.getByTestId('room-code').innerText()).trim();
  await enterName(ben.page, 'Ben');
  await ben.page.getByTestId('join-code-input').fill(code.toLowerCase());
  await ben.page.getByTestId('join-button').click();
  await expect(ben.page.getByTestId('lobby')).toBeVisible();
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute(
      'data-phase',
      setup.pirateMap ? 'market' : 'draft',
    );
    await expect(p.page.getByTestId('chips-0')).toHaveAttribute('data-value', String(setup.chips ?? 10));
  }
  return [ana, ben];
}

/** The ids after `prefix` of every element whose test id starts with it, in page order. */
export async function testIds(page: Page, prefix: string): Promise<string[]> {
  const ids = await page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(prefix.length));
}

/**
 * A card's value from its id: standard ("7S", "KH", "AD", "JK1"; an Ace counts `ace`, 1 unless
 * chosen) or Tarot ("tAW" 100, "tPC" 1, "tNS" 11, "t7C", "T20").
 */
export function valueOf(id: string, ace: 1 | 100 = 1): number {
  if (id.startsWith('JK')) return 0;
  if (id.startsWith('T')) return Number(id.slice(1));
  if (id.startsWith('t')) {
    const rank = id.slice(1, -1);
    return { A: 100, P: 1, N: 11, Q: 12, K: 13 }[rank] ?? Number(rank);
  }
  const rank = id.slice(0, -1);
  if (rank === 'A') return ace;
  return { J: 11, Q: 12, K: 13 }[rank] ?? Number(rank);
}

/**
 * The draft: every navigator saves the first card of each Data Packet three times; the last card
 * arrives alone and is kept without a tap. `lockFor` saves its first pick with the Hotshot lock.
 * Returns each player's first pick.
 */
export async function draftFirstCards(
  players: Player[],
  lockFor: Player | null = null,
): Promise<Map<Player, string>> {
  const firstPicks = new Map<Player, string>();
  for (let pass = 0; pass < 3; pass++) {
    for (const p of players) {
      const cards = p.page.locator('[data-testid^="packet-card-"]:enabled');
      await expect(cards.first()).toBeVisible();
      const id = ((await cards.first().getAttribute('data-testid')) ?? '').replace('packet-card-', '');
      if (pass === 0) firstPicks.set(p, id);
      if (pass === 0 && p === lockFor) await p.page.getByTestId('hotshot-lock').check();
      await cards.first().click();
      await expect(p.page.getByTestId(`memory-card-${id}`)).toBeVisible();
      if (pass === 0 && p === lockFor)
        await expect(p.page.getByTestId(`memory-card-${id}`)).toContainText('locked');
    }
  }
  for (const p of players) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'compose');
    await expect(p.page.getByTestId('hotshot-lock')).toHaveCount(0);
    await expect(p.page.locator('[data-testid^="memory-card-"]')).toHaveCount(4);
  }
  return firstPicks;
}

/** Taps every card of the chosen Vector Set joined by "+", declares `declared` and submits. */
export async function composeSum(page: Page, declared: number): Promise<string[]> {
  await expect(page.getByTestId('composer')).toBeVisible();
  const refs = await testIds(page, 'expr-card-');
  for (const [k, ref] of refs.entries()) {
    if (k > 0) await page.getByTestId('expr-op-+').click();
    await page.getByTestId(`expr-card-${ref}`).click();
  }
  await expect(page.getByTestId('formula-parenthesised')).not.toContainText('still to use');
  await page.getByTestId('declared-input').fill(String(declared));
  await page.getByTestId('submit-calculation').click();
  // The last submission starts the showdown at once.
  await expect(page.getByTestId('submitted').or(page.getByTestId('showdown'))).toBeVisible();
  return refs;
}

/** Selects the given memory cards for the Vector Set (the Beacon and a locked card come preselected). */
export async function selectCards(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    const card = page.getByTestId(`vector-card-${id}`);
    if ((await card.getAttribute('data-selected')) !== 'true') await card.click();
    await expect(card).toHaveAttribute('data-selected', 'true');
  }
}
