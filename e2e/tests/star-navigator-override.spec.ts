import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP, PHONE, enterName, openPlayer, screenshot, type Player } from './helpers.ts';

/**
 * The Override variants through the UI: a Forced Command Override game (a four-card Vector Set) and
 * a Select Precog game (the Tarot deck), each drafted, composed and settled by two players. Seeds
 * are test seeds; the comments say what each seed deals when every pick is the first card.
 */

async function startGame(
  browser: Browser,
  setup: { seed: string; variant: string; overrideSuit?: string },
): Promise<[Player, Player]> {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  await enterName(ana.page, 'Ana');
  await ana.page.goto(`/?seed=${setup.seed}`);
  await ana.page.getByTestId('game-card-star-navigator').click();
  await ana.page.getByTestId('option-round-timer').selectOption('600');
  await ana.page.getByTestId('option-variant').selectOption(setup.variant);
  if (setup.overrideSuit) await ana.page.getByTestId('option-override-suit').selectOption(setup.overrideSuit);
  await ana.page.getByTestId('create-room-star-navigator').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  const code = (await ana.page.getByTestId('room-code').innerText()).trim();
  await enterName(ben.page, 'Ben');
  await ben.page.getByTestId('join-code-input').fill(code.toLowerCase());
  await ben.page.getByTestId('join-button').click();
  await expect(ben.page.getByTestId('lobby')).toBeVisible();
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();
  for (const p of [ana, ben])
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
  return [ana, ben];
}

async function testIds(page: Page, prefix: string): Promise<string[]> {
  const ids = await page
    .locator(`[data-testid^="${prefix}"]`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice(prefix.length));
}

/** A card's value from its id: standard ("7S", "AD" = 1, "JK1"), Tarot ("tAW" 100, "tPC" 1, "tNS" 11, "T20"). */
function valueOf(id: string): number {
  if (id.startsWith('JK')) return 0;
  if (id.startsWith('T')) return Number(id.slice(1));
  const rank = id.startsWith('t') ? id.slice(1, -1) : id.slice(0, -1);
  const named: Record<string, number> = id.startsWith('t')
    ? { A: 100, P: 1, N: 11, Q: 12, K: 13 }
    : { A: 1, J: 11, Q: 12, K: 13 };
  return named[rank] ?? Number(rank);
}

/** Three taps of the first card; the fourth card is kept without a tap. */
async function draftFirstCards(players: Player[]): Promise<void> {
  for (let pass = 0; pass < 3; pass++)
    for (const p of players) {
      const cards = p.page.locator('[data-testid^="packet-card-"]:enabled');
      await expect(cards.first()).toBeVisible();
      const id = ((await cards.first().getAttribute('data-testid')) ?? '').replace('packet-card-', '');
      await cards.first().click();
      await expect(p.page.getByTestId(`memory-card-${id}`)).toBeVisible();
    }
  for (const p of players) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'compose');
    await expect(p.page.locator('[data-testid^="memory-card-"]')).toHaveCount(4);
  }
}

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

  const initiative = (await ana.page.getByTestId('initiative').getAttribute('data-seat')) ?? '';
  for (const p of [ana, ben]) await recordShowdown(p.page);
  const anaValue = await submitSum(ana.page, anaSet);
  const benValue = await submitSum(ben.page, benSet);

  for (const p of [ana, ben]) {
    await checkShowdownReplay(p.page, { chips: [10, 10], initiative });
    await expect(p.page.getByTestId('showdown-line-0')).toContainText(`declared ${anaValue}`);
    await expect(p.page.getByTestId('showdown-line-1')).toContainText(`declared ${benValue}`);
    await expect(p.page.locator('[data-testid="showdown-line-0"] [role="img"]')).toHaveCount(4);
  }
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
  const initiative = (await ana.page.getByTestId('initiative').getAttribute('data-seat')) ?? '';
  for (const p of [ana, ben]) await recordShowdown(p.page);
  const anaValue = await submitSum(ana.page, anaSet);
  const benValue = await submitSum(ben.page, benSet);
  for (const p of [ana, ben]) {
    await checkShowdownReplay(p.page, { chips: [10, 10], initiative });
    await expect(p.page.getByTestId('showdown-line-0')).toContainText(`declared ${anaValue}`);
    await expect(p.page.getByTestId('showdown-line-1')).toContainText(`declared ${benValue}`);
    await expect(p.page.getByTestId('showdown-line-0')).not.toContainText('Forfeit');
  }
  await screenshot(ana.page, 'star-precog-showdown-desktop');
  for (const p of [ana, ben]) await p.context.close();
});
