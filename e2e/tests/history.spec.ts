import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  enterName,
  handCardIds,
  isMyTurn,
  openPlayer,
  playOneMove,
  screenshot,
  type Player,
} from './helpers.ts';

async function createRoom(host: Player, slug: string, seed: string, name = 'Ana'): Promise<string> {
  await enterName(host.page, name);
  await host.page.goto(`/?seed=${seed}`);
  await host.page.getByTestId(`game-card-${slug}`).click();
  await host.page.getByTestId(`create-room-${slug}`).click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  return (await host.page.getByTestId('room-code').innerText()).trim();
}

async function join(guest: Player, name: string, code: string, watch = false): Promise<void> {
  await enterName(guest.page, name);
  await guest.page.goto(`/r/${code}${watch ? '?watch=1' : ''}`);
  // The name is remembered, so the room page joins by itself.
  await expect(guest.page.getByTestId('lobby')).toBeVisible();
}

async function start(host: Player, guest: Player): Promise<void> {
  await guest.page.getByTestId('ready-toggle').click();
  await expect(host.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await host.page.getByTestId('start-game').click();
}

async function historyTexts(page: Page): Promise<string[]> {
  if ((await page.getByTestId('history-panel').count()) === 0)
    await page.getByTestId('history-toggle').click();
  return page.getByTestId('history-list').locator('.history__text').allInnerTexts();
}

/** One Cassino move by whoever's turn it is; false once the score sheet is up. */
async function playAny(players: readonly Player[]): Promise<boolean> {
  for (;;) {
    if ((await players[0]!.page.getByTestId('score-sheet').count()) > 0) return false;
    for (const p of players)
      if (await isMyTurn(p.page)) {
        await playOneMove(p);
        return true;
      }
    await players[0]!.page.waitForTimeout(50);
  }
}

test('history panel, leaving and returning, the replay link and the replay page (Cassino)', async ({
  browser,
}) => {
  test.slow();
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const eve = await openPlayer(browser, DESKTOP);
  const code = await createRoom(ana, 'cassino', 'history-e2e-1');
  await join(ben, 'Ben', code);
  await join(eve, 'Eve', code, true);
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Eve');
  await start(ana, ben);
  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('table')).toBeVisible();

  for (let i = 0; i < 6; i++) await playAny([ana, ben]);
  // Oldest first, players by name, the same words for the spectator and on a phone.
  const eveStory = await historyTexts(eve.page);
  expect(eveStory[0]).toMatch(/^(Ana|Ben) dealt deal 1$/);
  expect(eveStory.length).toBeGreaterThanOrEqual(7);
  for (const line of eveStory.slice(1))
    expect(line).toMatch(/^(Ana|Ben) (trailed|captured|built|raised|added) /);
  await expect.poll(() => historyTexts(ben.page)).toEqual(eveStory);
  await screenshot(ben.page, 'history-phone');
  await screenshot(eve.page, 'history-spectator-desktop');
  // The panel follows the game: one more move adds one more line at the end.
  await playAny([ana, ben]);
  await expect.poll(async () => (await historyTexts(eve.page)).length).toBeGreaterThan(eveStory.length);

  // Ana goes home by the top-left arrow: the home page offers her game back, with her hand.
  const anaHand = await handCardIds(ana.page);
  await ana.page.getByRole('link', { name: 'Leave and go home' }).click();
  // Leaving a running game asks first.
  await ana.page.getByTestId('leave-confirm-button').click();
  await expect(ana.page.getByTestId('return-to-game')).toContainText(code);
  await ana.page.getByTestId('return-to-game').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await expect.poll(() => handCardIds(ana.page)).toEqual(anaHand);

  while (await playAny([ana, ben]));
  const link = ana.page.getByTestId('replay-link');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/replay\/[A-Za-z0-9_-]{22}$/);
  await expect(eve.page.getByTestId('replay-link')).toHaveAttribute('href', href);
  const finalStory = await historyTexts(eve.page);

  // The home page lists the finished game with its replay.
  await ana.page.goto('/');
  await expect(ana.page.getByTestId('recent-games')).toContainText('Ana, Ben');
  await expect(ana.page.getByTestId('recent-games').getByRole('link', { name: 'Replay' })).toHaveAttribute(
    'href',
    href,
  );
  await expect(ana.page.getByTestId('return-to-game')).toHaveCount(0);

  // Anyone with the link: a fresh browser opens it and steps with the keys; the move is in the URL.
  const zoe = await openPlayer(browser, DESKTOP);
  await zoe.page.goto(href);
  const total = Number((await zoe.page.getByTestId('replay-move').innerText()).match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(48);
  await expect(zoe.page.getByTestId('replay-move')).toHaveText(`Move 0 of ${total}`);
  await expect(zoe.page.getByTestId('table')).toBeVisible();
  await zoe.page.keyboard.press('ArrowRight');
  await expect(zoe.page).toHaveURL(new RegExp(`${href}\\?move=1$`));
  await expect(zoe.page.getByTestId('replay-move')).toHaveText(`Move 1 of ${total}`);
  await zoe.page.keyboard.press('End');
  await expect(zoe.page).toHaveURL(new RegExp(`move=${total}$`));
  await expect(zoe.page.getByTestId('score-sheet')).toBeVisible();
  await expect(zoe.page.getByTestId('history-list').locator('.history__text')).toHaveText(finalStory);
  await zoe.page.keyboard.press('ArrowLeft');
  await expect(zoe.page.getByTestId('replay-move')).toHaveText(`Move ${total - 1} of ${total}`);
  await zoe.page.keyboard.press('Home');
  await expect(zoe.page).toHaveURL(new RegExp(`move=0$`));
  await zoe.page.getByTestId('replay-next').click();
  await expect(zoe.page.getByTestId('replay-move')).toHaveText(`Move 1 of ${total}`);

  // A link to a moment: move 5 as the spectator saw it (no hand), then through Ana's eyes (her hand).
  await zoe.page.goto(`${href}?move=5`);
  await expect(zoe.page.getByTestId('replay-move')).toHaveText(`Move 5 of ${total}`);
  await expect(zoe.page.getByTestId('history-list').locator('.history__text')).toHaveText(
    finalStory.slice(0, 6),
  );
  await expect(zoe.page.locator('[data-testid^="hand-card-"]')).toHaveCount(0);
  await zoe.page.getByTestId('replay-seat').selectOption('0');
  await expect(zoe.page).toHaveURL(new RegExp(`move=5&seat=0$`));
  await expect(zoe.page.locator('[data-testid^="hand-card-"]').first()).toBeVisible();
  // Through a seat, the replay names whose turn it was, never "Your turn" (moves 5 and 6 cover both seats).
  for (const move of [5, 6]) {
    await zoe.page.goto(`${href}?move=${move}&seat=0`);
    const turn = zoe.page.getByTestId('turn-indicator');
    await expect(turn).toHaveText(/^(Ana|Ben)'s turn$/);
    await expect(zoe.page.getByTestId('table')).toHaveAttribute('data-my-turn', 'false');
    // That seat carries a "Turn" tag, in words, and no other seat does.
    const seat = (await turn.innerText()).startsWith('Ana') ? 0 : 1;
    await expect(zoe.page.getByTestId(`seat-turn-${seat}`)).toHaveText('Turn');
    await expect(zoe.page.getByTestId(`seat-turn-${1 - seat}`)).toHaveCount(0);
  }
  await screenshot(zoe.page, 'replay-desktop');
  await zoe.page.goto('/replay/aaaaaaaaaaaaaaaaaaaaaa');
  await expect(zoe.page.getByTestId('replay-error')).toContainText('No replay');
});

test('a half-built Blind Cassowary formula survives a reload', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana, 'blind-cassowary', 'history-e2e-bc');
  await join(ben, 'Ben', code);
  await start(ana, ben);
  for (const p of [ana, ben]) await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'play');
  const input = ben.page.getByTestId('formula-input');
  await input.fill('10 + 5 ×');
  await ben.page.reload();
  await expect(ben.page.getByTestId('table')).toHaveAttribute('data-phase', 'play');
  await expect(ben.page.getByTestId('formula-input')).toHaveValue('10 + 5 ×');
  // Another tab of the same browser is another seat's input: it starts empty.
  await ana.page.reload();
  await expect(ana.page.getByTestId('formula-input')).toHaveValue('');
  // Cleared, it stays cleared after a reload.
  await ben.page.getByTestId('formula-input').fill('');
  await ben.page.reload();
  await expect(ben.page.getByTestId('formula-input')).toHaveValue('');
});
