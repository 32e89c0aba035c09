import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { ColyseusTestServer } from '@colyseus/testing';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import {
  applyHistoryDelta,
  type GameUpdate,
  type HistoryEntry,
  type JoinOptions,
  type Judging,
  type LobbyAction,
  type Notice,
  type Reply,
  type RoomInfo,
} from '@cards/schema';
import { type AppOptions, createGameServer } from '../src/app.ts';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';

export interface TestServer {
  test: ColyseusTestServer;
  url: string;
  close(): Promise<void>;
}

/**
 * A test file's fixed port, shifted by TEST_PORT_OFFSET so that two checkouts can run their room
 * tests side by side on one machine.
 */
export const testPort = (port: number): number => port + Number(process.env['TEST_PORT_OFFSET'] ?? 0);

/**
 * Boots the real server on 127.0.0.1 at a fixed port (one per test file). The per-address HTTP
 * limits are off unless the test passes its own: every test client shares one address.
 */
export async function bootServer(fixedPort: number, options: AppOptions = {}): Promise<TestServer> {
  const port = testPort(fixedPort);
  const server = createGameServer({ httpLimits: false, ...options });
  await server.listen(port, '127.0.0.1');
  const test = new ColyseusTestServer(server);
  return {
    test,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await test.cleanup();
      await test.shutdown();
    },
  };
}

export const newToken = (): string => randomBytes(12).toString('hex');

export function joinOptions(name: string, extra: Partial<JoinOptions> = {}): JoinOptions {
  return { name, token: newToken(), spectate: false, ...extra };
}

