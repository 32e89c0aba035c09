import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  enterName,
  createCassinoRoom,
  isMyTurn,
  joinByCode,
  openPlayer,
  startCassino,
  type Player,
} from './helpers.ts';

/**
 * The table's polish through the UI (issue 17): the tab title and favicon when it is your turn in a
 * background tab, the live region, sounds muted and remembered, four-colour suits, the host's Remove
 * vs Ban, a closable score sheet, and back to the lobby after a game with the next game rotated.
 * Cassino is the game; nothing here depends on its rules beyond trailing a card.
 */

const createRoom = (host: Player, seed: string) => createCassinoRoom(host, { seed });
const startGame = startCassino;

async function trail(player: Player): Promise<void> {
  const table = player.page.getByTestId('table');
  const before = (await table.getAttribute('data-version')) ?? '';
  await player.page.getByTestId('hand').locator('[data-testid^="hand-card-"]').first().click();
  await player.page.getByTestId('action-trail').click();
  await expect(table).not.toHaveAttribute('data-version', before);
}

/** The tab goes to the background (or comes back) as far as the page can tell. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const favicon = (page: Page) => page.locator('link[rel="icon"]').getAttribute('href');

test('a background tab says "Your turn" in its title and icon; the live region says the move; mute and four colours are remembered', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  const code = await createRoom(ana, 'polish-e2e-1');
  await joinByCode(ben, code);
  await startGame(ana, ben);
  // Seat 0 deals the first deal, so Ben leads. Ana's tab is in the background meanwhile.
  await expect.poll(() => isMyTurn(ben.page)).toBe(true);
  await setHidden(ana.page, true);
  await expect(ana.page).toHaveTitle(`Cassino · ${code} — Card Table`);
  const plainIcon = await favicon(ana.page);
  await trail(ben);
  await expect(ana.page).toHaveTitle('● Your turn — Cassino');
  expect(await favicon(ana.page)).not.toEqual(plainIcon);
  expect(await favicon(ana.page)).toContain('circle');
  await expect(ana.page.getByTestId('live-announcer')).toContainText(/Ben .*\. Your turn\./);
  await expect(ana.page.getByTestId('live-announcer')).toHaveAttribute('data-last-cue', 'turn');
  // Back in the foreground the title is the room's again.
  await setHidden(ana.page, false);
  await expect(ana.page).toHaveTitle(`Cassino · ${code} — Card Table`);
  expect(await favicon(ana.page)).toEqual(plainIcon);

  // Mute and four-colour suits, then a reload: both are remembered; muted, a turn makes no sound.
  await ana.page.getByTestId('mute-toggle').click();
  await expect(ana.page.getByTestId('mute-toggle')).toHaveAttribute('data-sound', 'off');
  await ana.page.getByTestId('settings-toggle').click();
  await ana.page.getByTestId('setting-four-colour').check();
  await ana.page.reload();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('mute-toggle')).toHaveAttribute('data-sound', 'off');
  await expect(ana.page.locator('html')).toHaveAttribute('data-suits', 'four');
  const colourOf = (suit: string) =>
    ana.page
      .locator(`.card[data-suit="${suit}"]`)
      .first()
      .evaluate((el) => getComputedStyle(el).color);
  const shown = await ana.page.locator('.card[data-suit="D"], .card[data-suit="C"]').count();
  expect(shown, 'the seeded deal shows a diamond or a club').toBeGreaterThan(0);
  if ((await ana.page.locator('.card[data-suit="D"]').count()) > 0)
    expect(await colourOf('D')).toBe('rgb(29, 79, 216)');
  if ((await ana.page.locator('.card[data-suit="C"]').count()) > 0)
    expect(await colourOf('C')).toBe('rgb(23, 122, 55)');
  await trail(ana);
  await trail(ben);
  await expect(ana.page.getByTestId('live-announcer')).toContainText('Your turn.');
  await expect(ana.page.getByTestId('live-announcer')).toHaveAttribute('data-last-cue', '');
  await ana.context.close();
  await ben.context.close();
});

test('the host removes a player who may come back, then bans them, who may not', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  const code = await createRoom(ana, 'polish-e2e-2');
  await joinByCode(ben, code);
  await ana.page.getByTestId('kick-1').click();
  await expect(ana.page.getByTestId('remove-confirm')).toContainText('Remove Ben?');
  // Escape cancels: Ben stays.
  await ana.page.keyboard.press('Escape');
  await expect(ana.page.getByTestId('remove-confirm')).toHaveCount(0);
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  await ana.page.getByTestId('kick-1').click();
  await ana.page.getByTestId('remove-only').click();
  await expect(ben.page.getByText('Removed from the room')).toBeVisible();
  await ben.page.getByTestId('rejoin').click();
  await expect(ben.page.getByTestId('lobby')).toBeVisible();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  // Ban: no way back, not even by opening the link again.
  await ana.page.getByTestId('kick-1').click();
  await ana.page.getByTestId('remove-ban').click();
  await expect(ben.page.getByText('Removed from the room')).toBeVisible();
  await expect(ben.page.getByTestId('rejoin')).toHaveCount(0);
  await ben.page.goto(`/r/${code}`);
  await expect(ben.page.getByTestId('removed')).toBeVisible();
  await ana.context.close();
  await ben.context.close();
});

test('the score sheet closes and reopens; back to the lobby keeps the seats and the next game rotates the dealer', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  // The system asks for reduced motion: the cards do not slide (and the 48 moves go quicker).
  for (const p of [ana, ben]) await p.page.emulateMedia({ reducedMotion: 'reduce' });
  const code = await createRoom(ana, 'polish-e2e-3');
  await joinByCode(ben, code);
  await expect(ana.page.locator('html')).toHaveAttribute('data-motion', 'reduce');
  await startGame(ana, ben);
  await expect.poll(() => isMyTurn(ben.page)).toBe(true);
  // Trail the deal out (nobody builds, so a trail is always legal): the players alternate, Ben first.
  for (let moves = 0; (await ana.page.getByTestId('score-sheet').count()) === 0; moves++) {
    expect(moves).toBeLessThan(48);
    const actor = moves % 2 === 0 ? ben : ana;
    await expect(actor.page.getByTestId('table')).toHaveAttribute('data-my-turn', 'true');
    await trail(actor);
  }
  await ana.page.getByTestId('hide-score-sheet').click();
  await expect(ana.page.getByTestId('score-sheet')).toHaveCount(0);
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await ana.page.getByTestId('show-score-sheet').click();
  await expect(ana.page.getByTestId('score-sheet')).toBeVisible();
  // Only the host offers the way back to the lobby.
  await expect(ben.page.getByTestId('to-lobby')).toHaveCount(0);
  await ana.page.getByTestId('to-lobby').click();
  for (const p of [ana, ben]) await expect(p.page.getByTestId('lobby')).toBeVisible();
  await expect(ana.page.getByTestId('seat-0')).toHaveAttribute('data-name', 'Ana');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  await startGame(ana, ben);
  // The seats moved round: Ana now sits where the non-dealer sits, and leads.
  await expect.poll(() => isMyTurn(ana.page)).toBe(true);
  expect(await isMyTurn(ben.page)).toBe(false);
  await ana.context.close();
  await ben.context.close();
});

test('keyboard play: arrows move between the hand cards, Enter chooses, Escape cancels, Enter on Trail plays', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  const code = await createRoom(ana, 'polish-e2e-4');
  await joinByCode(ben, code);
  await startGame(ana, ben);
  const page = ben.page;
  await expect(page.getByTestId('table')).toHaveAttribute('data-my-turn', 'true');
  const cards = page.getByTestId('hand').locator('[data-testid^="hand-card-"]');
  const ids = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
  await cards.first().focus();
  await page.keyboard.press('ArrowRight');
  expect(await focused()).toBe(ids[1]);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  expect(await focused(), 'arrows wrap round').toBe(ids.at(-1));
  await page.keyboard.press('Home');
  expect(await focused()).toBe(ids[0]);
  // The focused card shows a visible outline.
  expect(await cards.first().evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(cards.first()).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(cards.first()).toHaveAttribute('data-selected', 'false');
  await page.keyboard.press('Enter');
  await expect(cards.first()).toHaveAttribute('data-selected', 'true');
  // Back to the actions (they come before the hand), then Enter trails the card.
  for (let i = 0; i < 6 && (await focused()) !== 'action-trail'; i++) await page.keyboard.press('Shift+Tab');
  expect(await focused()).toBe('action-trail');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('table')).toHaveAttribute('data-my-turn', 'false');
  await expect(page.getByTestId(ids[0]!)).toHaveCount(0);
  await ana.context.close();
  await ben.context.close();
});

test('on a phone (390×844) the top bar shows the whole game name at the table', async ({ browser }) => {
  const ana = await openPlayer(browser, PHONE);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=polish-phone-1');
  await ana.page.getByTestId('game-card-blind-cassowary').click();
  await ana.page.getByTestId('play-computer-blind-cassowary').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  const name = ana.page.getByTestId('topbar-name');
  await expect(name).toHaveText('Blind Cassowary');
  await expect(name).toBeInViewport({ ratio: 1 });
  // Not cut off: the text fits its box (no ellipsis, no clipping).
  const clipped = await name.evaluate(
    (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  );
  expect(clipped).toBe(false);
  const titleClipped = await ana.page
    .locator('.topbar__title')
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
  expect(titleClipped).toBe(false);
  // History and Rules are pictures there, still named for screen readers.
  await expect(ana.page.getByRole('button', { name: 'History' })).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Rules' })).toBeVisible();
  await ana.context.close();
});
