import { expect, type Browser, type BrowserContext, type Page, type WebSocket } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { gameUpdate } from './math-card-game-frames.ts';

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

export interface Player {
  context: BrowserContext;
  page: Page;
  /** Every websocket frame this page received, as raw bytes. */
  frames: Buffer[];
}

/** A new browser (context) with one tab; `baseURL` for a spec that runs its own server. */
export async function openPlayer(
  browser: Browser,
  device: typeof PHONE | typeof DESKTOP,
  baseURL?: string,
): Promise<Player> {
  const context = await browser.newContext(baseURL === undefined ? device : { ...device, baseURL });
  const player = { context, page: await context.newPage(), frames: [] };
  recordFrames(player);
  return player;
}

function recordFrames({ page, frames }: Player): void {
  page.on('websocket', (ws: WebSocket) => {
    ws.on('framereceived', ({ payload }) => {
      frames.push(typeof payload === 'string' ? Buffer.from(payload) : Buffer.from(payload));
    });
  });
}

/** Closes the player's tab (if still open) and opens `url` in a new tab of the same browser (same storage). */
export async function reopenTab(player: Player, url: string): Promise<void> {
  if (!player.page.isClosed()) await player.page.close();
  player.page = await player.context.newPage();
  recordFrames(player);
  await player.page.goto(url);
}

export async function enterName(page: Page, name: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('name-input').fill(name);
}

/** The host creates a Cassino room from the home page (with a test seed: repeatable deals). */
export async function createCassinoRoom(
  host: Player,
  { name = 'Ana', seed }: { name?: string; seed?: string } = {},
) {
  await enterName(host.page, name);
  if (seed !== undefined) await host.page.goto(`/?seed=${seed}`);
  await host.page.getByTestId('game-card-cassino').click();
  await host.page.getByTestId('create-room-cassino').click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  return (await host.page.getByTestId('room-code').innerText()).trim();
}

/** A guest types the room code on the home page and lands in the lobby. */
export async function joinByCode(guest: Player, code: string, name = 'Ben'): Promise<void> {
  await enterName(guest.page, name);
  await guest.page.getByTestId('join-code-input').fill(code);
  await guest.page.getByTestId('join-button').click();
  await expect(guest.page.getByTestId('lobby')).toBeVisible();
}

/** The guest says ready, the host starts: both see the table. */
export async function startCassino(host: Player, guest: Player): Promise<void> {
  await guest.page.getByTestId('ready-toggle').click();
  await expect(host.page.getByTestId('seat-1')).toHaveAttribute('data-ready', 'true');
  await host.page.getByTestId('start-game').click();
  for (const p of [host, guest]) await expect(p.page.getByTestId('table')).toBeVisible();
}

/**
 * Ana (`host`) creates a `slug` room from the home page with a test seed and `options` set on its
 * form, Ben (`guest`) joins by code and says ready, `inLobby` runs (e.g. Ana seats a computer
 * player), Ana starts: both see the table. Returns the code.
 */
export async function startTwoPlayerGame(
  host: Player,
  guest: Player,
  slug: string,
  seed: string,
  options: (page: Page) => Promise<void> = async () => {},
  inLobby: (host: Player) => Promise<void> = async () => {},
): Promise<string> {
  await enterName(host.page, 'Ana');
  await host.page.goto(`/?seed=${seed}`);
  await host.page.getByTestId(`game-card-${slug}`).click();
  await options(host.page);
  await host.page.getByTestId(`create-room-${slug}`).click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  const code = (await host.page.getByTestId('room-code').innerText()).trim();
  await joinByCode(guest, code);
  await inLobby(host);
  await startCassino(host, guest);
  return code;
}

/** Waits until no animation is running, so screenshots show settled cards. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 10_000 });
}

/**
 * A full-page screenshot from the top of the page once nothing moves. Scrolled down, a full-page
 * capture would draw the sticky top bar where the viewport was, over the content.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  await settle(page);
  await page.screenshot({ path: `artifacts/screenshots/${name}.png`, fullPage: true });
}

/** At 1280×800 and 390×844 an end sheet's action and its decisive total are in view without scrolling. */
export async function expectSheetInView(
  players: readonly Player[],
  action: string,
  total: string,
): Promise<void> {
  for (const { page } of players) {
    await expect(page.getByTestId(action)).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId(total)).toBeInViewport({ ratio: 1 });
  }
}

/** A rematch is an offer every seated player accepts: each of `players` clicks Rematch in turn. */
export async function acceptRematch(players: readonly Player[]): Promise<void> {
  for (const p of players) await p.page.getByTestId('rematch').click();
}

export async function version(page: Page): Promise<number> {
  return Number(await page.getByTestId('table').getAttribute('data-version'));
}

export async function isMyTurn(page: Page): Promise<boolean> {
  const table = page.getByTestId('table');
  if ((await table.count()) === 0) return false;
  return (await table.getAttribute('data-my-turn')) === 'true';
}

export async function handCardIds(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('hand')
    .locator('[data-testid^="hand-card-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('hand-card-', ''));
}

/** msgpack fixstr encoding of a short string: how a card id travels inside a Colyseus frame. */
export function msgpackString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([0xa0 | bytes.length]), bytes]);
}

/**
 * Whether a websocket frame carries `text` as a msgpack string (how Colyseus sends card ids) or a
 * JSON string. Pair every "does not contain" with a positive control on the owner's own frames, so
 * that a change of encoding fails the test instead of passing it vacuously.
 */
