import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  enterName,
  framesContain,
  handCardIds,
  isMyTurn,
  openPlayer,
  playOneMove,
  reopenTab,
  screenshot,
  type Player,
  acceptRematch,
} from './helpers.ts';

async function createRoom(host: Player): Promise<string> {
  await enterName(host.page, 'Ana');
  await host.page.getByTestId('game-card-cassino').click();
  await host.page.getByTestId('create-room-cassino').click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  const code = (await host.page.getByTestId('room-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z]{5}$/);
  await expect(host.page).toHaveURL(new RegExp(`/r/${code}$`));
  return code;
}

async function joinByCode(guest: Player, code: string): Promise<void> {
  await enterName(guest.page, 'Ben');
  await guest.page.getByTestId('join-code-input').fill(code.toLowerCase());
  await guest.page.getByTestId('join-button').click();
  await expect(guest.page.getByTestId('lobby')).toBeVisible();
}

/** Neither the DOM nor any websocket frame of `watcher` may ever hold a card of `hidden`'s hand. */
async function assertHandHidden(watcher: Player, hiddenHand: readonly string[], who: string): Promise<void> {
  for (const id of hiddenHand) {
    expect(framesContain(watcher.frames, id), `${who} received ${id} over the websocket`).toBe(false);
    await expect(watcher.page.locator(`[data-testid$="-${id}"]`), `${who} shows ${id}`).toHaveCount(0);
  }
}

async function actingPlayer(players: readonly Player[]): Promise<Player | null> {
  for (const player of players) if (await isMyTurn(player.page)) return player;
  return null;
}

async function scoreSheetShown(page: Page): Promise<boolean> {
  return (await page.getByTestId('score-sheet').count()) > 0;
}

test('two players play a full Cassino deal by code while a third watches', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const eve = await openPlayer(browser, DESKTOP);

  const code = await createRoom(ana);
  await joinByCode(ben, code);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(
    await ana.page
      .getByTestId('watch-link')
      .getAttribute('href')
      .then((href) => href ?? ''),
  );
  await expect(eve.page.getByTestId('spectator-list')).toContainText('Eve');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Eve');
  await screenshot(ana.page, 'lobby-desktop');

  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();
  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('table')).toBeVisible();
  await expect(eve.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(0);

  const players = [ana, ben];
  let moves = 0;
  let reloaded = false;
  let reopened = false;
  while (!(await scoreSheetShown(ana.page))) {
    const actor = await actingPlayer(players);
    if (actor === null) {
      await ana.page.waitForTimeout(50);
      continue;
    }
    const [anaHand, benHand] = [await handCardIds(ana.page), await handCardIds(ben.page)];
    // Positive control: each player's own frames do carry their own hand, so the searches below
    // would notice if the ids travelled in another encoding.
    for (const [owner, hand, who] of [
      [ana, anaHand, 'Ana'],
      [ben, benHand, 'Ben'],
    ] as const)
      for (const id of hand) expect(framesContain(owner.frames, id), `${who}'s frames hold ${id}`).toBe(true);
    await assertHandHidden(ana, benHand, 'Ana');
    await assertHandHidden(ben, anaHand, 'Ben');
    await assertHandHidden(eve, [...anaHand, ...benHand], 'the spectator');
    await playOneMove(actor.page);
    moves++;

    if (moves === 10) {
      await screenshot(ana.page, 'midgame-desktop');
      await screenshot(ben.page, 'midgame-phone');
      await screenshot(eve.page, 'midgame-spectator');
    }
    if (moves === 13 && !reloaded) {
      reloaded = true;
      const handBefore = await handCardIds(ben.page);
      await ben.page.reload();
      await expect(ben.page.getByTestId('table')).toBeVisible();
      await expect.poll(() => handCardIds(ben.page)).toEqual(handBefore);
      await expect(ana.page.getByTestId('seat-1').or(ana.page.getByTestId('table'))).toBeVisible();
    }
    if (moves === 21 && !reopened) {
      // Closing the tab and opening the room link again (same browser) takes the seat back.
      reopened = true;
      const handBefore = await handCardIds(ben.page);
      await reopenTab(ben, `/r/${code}`);
      await expect(ben.page.getByTestId('table')).toBeVisible();
      await expect.poll(() => handCardIds(ben.page)).toEqual(handBefore);
      await expect(ben.page.getByTestId('watch-instead')).toHaveCount(0);
    }
    expect(moves).toBeLessThanOrEqual(48);
  }
  expect(moves).toBe(48);
  expect(reloaded).toBe(true);
  expect(reopened).toBe(true);

  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('score-sheet')).toBeVisible();
  const totals = await Promise.all([0, 1].map((s) => ana.page.getByTestId(`score-total-${s}`).innerText()));
  const eveTotals = await Promise.all(
    [0, 1].map((s) => eve.page.getByTestId(`score-total-${s}`).innerText()),
  );
  expect(eveTotals).toEqual(totals);
  const points = totals.map(Number);
  // 11 points per deal are always awarded unless the cards split 26–26 or spades tie, plus sweeps.
  expect(points[0]! + points[1]!).toBeGreaterThanOrEqual(7);
  await expect(ana.page.getByTestId('winner-banner')).toBeVisible();
  await screenshot(ana.page, 'score-sheet-desktop');
  await screenshot(ben.page, 'score-sheet-phone');

  await acceptRematch([ben, ana]);
  for (const p of [ana, ben, eve]) {
    await expect(p.page.getByTestId('score-sheet')).toHaveCount(0);
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-version', '0');
  }
  await expect(ana.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(4);
  await expect(ben.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(4);
  // The room keeps a running score across rematches, shown on the table of the second game.
  const [winner] = points[0]! >= points[1]! ? ['Ana'] : ['Ben'];
  await expect(ana.page.getByTestId('table-match-wins')).toContainText(`${winner} 1`);

  for (const p of [ana, ben, eve]) await p.context.close();
});

test('a full room offers to watch, a walked-out game can be ended, an unknown code says so', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  const cam = await openPlayer(browser, PHONE);
  const code = await createRoom(ana);
  await joinByCode(ben, code);

  await enterName(cam.page, 'Cam');
  await cam.page.goto(`/r/${code}`);
  await cam.page.getByTestId('watch-instead').click();
  await expect(cam.page.getByTestId('spectator-list')).toContainText('Cam');
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Cam');

  await ana.page.getByTestId('rules-button').click();
  await expect(ana.page.getByTestId('rules-panel')).toContainText('Sweep');
  await ana.page.keyboard.press('Escape');

  // A player who walks away mid-game: the other may end the game instead of waiting forever.
  await ben.page.getByTestId('ready-toggle').click();
  await ana.page.getByTestId('start-game').click();
  await expect(ben.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('left-banner')).toHaveCount(0);
  await ben.page.getByRole('link', { name: 'Leave and go home' }).click();
  await expect(ana.page.getByTestId('left-banner')).toContainText('Ben left the game');
  await expect(cam.page.getByTestId('left-banner')).toBeVisible();
  await expect(cam.page.getByTestId('end-game')).toHaveCount(0);
  await ana.page.getByTestId('end-game').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  await expect(ana.page.getByTestId('seat-1')).not.toHaveAttribute('data-name', 'Ben');

  await cam.page.goto('/r/ZZZZZ');
  await expect(cam.page.getByTestId('room-not-found')).toBeVisible();

  for (const p of [ana, ben, cam]) await p.context.close();
});
