import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  enterName,
  expectOwnFramesHold,
  framesContain,
  handCardIds,
  isMyTurn,
  openPlayer,
  playOneMove,
  reopenTab,
  screenshot,
  version,
  type Player,
  acceptRematch,
  expectSheetInView,
  expectAccessible,
} from './helpers.ts';

/** Test seeds make the deals repeatable (the server honours them in tests only), so screens are too. */
const SEED = 'cassino-e2e-1';

async function createRoom(host: Player, seed = SEED, match: 'single' | 'to21' = 'single'): Promise<string> {
  await enterName(host.page, 'Ana');
  await host.page.goto(`/?seed=${seed}`);
  await host.page.getByTestId('game-card-cassino').click();
  if (match !== 'single') await host.page.getByTestId('option-match').selectOption(match);
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
  const shown = await watcher.page
    .locator('[data-testid]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  for (const id of hiddenHand) {
    expect(framesContain(watcher.frames, id), `${who} received ${id} over the websocket`).toBe(false);
    expect(
      shown.filter((testId) => testId.endsWith(`-${id}`)),
      `${who} shows ${id}`,
    ).toEqual([]);
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
    expectOwnFramesHold(ana, anaHand, 'Ana');
    expectOwnFramesHold(ben, benHand, 'Ben');
    await assertHandHidden(ana, benHand, 'Ana');
    await assertHandHidden(ben, anaHand, 'Ben');
    await assertHandHidden(eve, [...anaHand, ...benHand], 'the spectator');
    await playOneMove(actor);
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
  await expectAccessible(ana.page, 'Cassino score sheet');
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
  await expectSheetInView([ana, ben], 'rematch', 'score-total-0');

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
  await ben.page.getByTestId('leave-confirm-button').click();
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

/** Both players ready and the game started; returns once both see the table. */
async function startGame(ana: Player, ben: Player): Promise<void> {
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();
  for (const p of [ana, ben]) await expect(p.page.getByTestId('table')).toBeVisible();
}

test('a match to 21: after deal 1 both press Next deal, deal 2 starts with the other dealer and the match score', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana, 'cassino-e2e-21', 'to21');
  await joinByCode(ben, code);
  await startGame(ana, ben);
  await expect(ana.page.getByTestId('match-score')).toContainText('To 21');
  await expect(ana.page.getByTestId('match-score-0')).toHaveText('0');

  let moves = 0;
  while (!(await scoreSheetShown(ana.page))) {
    const actor = await actingPlayer([ana, ben]);
    if (actor === null) {
      await ana.page.waitForTimeout(50);
      continue;
    }
    await playOneMove(actor);
    moves++;
    expect(moves).toBeLessThanOrEqual(48);
  }
  expect(moves).toBe(48);
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('score-sheet')).toContainText('Deal 1 score');
    await expect(p.page.getByTestId('winner-banner')).toHaveCount(0);
  }
  // After one deal the match total is that deal's points, nobody is past 21 yet.
  const deal = await Promise.all([0, 1].map((s) => ana.page.getByTestId(`score-total-${s}`).innerText()));
  const match = await Promise.all([0, 1].map((s) => ana.page.getByTestId(`match-total-${s}`).innerText()));
  expect(match).toEqual(deal);
  expect(Math.max(...match.map(Number))).toBeLessThan(21);
  await screenshot(ana.page, 'to21-sheet-desktop');
  await screenshot(ben.page, 'to21-sheet-phone');
  await expectSheetInView([ana, ben], 'next-deal', 'match-summary');

  // Nobody waits before pressing Next deal. Ana continues first: she waits for Ben, Ben sees she is
  // ready; the next deal starts only when Ben continues too.
  await expect(ana.page.getByTestId('score-sheet')).not.toContainText('Waiting for');
  await ana.page.getByTestId('next-deal').click();
  await expect(ana.page.getByTestId('score-sheet')).toContainText('Waiting for Ben to continue');
  await expect(ana.page.getByTestId('next-deal')).toHaveCount(0);
  await expect(ben.page.getByTestId('next-deal')).toBeVisible();
  await expect(ben.page.getByTestId('score-sheet')).toContainText('Ana is ready for the next deal.');
  await expect(ben.page.getByTestId('score-sheet')).not.toContainText('Waiting for');
  await ben.page.getByTestId('next-deal').click();

  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('score-sheet')).toHaveCount(0);
    await expect(p.page.getByTestId('table')).toContainText('Deal 2 · Round 1/6');
    await expect(p.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(4);
    for (const s of [0, 1]) await expect(p.page.getByTestId(`match-score-${s}`)).toHaveText(match[s]!);
  }
  // Deal 2 is dealt by Ben (seat 1), so Ana leads.
  await expect(ana.page.locator('.cassino__me .tag', { hasText: 'Dealer' })).toHaveCount(0);
  await expect(ana.page.locator('.cassino__opponent .tag', { hasText: 'Dealer' })).toBeVisible();
  await expect(ana.page.getByTestId('table')).toHaveAttribute('data-my-turn', 'true');
  await screenshot(ana.page, 'to21-deal2-desktop');
  await screenshot(ben.page, 'to21-deal2-phone');

  for (const p of [ana, ben]) await p.context.close();
});