export function framesContain(frames: readonly Buffer[], text: string): boolean {
  const needle = msgpackString(text);
  return frames.some((frame) => frame.includes(needle) || frame.includes(Buffer.from(`"${text}"`)));
}

/**
 * Positive control for the hidden-card checks: the owner's own frames do carry these ids, so a search
 * that finds them nowhere else would notice if they travelled in another encoding.
 */
export function expectOwnFramesHold(owner: Player, ids: readonly string[], who: string): void {
  for (const id of ids) expect(framesContain(owner.frames, id), `${who}'s frames hold ${id}`).toBe(true);
}

async function visible(page: Page, testId: string): Promise<boolean> {
  const locator = page.getByTestId(testId);
  return (await locator.count()) > 0 && (await locator.first().isVisible());
}

/** Clicks selectable table items until an action that is not a trail appears, or none are left. */
async function selectTowardsCapture(page: Page): Promise<'capture' | 'build' | null> {
  for (let guard = 0; guard < 20; guard++) {
    if (await visible(page, 'action-capture')) return 'capture';
    const next = page.locator('[data-testid^="table-item-"][data-selectable="true"][data-selected="false"]');
    if ((await next.count()) === 0) break;
    await next.first().click();
  }
  if (await visible(page, 'action-capture')) return 'capture';
  const build = page.locator('[data-testid^="action-build-"]');
  return (await build.count()) > 0 ? 'build' : null;
}

/** Waits for the table to show a later version than `before`, checking often: a move lands in milliseconds. */
async function movedOn(page: Page, before: number): Promise<void> {
  await expect.poll(() => version(page), { intervals: [50] }).toBeGreaterThan(before);
}

interface CassinoMove {
  type: string;
  card?: string;
  items?: string[];
  value?: number;
}

/** The version on screen, its view and the legal intents the tab received with it. */
export async function latest<V, I>(player: Player): Promise<{ version: number; view: V; legal: I[] }> {
  const v = await version(player.page);
  const update = gameUpdate(player.frames, v);
  if (update === null) throw new Error(`no game update for version ${v}`);
  return { version: v, view: update.view as V, legal: update.legal as I[] };
}

/**
 * Plays one legal move through the UI the way a person would: prefer a capture, then a build,
 * else trail. The move is picked from the legal intents the page received and made by clicking the
 * hand card, its table items and the action button, so every click is one the UI offers. When the
 * server left the plays free (an absurdly crowded table) it explores the UI instead.
 */
export async function playOneMove(player: Player): Promise<string> {
  const { page } = player;
  const { version: before, legal } = await latest<unknown, CassinoMove>(player);
  const pick = (['capture', 'build', 'trail'] as const)
    .map((type) => legal.find((intent) => intent.type === type))
    .find((intent) => intent !== undefined);
  if (pick === undefined) return exploreOneMove(page, before);
  await page.getByTestId(`hand-card-${pick.card}`).click();
  for (const item of pick.items ?? []) await page.getByTestId(`table-item-${item}`).click();
  const action = pick.type === 'build' ? `action-build-${pick.value}` : `action-${pick.type}`;
  await page.getByTestId(action).first().click();
  await movedOn(page, before);
  return `${pick.type} with ${pick.card}`;
}

/** Finds a move by trying each offered hand card against the table, as a person new to the UI would. */
async function exploreOneMove(page: Page, before: number): Promise<string> {
  const cards = await handCardIds(page);
  let trailCard: string | null = null;
  let buildCard: string | null = null;
  for (const id of cards) {
    const card = page.getByTestId(`hand-card-${id}`);
    // A card with no legal play at all is offered disabled.
    if (await card.isDisabled()) continue;
    await card.click();
    await expect(card).toHaveAttribute('data-selected', 'true');
    const found = await selectTowardsCapture(page);
    if (found === 'capture') {
      // The chosen table cards show as groups that each make the hand card, with their sums.
      const groups = page.locator('[data-testid^="chosen-group-"]');
      expect(await groups.count()).toBeGreaterThan(0);
      for (const complete of await groups.evaluateAll((els) => els.map((el) => el.dataset.complete)))
        expect(complete).toBe('true');
      await page.getByTestId('action-capture').click();
      await movedOn(page, before);
      return `capture with ${id}`;
    }
    if (found === 'build' && buildCard === null) buildCard = id;
    if (trailCard === null && (await visible(page, 'action-trail'))) trailCard = id;
    await clearSelection(page, id);
  }
  const choice = buildCard ?? trailCard;
  if (choice === null) throw new Error(`no legal move offered for hand ${cards.join(',')}`);
  await page.getByTestId(`hand-card-${choice}`).click();
  if (choice === buildCard) {
    await selectTowardsCapture(page);
    await page.locator('[data-testid^="action-build-"]').first().click();
  } else {
    await page.getByTestId('action-trail').click();
  }
  await movedOn(page, before);
  return `${choice === buildCard ? 'build' : 'trail'} with ${choice}`;
}

async function clearSelection(page: Page, cardId: string): Promise<void> {
  const card = page.getByTestId(`hand-card-${cardId}`);
  if ((await card.getAttribute('data-selected')) === 'true') await card.click();
  await expect(card).toHaveAttribute('data-selected', 'false');
}

/**
 * axe-core on the page as it stands (or only the part `within` selects): fails on any serious or
 * critical WCAG 2.1 A/AA violation, naming the rule and the first elements it found.
 */
export async function expectAccessible(page: Page, what: string, within?: string): Promise<void> {
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (within === undefined ? axe : axe.include(within)).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `${what}: serious or critical accessibility violations`).toEqual([]);
}
