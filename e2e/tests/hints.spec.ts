import { expect, test } from '@playwright/test';
import { DESKTOP, enterName, isMyTurn, openPlayer } from './helpers.ts';

/**
 * Hints through the UI: "Play against the computer" turns them on; on the player's turn in Wouter's
 * Math Card Game the Hint button tells them the turn that scores best for them now.
 */
test('a hint in a Math Card Game against the computer names the best-scoring turn', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=hints-e2e-1');
  await ana.page.getByTestId('game-card-math-card-game').click();
  await ana.page.getByTestId('play-computer-math-card-game').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  // The cut first (Ana cuts the computer's deck), then play.
  await ana.page.getByTestId('cut-position-12').click();
  await expect(ana.page.getByTestId('cut-step')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(() => isMyTurn(ana.page), { timeout: 20_000 }).toBe(true);
  await ana.page.getByTestId('hint-button').click();
  // Worked out in the worker the computer players share: allow for a busy machine.
  await expect(ana.page.getByTestId('hint-text')).toContainText(
    /^(Play|Pass).*: your score becomes -?\d+\.$/,
    { timeout: 30_000 },
  );
  await ana.context.close();
});

test('a Blind Cassowary hint says whether a cassowary exists, then shows one', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=hints-e2e-2');
  await ana.page.getByTestId('game-card-blind-cassowary').click();
  // Easy computer players claim slowly: the hand stays as it is for both taps.
  await ana.page.getByTestId('computer-level-blind-cassowary').selectOption('easy');
  await ana.page.getByTestId('play-computer-blind-cassowary').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  await ana.page.getByTestId('hint-button').click();
  // This seed deals Ana a hand that makes the target.
  const text = ana.page.getByTestId('hint-text');
  await expect(text).toHaveText('A cassowary exists in your hand.');
  await expect(ana.page.getByTestId('hint-button')).toHaveText('Show me one');
  await ana.page.getByTestId('hint-button').click();
  await expect(text).toHaveText(/^One cassowary: .+ = \d+$/);
  await expect(ana.page.getByTestId('hint-button')).toHaveCount(0);
  await ana.context.close();
});

test('the host turns hints on in the lobby; they are off by default', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.getByTestId('game-card-star-navigator').click();
  await ana.page.getByTestId('create-room-star-navigator').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  const hints = ana.page.getByTestId('option-hints');
  await expect(hints).not.toBeChecked();
  await hints.check();
  // Checked from the room info the server sent back, not only by the click.
  await ana.page.reload();
  await expect(ana.page.getByTestId('option-hints')).toBeChecked();
  await ana.context.close();
});
