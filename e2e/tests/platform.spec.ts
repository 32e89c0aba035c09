import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  acceptRematch,
  createCassinoRoom,
  enterName,
  joinByCode,
  handCardIds,
  isMyTurn,
  openPlayer,
  playOneMove,
  screenshot,
  startCassino,
  version,
  type Player,
} from './helpers.ts';

/**
 * The platform around the games, through the UI: removing people, host settings, connection loss,
 * invites, the rematch offer, and what a player sees when the other leaves after the game.
 * Cassino is the game used; nothing here depends on its rules beyond playing legal moves.
 */

const createRoom = (host: Player, name = 'Ana') => createCassinoRoom(host, { name });
const startGame = startCassino;

/**
 * Plays the deal out quickly: whoever is to move trails their first card. Trailing is always legal
 * for a player who controls no build, and nobody builds here.
 */
async function trailToScoreSheet(players: readonly Player[]): Promise<void> {
  for (let moves = 0; (await players[0]!.page.getByTestId('score-sheet').count()) === 0;) {
    let actor: Player | null = null;
    for (const p of players) if (await isMyTurn(p.page)) actor = p;
    if (actor === null) {
      await players[0]!.page.waitForTimeout(50);
      continue;
    }
    const before = await version(actor.page);
    await actor.page.getByTestId('hand').locator('[data-testid^="hand-card-"]').first().click();
    await actor.page.getByTestId('action-trail').click();
    await expect.poll(() => version(actor.page)).toBeGreaterThan(before);
    expect(++moves).toBeLessThanOrEqual(48);
  }
  for (const p of players) await expect(p.page.getByTestId('score-sheet')).toBeVisible();
}

/** Ana (desktop, host) and Ben (phone) in a new room, one deal played out to the score sheet. */
async function dealPlayedOut(browser: Browser): Promise<[Player, Player]> {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  await joinByCode(ben, await createRoom(ana));
  await startGame(ana, ben);
  await trailToScoreSheet([ana, ben]);
  return [ana, ben];
}

/** A screenshot that does not wait for animations (the reconnecting dot pulses for ever). */
async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `artifacts/screenshots/${name}.png` });
}

test('a kicked browser cannot come back as a player or watch; the host removes a spectator', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const eve = await openPlayer(browser, DESKTOP);
  const code = await createRoom(ana);
  // The host starts the game; an "I'm ready" button would do nothing for them.
  await expect(ana.page.getByTestId('ready-toggle')).toHaveCount(0);
  await joinByCode(ben, code);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Eve');
  await screenshot(ana.page, 'platform-lobby-host-desktop');

  // Remove asks first; Ban keeps the browser out.
  await ana.page.getByTestId('kick-1').click();
  await ana.page.getByTestId('remove-ban').click();
  await expect(ben.page.getByText('Removed from the room')).toBeVisible();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', '');
  await screenshot(ben.page, 'platform-kicked-phone');

  // A new tab of the same browser (a new seat token) opening the link, or asking to watch.
  for (const url of [`/r/${code}`, `/r/${code}?watch=1`]) {
    const tab = await ben.context.newPage();
    await tab.goto(url);
    await expect(tab.getByTestId('removed')).toBeVisible();
    await expect(tab.getByTestId('lobby')).toHaveCount(0);
    await tab.close();
  }
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', '');
  await expect(ana.page.getByTestId('spectator-list')).not.toContainText('Ben');

  // The host bans the spectator the same way.
  await ana.page.getByRole('button', { name: 'Remove Eve' }).click();
  await ana.page.getByTestId('remove-ban').click();
  await expect(eve.page.getByText('Removed from the room')).toBeVisible();
  await expect(ana.page.getByTestId('spectator-list')).toHaveAttribute('data-count', '0');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(eve.page.getByTestId('removed')).toBeVisible();

  // Somebody else still gets the free seat.
  const cam = await openPlayer(browser, DESKTOP);
  await joinByCode(cam, code, 'Cam');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Cam');
  for (const p of [ana, ben, eve, cam]) await p.context.close();
});

