import { expect, test, type Page } from '@playwright/test';
import { screenshot, type Player } from './helpers.ts';
import { draftFirstCards, startGame, testIds, valueOf } from './star-navigator-helpers.ts';

/**
 * The Override variants through the UI: a Forced Command Override game (a four-card Vector Set) and
 * a Select Precog game (the Tarot deck), each drafted, composed and settled by two players. Seeds
 * are test seeds; the comments say what each seed deals when every pick is the first card.
 */

/**
 * Picks a Vector Set the way the chooser states it: the must-use cards (preselected), one of the
 * Select variants' Override cards, then more Nav Memory cards up to the size. Returns the set.
 */
async function chooseVectorSet(page: Page): Promise<string[]> {
  const chooser = page.getByTestId('vector-chooser');
  await expect(chooser).toBeVisible();
  const size = Number(await chooser.getAttribute('data-size'));
  const required = ((await chooser.getAttribute('data-required')) ?? '').split(',').filter(Boolean);
  const oneOf = ((await chooser.getAttribute('data-one-of')) ?? '').split(',').filter(Boolean);
  for (const id of required)
    await expect(page.getByTestId(`vector-card-${id}`)).toHaveAttribute('data-selected', 'true');
  const set = [...required];
  if (oneOf.length > 0 && !oneOf.some((id) => set.includes(id))) set.push(oneOf[0]!);
  for (const id of await testIds(page, 'memory-card-'))
    if (set.length < size && !set.includes(id)) set.push(id);
  expect(set).toHaveLength(size);
  for (const id of set) {
    const card = page.getByTestId(`vector-card-${id}`);
    if ((await card.getAttribute('data-selected')) !== 'true') await card.click();
    await expect(card).toHaveAttribute('data-selected', 'true');
  }
  await page.getByTestId('choose-vector-set').click();
  await expect(page.getByTestId('composer')).toBeVisible();
  return set;
}

/** Joins every card of the Vector Set with "+", declares the sum by hand and submits. */
async function submitSum(page: Page, set: string[]): Promise<number> {
  for (const [k, id] of set.entries()) {
    if (k > 0) await page.getByTestId('expr-op-+').click();
    await page.getByTestId(`expr-card-${id}`).click();
  }
  const value = set.reduce((t, id) => t + valueOf(id), 0);
  await page.getByTestId('declared-input').fill(String(value));
  await page.getByTestId('submit-calculation').click();
  return value;
}

interface Frame {
  stage: string | null;
  chips: number[];
  initiative: string | null;
  winners: number;
  flying: boolean;
}

