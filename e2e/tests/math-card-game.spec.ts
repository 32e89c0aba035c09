import { expect, test, type Page } from '@playwright/test';
import type { MathCardGameIntent } from '@cards/schema';
import {
  DESKTOP,
  PHONE,
  enterName,
  expectOwnFramesHold,
  framesContain,
  handCardIds,
  isMyTurn,
  openPlayer,
  screenshot,
  settle,
  version,
  type Player,
  acceptRematch,
  expectSheetInView,
  expectAccessible,
} from './helpers.ts';
import { gameUpdate } from './math-card-game-frames.ts';

const SEED = 'mcg-e2e-0';

async function createRoom(host: Player): Promise<string> {
  await enterName(host.page, 'Ana');
  // A test seed makes the shuffle (and the random cut) repeatable; the server honours it in tests only.
  await host.page.goto(`/?seed=${SEED}`);
  await host.page.getByTestId('game-card-math-card-game').click();
  await host.page.getByTestId('option-cut-timeout').selectOption('5');
  await host.page.getByTestId('create-room-math-card-game').click();
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

/** Neither the DOM nor any websocket frame of `watcher` may ever hold a card of `hidden`'s hand. */
async function assertHandHidden(watcher: Player, hiddenHand: readonly string[], who: string): Promise<void> {
  for (const id of hiddenHand) {
    expect(framesContain(watcher.frames, id), `${who} received ${id} over the websocket`).toBe(false);
    await expect(watcher.page.locator(`[data-testid$="-${id}"]`), `${who} shows ${id}`).toHaveCount(0);
  }
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

async function shown(page: Page, testId: string): Promise<boolean> {
  const locator = page.getByTestId(testId);
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

interface Tally {
  turns: number;
  plays: number;
  /** Plays placed by dragging the card onto its sequence (the desktop player's first card). */
  drags: number;
  anyOperator: number;
  under: number;
  mulligans: number;
  passes: number;
  /** Cards picked up whose lit sequences were compared with the server's legal list. */
  litChecks: number;
}

/** The sequences lit on the table (`new` for the "New sequence" button). */
async function litTargets(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="sequence-"][data-lit="true"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('sequence-', '')).sort();
}

/**
 * Where a card of this face may go as the first card of a turn, read off the legal list the server
 * sent: every sequence some listed turn puts a card of that face on (a sequence a starter of the same
 * turn opens only exists once that starter is down, so it is not offered first).
 */
async function listedTargets(player: Player, face: string): Promise<string[]> {
  const page = player.page;
  const update = gameUpdate(player.frames, await version(page));
  if (update === null) throw new Error('no game update for the version on screen');
  const faces = new Map(
    await page
      .locator('[data-testid^="hand-card-"]')
      .evaluateAll((els) =>
        els.map((el) => [
          (el.getAttribute('data-testid') ?? '').replace('hand-card-', ''),
          el.getAttribute('data-face') ?? '',
        ]),
      ),
  );
  const opened = await page.locator('[data-testid^="sequence-"][data-opened="true"]').count();
  const out = new Set<string>();
  for (const intent of update.legal as MathCardGameIntent[])
    if (intent.type === 'turn')
      for (const play of intent.plays)
        if (faces.get(play.card) === face && (play.sequence === 'new' || play.sequence < opened))
          out.add(String(play.sequence));
  return [...out].sort();
}

/** The element is on screen and a tap at its centre reaches it (nothing, like the dock, covers it). */
async function tappable(page: Page, testId: string): Promise<boolean> {
  return page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 24));
    return hit !== null && el.contains(hit);
  });
}

/**
 * Plays one whole turn through the UI using only what it offers: the mulligan if that is all there
 * is, else the first enabled hand card onto the first lit sequence (the first operator offered for a
 * `?`), again while cards are offered, then the first offered under-pile cards, then Submit. The
 * first card of a turn is checked: the lit sequences are exactly where the server's legal list puts
 * its face. With `drag`, the first card is dragged onto its sequence instead of tapped there.
 */