export async function until<T>(check: () => T | undefined | null | false, what = 'condition', ms = 4000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One connected test player: records every message it receives. */
export class Probe {
  readonly rooms: RoomInfo[] = [];
  readonly games: GameUpdate[] = [];
  readonly notices: Notice[] = [];
  /** 'judging' messages (a latency-fairness window opened / closed), in order. */
  readonly judging: boolean[] = [];
  /** Every payload as JSON, to search for leaked secrets. */
  readonly raw: string[] = [];
  leaveCode: number | null = null;

  constructor(
    public room: SdkRoom,
    readonly options: JoinOptions,
  ) {
    this.listen(room);
  }

  listen(room: SdkRoom): void {
    this.room = room;
    // The room info comes as one shared message; who "you" are comes apart, when it changes.
    let you: RoomInfo['you'] = { seat: null, name: '' };
    room.onMessage('you', (m: RoomInfo['you']) => {
      you = m;
      const last = this.rooms.at(-1);
      if (last) this.record(this.rooms, { ...last, you });
    });
    room.onMessage('room', (m: Omit<RoomInfo, 'you'>) => this.record(this.rooms, { ...m, you }));
    room.onMessage('game', (m: GameUpdate) => this.record(this.games, m));
    room.onMessage('notice', (m: Notice) => this.record(this.notices, m));
    room.onMessage('judging', (m: Judging) => this.judging.push(m.open));
    room.onLeave((code: number) => {
      this.leaveCode = code;
    });
  }

  private record<T>(list: T[], message: T): void {
    list.push(message);
    this.raw.push(JSON.stringify(message));
  }

  get info(): RoomInfo {
    const last = this.rooms.at(-1);
    if (!last) throw new Error('no room info yet');
    return last;
  }

  get game(): GameUpdate {
    const last = this.games.at(-1);
    if (!last) throw new Error('no game update yet');
    return last;
  }

  request(type: string, payload: unknown): Promise<Reply> {
    return this.room.request(type, payload) as Promise<Reply>;
  }

  lobby(action: LobbyAction): Promise<Reply> {
    return this.request('lobby', action);
  }

  intent(intent: unknown, version = this.game.version): Promise<Reply> {
    return this.request('intent', { version, intent });
  }

  waitRoom(check: (info: RoomInfo) => boolean, what = 'room info'): Promise<RoomInfo> {
    return until(() => this.rooms.findLast(check), what);
  }

  waitGame(check: (g: GameUpdate) => boolean, what = 'game update', ms?: number): Promise<GameUpdate> {
    return until(() => this.games.findLast(check), what, ms);
  }
}

/** Sends an intent, waiting out the per-seat rate limit; throws on any other refusal. */
export async function sendIntent(p: Probe, intent: unknown): Promise<void> {
  for (;;) {
    const reply = await p.intent(intent);
    if (reply.ok) return;
    if (reply.error.code !== 'RATE_LIMITED') throw new Error(JSON.stringify(reply.error));
    await sleep(100);
  }
}

/** The history a client holds after all its updates, applied in order as the client does. */
export const historyOf = (probe: Probe): readonly HistoryEntry[] =>
  probe.games.reduce<readonly HistoryEntry[]>((list, g) => applyHistoryDelta(list, g.history), []);

export class Players {
  readonly sdk: Client;
  constructor(url: string) {
    this.sdk = new Client(url);
  }

  async create(game: string, options: JoinOptions): Promise<Probe> {
    const room = await this.sdk.create(game, options);
    return new Probe(room, options);
  }

  async join(code: string, options: JoinOptions): Promise<Probe> {
    const room = await this.sdk.joinById(code, options);
    return new Probe(room, options);
  }
}

/** Creates a room with a host and a second player (both ready), returning them started or not. */
export async function table(players: Players, game: string, extra: Partial<JoinOptions> = {}) {
  const host = await players.create(game, joinOptions('Host', extra));
  const code = host.room.roomId;
  const guest = await players.join(code, joinOptions('Guest'));
  await host.waitRoom((r) => r.seats.filter((s) => s.name !== null).length === 2, 'two seated');
  return { host, guest, code };
}

export async function startTable(players: Players, game: string, extra: Partial<JoinOptions> = {}) {
  const t = await table(players, game, extra);
  expect(await t.guest.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  expect(await t.host.lobby({ type: 'start' })).toEqual({ ok: true });
  await t.host.waitGame(() => true, 'host game');
  await t.guest.waitGame(() => true, 'guest game');
  return t;
}

/** Boots a server for the whole test file (beforeAll/afterAll); read `.server` and `.players` in tests. */
export function serverForFile(
  fixedPort: number,
  options: AppOptions = {},
): { server: TestServer; players: Players } {
  const ctx = {} as { server: TestServer; players: Players };
  beforeAll(async () => {
    ctx.server = await bootServer(fixedPort, options);
    ctx.players = new Players(ctx.server.url);
  });
  afterAll(async () => {
    await ctx.server.close();
  });
  return ctx;
}

/** serverForFile with the SQLite store in a temporary data directory (deleted after the file). */
export function storedServerForFile(
  fixedPort: number,
  options: AppOptions = {},
): { server: TestServer; players: Players; store: SqliteStore; dataDir: string } {
  const ctx = {} as { server: TestServer; players: Players; store: SqliteStore; dataDir: string };
  beforeAll(async () => {
    ctx.dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-test-'));
    ctx.store = new SqliteStore(databaseFile(ctx.dataDir));
    ctx.server = await bootServer(fixedPort, { ...options, store: ctx.store });
    ctx.players = new Players(ctx.server.url);
  });
  afterAll(async () => {
    await ctx.server.close();
    await ctx.store.close();
    rmSync(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

export const over = (p: Probe) => p.info.phase === 'finished';

/** Plays the first legal intent whenever it is this player's turn, until the game ends (or `stop`). */
export async function playAlong(p: Probe, stop: () => boolean = () => false): Promise<void> {
  const seat = p.info.you.seat;
  let lastVersion = -1;
  await until(
    () => {
      if (over(p) || stop()) return true;
      const g = p.games.at(-1);
      if (g && g.version !== lastVersion && g.actors.includes(seat ?? -1) && g.legal.length > 0) {
        lastVersion = g.version;
        void p.intent(g.legal[0]);
      }
      return false;
    },
    'the game to end',
    60_000,
  );
}

/** Plays the first legal intent of whoever may act, `moves` times (fewer if the game ends). */
export async function playSome(probes: Probe[], moves: number): Promise<void> {
  for (let i = 0; i < moves; i++) {
    const mover = probes.find((p) => {
      const g = p.games.at(-1);
      const seat = p.rooms.at(-1)?.you.seat ?? null;
      return g !== undefined && seat !== null && g.actors.includes(seat) && g.legal.length > 0;
    });
    if (mover === undefined) return;
    const before = mover.game.version;
    let reply = await mover.intent(mover.game.legal[0]);
    // A loop plays far faster than a person: wait out the room's message rate limit like one would.
    while (!reply.ok && reply.error.code === 'RATE_LIMITED') {
      await sleep(100);
      reply = await mover.intent(mover.game.legal[0]);
    }
    expect(reply).toEqual({ ok: true });
    await until(() => probes.every((p) => p.game.version > before), 'the move reaching everyone');
  }
}
