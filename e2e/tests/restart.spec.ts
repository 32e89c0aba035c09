import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  DESKTOP,
  handCardIds,
  isMyTurn,
  openPlayer,
  PHONE,
  type Player,
  playOneMove,
  version,
} from './helpers.ts';
import { ownServer } from './own-server.ts';

/**
 * A server restart in the middle of a game, in real Chromium: this spec runs its own server (the
 * config's one cannot be killed) on its own port with its own data directory, kills it with SIGKILL
 * and starts it again. Two players and a spectator return by themselves to the same seats and hands.
 */
let dataDir = '';
const server = ownServer(7, () => ({ DATA_DIR: dataDir }));
const ORIGIN = server.origin;
const startServer = () => server.start();
const killServer = () => server.kill();

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-e2e-restart-'));
});
test.afterAll(async () => {
  await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = (browser: Browser, device: typeof PHONE | typeof DESKTOP): Promise<Player> =>
  openPlayer(browser, device, ORIGIN);

async function named(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('name-input').fill(name);
}

const status = (page: Page) => page.getByTestId('connection-status');

test('a server killed with SIGKILL mid-game and started again: both players and a spectator come back by themselves', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  await startServer();
  const ana = await open(browser, DESKTOP);
  const ben = await open(browser, PHONE);
  const eve = await open(browser, DESKTOP);
  await named(ana.page, 'Ana');
  await ana.page.getByTestId('game-card-cassino').click();
  await ana.page.getByTestId('create-room-cassino').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  const code = (await ana.page.getByTestId('room-code').innerText()).trim();
  await named(ben.page, 'Ben');
  await ben.page.getByTestId('join-code-input').fill(code);
  await ben.page.getByTestId('join-button').click();
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();
  for (const p of [ana, ben]) await expect(p.page.getByTestId('table')).toBeVisible();
  await named(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(eve.page.getByTestId('table')).toBeVisible();

  for (let i = 0; i < 3; i++) await playOneMove((await isMyTurn(ana.page)) ? ana : ben);
  const at = await version(ana.page);
  await expect.poll(() => version(eve.page)).toBe(at);
  const hands = { ana: await handCardIds(ana.page), ben: await handCardIds(ben.page) };
  // A half-built move: the player to move has picked a card (kept in the tab) when the server dies.
  const mover = (await isMyTurn(ana.page)) ? ana : ben;
  const pickedId = await mover.page
    .getByTestId('hand')
    .locator('[data-testid^="hand-card-"]:not([disabled]):not([aria-disabled="true"])')
    .first()
    .getAttribute('data-testid');
  const picked = mover.page.getByTestId(pickedId ?? 'no-playable-card');
  await picked.click();
  await expect(picked).toHaveAttribute('data-selected', 'true');

  await killServer();
  for (const p of [ana, ben, eve]) await expect(status(p.page)).toHaveText('The server is restarting…');
  await startServer();
  const restartedAt = Date.now();

  for (const p of [ana, ben, eve]) {
    await expect(status(p.page)).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-version', String(at));
  }
  console.log(`restart e2e: all three pages back ${Date.now() - restartedAt} ms after the server was ready`);
  expect(await handCardIds(ana.page)).toEqual(hands.ana);
  expect(await handCardIds(ben.page)).toEqual(hands.ben);
  expect(await handCardIds(eve.page)).toEqual([]);
  expect(ana.page.url()).toContain(`/r/${code}`);
  await expect(picked).toHaveAttribute('data-selected', 'true');
  await picked.click();
  await expect(picked).toHaveAttribute('data-selected', 'false');

  // The game goes on to its end, each move one the server lists (a player who owns a build may
  // not trail, so always trailing could wait for a button that never comes).
  for (let moves = 0; (await ana.page.getByTestId('score-sheet').count()) === 0;) {
    const mover = (await isMyTurn(ana.page)) ? ana : (await isMyTurn(ben.page)) ? ben : null;
    if (mover === null) {
      await ana.page.waitForTimeout(50);
      continue;
    }
    expect(++moves).toBeLessThanOrEqual(48);
    await playOneMove(mover);
  }
  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('score-sheet')).toBeVisible();

  // The game that lived through the restart has its replay, and it steps.
  const href = await ana.page.getByTestId('replay-link').getAttribute('href');
  expect(href).toMatch(/^\/replay\/[A-Za-z0-9_-]{22}$/);
  await eve.page.goto(href ?? '/');
  await expect(eve.page.getByTestId('replay-move')).toHaveText(/^Move 0 of \d+$/);
  await eve.page.keyboard.press('ArrowRight');
  await expect(eve.page.getByTestId('replay-move')).toHaveText(/^Move 1 of \d+$/);
  await eve.page.keyboard.press('End');
  await expect(eve.page.getByTestId('score-sheet')).toBeVisible();
  for (const p of [ana, ben, eve]) await p.context.close();
});
