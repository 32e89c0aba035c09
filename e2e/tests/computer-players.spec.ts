import { expect, test } from '@playwright/test';
import {
  DESKTOP,
  enterName,
  handCardIds,
  isMyTurn,
  openPlayer,
  playOneMove,
  startTwoPlayerGame,
  version,
} from './helpers.ts';

/**
 * Computer players through the UI: one person plays a whole Cassino deal against the computer
 * from the home page's "Play against the computer"; a player who leaves mid-game is replaced by a
 * computer player, which plays their turns, and takes the seat back when they return.
 */
test('one person plays a whole Cassino deal against a Hard computer player', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=computer-e2e-1');
  await ana.page.getByTestId('game-card-cassino').click();
  await ana.page.getByTestId('computer-level-cassino').selectOption('hard');
  await ana.page.getByTestId('play-computer-cassino').click();
  // No lobby: the game starts at once, the computer's seat carries its badge.
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('thinking-strip')).toContainText('Computer · Hard');
  let sawThinking = false;
  for (let moves = 0; moves < 60; moves++) {
    await expect
      .poll(
        async () => (await isMyTurn(ana.page)) || (await ana.page.getByTestId('rematch-panel').count()) > 0,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    if ((await ana.page.getByTestId('rematch-panel').count()) > 0) break;
    await playOneMove(ana);
    // The computer answers after a visible think.
    sawThinking ||= await ana.page
      .getByText('thinking…')
      .isVisible()
      .catch(() => false);
  }
  await expect(ana.page.getByTestId('rematch-panel')).toBeVisible();
  expect(sawThinking).toBe(true);
  await ana.context.close();
});

test('a player who leaves is replaced by a computer player and takes the seat back on return', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, DESKTOP);
  const code = await startTwoPlayerGame(ana, ben, 'cassino', 'computer-e2e-2');

  await ben.page.getByRole('link', { name: 'Leave and go home' }).click();
  // Leaving a running game asks first.
  await ben.page.getByTestId('leave-confirm-button').click();
  await expect(ana.page.getByTestId('left-banner')).toContainText('Ben left the game');
  await ana.page.getByTestId('replace-with-computer').click();
  await expect(ana.page.getByTestId('computer-1')).toContainText('Computer · Normal');
  // The computer plays Ben's turns: Ana moves twice, so the computer moved in between.
  for (let i = 0; i < 2; i++) {
    await expect.poll(() => isMyTurn(ana.page), { timeout: 20_000 }).toBe(true);
    await playOneMove(ana);
  }
  await expect.poll(() => isMyTurn(ana.page), { timeout: 20_000 }).toBe(true);
  const before = await version(ana.page);
  expect(before).toBeGreaterThanOrEqual(3);

  // Ben comes back: his seat, his (computer-played) hand, and no computer badge any more.
  await ben.page.goto(`/r/${code}`);
  await expect(ben.page.getByTestId('table')).toBeVisible();
  await expect(ana.page.getByTestId('thinking-strip')).toHaveCount(0);
  await expect(ana.page.getByTestId('left-banner')).toHaveCount(0);
  expect((await handCardIds(ben.page)).length).toBeGreaterThan(0);
  await playOneMove(ana);
  await expect.poll(() => isMyTurn(ben.page), { timeout: 10_000 }).toBe(true);
  await playOneMove(ben);
  for (const p of [ana, ben]) await p.context.close();
});
