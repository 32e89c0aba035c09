import { expect, type Browser, type Page } from '@playwright/test';
import type { CuntSoulIntent, CuntSoulView } from '@cards/schema';
import type { DESKTOP, PHONE } from './helpers.ts';
import { enterName, openPlayer, type Player } from './helpers.ts';

const NAMES = ['Ana', 'Ben', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];

/**
 * A Cunt-Soul room with one player per device (seat order), created through the home page's form
 * with a test seed (the server honours it in tests only), everyone ready and the game started.
 * `beforeStart` runs in the lobby (e.g. a spectator joining).
 */
export async function startCuntSoul(
  browser: Browser,
  devices: readonly (typeof PHONE | typeof DESKTOP)[],
  seed: string,
  beforeStart: (code: string) => Promise<void> = async () => {},
): Promise<Player[]> {
  const players = await Promise.all(devices.map((device) => openPlayer(browser, device)));
  const [host, ...guests] = players as [Player, ...Player[]];
  await enterName(host.page, 'Ana');
  await host.page.goto(`/?seed=${seed}`);
  await expect(host.page.getByTestId('game-card-cunt-soul')).toContainText('Cunt-Soul');
  await host.page.getByTestId('game-card-cunt-soul').click();
  await host.page.getByTestId('option-dealer').selectOption('0');
  await host.page.getByTestId('create-room-cunt-soul').click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  const code = (await host.page.getByTestId('room-code').innerText()).trim();
  for (const [k, guest] of guests.entries()) {
    await enterName(guest.page, NAMES[k + 1] ?? `P${k + 2}`);
    await guest.page.getByTestId('join-code-input').fill(code.toLowerCase());
    await guest.page.getByTestId('join-button').click();
    await expect(guest.page.getByTestId('lobby')).toBeVisible();
  }
  await beforeStart(code);
  for (const guest of guests) await guest.page.getByTestId('ready-toggle').click();
  await expect(host.page.getByTestId(`seat-${guests.length}`)).toHaveAttribute('data-ready', 'true');
  await host.page.getByTestId('start-game').click();
  for (const p of players) await expect(p.page.getByTestId('table')).toHaveAttribute('data-phase', 'setup');
  return players;
}

/**
 * How the players play, read from the legal intents their own tab received: the first three cards
 * face up and the fourth as field card; 7s higher; the first listed next player; every swap offered;
 * Ana changes her field card once at her first chance; otherwise the first listed link, else end the
 * run, turn over a face-down card or pick up.
 */
export function choose(
  view: CuntSoulView,
  legal: CuntSoulIntent[],
  seat: number,
  changed: boolean,
): CuntSoulIntent {
  const hand = view.seats[seat]?.hand.map((c) => c.id) ?? [];
  if (legal.some((i) => i.type === 'setupSelect'))
    return { type: 'setupSelect', up: hand.slice(0, 3), field: hand[3] ?? '' };
  const by = (type: CuntSoulIntent['type']) => legal.find((i) => i.type === type);
  const prompt = view.turn.prompt;
  if (prompt?.kind === 'declare7') return { type: 'declare7', choice: 'higher' };
  const pick =
    prompt?.kind === 'swap5'
      ? (by('swap5') ?? by('endSwaps'))
      : (by('chooseNext') ??
        (!changed && seat === 0 ? by('changeField') : undefined) ??
        by('playLink') ??
        by('endChain') ??
        by('playFaceDown') ??
        by('pickUp'));
  if (pick === undefined) throw new Error(`nothing to choose in ${JSON.stringify(legal)}`);
  return pick;
}

/** Does `intent` through the table, tap by tap, as a person would. */
export async function perform(
  page: Page,
  seat: number,
  view: CuntSoulView,
  intent: CuntSoulIntent,
): Promise<void> {
  const upSlotOf = (id: string) => page.locator(`[data-testid^="up-${seat}-"]:has([data-card="${id}"])`);
  switch (intent.type) {
    case 'setupSelect':
      for (const id of [...intent.up, intent.field]) await page.getByTestId(`setup-card-${id}`).click();
      await page.getByTestId('setup-confirm').click();
      return;
    case 'declare7':
      return page.getByTestId(`choice-${intent.choice}`).click();
    case 'chooseNext':
      return page.getByTestId(`next-${intent.seat}`).click();
    case 'swap5':
      await page.getByTestId(`hand-card-${intent.card}`).click();
      return page
        .getByTestId(
          `${view.turn.prompt?.kind === 'swap5' ? view.turn.prompt.zone : 'up'}-${seat}-${intent.slot}`,
        )
        .click();
    case 'endSwaps':
      return page.getByTestId('action-end-swaps').click();
    case 'changeField':
      await page.getByTestId('action-change-field').click();
      await page.getByTestId(`hand-card-${intent.card}`).click();
      return page.getByTestId(`up-${seat}-${intent.slot}`).click();
    case 'playLink': {
      const inHand = view.seats[seat]?.hand.some((c) => c.id === intent.cards[0]) ?? false;
      for (const id of intent.cards)
        await (inHand ? page.getByTestId(`hand-card-${id}`) : upSlotOf(id)).click();
      return page.getByTestId('action-play').click();
    }
    case 'endChain':
      return page.getByTestId('action-end-chain').click();
    case 'playFaceDown':
      return page.getByTestId(`down-${seat}-${intent.slot}`).click();
    case 'pickUp':
      return page.getByTestId('action-pickup').click();
  }
}