async function playTurn(
  player: Player,
  tally: Tally,
  drag: boolean,
  shoot: (moment: string) => Promise<void>,
): Promise<void> {
  const page = player.page;
  const before = await version(page);
  tally.turns++;
  if (await shown(page, 'mulligan')) {
    await page.getByTestId('mulligan').click();
    tally.mulligans++;
    await expect.poll(() => version(page)).toBeGreaterThan(before);
    return;
  }
  const submit = page.getByTestId('submit-turn');
  let picked: string | null = null;
  let placed = 0;
  for (let step = 0; step < 12; step++) {
    if (await submit.isEnabled()) {
      if ((await submit.innerText()).includes('Pass')) tally.passes++;
      await submit.click();
      await expect.poll(() => version(page)).toBeGreaterThan(before);
      return;
    }
    const operator = page.locator('[data-testid^="operator-choice-"]');
    if ((await operator.count()) > 0) {
      await shoot('operator');
      await operator.first().click();
      tally.anyOperator++;
      tally.plays++;
      placed++;
      picked = null;
      continue;
    }
    const target = page.locator('[data-lit="true"]');
    if ((await target.count()) > 0 && picked !== null) {
      const testId = (await target.first().getAttribute('data-testid')) ?? '';
      expect(testId).toMatch(/^sequence-(new|\d)$/);
      expect(await tappable(page, testId), `${testId} can be tapped`).toBe(true);
      const card = page.getByTestId(`hand-card-${picked}`);
      const isAny = (await card.getAttribute('data-face')) === 'op:?';
      if (drag && placed === 0) {
        await card.dragTo(page.getByTestId(testId));
        tally.drags++;
      } else {
        await page.getByTestId(testId).click();
      }
      // the card left the hand for the table (a ? first asks for its operator)
      await expect(card).toHaveCount(isAny ? 1 : 0);
      if (!isAny) {
        tally.plays++;
        placed++;
        picked = null;
      }
      continue;
    }
    const under = page.locator('[data-testid^="under-card-"]:enabled');
    if ((await under.count()) > 0) {
      await shoot('under');
      await under.first().click();
      tally.under++;
      continue;
    }
    const card = page.locator('[data-testid^="hand-card-"]:enabled');
    if ((await card.count()) > 0) {
      const id = ((await card.first().getAttribute('data-testid')) ?? '').replace('hand-card-', '');
      await card.first().click();
      await expect(card.first()).toHaveAttribute('data-selected', 'true');
      picked = id;
      if (placed === 0) {
        const face = (await card.first().getAttribute('data-face')) ?? '';
        expect(await litTargets(page), `lit rows for ${face}`).toEqual(await listedTargets(player, face));
        tally.litChecks++;
      }
      if (tally.turns >= 8) await shoot('picking');
      continue;
    }
    throw new Error(`the table offers nothing to do: ${await page.getByTestId('turn-hint').innerText()}`);
  }
  throw new Error('a turn took more than 12 steps');
}

