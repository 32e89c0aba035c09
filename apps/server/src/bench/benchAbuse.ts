import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions, Reply } from '@cards/schema';
import { DEFAULT_CONNECTION_LIMITS } from '../connections.ts';
import { MAX_SPECTATORS } from '../room/lobby.ts';

/**
 * `pnpm bench abuse [--port P] [--seconds S]`: what a hostile visitor costs the server, loopback only,
 * bounded in count and time. For the spectator flood it runs the current server and, in the same
 * run, one with the former spectator handling (abuseServer.ts `old`) and one with today's handling
 * but the spectators' game update encoded per spectator (`per-spectator`).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const token = () => randomBytes(12).toString('hex');
const join = (name: string, extra: Partial<JoinOptions> = {}): JoinOptions => ({
  name,
  token: token(),
  browser: token(),
  spectate: false,
  ...extra,
});

interface Server {
  child: ChildProcess;
  url: string;
  port: number;
  /** Bytes the server has written to stdout and stderr so far. */
  logBytes(): number;
}

async function startServer(port: number, mode: FloodMode): Promise<Server> {
  const child = fork(new URL('./abuseServer.ts', import.meta.url), [String(port), mode], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let logged = 0;
  child.stdout?.on('data', (d: Buffer) => (logged += d.length));
  child.stderr?.on('data', (d: Buffer) => (logged += d.length));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`abuse server exited early (${code})`)));
    child.on('message', (m: { type: string }) => m.type === 'ready' && resolve());
  });
  return { child, url: `http://127.0.0.1:${port}`, port, logBytes: () => logged };
}

async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.send({ type: 'stop' });
  await Promise.race([exited, sleep(5000)]);
  server.child.kill();
}

/** The server's time in Broadcaster.gameToAll since the last ask (abuseServer.ts). */
interface SendingTime {
  ms: number;
  cpuMs: number;
  calls: number;
}
async function gameToAllTime(server: Server): Promise<SendingTime> {
  const answer = new Promise<SendingTime>((resolve) => {
    const listen = (m: { type: string } & Partial<SendingTime>) => {
      if (m.type !== 'gameToAll') return;
      server.child.off('message', listen);
      resolve({ ms: m.ms ?? NaN, cpuMs: m.cpuMs ?? NaN, calls: m.calls ?? 0 });
    };
    server.child.on('message', listen);
  });
  server.child.send({ type: 'gameToAll' });
  return answer;
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

interface TablePlayer {
  room: SdkRoom;
  seat: number | null;
  game: GameUpdate | null;
  /** Called with each game update (the move loop waits for its own). */
  onGame: (() => void) | null;
}

function tablePlayer(room: SdkRoom): TablePlayer {
  const p: TablePlayer = { room, seat: null, game: null, onGame: null };
  room.onMessage('you', (m: { seat: number | null }) => (p.seat = m.seat));
  room.onMessage('game', (m: GameUpdate) => {
    p.game = m;
    p.onGame?.();
  });
  for (const type of ['room', 'notice', 'judging']) room.onMessage(type, () => undefined);
  return p;
}

/**
 * A Cassino table of two whose players play the first legal move as fast as it is answered (a
 * rematch when a game ends): intent → the mover's next view, round trips recorded.
 */
async function playingTable(sdk: Client) {
  const players = [tablePlayer(await sdk.create('cassino', join('Ann')))];
  players.push(tablePlayer(await sdk.joinById(players[0]!.room.roomId, join('Bea'))));
  const [host, guest] = players as [TablePlayer, TablePlayer];
  await guest.room.request('lobby', { type: 'setReady', ready: true });
  await host.room.request('lobby', { type: 'start' });
  const rtts: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const mover = players.find(
        (p) =>
          p.game !== null && p.seat !== null && p.game.actors.includes(p.seat) && p.game.legal.length > 0,
      );
      if (mover === undefined) {
        if (players.every((p) => p.game !== null && p.game.actors.length === 0))
          await Promise.all(players.map((p) => p.room.request('lobby', { type: 'rematch', accept: true })));
        await sleep(10);
        continue;
      }
      const game = mover.game!;
      const t = performance.now();
      const seen = new Promise<void>((resolve) => {
        mover.onGame = () => mover.game!.version > game.version && resolve();
      });
      const reply = (await mover.room
        .request('intent', { version: game.version, intent: game.legal[0] })
        .catch(() => ({ ok: false }))) as Reply;
      if (reply.ok) {
        await seen;
        rtts.push(performance.now() - t);
      }
      mover.onGame = null;
      await sleep(10);
    }
  })();
  return {
    code: host.room.roomId,
    take: () => rtts.splice(0),
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(players.map((p) => p.room.leave()));
    },
  };
}

