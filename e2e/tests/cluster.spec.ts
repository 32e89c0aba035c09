import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { RedisServer } from '../../apps/server/src/cluster/redisServer.ts';
import {
  createCassinoRoom,
  DESKTOP,
  enterName,
  expectOwnFramesHold,
  framesContain,
  handCardIds,
  isMyTurn,
  joinByCode,
  openPlayer,
  PHONE,
  type Player,
  playOneMove,
  startCassino,
  version,
} from './helpers.ts';
import { ownServer } from './own-server.ts';

/**
 * Cluster mode in real Chromium: Debian's redis-server and two server processes, A and B, on one
 * SQLite file, each announcing its own PUBLIC_ADDRESS. Ana opens the site on A and creates a room,
 * Ben opens it on B and joins by code, Eve watches through B. The room runs on whichever process
 * Colyseus picked, and every page's websocket goes to that process, whichever served the page.
 * The process running the room is killed with SIGKILL: the pages the survivor served reconnect by
 * themselves to the room, restored there with the same seats and hands; the dead process is then
 * started again (as `npm run cluster` does) and the pages it served come back through it, their
 * websockets to the survivor. The game goes on.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 2599);
const REDIS_PORT = E2E_PORT + 43_711;
/** Short leases: a dead process's room codes fall free within two seconds. */
const LEASE_MS = '2000';
const OFFSETS = [11, 12] as const;

let dataDir = '';
let redis: RedisServer | null = null;
const [a, b] = OFFSETS.map((offset) =>
  ownServer(offset, () => ({
    DATA_DIR: dataDir,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    PUBLIC_ADDRESS: `127.0.0.1:${E2E_PORT + offset}`,
    ROOM_LEASE_MS: LEASE_MS,
  })),
) as [ReturnType<typeof ownServer>, ReturnType<typeof ownServer>];