test("two players play Wouter's Math Card Game to the score sheet while a third watches", async ({
  browser,
}) => {
  // A whole game of about fifty turns in three browsers, every turn checked: more than the default.
  test.setTimeout(600_000);
  const ana = await openPlayer(browser, DESKTOP);
  const ben = await openPlayer(browser, PHONE);
  const eve = await openPlayer(browser, DESKTOP);

  const code = await createRoom(ana);
  await joinByCode(ben, 'Ben', code);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(ana.page.getByTestId('spectator-list')).toContainText('Eve');
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-name', 'Ben');
  await ben.page.getByTestId('ready-toggle').click();
  await expect(ana.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await ana.page.getByTestId('start-game').click();

  // The cut: Ana picks a place on Ben's deck; Ben lets the 5 s countdown run out (a random cut).
  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('cut-step')).toBeVisible();
  const timer = ben.page.getByTestId('cut-timer');
  await expect(timer).toBeVisible();
  const startMs = Number(await timer.getAttribute('data-remaining-ms'));
  expect(startMs).toBeGreaterThan(2000);
  expect(startMs).toBeLessThanOrEqual(5000);
  await expect(eve.page.locator('[data-testid^="cut-position-"]')).toHaveCount(0);
  await ana.page.getByTestId('cut-position-12').click();
  await expect(ana.page.getByTestId('cut-random')).toHaveCount(0);
  await expect(ben.page.getByTestId('last-action')).toContainText("Ana cut Ben's deck (12 cards)");
  await expect.poll(async () => Number(await timer.getAttribute('data-remaining-ms'))).toBeLessThan(startMs);
  await screenshot(ben.page, 'math-cut-phone');
  await noHorizontalScroll(ben.page);
  // No click: the room cuts Ana's deck at random when Ben's time is up.
  for (const p of [ana, ben, eve])
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'play', { timeout: 10_000 });
  await expect(ana.page.getByTestId('last-action')).toContainText("Ben cut Ana's deck at random");
  await expect(ana.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(6);
  await expect(ben.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(6);
  await expect(eve.page.getByTestId('hand').locator('[data-testid^="hand-card-"]')).toHaveCount(0);
  await expect(ana.page.getByTestId('opponent-hand')).toHaveAttribute('data-count', '6');
  await expect(ana.page.getByTestId('pile-count-1')).toHaveText('29');
  await expect(ana.page.getByTestId('turn-indicator')).toHaveText('Your turn');
  await expect(ben.page.getByTestId('turn-indicator')).toHaveText('Waiting for Ana');

  // On the phone the turn and the last action show without scrolling, above the board.
  for (const testId of ['turn-indicator', 'last-action'])
    await expect(ben.page.getByTestId(testId)).toBeInViewport();

  const tally: Tally = {
    turns: 0,
    plays: 0,
    drags: 0,
    anyOperator: 0,
    under: 0,
    mulligans: 0,
    passes: 0,
    litChecks: 0,
  };
  const shots = new Set<string>();
  while ((await ana.page.getByTestId('score-sheet').count()) === 0) {
    const actor = (await isMyTurn(ana.page)) ? ana : (await isMyTurn(ben.page)) ? ben : null;
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

    // Once per moment and device: a card picked up with its sequences lit, the ? asking for its
    // operator, the under-pile choice.
    const shoot = async (moment: string) => {
      const name = `math-${moment}-${actor === ana ? 'desktop' : 'phone'}`;
      if (shots.has(name)) return;
      shots.add(name);
      await screenshot(actor.page, name);
    };
    await playTurn(actor, tally, actor === ana, shoot);

    if (tally.turns === 14) {
      await screenshot(ana.page, 'math-midgame-desktop');
      await screenshot(ben.page, 'math-midgame-phone');
      await screenshot(eve.page, 'math-midgame-spectator');
      await noHorizontalScroll(ben.page);
    }
    expect(tally.turns, 'the game should end').toBeLessThan(200);
  }
  console.log(`math-card-game e2e: ${JSON.stringify(tally)}`);
  // The seed was picked (by replaying this policy on the rules) so that every part of a turn occurs:
  // a `?` names its operator, cards go under the pile, a player takes a mulligan, a player passes.
  expect(tally.plays).toBeGreaterThan(30);
  expect(tally.drags).toBeGreaterThan(5);
  expect(tally.litChecks).toBeGreaterThan(20);
  expect(tally.anyOperator).toBeGreaterThanOrEqual(1);
  expect(tally.under).toBeGreaterThanOrEqual(1);
  expect(tally.mulligans).toBeGreaterThanOrEqual(1);
  expect(tally.passes).toBeGreaterThanOrEqual(1);

  for (const p of [ana, ben, eve]) await expect(p.page.getByTestId('score-sheet')).toBeVisible();
  await expectAccessible(ana.page, 'Math Card Game score sheet');
  const totals = await Promise.all([0, 1].map((s) => ana.page.getByTestId(`score-total-${s}`).innerText()));
  const eveTotals = await Promise.all(
    [0, 1].map((s) => eve.page.getByTestId(`score-total-${s}`).innerText()),
  );
  expect(eveTotals).toEqual(totals);
  for (const total of totals) await expect(ana.page.getByTestId('score-summary')).toContainText(total);
  await expect(ana.page.getByTestId('winner-banner')).toBeVisible();
  // Every opened sequence has a line on the sheet, with every card as it was played; where a
  // modifier acted, what still counts is shown too, and cancelled cards are marked on both.
  const opened = await eve.page.locator('[data-testid^="sequence-"][data-opened="true"]').count();
  await expect(ana.page.locator('[data-testid^="score-line-"]')).toHaveCount(opened);
  let withModifier = 0;
  for (let slot = 0; slot < opened; slot++) {
    const row = eve.page.getByTestId(`sequence-${slot}`);
    const cards = await row.locator('[data-testid^="seq-card-"]').count();
    await expect(ana.page.getByTestId(`score-played-${slot}`)).toHaveAttribute('data-count', String(cards));
    await expect(ana.page.getByTestId(`score-played-${slot}`).locator('.mcg-sheet__tok')).toHaveCount(cards);
    const cancelled = await row.locator('[data-cancelled="true"]').count();
    await expect(ana.page.getByTestId(`score-played-${slot}`).locator('del')).toHaveCount(cancelled);
    if ((await row.locator('.mcard--modifier').count()) > 0) {
      withModifier++;
      await expect(ana.page.getByTestId(`score-effect-${slot}`)).toContainText('counts as');
    }
  }
  expect(withModifier, 'the game played some modifiers').toBeGreaterThan(0);
  // A `?` is shown on the sheet with the operator it was given.
  await expect(ana.page.getByTestId('score-sheet')).toContainText(/\?→[+−×÷]/);
  // On a laptop and a phone the totals and Rematch are in view at once; the body scrolls between the
  // title and the actions, no part of it cut off inside a box of its own, and scrolling it brings the
  // last line and both totals into view.
  await expectSheetInView([ana, ben], 'rematch', 'score-summary');
  for (const p of [ana, ben]) {
    const hidden = await p.page
      .locator('.mcg-sheet .kit-sheet__body > *')
      .evaluateAll((parts) => parts.map((el) => el.scrollHeight - el.clientHeight));
    expect(Math.max(...hidden), 'a part of the score sheet is cut off').toBeLessThanOrEqual(1);
    for (const el of [
      p.page.locator('[data-testid^="score-line-"]').last(),
      p.page.getByTestId('score-total-0'),
      p.page.getByTestId('score-total-1'),
    ]) {
      await el.scrollIntoViewIfNeeded();
      // 0.99: scrolled to the body's end, a sub-pixel (0.05 px seen) of the last row may sit under the edge.
      await expect(el).toBeInViewport({ ratio: 0.99 });
    }
  }
  await screenshot(ana.page, 'math-score-sheet-desktop');
  await screenshot(ben.page, 'math-score-sheet-phone');
  await noHorizontalScroll(ben.page);

  await eve.page.getByTestId('rules-button').click();
  await expect(eve.page.getByTestId('rules-panel')).toContainText('must play as many cards');

  await acceptRematch([ben, ana]);
  for (const p of [ana, ben]) {
    await expect(p.page.getByTestId('score-sheet')).toHaveCount(0);
    await expect(p.page.getByTestId('cut-step')).toBeVisible();
  }
  await settle(ana.page);
  for (const p of [ana, ben, eve]) await p.context.close();
});