/** Counts the bytes a client receives. */
function countBytes(room: SdkRoom, into: { bytes: number }): void {
  const events = room.connection.events;
  const dispatch = events.onmessage;
  events.onmessage = (event: MessageEvent) => {
    into.bytes += (event.data as ArrayBuffer).byteLength;
    dispatch?.(event);
  };
  for (const type of ['room', 'you', 'notice', 'game']) room.onMessage(type, () => undefined);
}

type FloodMode = 'old' | 'per-spectator' | 'new';
const FLOOD_LABEL: Record<FloodMode, string> = {
  old: 'before (room info per client, game encoded per spectator)',
  'per-spectator': 'now, but the game encoded per spectator',
  new: 'now (shared room info, game encoded once)',
};

/**
 * The cap's worth of spectators watch a Cassino table whose two players play as fast as answered,
 * while one spectator renames at 20/s; another room plays too. Intent → view p99 of both tables.
 */
async function spectatorFlood(port: number, mode: FloodMode, seconds: number): Promise<void> {
  const server = await startServer(port, mode);
  const sdk = new Client(server.url);
  const other = await playingTable(sdk);
  await sleep(seconds * 500);
  const baseline = other.take();
  const rssBefore = rssMb(server.child);
  const watched = await playingTable(sdk);
  const received = { bytes: 0 };
  const watchers: SdkRoom[] = [];
  let refused = 0;
  for (let i = 0; i < MAX_SPECTATORS + 10; i++) {
    try {
      const w = await sdk.joinById(watched.code, join(`W${i}`, { spectate: true }));
      countBytes(w, received);
      watchers.push(w);
    } catch {
      refused += 1;
    }
  }
  await sleep(500);
  other.take();
  watched.take();
  await gameToAllTime(server);
  received.bytes = 0;
  const renamer = watchers[0];
  let renames = 0;
  let renamesRefused = 0;
  const until = performance.now() + seconds * 1000;
  while (renamer && performance.now() < until) {
    const reply = (await renamer.request('lobby', { type: 'setName', name: `Renamer ${renames}` })) as Reply;
    renames += 1;
    if (!reply.ok) renamesRefused += 1;
    await sleep(50);
  }
  await sleep(300);
  const during = other.take();
  const watchedDuring = watched.take();
  const sending = await gameToAllTime(server);
  const rssAfter = rssMb(server.child);
  console.log(`  ${FLOOD_LABEL[mode]}:`);
  console.log(
    `          ${watchers.length} spectators joined (${refused} refused); ` +
      `one renamed ${renames} times at 20/s (${renamesRefused} refused) for ${seconds} s while the table played`,
  );
  console.log(
    `          server RSS ${rssBefore.toFixed(0)} MB before the spectators, ${rssAfter.toFixed(0)} MB after; ` +
      `spectators received ${(received.bytes / 1024).toFixed(0)} KB in all meanwhile ` +
      `(${(received.bytes / 1024 / Math.max(1, watchedDuring.length)).toFixed(1)} KB per move watched, renames included)`,
  );
  console.log(
    `          another room's game intent → view p99: ${ms(p(baseline, 0.99))} alone (n=${baseline.length}), ` +
      `${ms(p(during, 0.99))} meanwhile (n=${during.length}; p50 ${ms(p(during, 0.5))}); ` +
      `the watched table's: p99 ${ms(p(watchedDuring, 0.99))} (n=${watchedDuring.length})`,
  );
  console.log(
    `          sending a game update to the watched room: ${(sending.cpuMs / Math.max(1, sending.calls)).toFixed(2)} ms CPU, ` +
      `${(sending.ms / Math.max(1, sending.calls)).toFixed(2)} ms wall, per update (${sending.calls} updates)`,
  );
  await other.stop();
  await watched.stop();
  await Promise.all(watchers.map((r) => r.leave().catch(() => undefined)));
  await stopServer(server);
}

