import { describe, expect, it } from 'vitest';
import { Protocol, ResponseStatus } from '@colyseus/core';
import { encode } from '@colyseus/schema';
import { pack, unpack } from 'msgpackr';
import type { AnyGameModule, LoggedIntent } from '@cards/rules';
import type { Reply } from '@cards/schema';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { joinOptions, type Probe, serverForFile, startTable, until } from './helpers.ts';

/**
 * A bounded fuzz run: a few thousand malformed messages (unreadable frames, unknown requests,
 * wrong-shaped and mutated intents and lobby actions) from the players and a spectator of every
 * game, against a live server on 127.0.0.1. It fails if the server stops answering, a message goes
 * unanswered, a refused message changes what the sender sees, or a client is dropped.
 */
const PORT = 41302;

const SEED = 0x5eed;
const MESSAGES_PER_CLIENT = 260;
/** The clients of a room take turns, each slower than the room's 20 a second per client. */
const PACE_MS = 20;
const REPLY_MS = 5_000;
const ctx = serverForFile(PORT, { allowTestSeeds: true });

/** mulberry32: the run is the same every time. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Fuzzer {
  constructor(readonly random: () => number) {}

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  value(depth = 0): unknown {
    const leaves: (() => unknown)[] = [
      () => null,
      () => this.random() < 0.5,
      () => this.int(20) - 5,
      () => this.pick([-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, 0.5, Number.NaN, -0]),
      () => this.pick(['', 'x', '__proto__', 'constructor', 'type', '\u202E', '\u0000', 'Hоst', '💥']),
      () => 'y'.repeat(this.int(2000)),
    ];
    if (depth >= 3 || this.random() < 0.55) return this.pick(leaves)();
    if (this.random() < 0.5) return Array.from({ length: this.int(5) }, () => this.value(depth + 1));
    const keys = ['type', 'card', 'seat', 'name', 'ready', 'options', 'version', 'intent', '__proto__', 'id'];
    return Object.fromEntries(
      Array.from({ length: this.int(5) }, () => [this.pick(keys), this.value(depth + 1)]),
    );
  }

  /** A legal intent with one field changed, or junk in its place. */
  mutated(legal: readonly unknown[]): unknown {
    const base = legal.length > 0 ? this.pick(legal) : null;
    if (base === null || typeof base !== 'object' || this.random() < 0.3) return this.value();
    const copy: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = this.random() < 0.8 && keys.length > 0 ? this.pick(keys) : 'extra';
    copy[key] = this.value(1);
    return copy;
  }

  lobbyAction(): unknown {
    const types = ['setName', 'setReady', 'setOptions', 'start', 'kick', 'rematch', 'removeSpectator', 'sit'];
    return { type: this.random() < 0.9 ? this.pick(types) : this.value(), ...(this.value(1) as object) };
  }

  /** msgpack that msgpackr cannot read: a reserved byte, truncated containers, trailing bytes. */
  unreadablePayload(): Uint8Array {
    const tail = Array.from({ length: this.int(8) }, () => this.int(256));
    const kinds = [
      [0xc1, ...tail, 0],
      [0xdc, 0xff, 0xff],
      [0xdb, 0xff, 0xff, 0xff, 0x7f, ...tail.slice(0, 3)],
      [0xd9, 0x40, ...tail],
      [0xc7, 0xff, 0x05],
      [...pack(this.value()), ...tail, 0xc1],
    ];
    return Uint8Array.from(this.pick(kinds));
  }
}

function frame(
  code: number,
  requestId: number | null,
  type: string | number,
  payload: Uint8Array,
): Uint8Array {
  const head = Buffer.alloc(64);
  const it = { offset: 0 };
  head[it.offset++] = code;
  if (requestId !== null) encode.number(head, requestId, it);
  if (typeof type === 'string') encode.string(head, type, it);
  else encode.number(head, type, it);
  return Buffer.concat([head.subarray(0, it.offset), payload]);
}

/** Raw replies to the frames the fuzzer built itself (ids above FUZZ_IDS), and error frames. */
const FUZZ_IDS = 1_000_000;
interface Wire {
  /** Answers by request id. */
  responses: Map<number, unknown>;
  errors: number;
}

