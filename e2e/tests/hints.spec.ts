import { expect, type Page, test } from '@playwright/test';
import type { StarNavigatorIntent } from '@cards/schema';
import { DESKTOP, enterName, isMyTurn, latest, openPlayer, version } from './helpers.ts';

/**
 * Hints through the UI: "Play against the computer" turns them on; the Hint button shows only where
 * the server says a hint exists (not during Math Card Game's cut, not in Star Navigator's draft);
 * the cards a hint names are marked on the table until the position changes.
 */

/** The ids of the cards marked on the table as the hint's (data-hinted), by their test id's tail. */
const hintedIds = (page: Page, prefix: string): Promise<string[]> =>
  page
    .locator(`[data-testid^="${prefix}"][data-hinted="true"]`)
    .evaluateAll(
      (els, cut) => els.map((el) => (el.getAttribute('data-testid') ?? '').slice(cut)),
      prefix.length,
    );

test('a hint in a Math Card Game against the computer names the best-scoring turn', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=hints-e2e-1');
  await ana.page.getByTestId('game-card-math-card-game').click();
  await ana.page.getByTestId('play-computer-math-card-game').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  // The cut first (Ana cuts the computer's deck), then play. The cut is Ana's to do, but no hint
  // exists for it: no Hint button.
  await expect(ana.page.getByTestId('cut-position-12')).toBeVisible();
  await expect(ana.page.getByTestId('hint-bar')).toHaveCount(0);
  await ana.page.getByTestId('cut-position-12').click();
  await expect(ana.page.getByTestId('cut-step')).toHaveCount(0, { timeout: 20_000 });
  // The computer's cut depends on when it decides, so Ana's hand may hold nothing she can play:
  // then the mulligan is all she is offered, and no hint exists for it.
  const hintButton = ana.page.getByTestId('hint-button');
  const mulligan = ana.page.getByTestId('mulligan');
  for (let mulligans = 0; ; mulligans++) {
    await expect.poll(() => isMyTurn(ana.page), { timeout: 20_000 }).toBe(true);
    await expect(hintButton.or(mulligan)).toBeVisible();
    if (await hintButton.isVisible()) break;
    expect(mulligans, 'a playable hand within three mulligans').toBeLessThan(3);
    await expect(ana.page.getByTestId('hint-bar')).toHaveCount(0);
    await mulligan.click();
    await expect(mulligan).toHaveCount(0);
  }
  await hintButton.click();
  // Worked out in the worker the computer players share: allow for a busy machine.
  await expect(ana.page.getByTestId('hint-text')).toContainText(
    /^(Play|Pass).*: your score becomes -?\d+\.$/,
    { timeout: 30_000 },
  );
  // The turn's cards are marked in Ana's hand, and said so to screen readers.
  const marked = await hintedIds(ana.page, 'hand-card-');
  expect(marked.length).toBeGreaterThan(0);
  await expect(ana.page.getByTestId(`hand-card-${marked[0]}`)).toHaveAccessibleName(/named by the hint$/);
  // So are the sequences the turn plays on (a slot, or "+ New sequence"), each one the words name.
  const places = await hintedIds(ana.page, 'sequence-');
  expect(places.length).toBeGreaterThan(0);
  const text = await ana.page.getByTestId('hint-text').innerText();
  for (const place of places) {
    expect(text).toContain(place === 'new' ? 'on a new sequence' : `on sequence ${Number(place) + 1}`);
    await expect(ana.page.getByTestId(`sequence-${place}`)).toHaveAccessibleName(/named by the hint$/);
  }
  await ana.context.close();
});

test('a Star Navigator hint in compose names a Vector Set and marks its cards; none in the draft', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  await enterName(ana.page, 'Ana');
  await ana.page.goto('/?seed=hints-e2e-3');
  await ana.page.getByTestId('game-card-star-navigator').click();
  await ana.page.getByTestId('option-round-timer').selectOption('600');
  await ana.page.getByTestId('play-computer-star-navigator').click();
  await expect(ana.page.getByTestId('table')).toBeVisible();
  const page = ana.page;
  const chooser = page.getByTestId('vector-chooser');
  const packet = page.locator('[data-testid^="packet-card-"]').first();
  // The draft: Ana picks a card from each Data Packet; the hint is for the Vector Set, not here.
  for (let picks = 0; !(await chooser.isVisible()); picks++) {
    expect(picks, 'the draft should end').toBeLessThan(12);
    await expect(chooser.or(packet).first()).toBeVisible({ timeout: 20_000 });
    if (await chooser.isVisible()) break;
    await expect(page.getByTestId('hint-bar')).toHaveCount(0);
    const before = await version(page);
    await packet.click();
    await expect.poll(() => version(page), { timeout: 20_000 }).toBeGreaterThan(before);
  }
  await page.getByTestId('hint-button').click();
  await expect(page.getByTestId('hint-text')).toHaveText(
    /^Vector Set: .+\. It can make -?\d+ \((exactly the target|\d+ from the target)\)\.$/,
    { timeout: 30_000 },
  );
  // The cards marked in the chooser are exactly one of the Vector Sets Ana may choose.
  const marked = await hintedIds(page, 'vector-card-');
  const { legal } = await latest<unknown, StarNavigatorIntent>(ana);
  const sets = legal.flatMap((i) => (i.type === 'chooseVectorSet' ? [[...i.cards].sort().join(',')] : []));
  expect(sets).toContain([...marked].sort().join(','));
  await expect(page.getByTestId(`vector-card-${marked[0]}`)).toHaveAccessibleName(/named by the hint$/);
  // Ana acts (chooses a Vector Set: the largest with every Ace at 1): the hint and its marks go.
  const set = legal
    .flatMap((i) =>
      i.type === 'chooseVectorSet' && i.aces.every((a) => a.value === 1) && i.phantom === null ? [i] : [],
    )
    .sort((a, b) => b.cards.length - a.cards.length)[0];
  if (set === undefined) throw new Error('no Vector Set to choose');
  for (const id of set.cards) {
    const card = page.getByTestId(`vector-card-${id}`);
    if ((await card.getAttribute('data-selected')) !== 'true') await card.click();
  }
  await page.getByTestId('choose-vector-set').click();
  await expect(page.getByTestId('hint-text')).toHaveCount(0);
  await expect(page.locator('[data-hinted="true"]')).toHaveCount(0);
  await expect(page.getByTestId('hint-button')).toHaveText('Hint');
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
  // Its cards are marked in Ana's hand.
  expect((await hintedIds(ana.page, 'hand-card-')).length).toBeGreaterThan(0);
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
  // The box shows the room's option: checked once the server's room info says so (a click alone
  // does not keep it checked, so Playwright's check() would race the answer).
  await hints.click();
  await expect(hints).toBeChecked();
  await ana.page.reload();
  await expect(ana.page.getByTestId('option-hints')).toBeChecked();
  await ana.context.close();
});