/** Four parallel matchmaking POSTs that declare 100 MB bodies and send as much as the server takes. */
async function largeBodies(server: Server): Promise<void> {
  const rssBefore = rssMb(server.child);
  const declared = 100 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const socket = net.connect(server.port, '127.0.0.1');
      let status = '';
      let sent = 0;
      socket.on('data', (d) => (status ||= String(d).split('\r\n')[0] ?? ''));
      socket.on('error', () => undefined);
      await new Promise((r) => socket.once('connect', r));
      socket.write(
        `POST /matchmake/create/cassino HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      const closed = new Promise<void>((r) => socket.once('close', () => r()));
      while (!socket.destroyed && sent < declared) {
        if (!socket.write(chunk)) await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
        sent += chunk.length;
      }
      await Promise.race([closed, sleep(2000)]);
      socket.destroy();
      return { status, sent, ms: performance.now() - started };
    }),
  );
  const rssAfter = rssMb(server.child);
  const worst = Math.max(...results.map((r) => r.ms));
  const sentMb = results.reduce((s, r) => s + r.sent, 0) / 1024 / 1024;
  console.log(
    `  4 parallel POSTs declaring 100 MB: answered "${results[0]?.status}" and closed within ${ms(worst)}; ` +
      `${sentMb.toFixed(1)} MB written before the server closed; RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`,
  );
}

async function idleSockets(server: Server): Promise<void> {
  const count = 100;
  const sockets = Array.from({ length: count }, () => {
    const s = net.connect(server.port, '127.0.0.1');
    s.on('error', () => undefined);
    return s;
  });
  const wait = DEFAULT_CONNECTION_LIMITS.firstRequestMs + 1500;
  await sleep(wait);
  const open = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
  for (const s of sockets) s.destroy();
  console.log(
    `  ${count} TCP connections that send nothing: ${open} still open after ${(wait / 1000).toFixed(1)} s`,
  );
}

async function malformedFrames(server: Server): Promise<void> {
  const sdk = new Client(server.url);
  const room = await sdk.create('cassino', join('Fuzz'));
  room.onMessage('*', () => undefined);
  await sleep(300);
  const before = server.logBytes();
  const frames = 4800;
  for (let i = 0; i < frames; i++) {
    // A request (code 21, id i % 100, type 'intent') whose msgpack payload has bytes after its end.
    room.connection.send(
      Uint8Array.from([21, i % 100, 0xa6, ...Buffer.from('intent'), 0x81, 0xa1, 0x61, 0x01, 0xc1, i % 256]),
    );
    if (i % 200 === 199) await sleep(10);
  }
  await sleep(500);
  console.log(
    `  ${frames} unreadable frames from one client: ${server.logBytes() - before} bytes of server log ` +
      `(the client stays connected: ${room.connection.isOpen})`,
  );
  await room.leave();
}

export async function benchAbuse(args: string[]): Promise<void> {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? fallback : Number(args[i + 1]);
  };
  const port = option('port', 55100);
  const seconds = option('seconds', 5);
  console.log(`abuse bench (loopback, port ${port}+):`);
  console.log(
    `spectator flood: the cap's worth (${MAX_SPECTATORS}) of spectators + 10 watching a game, one renaming at 20/s`,
  );
  await spectatorFlood(port, 'old', seconds);
  await spectatorFlood(port + 1, 'per-spectator', seconds);
  await spectatorFlood(port + 2, 'new', seconds);
  const server = await startServer(port + 3, 'new');
  await largeBodies(server);
  await idleSockets(server);
  await malformedFrames(server);
  await stopServer(server);
}
