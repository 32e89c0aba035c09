import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, expectAccessible, screenshot, type Player } from './helpers.ts';
import { startCuntSoul } from './cunt-soul-helpers.ts';

/** Each player taps their first three cards face up and the fourth as field card. */
async function chooseFirstFour(players: readonly Player[]): Promise<void> {
  for (const { page } of players) {
    const cards = page.locator('[data-testid^="setup-card-"]');
    for (let k = 0; k < 4; k++) await cards.nth(k).click();
    await page.getByTestId('setup-confirm').click();
  }
  for (const { page } of players)
    await expect(page.getByTestId('table')).toHaveAttribute('data-phase', 'play');
}

/** Nothing is wider than the screen, and every seat, the pile and the turn line are on the page. */
async function expectFits(page: Page, seats: number, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (let seat = 0; seat < seats; seat++) {
    const box = await page.getByTestId(`seat-panel-${seat}`).boundingBox();
    expect(box, `seat ${seat}`).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
  await expect(page.getByTestId('pile')).toBeVisible();
  await expect(page.getByTestId('turn-indicator')).toBeVisible();
}

test('eight players on laptops: every seat fits the 1280×800 table', async ({ browser }) => {
  const players = await startCuntSoul(browser, Array(8).fill(DESKTOP), 'cs-layout-8');
  await screenshot(players[3]!.page, 'cunt-soul-setup-8-desktop');
  await chooseFirstFour(players);
  for (const p of [players[0]!, players[5]!]) await expectFits(p.page, 8, 1280);
  await screenshot(players[0]!.page, 'cunt-soul-play-8-desktop');
  for (const p of players) await p.context.close();
});

test('four players on phones: every seat fits the 390×844 table', async ({ browser }) => {
  const players = await startCuntSoul(browser, Array(4).fill(PHONE), 'cs-layout-4');
  await chooseFirstFour(players);
  for (const p of players) await expectFits(p.page, 4, 390);
  await expectAccessible(players[0]!.page, 'cunt-soul table in play (phone)');
  await screenshot(players[1]!.page, 'cunt-soul-play-4-phone');
  for (const p of players) await p.context.close();
});
