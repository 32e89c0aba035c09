import { expect, type Browser } from '@playwright/test';
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