/** Records every state the showdown passes through on this page (a MutationObserver). */
async function recordShowdown(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { snFrames: Frame[] };
    w.snFrames = [];
    const snap = (): Frame => ({
      stage: document.querySelector('[data-testid="showdown"]')?.getAttribute('data-stage') ?? null,
      chips: [0, 1].map((s) =>
        Number(document.querySelector(`[data-testid="chips-${s}"]`)?.getAttribute('data-value')),
      ),
      initiative: document.querySelector('[data-testid="initiative"]')?.getAttribute('data-seat') ?? null,
      winners: [...document.querySelectorAll('.sn__badge')].filter((b) => b.textContent === 'Winner').length,
      flying: document.querySelector('[data-testid="flying-chip"]') !== null,
    });
    new MutationObserver(() => {
      const f = snap();
      const last = w.snFrames.at(-1);
      if (last === undefined || JSON.stringify(last) !== JSON.stringify(f)) w.snFrames.push(f);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * The showdown as one player saw it: while lines are revealed, chips, Initiative and Winner badges
 * still show the state before the round; then chips fly and the counts change as they land.
 */
async function checkShowdownReplay(
  page: Page,
  before: { chips: number[]; initiative: string },
): Promise<void> {
  await expect(page.getByTestId('showdown')).toHaveAttribute('data-stage', 'done');
  const frames = await page.evaluate(() => (window as unknown as { snFrames: Frame[] }).snFrames);
  const reveal = frames.filter((f) => f.stage === 'reveal');
  expect(reveal.length).toBeGreaterThan(0);
  for (const f of reveal) {
    expect(f.chips).toEqual(before.chips);
    expect(f.initiative).toBe(before.initiative);
    expect(f.winners).toBe(0);
  }
  const final = frames.at(-1)!;
  if (final.chips.join() !== before.chips.join()) {
    // chips moved: there was a flight, and the counts changed only after the reveal
    expect(frames.some((f) => f.stage === 'paying' && f.flying)).toBe(true);
    const firstChange = frames.findIndex((f) => f.chips.join() !== before.chips.join());
    expect(frames[firstChange]!.stage).not.toBe('reveal');
  }
  expect(final.initiative).not.toBe(before.initiative);
}

/**
 * Both submit the sums of their sets (seat 0 first) with 10 chips each; both watch the showdown play
 * out (checkShowdownReplay) and see each declared result.
 */
async function submitBoth(players: [Player, Player], sets: [string[], string[]]): Promise<void> {
  const initiative = (await players[0].page.getByTestId('initiative').getAttribute('data-seat')) ?? '';
  for (const p of players) await recordShowdown(p.page);
  const values = [await submitSum(players[0].page, sets[0]), await submitSum(players[1].page, sets[1])];
  for (const p of players) {
    await checkShowdownReplay(p.page, { chips: [10, 10], initiative });
    for (const seat of [0, 1])
      await expect(p.page.getByTestId(`showdown-line-${seat}`)).toContainText(`declared ${values[seat]}`);
  }
}

test('Forced Command Override: Override cards are marked and all used (a four-card Vector Set); the showdown pays out after the reveal', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // sno-11, hearts: Ana keeps 3♥ 10♥ 9♥ 5♠ (three Override cards), Ben keeps one heart; Beacon 8♣.
  const [ana, ben] = await startGame(browser, {
    seed: 'sno-11',
    variant: 'forcedCommandOverride',
    overrideSuit: 'H',
  });
  for (const p of [ana, ben]) await expect(p.page.getByTestId('override-suit')).toContainText('hearts');
  await draftFirstCards([ana, ben]);

  const memory = await testIds(ana.page, 'memory-card-');
  const hearts = memory.filter((id) => id.endsWith('H'));
  expect(hearts).toHaveLength(3);
  for (const id of memory)
    await expect(ana.page.getByTestId(`memory-card-${id}`)).toHaveAttribute(
      'data-override',
      id.endsWith('H') ? 'true' : 'false',
    );
  await expect(ana.page.getByTestId(`memory-card-${hearts[0]}`)).toContainText('Override');
  // The heading states Ana's own rule: four cards, the Beacon and all three Override cards.
  await expect(ana.page.getByTestId('vector-rule')).toHaveText(
    '— 4 cards: the Signpost Beacon, all 3 of your Override cards',
  );
  await expect(ben.page.getByTestId('vector-rule')).toHaveText(
    '— 3 cards: the Signpost Beacon, your Override card + 1 card of your choice from your Nav Memory',
  );
  const anaSet = await chooseVectorSet(ana.page);
  expect(anaSet).toHaveLength(4);
  expect(anaSet).toEqual(expect.arrayContaining(hearts));
  await screenshot(ana.page, 'star-override-compose-desktop');
  const benSet = await chooseVectorSet(ben.page);
  await screenshot(ben.page, 'star-override-compose-phone');

  await submitBoth([ana, ben], [anaSet, benSet]);
  for (const p of [ana, ben])
    await expect(p.page.locator('[data-testid="showdown-line-0"] [role="img"]')).toHaveCount(4);
  await screenshot(ben.page, 'star-override-showdown-phone');
  for (const p of [ana, ben]) await p.context.close();
});

test('Select Precog: Tarot cards show their values, one trump must be used, and the round settles', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // snp-16: Ana keeps 8 of wands, trump 9, Ace of coins, trump 15; Ben keeps Knight of wands,
  // 9 of coins, King of wands, trump 21; Beacon the King of cups.
  const [ana, ben] = await startGame(browser, { seed: 'snp-16', variant: 'selectPrecog' });
  await draftFirstCards([ana, ben]);
  const ace = ana.page.getByTestId('memory-card-tAP');
  await expect(ace).toContainText('100');
  await expect(ace).toContainText('Ace');
  await expect(ace).toContainText('coins');
  await expect(ace.getByRole('img')).toHaveAttribute('aria-label', 'Ace of coins, value 100');
  const knight = ben.page.getByTestId('memory-card-tNW');
  await expect(knight).toContainText('11');
  await expect(knight).toContainText('Knight');
  await expect(ana.page.getByTestId('memory-card-T9')).toHaveAttribute('data-override', 'true');
  await expect(ana.page.getByTestId('vector-rule')).toHaveText(
    '— 3 cards: the Signpost Beacon, one of your Override cards + 1 card of your choice from your Nav Memory',
  );
  await screenshot(ana.page, 'star-precog-desktop');
  await screenshot(ben.page, 'star-precog-phone');

  // Without a trump the set is refused by the chooser (Select: one Override card is a must).
  await ana.page.getByTestId('vector-card-t8W').click();
  await ana.page.getByTestId('vector-card-tAP').click();
  await expect(ana.page.getByTestId('choose-vector-set')).toBeDisabled();
  await ana.page.getByTestId('vector-card-t8W').click();
  await ana.page.getByTestId('vector-card-tAP').click();

  const anaSet = await chooseVectorSet(ana.page);
  expect(anaSet).toContain('T9');
  const benSet = await chooseVectorSet(ben.page);
  expect(benSet).toContain('T21');
  await submitBoth([ana, ben], [anaSet, benSet]);
  for (const p of [ana, ben])
    await expect(p.page.getByTestId('showdown-line-0')).not.toContainText('Forfeit');
  await screenshot(ana.page, 'star-precog-showdown-desktop');
  for (const p of [ana, ben]) await p.context.close();
});