test('copy invite gives the room link; opening it joins as a player; host options reach everyone', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana);
  const origin = new URL(ana.page.url()).origin;
  await ana.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });

  await ana.page.getByTestId('copy-invite').click();
  await expect(ana.page.getByTestId('copy-invite')).toHaveText('Link copied!');
  const link = await ana.page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${origin}/r/${code}`);

  // A friend with no name yet opens the link: asked for a name, then seated as a player.
  await ben.page.goto(link);
  await ben.page.getByTestId('name-input').fill('Ben 👩‍💻');
  await ben.page.getByTestId('join-as-player').click();
  await expect(ben.page.getByTestId('lobby')).toBeVisible();
  await expect(ben.page.getByTestId('ready-toggle')).toBeVisible();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben 👩‍💻');
  await screenshot(ben.page, 'platform-joined-by-link-phone');

  // The host's settings reach the others, and everyone agrees afresh.
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await expect(ben.page.getByTestId('game-summary')).toContainText('One deal');
  await ana.page.getByTestId('option-match').selectOption('to21');
  await expect(ben.page.getByTestId('game-summary')).toContainText('First to 21 points');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'false');
  await expect(ben.page.getByTestId('option-match')).toHaveCount(0);
  for (const p of [ana, ben]) await p.context.close();
});

test('a dropped player shows as reconnecting to the others and comes back by itself', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana);
  await joinByCode(ben, code);

  // A drop seconds after joining (the SDK's default would give up on a connection this young).
  await ben.context.setOffline(true);
  await expect(ben.page.getByTestId('connection-status')).toHaveAttribute('data-status', 'reconnecting');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-connected', 'false');
  await ben.context.setOffline(false);
  await expect(ben.page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-connected', 'true');

  await startGame(ana, ben);
  // Whoever is to move goes offline: the table is dimmed and inert, the others see "reconnecting…".
  const [mover, other] = (await isMyTurn(ben.page)) ? [ben, ana] : [ana, ben];
  await expect(mover.page.getByTestId('table')).toHaveAttribute('data-my-turn', 'true');
  await mover.context.setOffline(true);
  await expect(mover.page.getByTestId('reconnecting-notice')).toBeVisible();
  await expect(mover.page.getByTestId('room-content')).toHaveAttribute('inert', '');
  await expect(other.page.getByText('reconnecting…')).toBeVisible();
  await mover.page.waitForTimeout(3000);
  await expect(mover.page.getByTestId('connection-status')).toHaveAttribute('data-status', 'reconnecting');
  await snapshot(mover.page, `platform-reconnecting-${mover === ben ? 'phone' : 'desktop'}`);
  await snapshot(other.page, `platform-opponent-reconnecting-${other === ben ? 'phone' : 'desktop'}`);

  // Back online: the page reconnects at once, in the same seat, and can play.
  await mover.context.setOffline(false);
  await expect(mover.page.getByTestId('connection-status')).toHaveAttribute('data-status', 'connected', {
    timeout: 5000,
  });
  await expect(mover.page.getByTestId('reconnecting-notice')).toHaveCount(0);
  await expect(mover.page.getByTestId('room-content')).not.toHaveAttribute('inert', '');
  await expect(other.page.getByText('reconnecting…')).toHaveCount(0);
  await playOneMove(mover);
  for (const p of [ana, ben]) await p.context.close();
});

test('a player who leaves a running game by the home link or Back takes the seat back on return', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const code = await createRoom(ana);
  await joinByCode(ben, code);
  await startGame(ana, ben);
  const hand = await handCardIds(ben.page);
  expect(hand.length).toBe(4);

  // The top bar's home link asks first; Stay (or Escape) keeps the player at the table.
  const leave = ben.page.getByRole('link', { name: 'Leave and go home' });
  await leave.click();
  await expect(ben.page.getByTestId('leave-confirm')).toContainText('Leave the game?');
  await ben.page.getByTestId('leave-stay').click();
  await expect(ben.page.getByTestId('leave-confirm')).toHaveCount(0);
  await leave.click();
  await ben.page.keyboard.press('Escape');
  await expect(ben.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('left-banner')).toHaveCount(0);
  // Leave: the others are told, the seat is kept.
  await leave.click();
  await ben.page.getByTestId('leave-confirm-button').click();
  await expect(ben.page.getByTestId('join-code-input')).toBeVisible();
  await expect(ana.page.getByTestId('left-banner')).toContainText('Ben left the game');

  // Back: the same seat and the same hand, not "the table is full".
  await ben.page.goBack();
  await expect(ben.page.getByTestId('table')).toBeVisible();
  expect(await handCardIds(ben.page)).toEqual(hand);
  await expect(ana.page.getByTestId('left-banner')).toHaveCount(0);

  // Leaving again and pasting the invite link into the code box also takes the seat back.
  await leave.click();
  await ben.page.getByTestId('leave-confirm-button').click();
  await ben.page.getByTestId('join-code-input').fill(`${new URL(ben.page.url()).origin}/r/${code}`);
  await ben.page.getByTestId('join-button').click();
  await expect(ben.page.getByTestId('table')).toBeVisible();
  expect(await handCardIds(ben.page)).toEqual(hand);
  const mover = (await isMyTurn(ben.page)) ? ben : ana;
  await playOneMove(mover);
  for (const p of [ana, ben]) await p.context.close();
});

test('rematch is an offer: one acceptance shows who waits, the second starts the next deal', async ({
  browser,
}) => {
  const [ana, ben] = await dealPlayedOut(browser);

  const banner = await ana.page.getByTestId('winner-banner').innerText();
  // Listed in seat order; the rematch rotates the seats, so Ben (seat 1) comes first next game.
  const wins = banner.includes('You win') ? 'Ben 0 · Ana 1' : banner.includes('Ben') ? 'Ben 1 · Ana 0' : null;
  await ben.page.getByTestId('rematch').click();
  await expect(ben.page.getByTestId('rematch-status')).toContainText('Waiting for Ana');
  await expect(ana.page.getByTestId('rematch-status')).toContainText('Ben wants a rematch');
  await expect(ana.page.getByTestId('rematch')).toHaveText('Accept rematch');
  // Nothing started on one acceptance; it can be withdrawn and given again.
  await expect(ana.page.getByTestId('score-sheet')).toBeVisible();
  await screenshot(ana.page, 'platform-rematch-offer-desktop');
  await screenshot(ben.page, 'platform-rematch-offer-phone');
  await ben.page.getByTestId('rematch-withdraw').click();
  await expect(ana.page.getByTestId('rematch')).toHaveText('Rematch');
  await acceptRematch([ben, ana]);
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('score-sheet')).toHaveCount(0);
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-version', '0');
  }
  // The running score is kept across the rematch.
  await expect(ana.page.getByTestId('table-match-wins')).toContainText(wins ?? 'Ben 0 · Ana 0');
  for (const p of [ana, ben]) await p.context.close();
});

test('when the other player leaves after the deal, the score sheet stays and Rematch returns to the lobby', async ({
  browser,
}) => {
  const [ana, ben] = await dealPlayedOut(browser);

  await ben.page.getByRole('link', { name: 'Leave and go home' }).click();
  await expect(ana.page.getByTestId('left-banner')).toContainText('Ben left the room');
  await expect(ana.page.getByTestId('score-sheet')).toBeVisible();
  await expect(ana.page.getByTestId('rematch-status')).toContainText('a rematch needs 1 more player');
  await expect(ana.page.getByTestId('rematch')).toHaveText('Back to the lobby');
  await screenshot(ana.page, 'platform-opponent-left-desktop');
  await ana.page.getByTestId('rematch').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', '');
  for (const p of [ana, ben]) await p.context.close();
});

test('home: the code box comes before the games; rules hide the developer map; a 429 is explained', async ({
  browser,
}) => {
  const phone = await openPlayer(browser, PHONE);
  await phone.page.goto('/');
  const code = await phone.page.getByTestId('join-code-input').boundingBox();
  const firstGame = await phone.page.getByTestId('game-card-cassino').boundingBox();
  expect(code!.y + code!.height).toBeLessThan(firstGame!.y);
  expect(code!.y + code!.height).toBeLessThan(844);
  await screenshot(phone.page, 'platform-home-phone');

  const desk = await openPlayer(browser, DESKTOP);
  await desk.page.goto('/');
  expect((await desk.page.getByTestId('join-code-input').boundingBox())!.y).toBeLessThan(400);
  await screenshot(desk.page, 'platform-home-desktop');

  // A wrong code stays in the box with the reason; nothing else is typed again.
  const codeBox = desk.page.getByTestId('join-code-input');
  await codeBox.fill('qzqzq');
  await desk.page.getByTestId('join-button').click();
  await expect(desk.page.getByTestId('join-code-error')).toContainText('No room with code QZQZQ');
  await expect(codeBox).toHaveValue('QZQZQ');
  await expect(desk.page).toHaveURL(/\/$/);

  const code2 = await createRoom(desk);
  await desk.page.getByTestId('rules-button').click();
  const panel = desk.page.getByTestId('rules-panel');
  await expect(panel).toContainText('Sweep');
  await expect(panel.getByRole('heading').first()).toHaveText('Rules of Cassino');
  await expect(panel.getByRole('heading').nth(1)).toHaveText('How to play');
  await expect(panel.getByRole('heading', { name: 'Quick reference' })).toBeVisible();
  await expect(panel).not.toContainText('Clause → test');
  await expect(panel).not.toContainText('Decisions');
  await expect(panel).not.toContainText('packages/rules/test');
  await desk.page.keyboard.press('Escape');

  // The per-address limit's answer, as the join page shows it (the limit itself: server tests).
  await phone.page.route('**/api/rooms/*', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 429,
        error: 'Too many room look-ups from your network. Please wait 1 s and try again.',
        retryAfterSeconds: 1,
      }),
    }),
  );
  await phone.page.goto(`/r/${code2}`);
  await expect(phone.page.getByText('Too many room look-ups from your network')).toBeVisible();
  await phone.page.unroute('**/api/rooms/*');
  await phone.page.getByRole('button', { name: 'Try again' }).click();
  await expect(phone.page.getByTestId('join-as-player')).toBeVisible();
  for (const p of [phone, desk]) await p.context.close();
});
