import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import type { JoinOptions, Reply } from '@cards/schema';
import { DEFAULT_CONNECTION_LIMITS } from '../connections.ts';
import { MAX_SPECTATORS } from '../room/lobby.ts';

/**
 * `pnpm bench abuse [--port P] [--seconds S]`: what a hostile visitor costs the server, loopback only,
 * bounded in count and time. For the spectator flood it runs the current server and, in the same
 * run, one with the former spectator handling (abuseServer.ts `old`).
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

async function startServer(port: number, mode: 'new' | 'old'): Promise<Server> {
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

/**
 * Another room, in the lobby, whose guest toggles "ready" as fast as it is answered: each toggle is
 * a request the room handles and a room update it sends. Round trips recorded.
 */
async function otherRoom(sdk: Client) {
  const host = await sdk.create('cassino', join('Ann'));
  const guest = await sdk.joinById(host.roomId, join('Bea'));
  for (const room of [host, guest])
    for (const type of ['room', 'you', 'notice']) room.onMessage(type, () => undefined);
  const rtts: number[] = [];
  let running = true;
  let ready = false;
  const loop = (async () => {
    while (running) {
      ready = !ready;
      const t = performance.now();
      const reply = (await guest
        .request('lobby', { type: 'setReady', ready })
        .catch(() => ({ ok: false }))) as Reply;
      if (reply.ok) rtts.push(performance.now() - t);
      await sleep(10);
    }
  })();
  return {
    take: () => rtts.splice(0),
    stop: async () => {
      running = false;
      await loop;
      await Promise.all([host, guest].map((r) => r.leave()));
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

async function spectatorFlood(port: number, mode: 'new' | 'old', seconds: number): Promise<void> {
  const server = await startServer(port, mode);
  const sdk = new Client(server.url);
  const other = await otherRoom(sdk);
  await sleep(seconds * 500);
  const baseline = other.take();
  const rssBefore = rssMb(server.child);
  const host = await sdk.create('cassino', join('Host'));
  const received = { bytes: 0 };
  const watchers: SdkRoom[] = [];
  let refused = 0;
  for (let i = 0; i < MAX_SPECTATORS + 10; i++) {
    try {
      const w = await sdk.joinById(host.roomId, join(`W${i}`, { spectate: true }));
      countBytes(w, received);
      watchers.push(w);
    } catch {
      refused += 1;
    }
  }
  await sleep(500);
  other.take();
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
  const rssAfter = rssMb(server.child);
  console.log(
    `  ${mode === 'new' ? 'now   ' : 'before'}: ${watchers.length} spectators joined (${refused} refused); ` +
      `one renamed ${renames} times at 20/s (${renamesRefused} refused) for ${seconds} s`,
  );
  console.log(
    `          server RSS ${rssBefore.toFixed(0)} MB before the spectators, ${rssAfter.toFixed(0)} MB after; ` +
      `spectators received ${(received.bytes / 1024).toFixed(0)} KB in all during the renames ` +
      `(${(received.bytes / 1024 / Math.max(1, renames)).toFixed(1)} KB per rename)`,
  );
  console.log(
    `          other room's request round trip p99: ${ms(p(baseline, 0.99))} alone (n=${baseline.length}), ` +
      `${ms(p(during, 0.99))} during the renames (n=${during.length}; p50 ${ms(p(during, 0.5))})`,
  );
  await other.stop();
  await Promise.all([host, ...watchers].map((r) => r.leave().catch(() => undefined)));
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
    `spectator flood: the cap's worth (${MAX_SPECTATORS}) of spectators + 10, one renaming at 20/s`,
  );
  await spectatorFlood(port, 'old', seconds);
  await spectatorFlood(port + 1, 'new', seconds);
  const server = await startServer(port + 2, 'new');
  await largeBodies(server);
  await idleSockets(server);
  await malformedFrames(server);
  await stopServer(server);
}
