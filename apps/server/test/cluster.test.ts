import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions, RoomLookup } from '@cards/schema';
import { RedisServer } from '../src/cluster/redisServer.ts';
import { historyOf, joinOptions, playSome, Probe, sleep, testPort, until } from './helpers.ts';
import { ServerProcess } from './serverProcess.ts';

/**
 * Cluster mode for real: redis-server and two server processes (`src/main.ts` with REDIS_URL) on
 * one shared SQLite store. A room is created through one process, joined and watched through the
 * other, played; the process running it is killed with SIGKILL; the players come back through the
 * survivor, which restores the room from the store, and the game is finished there.
 */
const REDIS_PORT = testPort(41400);
const PORTS = [testPort(41401), testPort(41402)] as const;
/** Short leases, so a dead process's rooms fall free within seconds. */
const LEASE_MS = 2000;

let redis: RedisServer;
let servers: ServerProcess[] = [];
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-cluster-test-'));
  redis = await RedisServer.start(REDIS_PORT);
  servers = await Promise.all(
    PORTS.map((port) =>
      ServerProcess.start(port, {
        REDIS_URL: redis.url,
        PUBLIC_ADDRESS: `127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        ROOM_LEASE_MS: String(LEASE_MS),
      }),
    ),
  );
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await redis?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A game update without its history delta (a client arriving gets all of it, not what is new). */
const table = ({ history: _history, ...rest }: GameUpdate) => rest;

async function join(server: ServerProcess, code: string | null, options: JoinOptions): Promise<Probe> {
  const sdk = new Client(server.url);
  const room = code === null ? await sdk.create('cassino', options) : await sdk.joinById(code, options);
  return new Probe(room, options);
}

async function lookup(server: ServerProcess, code: string): Promise<{ status: number; body: RoomLookup }> {
  const res = await fetch(`${server.url}/api/rooms/${code}`);
  return { status: res.status, body: (await res.json()) as RoomLookup };
}

describe('several server processes (Redis presence and driver, shared store)', () => {
  it('create, join and watch through either process; SIGKILL of the room’s process loses no game', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const ana = await join(first, null, joinOptions('Ana', { seed: 'cluster-cassino' }));
    const code = ana.room.roomId;
    const ben = await join(second, code, joinOptions('Ben'));
    const eve = await join(second, code, joinOptions('Eve', { spectate: true }));
    await until(() => ben.rooms.length > 0 && eve.rooms.length > 0, 'the room info');
    expect(ben.info.you.seat).toBe(1);
    expect(eve.info.you.seat).toBeNull();

    // Either process answers the code lookup, naming the process that runs the room.
    const [fromFirst, fromSecond] = [await lookup(first, code), await lookup(second, code)];
    expect(fromFirst.status).toBe(200);
    expect(fromSecond).toEqual(fromFirst);
    const boots = await Promise.all(servers.map((s) => s.boot()));
    const owner = boots.indexOf(fromFirst.body.host ?? '');
    expect(owner).toBeGreaterThanOrEqual(0);
    const [dying, survivor] = owner === 0 ? [first, second] : [second, first];

    expect(await ben.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    expect(await ana.lobby({ type: 'start' })).toEqual({ ok: true });
    await until(() => ana.games.length > 0 && ben.games.length > 0 && eve.games.length > 0, 'the deal');
    await playSome([ana, ben], 6);
    await until(() => eve.games.at(-1)?.version === ana.game.version, 'the spectator to see the moves');
    const before = { ana: ana.game, ben: ben.game, eve: eve.game, history: historyOf(ana) };

    // The process running the room dies; its clients stop retrying it.
    for (const p of [ana, ben, eve]) p.room.reconnection.maxRetries = 0;
    await dying.kill();

    // Players come back through the survivor: the lookup restores the room there once the dead
    // process's lease on the code has expired (503 "moving" until then).
    let back = await lookup(survivor, code);
    for (const deadline = Date.now() + 20_000; back.status !== 200 && Date.now() < deadline;) {
      expect(back.status).toBe(503);
      await sleep(250);
      back = await lookup(survivor, code);
    }
    expect(back.status).toBe(200);
    expect(back.body.host).toBe(boots[1 - owner]);
    const ana2 = await join(survivor, code, ana.options);
    const ben2 = await join(survivor, code, ben.options);
    const eve2 = await join(survivor, code, eve.options);
    await until(() => ana2.games.length > 0 && ben2.games.length > 0 && eve2.games.length > 0, 'views');
    expect([ana2.info.you.seat, ben2.info.you.seat, eve2.info.you.seat]).toEqual([0, 1, null]);
    expect(table(ana2.game)).toEqual(table(before.ana));
    expect(table(ben2.game)).toEqual(table(before.ben));
    expect(table(eve2.game)).toEqual(table(before.eve));
    expect(historyOf(ana2)).toEqual(before.history);

    // The game is finished on the survivor.
    await playSome([ana2, ben2], 200);
    const finished = await ana2.waitRoom((r) => r.phase === 'finished', 'the game over');
    expect(finished.matchWins.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const replayId = await until(() => ana2.games.findLast((g) => g.replayId)?.replayId, 'the replay id');
    const replay = await fetch(`${survivor.url}/api/replays/${replayId}`);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { moves: number }).moves).toBe(ana2.game.version);
    for (const p of [ana2, ben2, eve2]) await p.room.leave();
  }, 120_000);
});