function tapWire(probe: Probe): Wire {
  const wire: Wire = { responses: new Map(), errors: 0 };
  const events = probe.room.connection.events;
  const dispatch = events.onmessage;
  events.onmessage = (event: MessageEvent) => {
    const bytes = new Uint8Array(event.data as ArrayBuffer);
    if (bytes[0] === Protocol.ROOM_RESPONSE) {
      const it = { offset: 1 };
      const id = decodeNumber(bytes, it);
      const status = bytes[it.offset];
      if (id >= FUZZ_IDS) wire.responses.set(id, { status, reply: unpack(bytes.subarray(it.offset + 1)) });
    } else if (bytes[0] === Protocol.ERROR) wire.errors += 1;
    dispatch?.(event);
  };
  return wire;
}

/** Unsigned ints as Colyseus encodes request ids (msgpack prefixes, little-endian bodies). */
function decodeNumber(bytes: Uint8Array, it: { offset: number }): number {
  const prefix = bytes[it.offset++] ?? 0;
  if (prefix < 0x80) return prefix;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  if (prefix === 0xcc) return view.getUint8(it.offset);
  if (prefix === 0xcd) return view.getUint16(it.offset, true);
  if (prefix === 0xce) {
    it.offset += 4;
    return view.getUint32(it.offset - 4, true);
  }
  return -1;
}

interface Tally {
  sent: number;
  refused: number;
  accepted: number;
}

let lastRefusal = '';

/**
 * After an accepted message, the others' copies of its updates are on their way on other sockets:
 * wait for them, so that they are not taken for updates caused by the next client's message.
 */
async function settled(sender: Probe, room: readonly Probe[]): Promise<void> {
  const version = sender.games.at(-1)?.version;
  await until(() => room.every((p) => p.games.at(-1)?.version === version), 'every client up to date');
  await new Promise((r) => setTimeout(r, 150));
}

/** One message from one client: it is answered, and a refusal leaves what it sees unchanged. */
async function fuzzOnce(
  probe: Probe,
  room: readonly Probe[],
  clockOnly: (fromVersion: number) => boolean,
  fuzz: Fuzzer,
  wire: Wire,
  tally: Tally,
  id: number,
): Promise<void> {
  await new Promise((r) => setTimeout(r, PACE_MS));
  const before = { rooms: probe.rooms.length, games: probe.games.length, last: probe.games.at(-1) };
  const quiet = before.last === undefined || before.last.timers.length === 0;
  const kind = fuzz.int(10);
  tally.sent += 1;
  if (kind < 3) {
    // A frame the server cannot read: a request gets a refusal, a plain message an error frame.
    const request = fuzz.random() < 0.7;
    const type = fuzz.pick(['intent', 'lobby', 'x', 7]);
    const errors = wire.errors;
    const code = request ? Protocol.ROOM_REQUEST : Protocol.ROOM_DATA;
    probe.room.connection.send(frame(code, request ? id : null, type, fuzz.unreadablePayload()));
    const answered = () => (request ? wire.responses.has(id) : wire.errors > errors);
    await until(answered, `answer to unreadable ${request ? 'request' : 'message'} ${id}`, REPLY_MS);
    // A fixed refusal, never the decoder's message with the sender's bytes in it.
    if (request)
      expect(wire.responses.get(id)).toEqual({
        status: ResponseStatus.OK,
        reply: {
          ok: false,
          error: {
            code: 'MALFORMED',
            message: 'The server could not read that message.',
          },
        },
      });
    tally.refused += 1;
  } else {
    const reply = await withTimeout(
      kind < 4
        ? probe.request(fuzz.pick(['nope', 'game', 'room', '']), fuzz.value())
        : kind < 6
          ? probe.request('lobby', fuzz.lobbyAction())
          : probe.request('intent', {
              version: fuzz.random() < 0.7 ? (before.last?.version ?? 0) : fuzz.value(),
              intent: fuzz.mutated(before.last?.legal ?? []),
            }),
    );
    if (reply.ok) {
      tally.accepted += 1;
      await settled(probe, room);
      return;
    }
    lastRefusal = JSON.stringify({ kind, reply }).slice(0, 300);
    tally.refused += 1;
    expect(reply.error.code, JSON.stringify(reply)).toMatch(/^[A-Z_]+$/);
    expect(typeof reply.error.message).toBe('string');
  }
  if (!quiet) return;
  // Updates caused by a message are sent before its answer: none may have come.
  expect(probe.rooms.length, `room update after refused message ${id}`).toBe(before.rooms);
  if (kind < 3) lastRefusal = 'unreadable frame';
  // Updates caused by a message are sent before its answer: none may have come, except for a
  // deadline's intent that the room's clock applied meanwhile (Blind Cassowary's 0-ms proof).
  expect(probe.rooms.length, `room update after refused message ${id}: ${lastRefusal}`).toBe(before.rooms);
  if (probe.games.length === before.games) return;
  const extra = probe.games.slice(before.games).map((g) => ({ version: g.version, timers: g.timers }));
  expect(
    clockOnly(before.last?.version ?? 0),
    `game update after refused message ${id}: ${JSON.stringify({ was: before.last?.version, extra })} ${lastRefusal}`,
  ).toBe(true);
}

