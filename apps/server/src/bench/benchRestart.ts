import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import type { GameUpdate, JoinOptions, Reply, RoomInfo } from '@cards/schema';
import { databaseFile, SqliteStore } from '../store/sqliteStore.ts';
import { summarise } from './benchStats.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface Seat {
  code: string;
  options: JoinOptions;
  room: SdkRoom | null;
  game: GameUpdate | null;
  seat: number | null;
  /** Versions this seat's accepted intents produced. */
  accepted: number[];
}

function startServer(port: number, dataDir: string): Promise<{ child: ChildProcess; readyAt: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('Ready:')) resolve({ child, readyAt: performance.now() });
    });
  });
}

function kill(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function attach(s: Seat, room: SdkRoom): void {
  s.room = room;
  room.onMessage('game', (g: GameUpdate) => (s.game = g));
  room.onMessage('room', (r: RoomInfo) => (s.seat = r.you.seat));
  room.onMessage('notice', () => undefined);
  room.onLeave(() => {
    if (s.room === room) s.room = null;
  });
}

/** Plays the first legal intent whenever it is this seat's turn, until `stop()`. */
async function play(s: Seat, pace: number, running: () => boolean): Promise<void> {
  while (running()) {
    await new Promise((r) => setTimeout(r, pace));
    const { room, game, seat } = s;
    if (room === null || game === null || seat === null || !game.actors.includes(seat)) continue;
    const intent = game.legal[0];
    if (intent === undefined) continue;
    try {
      const reply = (await room.request('intent', { version: game.version, intent })) as Reply;
      if (reply.ok) s.accepted.push(game.version + 1);
    } catch {
      // The server died under this request: it was not accepted as far as this client knows.
    }
  }
}

/**
 * `pnpm bench restart [--tables N] [--restarts N] [--seconds S] [--port P]`: simulated Cassino tables
 * play against a real server (child process, SQLite in a temporary DATA_DIR) that is killed with
 * SIGKILL and started again `restarts` times. Prints intents accepted, intents lost (accepted but not
 * in the store afterwards; must be 0) and the time from the restarted server being ready until every
 * seat is back in its room.
 */
export async function benchRestart(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      tables: { type: 'string', default: '4' },
      restarts: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '3' },
      port: { type: 'string', default: '50150' },
    },
  });
  const num = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Number(v) || min));
  const tables = num(values.tables, 1, 20);
  const restarts = num(values.restarts, 1, 5);
  const seconds = num(values.seconds, 1, 10);
  const port = num(values.port, 1024, 65535);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-bench-restart-'));
  let server = await startServer(port, dataDir);
  const sdk = new Client(url);
  const seats: Seat[] = [];
  for (let t = 0; t < tables; t++) {
    const opts = (name: string): JoinOptions => ({
      name,
      token: randomBytes(12).toString('hex'),
      spectate: false,
    });
    const host: Seat = { code: '', options: opts('Host'), room: null, game: null, seat: null, accepted: [] };
    attach(host, await sdk.create('cassino', host.options));
    host.code = host.room!.roomId;
    const guest: Seat = {
      code: host.code,
      options: opts('Guest'),
      room: null,
      game: null,
      seat: null,
      accepted: [],
    };
    attach(guest, await sdk.joinById(host.code, guest.options));
    await guest.room!.request('lobby', { type: 'setReady', ready: true });
    await host.room!.request('lobby', { type: 'start' });
    seats.push(host, guest);
  }
  let running = true;
  const players = seats.map((s) => play(s, 40, () => running));
  const resumeMs: number[] = [];
  const downMs: number[] = [];
  for (let r = 0; r < restarts; r++) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const killedAt = performance.now();
    await kill(server.child);
    for (const s of seats) s.room = null;
    server = await startServer(port, dataDir);
    downMs.push(server.readyAt - killedAt);
    // Every seat rejoins by its token, as the page does once the new server answers.
    await Promise.all(
      seats.map(async (s) => {
        for (;;)
          try {
            attach(s, await sdk.joinById(s.code, s.options));
            return;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
      }),
    );
    resumeMs.push(performance.now() - server.readyAt);
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  await Promise.all(players);
  await kill(server.child);

  const store = new SqliteStore(databaseFile(dataDir));
  const logLength = new Map(
    (await store.openRooms()).map((r) => [r.snapshot.code, r.match?.log.length ?? 0]),
  );
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  const accepted = seats.reduce((n, s) => n + s.accepted.length, 0);
  const lost = seats.reduce(
    (n, s) => n + s.accepted.filter((v) => v > (logLength.get(s.code) ?? 0)).length,
    0,
  );
  const resume = summarise(resumeMs);
  console.log(
    `restart bench: ${tables} cassino tables of 2, ${restarts} SIGKILL restarts ${seconds} s apart, ` +
      `server in a child process with SQLite`,
  );
  console.log(`  intents accepted ${accepted}, intents lost ${lost}`);
  console.log(
    `  time to resume (restarted server ready → every seat back in its room): ` +
      resumeMs.map((v) => `${v.toFixed(0)} ms`).join(', ') +
      ` (max ${resume.max.toFixed(0)} ms)`,
  );
  console.log(
    `  server down (SIGKILL → restarted server ready, rooms restored): ${downMs.map((v) => `${v.toFixed(0)} ms`).join(', ')}`,
  );
}
