import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions, Reply, RoomInfo } from '@cards/schema';
import { RedisServer } from '../cluster/redisServer.ts';
import { ServerProcess } from '../cluster/serverProcess.ts';
import { summarise } from './benchStats.ts';

/** One simulated player: its connection, the last update, and the intent waiting for its view. */
class Player {
  game: GameUpdate | null = null;
  seat: number | null = null;
  phase: RoomInfo['phase'] = 'lobby';
  private waiting: { version: number; resolve: () => void } | null = null;

  constructor(readonly room: SdkRoom) {
    room.onMessage('game', (g: GameUpdate) => {
      this.game = g;
      if (this.waiting !== null && g.version >= this.waiting.version) this.waiting.resolve();
    });
    room.onMessage('room', (r: RoomInfo) => (this.phase = r.phase));
    room.onMessage('you', (y: RoomInfo['you']) => (this.seat = y.seat));
    room.onMessage('notice', () => undefined);
  }

  /** Sends the first legal intent; resolves with the ms until this player's view shows its result. */
  async act(): Promise<number | null> {
    const { game } = this;
    const intent = game?.legal[0];
    if (game === null || intent === undefined) return null;
    const sent = performance.now();
    const seen = new Promise<void>((resolve) => (this.waiting = { version: game.version + 1, resolve }));
    const reply = (await this.room.request('intent', { version: game.version, intent })) as Reply;
    if (!reply.ok) {
      this.waiting = null;
      return null;
    }
    await seen;
    this.waiting = null;
    return performance.now() - sent;
  }

  get myTurn(): boolean {
    return this.game !== null && this.seat !== null && this.game.actors.includes(this.seat);
  }
}

const options = (name: string): JoinOptions => ({
  name,
  token: randomBytes(12).toString('hex'),
  spectate: false,
});

interface Load {
  latencies: number[];
  /** Intents accepted inside the measuring window. */
  intents: number;
  connected: number;
  peakConnected: number;
  games: number;
  /** Tables that stopped on an error (a dropped connection, a refused request), with the first. */
  errors: number;
  firstError: string | null;
}

/**
 * One table created through `entry` (the guest joins there too; Colyseus puts the room on the least
 * busy process): its two seats play the first legal intent as soon as it is their turn (no think
 * time: a closed loop that loads the servers), game after game (rematch), until `until`.
 */
async function tableLoop(entry: Client, load: Load, until: number, measuring: () => boolean): Promise<void> {
  const host = new Player(await entry.create('cassino', options('Host')));
  const guest = new Player(await entry.joinById(host.room.roomId, options('Guest')));
  load.connected += 2;
  load.peakConnected = Math.max(load.peakConnected, load.connected);
  await guest.room.request('lobby', { type: 'setReady', ready: true });
  await host.room.request('lobby', { type: 'start' });
  while (performance.now() < until) {
    if (host.phase === 'finished') {
      load.games++;
      await Promise.all([host, guest].map((p) => p.room.request('lobby', { type: 'rematch' })));
      while (host.phase === 'finished' && performance.now() < until)
        await new Promise((r) => setTimeout(r, 2));
      continue;
    }
    const mover = [host, guest].find((p) => p.myTurn);
    if (mover === undefined) {
      await new Promise((r) => setTimeout(r, 2));
      continue;
    }
    const ms = await mover.act();
    if (ms !== null && measuring()) {
      load.latencies.push(ms);
      load.intents++;
    }
  }
  await Promise.all([host.room.leave(), guest.room.leave()]);
  load.connected -= 2;
}

/** The bench's processes allow this many times the per-address limits (ADDRESS_LIMIT_SCALE). */
const ADDRESS_LIMIT_SCALE = 20;

/** `processes` cluster processes on a fresh redis-server and store; `tables` concurrent table loops. */
async function runCluster(processes: number, tables: number, seconds: number, port: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-bench-cluster-'));
  const redis = await RedisServer.start(port);
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      const p = port + 1 + i;
      servers.push(
        await ServerProcess.start(p, {
          ALLOW_TEST_SEEDS: '',
          REDIS_URL: redis.url,
          PUBLIC_ADDRESS: `127.0.0.1:${p}`,
          DATA_DIR: dataDir,
          // Every table is driven from loopback: this bench's own processes allow 20× the per-address limits.
          ADDRESS_LIMIT_SCALE: String(ADDRESS_LIMIT_SCALE),
        }),
      );
    }
    const entries = servers.map((s) => new Client(s.url));
    const load: Load = {
      latencies: [],
      intents: 0,
      connected: 0,
      peakConnected: 0,
      games: 0,
      errors: 0,
      firstError: null,
    };
    const warmup = 2000;
    const start = performance.now();
    const measureFrom = start + warmup;
    const until = measureFrom + seconds * 1000;
    const loops = Array.from({ length: tables }, (_, t) =>
      tableLoop(
        entries[t % entries.length] as Client,
        load,
        until,
        () => performance.now() >= measureFrom,
      ).catch((error: unknown) => {
        load.errors++;
        load.firstError ??= String(error);
      }),
    );
    await Promise.all(loops);
    if (load.errors > 0)
      for (const s of servers) console.error(`--- server ${s.url} said:\n${s.output.slice(-2000)}`);
    return { ...summarise(load.latencies), perSecond: load.intents / seconds, ...load };
  } finally {
    await Promise.all(servers.map((s) => s.kill()));
    await redis.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `pnpm bench cluster [--tables N] [--seconds S] [--port P]`: the same closed-loop load of simulated
 * Cassino tables (two players each, acting as soon as it is their turn) on 1, 2 and 3 server
 * processes in cluster mode (redis-server on P, processes on P+1…, one SQLite file), one after
 * another in the same run. Prints the clients connected, intent → own view p50/p99 and intents per
 * second, and N processes' throughput against 1 as a ratio. Loopback only; the bench client runs on
 * the same cores as the servers.
 */
export async function benchCluster(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      tables: { type: 'string', default: '40' },
      seconds: { type: 'string', default: '8' },
      port: { type: 'string', default: '50320' },
    },
  });
  const num = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Number(v) || min));
  // Every table creates one room and opens two websockets from 127.0.0.1: the processes' per-address
  // limits (20 creations in a burst, 64 connections), scaled by ADDRESS_LIMIT_SCALE, bound the tables.
  const tables = num(values.tables, 1, 9 * ADDRESS_LIMIT_SCALE);
  const seconds = num(values.seconds, 2, 30);
  const port = num(values.port, 1024, 65530);
  console.log(
    `cluster bench: ${tables} cassino tables of 2 (closed loop, no think time), ${seconds} s measured after 2 s warm-up, per configuration`,
  );
  const results: { processes: number; perSecond: number }[] = [];
  for (const processes of [1, 2, 3]) {
    const r = await runCluster(processes, tables, seconds, port);
    results.push({ processes, perSecond: r.perSecond });
    const ratio = r.perSecond / (results[0]?.perSecond ?? r.perSecond);
    console.log(
      `  ${processes} process${processes > 1 ? 'es' : ''}: clients connected ${r.peakConnected} (peak), ` +
        `intent → view p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms, ` +
        `${r.perSecond.toFixed(0)} intents/s (${r.n} measured, ${r.games} games finished), ` +
        `throughput vs 1 process ×${ratio.toFixed(2)}` +
        (r.errors > 0 ? `; ${r.errors} table(s) stopped on an error, first: ${r.firstError}` : ''),
    );
  }
}
