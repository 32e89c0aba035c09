import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  enterName,
  expectOwnFramesHold,
  framesContain,
  openPlayer,
  screenshot,
  type Player,
} from './helpers.ts';
import { testIds, valueOf } from './star-navigator-helpers.ts';

const SEED = 'sn-e2e-0';

async function createRoom(host: Player): Promise<string> {
  await enterName(host.page, 'Ana');
  // A test seed makes the deal repeatable; the server honours it in tests only.
  await host.page.goto(`/?seed=${SEED}`);
  await host.page.getByTestId('game-card-star-navigator').click();
  await host.page.getByTestId('option-starting-chips').fill('6');
  await host.page.getByTestId('option-round-timer').selectOption('600');
  await host.page.getByTestId('create-room-star-navigator').click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  const code = (await host.page.getByTestId('room-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z]{5}$/);
  return code;
}

async function joinByCode(guest: Player, name: string, code: string): Promise<void> {
  await enterName(guest.page, name);
  await guest.page.getByTestId('join-code-input').fill(code.toLowerCase());
  await guest.page.getByTestId('join-button').click();
  await expect(guest.page.getByTestId('lobby')).toBeVisible();
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

test('three navigators draft, compose and reach the showdown while a fourth watches', async ({ browser }) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const cy = await openPlayer(browser, DESKTOP);
  const eve = await openPlayer(browser, DESKTOP);
  const seated = [ana, ben, cy];

  const code = await createRoom(ana);
  await joinByCode(ben, 'Ben', code);
  await joinByCode(cy, 'Cy', code);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Eve');
  for (const p of [ben, cy]) await p.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-2')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();

  for (const p of [...seated, eve]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
    await expect(p.page.getByTestId('target')).toBeVisible();
    await expect(p.page.getByTestId('beacon')).toBeVisible();
  }
  await expect(ana.page.getByTestId('chips-0')).toHaveAttribute('data-value', '6');
  await expect(eve.page.locator('[data-testid^="packet-card-"]')).toHaveCount(0);
  await expect(ben.page.getByTestId('round-timer')).toBeVisible();

  // The draft: everyone taps the first card of each Data Packet three times; the fourth card comes
  // alone and is kept without a tap.
  const firstPicks = new Map<Player, string>();
  for (let pass = 0; pass < 3; pass++) {
    for (const p of seated) {
      const cards = p.page.locator('[data-testid^="packet-card-"]:enabled');
      await expect(cards.first()).toBeVisible();
      const id = ((await cards.first().getAttribute('data-testid')) ?? '').replace('packet-card-', '');
      if (pass === 0) firstPicks.set(p, id);
      await cards.first().click();
      if (pass === 0 && p === ana) {
        // While the others still choose, Ana sees them flagged as choosing.
        await expect(ana.page.getByTestId('sn-seat-1')).toHaveAttribute('data-choosing', 'true');
      }
      await expect(p.page.getByTestId(`memory-card-${id}`)).toBeVisible();
      if (pass === 0 && p === ana) {
        // Ana has picked: the rest of her packet is on its way left and no longer shown to her.
        await expect(ana.page.locator('[data-testid^="packet-card-"]')).toHaveCount(0);
        await expect(ana.page.getByTestId('waiting-packet')).toContainText('Passing the other 3 cards');
      }
    }
    if (pass === 1) {
      await screenshot(ben.page, 'star-draft-phone');
      await noHorizontalScroll(ben.page);
    }
  }
  for (const p of seated) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'compose');
    await expect(p.page.locator('[data-testid^="memory-card-"]')).toHaveCount(4);
  }

  // Nothing hidden leaks: a first pick is seen by its owner only; the spectator sees no kept card.
  const memories = new Map<Player, string[]>();
  for (const p of seated) memories.set(p, await testIds(p.page, 'memory-card-'));
  for (const [i, owner] of seated.entries()) expectOwnFramesHold(owner, memories.get(owner)!, `seat ${i}`);
  for (const owner of seated)
    for (const other of [...seated, eve]) {
      if (other === owner) continue;
      const hidden = other === eve ? memories.get(owner)! : [firstPicks.get(owner)!];
      for (const id of hidden) {
        expect(framesContain(other.frames, id), `${id} reached another client`).toBe(false);
        await expect(other.page.locator(`[data-testid$="-${id}"]`)).toHaveCount(0);
      }
    }

  // Each navigator: two Nav Memory cards + the Beacon, the sum of them, declared by hand.
  const beacon = (await ana.page.getByTestId('beacon').getAttribute('data-card')) ?? '';
  expect(beacon).not.toBe('');
  const declared = new Map<Player, number>();
  for (const p of seated) {
    const [a, b] = memories.get(p)!;
    await expect(p.page.getByTestId(`vector-card-${beacon}`)).toHaveAttribute('data-selected', 'true');
    await p.page.getByTestId(`vector-card-${a}`).click();
    await p.page.getByTestId(`vector-card-${b}`).click();
    await p.page.getByTestId('choose-vector-set').click();
    await expect(p.page.getByTestId('composer')).toBeVisible();
    if (p === ben) {
      // Typed instead of tapped: the same formula, read into the same tree as the buttons build.
      const [la, lb, lc] = await Promise.all(
        [a!, b!, beacon].map((id) => p.page.getByTestId(`expr-card-${id}`).innerText()),
      );
      await p.page.getByTestId('formula-input').fill(`${la} + (${lb} + ${lc})`);
      await expect(p.page.getByTestId('formula-parenthesised')).toHaveText(
        `Reads as: ${la} + (${lb} + ${lc})`,
      );
    } else
      for (const tap of [
        `expr-card-${a}`,
        'expr-op-+',
        'expr-op-(',
        `expr-card-${b}`,
        'expr-op-+',
        `expr-card-${beacon}`,
        'expr-op-)',
      ])
        await p.page.getByTestId(tap).click();
    const value = valueOf(a!) + valueOf(b!) + valueOf(beacon);
    declared.set(p, value);
    // No calculator: the formula is shown, its value is not.
    const formula = await p.page.getByTestId('formula-parenthesised').innerText();
    expect(formula).toContain('(');
    expect(formula).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${value}([^0-9♠♥♦♣]|$)`));
    if (p === ana) await screenshot(ana.page, 'star-compose-desktop');
    if (p === ben) await screenshot(ben.page, 'star-compose-phone');
    await p.page.getByTestId('declared-input').fill(String(value));
    await p.page.getByTestId('submit-calculation').click();
    if (p !== cy) {
      await expect(p.page.getByTestId('submitted')).toBeVisible();
      for (const q of [...seated, eve]) {
        // Before the showdown nobody receives an evaluated result or a distance.
        expect(framesContain(q.frames, 'distance')).toBe(false);
        expect(framesContain(q.frames, 'forfeitDetail')).toBe(false);
      }
    }
  }

  // The showdown, revealed line by line to everyone including the spectator.
  for (const p of [...seated, eve]) {
    await expect(p.page.getByTestId('showdown')).toBeVisible();
    await expect(p.page.getByTestId('showdown')).toHaveAttribute('data-revealed', 'true');
    await expect(p.page.locator('[data-testid^="showdown-line-"]')).toHaveCount(3);
  }
  for (const [p, value] of declared) {
    const seat = seated.indexOf(p);
    await expect(eve.page.getByTestId(`showdown-line-${seat}`)).toContainText(`declared ${value}`);
    await expect(eve.page.getByTestId(`showdown-line-${seat}`)).toContainText('Distance');
    await expect(eve.page.getByTestId(`showdown-line-${seat}`)).toContainText('Best possible was');
  }
  await expect(eve.page.getByTestId('payments')).toBeVisible();
  for (const p of [ben, eve])
    await expect(p.page.getByTestId('showdown')).toHaveAttribute('data-stage', 'done');
  // The first line revealed is this round's Initiative holder; once paid, it passes left.
  const firstLine = await eve.page
    .locator('[data-testid^="showdown-line-"]')
    .first()
    .getAttribute('data-testid');
  const holder = Number(firstLine?.split('-').pop());
  const nextHolder = (holder + 1) % 3;
  await expect(eve.page.getByTestId('initiative')).toHaveAttribute('data-seat', String(nextHolder));
  await expect(eve.page.getByTestId('initiative-passes')).toContainText(
    `passes to ${['Ana', 'Ben', 'Cy'][nextHolder]}`,
  );
  await screenshot(eve.page, 'star-showdown-spectator');
  await screenshot(ben.page, 'star-showdown-phone');
  await noHorizontalScroll(ben.page);
  const chips = await Promise.all(
    [0, 1, 2].map((s) => eve.page.getByTestId(`chips-${s}`).getAttribute('data-value')),
  );
  const bounty = Number(await eve.page.getByTestId('bounty').getAttribute('data-value'));
  expect(chips.reduce((t, c) => t + Number(c), 0) + bounty).toBe(18);

  await eve.page.getByTestId('rules-button').click();
  await expect(eve.page.getByTestId('rules-panel')).toContainText('Signpost Beacon');

  for (const p of seated) await p.page.getByTestId('continue').click();
  for (const p of [...seated, eve]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
    await expect(p.page.getByTestId('showdown')).toHaveCount(0);
  }
  for (const p of [...seated, eve]) await p.context.close();
});

test('the Pirate Map is offered in initiative order: one passes, one buys, the price goes to the Bounty', async ({
  browser,
}) => {
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  await enterName(ana.page, 'Ana');
  await ana.page.goto(`/?seed=sn-e2e-map`);
  await ana.page.getByTestId('game-card-star-navigator').click();
  await ana.page.getByTestId('option-pirate-map').check();
  await ana.page.getByTestId('create-room-star-navigator').click();
  await expect(ana.page.getByTestId('lobby')).toBeVisible();
  const code = (await ana.page.getByTestId('room-code').innerText()).trim();
  await joinByCode(ben, 'Ben', code);
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();

  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'market');
    await expect(p.page.getByTestId('map-offer')).toBeVisible();
  }
  const offered = async () => ((await ana.page.getByTestId('buy-map').count()) > 0 ? ana : ben);
  await expect
    .poll(
      async () =>
        (await ana.page.getByTestId('buy-map').count()) + (await ben.page.getByTestId('buy-map').count()),
    )
    .toBe(1);
  const first = await offered();
  const second = first === ana ? ben : ana;
  await expect(second.page.getByTestId('buy-map')).toHaveCount(0);
  await screenshot(ben.page, 'star-map-offer-phone');
  await first.page.getByTestId('decline-map').click();
  await expect(second.page.getByTestId('buy-map')).toBeVisible();
  await second.page.getByTestId('buy-map').click();
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'draft');
    await expect(p.page.getByTestId('bounty')).toHaveAttribute('data-value', '2');
    await expect(p.page.getByTestId('pirate-map')).toContainText(second === ana ? 'Ana' : 'Ben');
  }
  const buyerSeat = second === ana ? 0 : 1;
  await expect(ana.page.getByTestId(`chips-${buyerSeat}`)).toHaveAttribute('data-value', '8');
  for (const p of [ana, ben]) await p.context.close();
});
