import { expect, test, type Browser } from '@playwright/test';
import { DESKTOP, PHONE, enterName, expectAccessible, openPlayer, type Player } from './helpers.ts';

/** Host and guest seated in a new room of `slug`, in the lobby. */
async function lobbyOf(browser: Browser, slug: string): Promise<[Player, Player]> {
  const host = await openPlayer(browser, DESKTOP);
  const guest = await openPlayer(browser, PHONE);
  await enterName(host.page, 'Ana');
  await host.page.getByTestId(`game-card-${slug}`).click();
  await host.page.getByTestId(`create-room-${slug}`).click();
  await expect(host.page.getByTestId('lobby')).toBeVisible();
  const code = (await host.page.getByTestId('room-code').innerText()).trim();
  await enterName(guest.page, 'Ben');
  await guest.page.getByTestId('join-code-input').fill(code);
  await guest.page.getByTestId('join-button').click();
  await expect(guest.page.getByTestId('lobby')).toBeVisible();
  return [host, guest];
}

async function start([host, guest]: [Player, Player]): Promise<void> {
  await guest.page.getByTestId('ready-toggle').click();
  await host.page.getByTestId('start-game').click();
  for (const p of [host, guest]) await expect(p.page.getByTestId('table')).toBeVisible();
}

test('home and lobby have no serious or critical accessibility violations', async ({ browser }) => {
  const visitor = await openPlayer(browser, DESKTOP);
  await visitor.page.goto('/');
  await expectAccessible(visitor.page, 'home');
  const players = await lobbyOf(browser, 'cassino');
  await expectAccessible(players[0].page, 'lobby (host, desktop)');
  await expectAccessible(players[1].page, 'lobby (guest, phone)');
  await players[0].page.getByTestId('rules-button').click();
  await expect(players[0].page.getByTestId('rules-panel')).toContainText('How to play');
  await expectAccessible(players[0].page, 'rules panel');
  for (const p of [visitor, ...players]) await p.context.close();
});

for (const slug of ['cassino', 'math-card-game', 'blind-cassowary', 'star-navigator', 'cunt-soul'])
  test(`${slug}: the table has no serious or critical accessibility violations`, async ({ browser }) => {
    const players = await lobbyOf(browser, slug);
    await start(players);
    await expectAccessible(players[0].page, `${slug} table (desktop)`);
    await expectAccessible(players[1].page, `${slug} table (phone)`);
    for (const p of players) await p.context.close();
  });

test('a spectator at the table sees "Watching" and who watches; the players see the count', async ({
  browser,
}) => {
  const players = await lobbyOf(browser, 'cassino');
  await start(players);
  const code = new URL(players[0].page.url()).pathname.split('/').pop() ?? '';
  const eve = await openPlayer(browser, PHONE);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(eve.page.getByTestId('table')).toBeVisible();
  await expect(eve.page.getByTestId('watching-label')).toHaveText(/Watching · 1/);
  await eve.page.getByTestId('watching-label').click();
  await expect(eve.page.getByTestId('watchers-list')).toHaveText('Eve (you)');
  await expectAccessible(eve.page, 'cassino table (spectator, watchers open)');
  await expect(players[0].page.getByTestId('watchers')).toContainText('1 watching');
  await expect(players[0].page.getByTestId('watching-label')).toHaveCount(0);
  for (const p of [...players, eve]) await p.context.close();
});
