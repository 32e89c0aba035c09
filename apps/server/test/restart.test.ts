import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions } from '@cards/schema';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';
import { historyOf, joinOptions, playSome, Probe, sleep, testPort, until } from './helpers.ts';

/**
 * A real server in a child process (`tsx src/main.ts`, SQLite under a temporary DATA_DIR) killed with
 * SIGKILL mid-game and started again: the store's file survives, and every open room comes back.
 */
const PORT = testPort(41210);
const URL = `http://127.0.0.1:${PORT}`;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dataDir: string;

/** A game update without its history delta (a client arriving gets all of it, not what is new). */
const table = ({ history: _history, ...rest }: GameUpdate) => rest;
let child: ChildProcess | null = null;

/** `src/main.ts` on PORT, one process (not the tsx wrapper and its child), so SIGKILL kills the server itself. */
const spawnServer = (env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', ...env },
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Starts the server; what it printed until it was ready. */
async function startServer(env: Record<string, string> = {}): Promise<string> {
  const server = spawnServer({ DATA_DIR: dataDir, ALLOW_TEST_SEEDS: '1', ...env });
  child = server;
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  // Ready once it listens and has restored its rooms (main.ts says so).
  await until(() => output.includes('Ready:'), 'the server to start', 30_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${output}`);
  });
  return output;
}

function killServer(): Promise<void> {
  const server = child;
  child = null;
  if (server === null || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGKILL');
  });
}

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-restart-test-'));
});
// A test that fails mid-way leaves no server behind to take the next test's port.
afterEach(() => killServer());
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function join(code: string | null, game: string, options: JoinOptions): Promise<Probe> {
  const sdk = new Client(URL);
  const room = code === null ? await sdk.create(game, options) : await sdk.joinById(code, options);
  return new Probe(room, options);
}

/** A two-seat table of `game` created by `host`, joined by `guest` (ready) and started: both see it. */
async function startGame(game: string, host: JoinOptions, guest: JoinOptions): Promise<[Probe, Probe]> {
  const first = await join(null, game, host);
  const second = await join(first.room.roomId, game, guest);
  expect(await second.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  expect(await first.lobby({ type: 'start' })).toEqual({ ok: true });
  await until(() => first.games.length > 0 && second.games.length > 0, `the start of ${game}`);
  return [first, second];
}

describe('kill -9 and restart', () => {
  it('brings back every open room: same code, seats, hands, lobby and deadlines; a broken log closes its room', async () => {
    await startServer();
    // A Cassino game in progress, watched by a spectator.
    const [ana, ben] = await startGame(
      'cassino',
      joinOptions('Ana', { seed: 'restart-cassino', browser: 'browser-of-ana-0001' }),
      joinOptions('Ben'),
    );
    const cassino = ana.room.roomId;
    const eve = await join(cassino, 'cassino', joinOptions('Eve', { spectate: true }));
    await playSome([ana, ben], 4);
    await until(() => eve.games.at(-1)?.version === ana.game.version, 'the spectator to see the moves');

    // A Math Card Game in its cut phase: one seat has cut, the other's 60 s deadline is running.
    const cut = { options: { cutTimeoutSeconds: 60 }, seed: 'restart-math' };
    const [mia, max] = await startGame('math-card-game', joinOptions('Mia', cut), joinOptions('Max'));
    const math = mia.room.roomId;
    expect(await mia.intent({ type: 'cut', position: 10 })).toEqual({ ok: true });
    await until(() => max.game.version === 1, 'the cut');
    await sleep(1500);

    // A lobby: two seated, one ready, custom options.
    const lea = await join(null, 'cassino', joinOptions('Lea'));
    const lobby = lea.room.roomId;
    const leo = await join(lobby, 'cassino', joinOptions('Leo'));
    expect(await leo.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    await until(() => lea.info.seats[1]?.ready === true, 'Leo ready');

    // A game whose log a rules change will make unreplayable.
    const [uma, ugo] = await startGame(
      'cassino',
      joinOptions('Uma', { seed: 'restart-broken' }),
      joinOptions('Ugo'),
    );
    const broken = uma.room.roomId;
    await playSome([uma, ugo], 2);

    const before = {
      ana: ana.game,
      ben: ben.game,
      eve: eve.game,
      max: max.game,
      lobby: lea.info,
      cassinoInfo: ana.info,
    };
    await killServer();

    // The store's file survived: every accepted intent is in it.
    const store = new SqliteStore(databaseFile(dataDir));
    const open = await store.openRooms();
    expect(open.map((r) => r.snapshot.code).sort()).toEqual([cassino, math, lobby, broken].sort());
    expect(open.find((r) => r.snapshot.code === cassino)?.match?.log).toHaveLength(before.ana.version);
    const brokenMatch = open.find((r) => r.snapshot.code === broken)?.match;
    await store.close();
    // Garble the broken room's first move as a rules change would (its record must be kept).
    const db = new DatabaseSync(databaseFile(dataDir));
    db.prepare('UPDATE intents SET intent = \'{"type":"retired-move"}\' WHERE replay_id = ? AND seq = 0').run(
      brokenMatch?.replayId ?? '',
    );
    db.close();
    await sleep(3000); // downtime that the deadlines must not count
    await startServer();

    // Everyone comes back by token: same seat, same hand, same table.
    const ana2 = await join(cassino, 'cassino', ana.options);
    const ben2 = await join(cassino, 'cassino', ben.options);
    const eve2 = await join(cassino, 'cassino', eve.options);
    await until(() => ana2.games.length > 0 && ben2.games.length > 0 && eve2.games.length > 0, 'views');
    expect(ana2.info.you.seat).toBe(0);
    expect(ben2.info.you.seat).toBe(1);
    expect(eve2.info.you.seat).toBeNull();
    expect(table(ana2.game)).toEqual(table(before.ana));
    expect(table(ben2.game)).toEqual(table(before.ben));
    expect(table(eve2.game)).toEqual(table(before.eve));
    // The public history is rebuilt from the log: the same story, all of it on arrival.
    expect(historyOf(ana).length).toBeGreaterThan(1);
    for (const [now, then] of [
      [ana2, ana],
      [ben2, ben],
      [eve2, eve],
    ] as const)
      expect(historyOf(now)).toEqual(historyOf(then));
    await until(() => ana2.info.seats.every((s) => s.connected), 'both players connected');
    expect(ana2.info).toMatchObject({ code: cassino, phase: 'playing', hostSeat: 0 });
    expect(ana2.info.seats.map((s) => s.name)).toEqual(before.cassinoInfo.seats.map((s) => s.name));
    // Spectators' comings are coalesced into one room update (Broadcaster.roomSoon).
    await ana2.waitRoom((r) => r.spectators.length > 0, 'the spectator back');
    expect(ana2.info.spectators.map((s) => s.name)).toEqual(['Eve']);
    // And the game goes on.
    await playSome([ana2, ben2], 2);
    expect(ana2.game.version).toBe(before.ana.version + 2);

    // The running deadline resumed with the time it had left, not the downtime taken off.
    const max2 = await join(math, 'math-card-game', max.options);
    await until(() => max2.games.length > 0, 'the cut phase again');
    const [timerBefore] = before.max.timers;
    const [timerAfter] = max2.game.timers;
    expect(timerAfter?.key).toBe(timerBefore?.key);
    expect(timerAfter!.remainingMs).toBeLessThanOrEqual(timerBefore!.remainingMs);
    expect(timerAfter!.remainingMs).toBeGreaterThan(timerBefore!.remainingMs - 2500);
    expect(max2.game.view).toEqual(before.max.view);

    // The lobby is as it was: seats, ready flags, host.
    const lea2 = await join(lobby, 'cassino', lea.options);
    await until(() => lea2.rooms.length > 0, 'lobby info');
    expect(lea2.info.phase).toBe('lobby');
    expect(lea2.info.seats.map((s) => [s.name, s.ready])).toEqual(
      before.lobby.seats.map((s) => [s.name, s.ready]),
    );
    expect(lea2.info.you.seat).toBe(0);
    expect(lea2.info.hostSeat).toBe(0);

    // The room whose log no longer replays is closed with a clear message; its record is kept.
    const lookup = await fetch(`${URL}/api/rooms/${broken}`);
    expect(lookup.status).toBe(410);
    expect(((await lookup.json()) as { error: string }).error).toMatch(/could not be rebuilt/);
    await expect(join(broken, 'cassino', uma.options)).rejects.toThrow();
    const kept = new SqliteStore(databaseFile(dataDir));
    expect(await kept.closedReason(broken)).toMatch(/could not be rebuilt/);
    await kept.close();
    for (const p of [ana2, ben2, eve2, max2, lea2]) await p.room.leave();
    await killServer();
  }, 120_000);

  it('with the SQLite store on its own thread (SQLITE_THREAD=1): every move anyone saw is in the file after kill -9, the table comes back, and a stop closes the store', async () => {
    const onItsThread = { SQLITE_THREAD: '1' };
    expect(await startServer(onItsThread)).toContain('the SQLite store runs on its own thread');
    const [ada, bo] = await startGame(
      'cassino',
      joinOptions('Ada', { seed: 'restart-thread' }),
      joinOptions('Bo'),
    );
    const code = ada.room.roomId;
    await playSome([ada, bo], 6);
    const before = { ada: ada.game, bo: bo.game };
    await killServer();

    const store = new SqliteStore(databaseFile(dataDir));
    const stored = (await store.openRooms()).find((r) => r.snapshot.code === code);
    expect(stored?.match?.log).toHaveLength(before.ada.version);
    await store.close();

    expect(await startServer(onItsThread)).toContain('the SQLite store runs on its own thread');
    const ada2 = await join(code, 'cassino', ada.options);
    const bo2 = await join(code, 'cassino', bo.options);
    await until(() => ada2.games.length > 0 && bo2.games.length > 0, 'views');
    expect(table(ada2.game)).toEqual(table(before.ada));
    expect(table(bo2.game)).toEqual(table(before.bo));
    await playSome([ada2, bo2], 2);
    expect(ada2.game.version).toBe(before.ada.version + 2);

    // A stop (SIGTERM) closes the store after the rooms: the process ends by itself, every move kept.
    const server = child;
    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
    const after = new SqliteStore(databaseFile(dataDir));
    const kept = (await after.openRooms()).find((r) => r.snapshot.code === code);
    expect(kept?.match?.log).toHaveLength(ada2.game.version);
    await after.close();
  }, 60_000);

  it('a server whose port is taken exits at once and says why (it used to hang, listening nowhere)', async () => {
    await startServer();
    const second = spawnServer({ DATA_DIR: ':memory:' });
    let output = '';
    second.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const exitCode = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        second.kill('SIGKILL');
        resolve(null);
      }, 30_000);
      second.once('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(exitCode).toBe(1);
    expect(output).toContain(`Cannot listen on 127.0.0.1:${PORT}`);
    expect(output).toContain('EADDRINUSE');
    // The first server is untouched.
    expect((await fetch(`${URL}/api/rooms/ABCDE`)).status).toBeLessThan(500);
    await killServer();
  }, 60_000);
});