test.beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-e2e-cluster-'));
});
test.afterAll(async () => {
  await Promise.all([a.kill(), b.kill()]);
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A player, and the host:port of every websocket their page opened, in order. */
interface Tab extends Player {
  sockets: string[];
}

const status = (page: Page) => page.getByTestId('connection-status');

async function json<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

test('a cluster in the browser: create on A, join and watch on B, SIGKILL of the room’s process, everyone back on the survivor', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  redis = await RedisServer.start(REDIS_PORT);
  // A worker torn down after a timeout skips afterAll: redis-server must not outlive it (stop() sends
  // its SIGTERM at once).
  process.once('exit', () => void redis?.stop());
  await Promise.all([a.start(), b.start()]);
  console.log(`cluster e2e: redis and both processes ready in ${Date.now() - t0} ms`);
  const tab = async (origin: string, device: typeof PHONE | typeof DESKTOP): Promise<Tab> => {
    const player = { ...(await openPlayer(browser, device, origin)), sockets: [] as string[] };
    player.page.on('websocket', (ws) => player.sockets.push(new URL(ws.url()).host));
    return player;
  };
  const ana = await tab(a.origin, DESKTOP);
  const ben = await tab(b.origin, PHONE);
  const eve = await tab(b.origin, DESKTOP);
  const servedBy = new Map([
    [ana, a],
    [ben, b],
    [eve, b],
  ]);

  const code = await createCassinoRoom(ana, { seed: 'cluster-e2e' });
  await joinByCode(ben, code);
  await startCassino(ana, ben);
  await enterName(eve.page, 'Eve');
  await eve.page.goto(`/r/${code}?watch=1`);
  await expect(eve.page.getByTestId('table')).toBeVisible();

  // Which process runs the room: both answer the lookup with its boot id.
  const boots = await Promise.all([a, b].map((s) => json<{ boot: string }>(`${s.origin}/healthz`)));
  const host = (await json<{ host: string }>(`${b.origin}/api/rooms/${code}`)).host;
  const owner = boots.findIndex((boot) => boot.boot === host);
  expect(owner).toBeGreaterThanOrEqual(0);
  const [dying, survivor] = owner === 0 ? [a, b] : [b, a];
  const address = (server: typeof a) => new URL(server.origin).host;
  // Every page's websocket went to the process running the room, the one that served it or not.
  for (const p of [ana, ben, eve]) expect(new Set(p.sockets)).toEqual(new Set([address(dying)]));

  for (let i = 0; i < 3; i++) await playOneMove((await isMyTurn(ana.page)) ? ana : ben);
  const at = await version(ana.page);
  await expect.poll(() => version(eve.page)).toBe(at);
  const hands = { ana: await handCardIds(ana.page), ben: await handCardIds(ben.page) };

  const opened = new Map([ana, ben, eve].map((p) => [p, p.sockets.length]));
  await dying.kill();
  const killedAt = Date.now();
  /**
   * Since the SIGKILL the page opened a websocket to the survivor and is connected again, at the same
   * table. (Not necessarily its last websocket: the abandoned connection's last retry may come after.)
   */
  const back = async (p: Tab): Promise<void> => {
    await expect
      .poll(() => p.sockets.slice(opened.get(p)).includes(address(survivor)), { timeout: 30_000 })
      .toBe(true);
    await expect(status(p.page)).toHaveAttribute('data-status', 'connected');
    await expect(p.page.getByTestId('table')).toHaveAttribute('data-version', String(at));
  };
  const pages = (server: typeof a) => [ana, ben, eve].filter((p) => servedBy.get(p) === server);
  for (const p of pages(survivor)) await back(p);
  console.log(`cluster e2e: the survivor's pages back ${Date.now() - killedAt} ms after the SIGKILL`);
  expect((await json<{ host: string }>(`${survivor.origin}/api/rooms/${code}`)).host).toBe(
    boots[1 - owner]?.boot,
  );

  // The pages the dead process served wait for it ("restarting"); started again, it sends them on.
  for (const p of pages(dying)) await expect(status(p.page)).toHaveText('The server is restarting…');
  await dying.start();
  const restartedAt = Date.now();
  for (const p of pages(dying)) await back(p);
  console.log(
    `cluster e2e: the other pages back ${Date.now() - restartedAt} ms after their process restarted`,
  );
  expect(await handCardIds(ana.page)).toEqual(hands.ana);
  expect(await handCardIds(ben.page)).toEqual(hands.ben);
  expect(await handCardIds(eve.page)).toEqual([]);

  // The game goes on, the spectator following.
  for (let i = 0; i < 3; i++) await playOneMove((await isMyTurn(ana.page)) ? ana : ben);
  const now = await version(ana.page);
  expect(now).toBe(at + 3);
  await expect.poll(() => version(eve.page)).toBe(now);
  await expect.poll(() => version(ben.page)).toBe(now);

  // Hidden cards stayed hidden through the move: each hand only in its owner's frames.
  const names = new Map([
    [ana, 'Ana'],
    [ben, 'Ben'],
    [eve, 'Eve'],
  ]);
  for (const owner of [ana, ben]) {
    const held = await handCardIds(owner.page);
    expectOwnFramesHold(owner, held, names.get(owner) ?? '');
    for (const other of [ana, ben, eve].filter((p) => p !== owner))
      for (const id of held)
        expect(framesContain(other.frames, id), `${names.get(other)} saw ${names.get(owner)}'s ${id}`).toBe(
          false,
        );
  }
  const sockets = (p: Tab) =>
    `${p.sockets.filter((h) => h === address(a)).length}/${p.sockets.filter((h) => h === address(b)).length}`;
  console.log(
    `cluster e2e: room on ${owner === 0 ? 'A' : 'B'}; websockets opened to A/B: Ana ${sockets(ana)}, Ben ${sockets(ben)}, Eve ${sockets(eve)}`,
  );
  for (const p of [ana, ben, eve]) await p.context.close();
});
