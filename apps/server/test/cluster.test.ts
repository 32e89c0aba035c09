import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions, RoomLookup } from '@cards/schema';
import { PostgresServer } from '../src/cluster/postgresServer.ts';
import { RedisServer } from '../src/cluster/redisServer.ts';
import { historyOf, joinOptions, playSome, Probe, sleep, testPort, until } from './helpers.ts';
import { ServerProcess } from '../src/cluster/serverProcess.ts';

/**
 * Cluster mode for real: redis-server and two server processes (`src/main.ts` with REDIS_URL) on
 * one shared store, the SQLite file, then PostgreSQL (DATABASE_URL). A room is created through one process, joined and watched through the
 * other, played; the process running it is killed with SIGKILL; the players come back through the
 * survivor, which restores the room from the store, and the game is finished there.
 */
/** Short leases, so a dead process's rooms fall free within seconds. */
const LEASE_MS = 2000;

/** Debian's redis-server and two server processes on one store (`env` says which), per describe. */
function cluster(
  redisPort: number,
  ports: readonly [number, number],
  store: () => Promise<Record<string, string>>,
) {
  const ctx = { servers: [] as ServerProcess[] };
  let redis: RedisServer | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-cluster-test-'));
    const env = { DATA_DIR: dataDir, ...(await store()) };
    cleanup = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
    redis = await RedisServer.start(redisPort);
    const url = redis.url;
    ctx.servers = await Promise.all(
      ports.map((port) =>
        ServerProcess.start(port, {
          ...env,
          REDIS_URL: url,
          PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          ROOM_LEASE_MS: String(LEASE_MS),
        }),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(ctx.servers.map((s) => s.kill()));
    await redis?.stop();
    await cleanup?.();
  });
  return ctx;
}

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

/**
 * Joins `code` through `server`, again and again while the answer is that the room is moving (the
 * dead process's lease on its code has not run out yet); any other refusal fails the test.
 */
async function joinWhileMoving(server: ServerProcess, code: string, options: JoinOptions): Promise<Probe> {
  for (const deadline = Date.now() + 20_000; ; await sleep(250)) {
    try {
      return await join(server, code, options);
    } catch (error) {
      expect(String(error)).toMatch(/moving to another server/);
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * `comeBack`: how the players return after the SIGKILL — 'lookup': the page's way, the code lookup
 * first (it restores the room); 'join': straight to matchmaking (joinById), no lookup at all.
 */
function scenario(ctx: { servers: ServerProcess[] }, storeSays: string, comeBack: 'lookup' | 'join'): void {
  it('create, join and watch through either process; SIGKILL of the room’s process loses no game', async () => {
    const [first, second] = ctx.servers as [ServerProcess, ServerProcess];
    for (const server of ctx.servers) expect(server.output).toContain(storeSays);
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
    const boots = await Promise.all(ctx.servers.map((s) => s.boot()));
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

    // Players come back through the survivor: the lookup, or the join itself, restores the room there
    // once the dead process's lease on the code has expired ("moving" until then).
    if (comeBack === 'lookup') {
      let back = await lookup(survivor, code);
      for (const deadline = Date.now() + 20_000; back.status !== 200 && Date.now() < deadline;) {
        expect(back.status).toBe(503);
        await sleep(250);
        back = await lookup(survivor, code);
      }
      expect(back.status).toBe(200);
    }
    const ana2 = await joinWhileMoving(survivor, code, ana.options);
    expect((await lookup(survivor, code)).body.host).toBe(boots[1 - owner]);
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
}

describe('several server processes on one SQLite file (Redis presence and driver); back by joinById', () => {
  scenario(
    cluster(testPort(47400), [testPort(41401), testPort(41402)], () => Promise.resolve({})),
    'data in /',
    'join',
  );
});

describe('several server processes on PostgreSQL (Redis presence and driver); back by lookup', () => {
  let postgres: PostgresServer | undefined;
  afterAll(async () => {
    await postgres?.stop();
  });
  scenario(
    cluster(testPort(47402), [testPort(41403), testPort(41404)], async () => {
      postgres = await PostgresServer.start(testPort(47403));
      return { DATABASE_URL: postgres.url };
    }),
    'data in PostgreSQL',
    'lookup',
  );
});

describe('a frozen process that wakes up after its room moved (fencing)', () => {
  const ctx = cluster(testPort(47404), [testPort(41405), testPort(41406)], () => Promise.resolve({}));

  it('refuses its writes and closes its copy; the players stay on the room that moved', async () => {
    const [first, second] = ctx.servers as [ServerProcess, ServerProcess];
    const ana = await join(first, null, joinOptions('Ana', { seed: 'cluster-zombie' }));
    const code = ana.room.roomId;
    const ben = await join(second, code, joinOptions('Ben'));
    expect(await ben.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    expect(await ana.lobby({ type: 'start' })).toEqual({ ok: true });
    await until(() => ana.games.length > 0 && ben.games.length > 0, 'the deal');
    await playSome([ana, ben], 2);
    const host = (await lookup(first, code)).body.host;
    const boots = await Promise.all(ctx.servers.map((s) => s.boot()));
    const [frozen, survivor] = host === boots[0] ? [first, second] : [second, first];
    for (const p of [ana, ben]) p.room.reconnection.maxRetries = 0;

    // The process running the room stops (SIGSTOP: alive, but answering nothing) past its lease.
    frozen.child.kill('SIGSTOP');
    let back = await lookup(survivor, code);
    for (const deadline = Date.now() + 20_000; back.status !== 200 && Date.now() < deadline;) {
      await sleep(250);
      back = await lookup(survivor, code);
    }
    expect(back.status).toBe(200);
    const ana2 = await join(survivor, code, ana.options);
    const ben2 = await join(survivor, code, ben.options);
    await until(() => ana2.games.length > 0 && ben2.games.length > 0, 'views on the survivor');
    await playSome([ana2, ben2], 2);
    const version = ana2.game.version;

    // It wakes up: a move sent to its stale copy is not accepted (the store refuses the old epoch),
    // and the stale copy closes, telling its clients to reconnect (4010; their SDK, told not to retry,
    // reports the drop as its own close code).
    frozen.child.kill('SIGCONT');
    const mover = [ana, ben].find((p) => p.game.actors.includes(p.info.you.seat ?? -1));
    const reply = await mover?.intent(mover.game.legal[0]).catch((error: unknown) => String(error));
    expect(reply).not.toEqual({ ok: true });
    await until(() => ana.leaveCode !== null && ben.leaveCode !== null, 'the stale copy to close', 15_000);
    // Whichever it meets first: its lease gone at the next renewal, or the store refusing the move.
    expect(frozen.output).toMatch(
      new RegExp(
        `room ${code}: (this process lost its code's lease|the store refused a write).*; closing it here`,
      ),
    );

    // The room that moved goes on, its log untouched by the stale copy.
    await playSome([ana2, ben2], 2);
    expect(ana2.game.version).toBe(version + 2);
    // Every process names the survivor (the woken one may answer "moving" until it has let go).
    const survivorBoot = boots[ctx.servers.indexOf(survivor)];
    let named = await lookup(first, code);
    for (const deadline = Date.now() + 15_000; named.body.host !== survivorBoot && Date.now() < deadline;) {
      await sleep(250);
      named = await lookup(first, code);
    }
    expect(named.body.host, JSON.stringify(named)).toBe(survivorBoot);
    for (const p of [ana2, ben2]) await p.room.leave();
  }, 90_000);
});