/** A room's game and replay log (read from the room: the test runs in the server's process). */
function matchOf(code: string): { game: AnyGameModule; log: readonly LoggedIntent<unknown>[] } {
  const room = ctx.server.test.getRoomById(code) as unknown as {
    game: AnyGameModule;
    match: { log: LoggedIntent<unknown>[] } | null;
  };
  return { game: room.game, log: room.match?.log ?? [] };
}

async function withTimeout(reply: Promise<Reply>): Promise<Reply> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('request unanswered')), REPLY_MS);
  });
  try {
    return await Promise.race([reply, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('fuzz: malformed messages against every game', () => {
  it('answers every message, changes nothing on a refusal and keeps every client connected', async () => {
    const tallies: Tally[] = [];
    await Promise.all(
      Object.keys(GAME_ROOMS).map(async (game, g) => {
        const { host, guest, code } = await startTable(ctx.players, game, { seed: `fuzz-${game}` });
        const watcher = await ctx.players.join(code, joinOptions('Watcher', { spectate: true }));
        await watcher.waitGame(() => true, 'spectator view');
        // The spectator's arrival reaches the players coalesced (Broadcaster.roomSoon): let it land.
        await host.waitRoom((r) => r.spectators.length === 1, 'spectator listed');
        await guest.waitRoom((r) => r.spectators.length === 1, 'spectator listed');
        const clients = [host, guest, watcher];
        const wires = clients.map(tapWire);
        const tally: Tally = { sent: 0, refused: 0, accepted: 0 };
        tallies.push(tally);
        const fuzz = new Fuzzer(prng(SEED + g));
        const clockOnly = (fromVersion: number) => {
          const { game: module, log } = matchOf(code);
          return log.slice(fromVersion).every((entry) => module.isClockIntent?.(entry.intent) === true);
        };
        // Turns, so that an update another client caused is not taken for one a refusal caused.
        for (let i = 0; i < MESSAGES_PER_CLIENT * clients.length; i++) {
          const c = i % clients.length;
          await fuzzOnce(
            clients[c] as Probe,
            clients,
            clockOnly,
            fuzz,
            wires[c] as Wire,
            tally,
            FUZZ_IDS + g * 100_000 + i,
          );
        }
        for (const probe of clients) expect(probe.leaveCode, `${game} client dropped`).toBeNull();
        // Still in service: a lobby request is answered.
        expect(await host.lobby({ type: 'setReady', ready: true })).toHaveProperty('ok');
      }),
    );
    const sent = tallies.reduce((sum, t) => sum + t.sent, 0);
    const refused = tallies.reduce((sum, t) => sum + t.refused, 0);
    console.info(`fuzz: ${sent} messages, ${refused} refused, ${sent - refused} accepted`);
    expect(sent).toBe(Object.keys(GAME_ROOMS).length * 3 * MESSAGES_PER_CLIENT);
    expect(refused).toBeGreaterThan(sent * 0.8);
    expect((await fetch(`${ctx.server.url}/healthz`)).status).toBe(200);
    const fresh = await ctx.players.create('cassino', joinOptions('After'));
    expect(fresh.room.roomId).toMatch(/^[A-Z]{5}$/);
  }, 180_000);
});