/** Plays `card` as a trail through the UI and waits for the next version. */
async function trailFirstCard(player: Player): Promise<void> {
  const before = await version(player.page);
  const [card] = await handCardIds(player.page);
  await player.page.getByTestId(`hand-card-${card}`).click();
  await player.page.getByTestId('action-trail').click();
  await expect.poll(() => version(player.page)).toBeGreaterThan(before);
}

test('an absurdly crowded table: free choice for a cut card, a refused capture explained, then a capture', async ({
  browser,
}) => {
  // Seed free-27: when both players trail their first card 16 times, the table holds 20 cards and
  // Ben's 10♣ has more captures than the list holds, so the server leaves its items to free choice.
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana, 'free-27');
  await joinByCode(ben, code);
  await startGame(ana, ben);
  for (let k = 0; k < 16; k++) await trailFirstCard(k % 2 === 0 ? ben : ana);
  await expect(ben.page.locator('[data-testid^="table-item-"]')).toHaveCount(20);
  expect(await handCardIds(ben.page)).toEqual(['2S', '5C', '10C', 'JC']);
  // Every one of the 20 table cards can be brought into view on a laptop screen and a phone.
  for (const [player, size] of [
    [ana, { width: 1280, height: 800 }],
    [ana, { width: 1366, height: 768 }],
    [ben, PHONE.viewport],
  ] as const) {
    await player.page.setViewportSize(size);
    for (const item of await player.page.locator('[data-testid^="table-item-"]').all()) {
      await item.scrollIntoViewIfNeeded();
      await expect(item, `${size.width}×${size.height}`).toBeInViewport({ ratio: 1 });
    }
  }
  await ana.page.setViewportSize(DESKTOP.viewport);

  await ben.page.getByTestId('hand-card-10C').click();
  await expect(ben.page.getByTestId('hint')).toContainText('Too many moves to list for this card');
  await expect(ben.page.locator('[data-testid^="table-item-"][data-selectable="true"]')).toHaveCount(20);
  // 7♦ + A♣ = 8: offered (free choice), refused by the server with its reason.
  await ben.page.getByTestId('table-item-7D').click();
  await ben.page.getByTestId('table-item-AC').click();
  const before = await version(ben.page);
  await ben.page.getByTestId('action-capture').click();
  await expect(ben.page.getByTestId('toast')).toContainText(
    '10♣ cannot take those items: they must split into groups that each add up to 10.',
  );
  await screenshot(ben.page, 'crowded-refused-phone');
  expect(await version(ben.page)).toBe(before);
  // Adding 2♦ makes 10: accepted.
  await ben.page.getByTestId('table-item-2D').click();
  await ben.page.getByTestId('action-capture').click();
  await expect.poll(() => version(ben.page)).toBeGreaterThan(before);
  await expect(ana.page.getByTestId('last-action')).toHaveText('Ben captured 7♦ + A♣ + 2♦ with 10♣.');
  await expect(ana.page.locator('[data-testid^="table-item-"]')).toHaveCount(17);
  await screenshot(ana.page, 'crowded-after-capture-desktop');

  for (const p of [ana, ben]) await p.context.close();
});
