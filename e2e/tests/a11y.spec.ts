import { expect, test, type Browser } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  createCassinoRoom,
  enterName,
  expectAccessible,
  joinByCode,
  openPlayer,
  startCassino,
  startTwoPlayerGame,
  type Player,
} from './helpers.ts';

// Every room is dealt from a test seed, so an axe failure shows the same cards when run again.
const seated = async (browser: Browser) =>
  [await openPlayer(browser, DESKTOP), await openPlayer(browser, PHONE)] as const;

/** Host and guest seated in a new Cassino room, in the lobby. */
async function lobbyOf(browser: Browser): Promise<[Player, Player]> {
  const [host, guest] = await seated(browser);
  await joinByCode(guest, await createCassinoRoom(host, { seed: 'a11y-cassino' }));
  return [host, guest];
}

test('home and lobby have no serious or critical accessibility violations', async ({ browser }) => {
  const visitor = await openPlayer(browser, DESKTOP);
  await visitor.page.goto('/');
  await expectAccessible(visitor.page, 'home');
  const players = await lobbyOf(browser);
  await expectAccessible(players[0].page, 'lobby (host, desktop)');
  await expectAccessible(players[1].page, 'lobby (guest, phone)');
  await players[0].page.getByTestId('rules-button').click();
  await expect(players[0].page.getByTestId('rules-panel')).toContainText('How to play');
  await expectAccessible(players[0].page, 'rules panel');
  for (const p of [visitor, ...players]) await p.context.close();
});

for (const slug of ['cassino', 'math-card-game', 'blind-cassowary', 'star-navigator', 'cunt-soul'])
  test(`${slug}: the table has no serious or critical accessibility violations`, async ({ browser }) => {
    const players = await seated(browser);
    await startTwoPlayerGame(...players, slug, `a11y-${slug}`);
    await expectAccessible(players[0].page, `${slug} table (desktop)`);
    await expectAccessible(players[1].page, `${slug} table (phone)`);
    for (const p of players) await p.context.close();
  });

test('a spectator at the table sees "Watching" and who watches; the players see the count', async ({
  browser,
}) => {
  const players = await lobbyOf(browser);
  await startCassino(...players);
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
