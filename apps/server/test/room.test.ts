import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCodes, type RoomLookup } from '@cards/schema';
import { MAX_PAYLOAD_BYTES } from '../src/app.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { ROOM_COALESCE_MS } from '../src/room/broadcaster.ts';
import { NumbersRoom, type NumbersView } from './fixtures/numbers.ts';
import {
  bootServer,
  joinOptions,
  newToken,
  Players,
  type Probe,
  sleep,
  startTable,
  table,
  type TestServer,
  until,
} from './helpers.ts';

const PORT = 41101;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { rooms: { ...GAME_ROOMS, numbers: NumbersRoom }, allowTestSeeds: false });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

const view = (p: Probe) => p.game.view as NumbersView;
const lookup = async (code: string) => fetch(`${server.url}/api/rooms/${code}`);

describe('lobby', () => {
  it('creates a private room whose id is a 5-letter code and answers lookups', async () => {
    const host = await players.create('numbers', joinOptions('Ann'));
    expect(host.room.roomId).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ]{5}$/);
    const info = await host.waitRoom(() => true);
    expect(info).toMatchObject({ code: host.room.roomId, game: 'numbers', phase: 'lobby', hostSeat: 0 });
    expect(info.you).toEqual({ seat: 0, name: 'Ann' });
    const res = await lookup(host.room.roomId.toLowerCase());
    expect(res.status).toBe(200);
    expect((await res.json()) as RoomLookup).toEqual({
      code: host.room.roomId,
      game: 'numbers',
      phase: 'lobby',
      freeSeats: 1,
      players: 1,
      // The process running the room (its /healthz boot id).
      host: ((await (await fetch(`${server.url}/healthz`)).json()) as { boot: string }).boot,
    });
    await host.room.leave();
  });

  it('seats the second joiner and makes the third a spectator', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    // The guest's own copy of the room info may arrive after the host saw both seats taken.
    expect((await guest.waitRoom(() => true)).you.seat).toBe(1);
    const watcher = await players.join(code, joinOptions('Watcher'));
    const info = await watcher.waitRoom(() => true);
    expect(info.you).toEqual({ seat: null, name: 'Watcher' });
    expect(info.spectators).toEqual([{ id: expect.stringMatching(/^s-[0-9a-f]{16}$/), name: 'Watcher' }]);
    // The spectator's id is not their token.
    expect(JSON.stringify(info)).not.toContain(watcher.options.token);
    await host.waitRoom((r) => r.spectators.length === 1, 'spectator listed');
    expect(((await (await lookup(code)).json()) as RoomLookup).freeSeats).toBe(0);
    // A spectator who asks to spectate keeps spectating even if a seat frees up later.
    const asked = await players.join(code, joinOptions('Asked', { spectate: true }));
    expect((await asked.waitRoom(() => true)).you.seat).toBeNull();
  });

  it('refuses invalid join options and invalid game options with a clear message', async () => {
    await expect(players.sdk.create('numbers', { name: '', token: 'x'.repeat(20) })).rejects.toThrow(/name/i);
    await expect(players.sdk.create('numbers', { name: 'Bo', token: 'short' })).rejects.toThrow(/token/i);
    await expect(
      players.sdk.create('numbers', { ...joinOptions('Bo'), options: { rounds: 99 } }),
    ).rejects.toThrow(/option/i);
    const host = await players.create('numbers', joinOptions('Bo'));
    await expect(
      players.sdk.joinById(host.room.roomId, { name: '<b>', token: 'y'.repeat(20) }),
    ).rejects.toThrow(/angle/i);
    expect((await host.waitRoom(() => true)).spectators).toEqual([]);
  });

  it('starts only when the host asks and every other player is ready', async () => {
    const solo = await players.create('numbers', joinOptions('Solo'));
    expect(await solo.lobby({ type: 'start' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ENOUGH_PLAYERS' },
    });
    const { host, guest } = await table(players, 'numbers');
    expect(await guest.lobby({ type: 'start' })).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await host.lobby({ type: 'start' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_READY', context: { seats: [1] } },
    });
    expect(host.games).toHaveLength(0);
    expect(await guest.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.ready === true, 'guest ready');
    expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.phase === 'playing' && r.gameNumber === 1, 'playing');
    expect(await host.lobby({ type: 'start' })).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
  });

  it('shows a lobby action to its sender at once and a burst of them to the others coalesced', async () => {
    const { host, guest } = await table(players, 'numbers');
    // A quiet room: the burst's first change goes to everyone at once, the rest within the window.
    await sleep(ROOM_COALESCE_MS * 2);
    const seen = host.rooms.length;
    const burst = 9;
    for (let i = 0; i < burst; i++) {
      const ready = i % 2 === 0;
      expect(await guest.lobby({ type: 'setReady', ready })).toEqual({ ok: true });
      // The sender's own room info came before the reply.
      expect(guest.info.seats[1]?.ready).toBe(ready);
    }
    await sleep(ROOM_COALESCE_MS * 3);
    expect(host.info.seats[1]?.ready).toBe(true);
    expect(host.rooms.length - seen).toBeLessThan(burst);
  });

  it('lets the host change options (validated) and nobody else', async () => {
    const { host, guest } = await table(players, 'numbers');
    expect(await guest.lobby({ type: 'setOptions', options: { rounds: 3 } })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await host.lobby({ type: 'setOptions', options: { rounds: 0 } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTIONS' },
    });
    expect(await host.lobby({ type: 'setOptions', options: { rounds: 3 } })).toEqual({ ok: true });
    await guest.waitRoom((r) => (r.options as { rounds: number }).rounds === 3, 'options shown');
    expect(await host.lobby({ type: 'setOptions', options: {} })).toEqual({ ok: true });
    await guest.waitRoom((r) => (r.options as { rounds: number }).rounds === 2, 'defaults applied');
  });

  it('lets the host kick a seated player, who is told, disconnected and kept out', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    expect(await guest.lobby({ type: 'kick', seat: 0 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await host.lobby({ type: 'kick', seat: 0 })).toMatchObject({ ok: false });
    expect(await host.lobby({ type: 'kick', seat: 1 })).toEqual({ ok: true });
    await until(() => guest.leaveCode === CloseCodes.kicked, 'kicked close code');
    expect(guest.notices.map((n) => n.kind)).toContain('kicked');
    const info = await host.waitRoom((r) => r.seats[1]?.name === null, 'seat freed');
    expect(info.spectators).toEqual([]);
    await expect(players.sdk.joinById(code, guest.options)).rejects.toThrow(/removed/);
  });

  it('lets players sit and stand in the lobby', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    const watcher = await players.join(code, joinOptions('Watcher'));
    expect(await watcher.lobby({ type: 'sit' })).toMatchObject({
      ok: false,
      error: { code: 'NO_FREE_SEAT' },
    });
    expect(await guest.lobby({ type: 'stand' })).toEqual({ ok: true });
    await host.waitRoom(
      (r) => r.seats[1]?.name === null && r.spectators.some((w) => w.name === 'Guest'),
      'guest stood',
    );
    expect(await watcher.lobby({ type: 'sit' })).toEqual({ ok: true });
    const info = await watcher.waitRoom((r) => r.you.seat === 1, 'watcher seated');
    expect(info.seats[1]?.name).toBe('Watcher');
    expect(await watcher.lobby({ type: 'setName', name: 'Wanda' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.name === 'Wanda', 'renamed');
  });

  it("keeps the players' names apart: a newcomer gets a number, a rename to a taken name is refused", async () => {
    const { host, guest, code } = await table(players, 'numbers');
    expect(await guest.lobby({ type: 'setName', name: 'host' })).toMatchObject({
      ok: false,
      error: { code: 'NAME_TAKEN' },
    });
    expect(await guest.lobby({ type: 'stand' })).toEqual({ ok: true });
    const newcomer = await players.join(code, joinOptions('HOST'));
    const info = await host.waitRoom((r) => r.seats[1]?.name?.startsWith('HOST') ?? false, 'newcomer seated');
    expect((await newcomer.waitRoom((r) => r.you.seat === 1, 'own seat')).you.name).toBe('HOST 2');
    expect(info.seats.map((seat) => seat.name)).toEqual(['Host', 'HOST 2']);
    expect(await host.lobby({ type: 'setName', name: 'Host' })).toEqual({ ok: true });
  });

  it('hands the host role on when the host leaves, and frees lobby seats on leave', async () => {
    const { host, guest } = await table(players, 'numbers');
    await host.room.leave();
    const info = await guest.waitRoom((r) => r.hostSeat === 1 && r.seats[0]?.name === null, 'new host');
    expect(info.you.seat).toBe(1);
    expect(await guest.lobby({ type: 'setOptions', options: { rounds: 1 } })).toEqual({ ok: true });
  });

  it('disposes an empty room and releases its code', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    await host.room.leave();
    await guest.room.leave();
    await until(() => server.test.getRoomById(code) === undefined, 'room disposed');
    expect((await lookup(code)).status).toBe(404);
  });
});

describe('game', () => {
  it('sends each seat only its own secret and spectators none', async () => {
    const { host, guest, code } = await startTable(players, 'numbers');
    const watcher = await players.join(code, joinOptions('Watcher'));
    await watcher.waitGame(() => true, 'spectator view');
    const hostSecret = view(host).secret as string;
    const guestSecret = view(guest).secret as string;
    expect(hostSecret).toMatch(/^SECRET-0-/);
    expect(guestSecret).toMatch(/^SECRET-1-/);
    expect(host.game.legal.length).toBe(9);
    expect(guest.game.legal).toEqual([]);
    expect(watcher.game).toMatchObject({ legal: [], actors: [0] });
    expect((watcher.game.view as NumbersView).viewer).toBe('spectator');
    expect(await host.intent({ type: 'say', n: 4 })).toEqual({ ok: true });
    await watcher.waitGame((g) => g.version === 1, 'spectator update');
    await guest.waitGame((g) => g.version === 1, 'guest update');
    expect(guest.raw.join('\n')).not.toContain(hostSecret);
    expect(watcher.raw.join('\n')).not.toContain(hostSecret);
    expect(watcher.raw.join('\n')).not.toContain(guestSecret);
    expect(host.raw.join('\n')).not.toContain(guestSecret);
    expect(guest.raw.join('\n')).toContain(guestSecret);
  });

  it('refuses stale versions, wrong turns, malformed and spectator intents, and keeps going', async () => {
    const { host, guest, code } = await startTable(players, 'numbers');
    const watcher = await players.join(code, joinOptions('Watcher'));
    expect(await guest.intent({ type: 'say', n: 3 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    expect(await host.intent({ type: 'say', n: 3 }, 7)).toMatchObject({
      ok: false,
      error: { code: 'STALE_VERSION', context: { expected: 0, received: 7 } },
    });
    expect(await host.request('intent', { version: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED' },
    });
    expect(await host.intent({ type: 'shout' })).toMatchObject({ ok: false, error: { code: 'MALFORMED' } });
    expect(await host.request('intent', null)).toMatchObject({ ok: false, error: { code: 'MALFORMED' } });
    expect(await watcher.intent({ type: 'say', n: 3 }, 0)).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_PLAYER' },
    });
    expect(await host.intent({ type: 'say', n: 12 })).toEqual({
      ok: false,
      error: { code: 'BAD_NUMBER', message: 'Say a number from 1 to 9.', context: { n: 12 } },
    });
    expect(await host.intent({ type: 'say', n: 0 })).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL' },
    });
    host.room.send('no-such-type', { a: 1 });
    expect(await host.request('no-such-type', {})).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_REQUEST' },
    });
    expect(await host.intent({ type: 'say', n: 3 })).toEqual({ ok: true });
    const update = await guest.waitGame((g) => g.version === 1, 'version 1');
    expect(update.actors).toEqual([1]);
    expect(update.legal).toHaveLength(9);
  });

  it('rate-limits a flooding client with RATE_LIMITED replies without dropping it', async () => {
    const { host } = await table(players, 'numbers');
    await sleep(1100);
    const replies = await Promise.all(
      Array.from({ length: 40 }, () => host.lobby({ type: 'setReady', ready: false })),
    );
    const limited = replies.filter((r) => !r.ok && r.error.code === 'RATE_LIMITED').length;
    expect(limited).toBeGreaterThanOrEqual(15);
    expect(replies.filter((r) => r.ok).length).toBeGreaterThanOrEqual(19);
    await sleep(600);
    expect(await host.lobby({ type: 'setName', name: 'Calm' })).toEqual({ ok: true });
    expect(host.leaveCode).toBeNull();
  });

  it('drops a client whose frame exceeds the payload limit and carries on', async () => {
    const { host, guest } = await table(players, 'numbers');
    guest.room.send('lobby', { type: 'setName', name: 'x'.repeat(MAX_PAYLOAD_BYTES + 10) });
    await host.waitRoom((r) => r.seats[1]?.connected === false, 'guest dropped');
    expect(guest.info.seats[1]?.name).toBe('Guest');
    expect(await host.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  });

  it('offers permessage-deflate, so a big update (a crowded Cassino table) travels compressed', async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/no-process/no-room`);
    const extensions = await new Promise<string>((resolve, reject) => {
      ws.onopen = () => resolve(ws.extensions);
      ws.onerror = () => reject(new Error('websocket failed'));
    });
    ws.close();
    expect(extensions).toContain('permessage-deflate');
  });

  it('finishes, counts wins and plays a rematch with the same seats once both accept', async () => {
    const { host, guest } = await startTable(players, 'numbers', { options: { rounds: 1 } });
    expect(await guest.lobby({ type: 'rematch' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
    expect(await host.intent({ type: 'say', n: view(host).target ?? 1 })).toEqual({ ok: true });
    await guest.waitGame((g) => g.version === 1, 'guest turn');
    expect(await guest.intent({ type: 'say', n: 9 })).toEqual({ ok: true });
    const finished = await host.waitRoom((r) => r.phase === 'finished', 'finished');
    const wins1 = finished.matchWins;
    expect(wins1[0]! + wins1[1]!).toBeGreaterThanOrEqual(1);
    expect(await host.intent({ type: 'say', n: 1 })).toMatchObject({
      ok: false,
      error: { code: 'GAME_OVER' },
    });
    // One acceptance is an offer: the room stays on the score sheet and shows who accepted.
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const offered = await host.waitRoom((r) => r.seats[1]?.rematch === true, 'offer shown');
    expect(offered).toMatchObject({ phase: 'finished', gameNumber: 1 });
    expect(offered.seats[0]?.rematch).toBe(false);
    // Withdrawn and offered again; only the second acceptance starts the game.
    expect(await guest.lobby({ type: 'rematch', accept: false })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.rematch === false, 'offer withdrawn');
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.rematch === true, 'offer again');
    expect(host.info.phase).toBe('finished');
    expect(await host.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const second = await host.waitRoom((r) => r.gameNumber === 2 && r.phase === 'playing', 'rematch');
    expect(second.seats.map((s) => s.rematch)).toEqual([false, false]);
    // The same players, the seats rotated: seat 0 (who moves first) passes to the Guest, wins and
    // the host role move with their players.
    expect(second.seats.map((s) => s.name)).toEqual(['Guest', 'Host']);
    expect(second.matchWins).toEqual([wins1[1], wins1[0]]);
    expect(second.hostSeat).toBe(1);
    expect((await host.waitRoom((r) => r.you.seat === 1, 'host now seat 1')).you.seat).toBe(1);
    await guest.waitGame(
      (g) => g.version === 0 && g.actors[0] === 0 && guest.games.indexOf(g) > 1,
      'new game',
    );
    expect(await guest.intent({ type: 'say', n: 1 }, 0)).toEqual({ ok: true });
    await host.waitGame((g) => g.version === 1 && host.games.indexOf(g) > 2, 'host turn 2');
    expect(await host.intent({ type: 'say', n: 1 })).toEqual({ ok: true });
    const third = await guest.waitRoom((r) => r.phase === 'finished' && r.gameNumber === 2, 'second finish');
    expect(third.matchWins[0]! + third.matchWins[1]!).toBeGreaterThan(wins1[0]! + wins1[1]!);
  });

  it('ignores the seed option unless test seeds are allowed', async () => {
    const a = await startTable(players, 'numbers', { seed: 'same-seed' });
    const b = await startTable(players, 'numbers', { seed: 'same-seed' });
    expect(view(a.host).secret).not.toEqual(view(b.host).secret);
    const c = await startTable(players, 'cassino', { seed: 'same-seed' });
    const d = await startTable(players, 'cassino', { seed: 'same-seed' });
    const hand = (p: Probe) => JSON.stringify((p.game.view as { hand: unknown }).hand);
    expect(hand(c.host)).not.toEqual(hand(d.host));
  });
});

describe('reconnection', () => {
  async function dropped() {
    const t = await startTable(players, 'numbers');
    t.guest.room.reconnection.enabled = false;
    const secret = view(t.guest).secret;
    void t.guest.room.leave(false);
    await t.host.waitRoom((r) => r.seats[1]?.connected === false, 'guest shown disconnected');
    expect(t.host.info.seats[1]?.name).toBe('Guest');
    return { ...t, secret };
  }

  it('keeps the seat across an SDK reconnect', async () => {
    const { host, guest, secret } = await dropped();
    const room = await players.sdk.reconnect(guest.room.reconnectionToken);
    guest.listen(room);
    await host.waitRoom((r) => r.seats[1]?.connected === true, 'guest back');
    const info = await guest.waitRoom((r) => r.you.seat === 1, 'fresh room info');
    expect(info.seats[1]?.connected).toBe(true);
    const game = await guest.waitGame((g) => (g.view as NumbersView).secret === secret, 'fresh game');
    expect(game.version).toBe(0);
    expect(await host.intent({ type: 'say', n: 2 })).toEqual({ ok: true });
    await guest.waitGame((g) => g.version === 1, 'update after reconnect');
  });

  it('reconnects automatically after a network drop', async () => {
    const { host, guest } = await startTable(players, 'numbers');
    guest.room.reconnection.minUptime = 0;
    const before = guest.rooms.length;
    guest.room.connection.close();
    await host.waitRoom((r) => r.seats[1]?.connected === false, 'shown disconnected');
    await host.waitRoom((r) => r.seats[1]?.connected === true, 'back again');
    await until(() => guest.rooms.length > before, 'fresh room info after reconnect');
    expect(guest.info.you.seat).toBe(1);
  });

  it('gives the seat back to a fresh join with the same token', async () => {
    const { host, code, guest, secret } = await dropped();
    const again = await players.join(code, guest.options);
    const info = await again.waitRoom((r) => r.you.seat === 1, 'seat taken back');
    expect(info.seats[1]?.connected).toBe(true);
    expect((await again.waitGame(() => true)).view).toMatchObject({ secret });
    await host.waitRoom(
      (r) => r.seats[1]?.connected === true && r.spectators.length === 0,
      'host sees guest',
    );
    expect(await host.intent({ type: 'say', n: 2 })).toEqual({ ok: true });
    await again.waitGame((g) => g.version === 1, 'update');
  });

  it('moves the seat to a new tab with the same token and closes the old one', async () => {
    const { guest, code } = await startTable(players, 'numbers');
    const tab = await players.join(code, guest.options);
    await tab.waitRoom((r) => r.you.seat === 1, 'new tab seated');
    await until(() => guest.leaveCode === CloseCodes.replaced, 'old tab closed');
    expect(guest.notices.at(-1)?.kind).toBe('info');
    expect(tab.info.spectators).toEqual([]);
  });

  it('keeps a seat through a consented leave during a game', async () => {
    const { host, guest, code } = await startTable(players, 'numbers');
    await guest.room.leave();
    const info = await host.waitRoom((r) => r.seats[1]?.connected === false, 'left');
    expect(info.seats[1]?.name).toBe('Guest');
    const back = await players.join(code, guest.options);
    await back.waitRoom((r) => r.you.seat === 1 && r.seats[1]?.connected === true, 'back in seat');
  });

  it('lets the remaining player end a game only after the other has left it', async () => {
    const { host, guest } = await startTable(players, 'numbers');
    expect(await host.lobby({ type: 'endGame' })).toMatchObject({
      ok: false,
      error: { code: 'PLAYERS_PRESENT' },
    });
    await guest.room.leave();
    await host.waitRoom((r) => r.seats[1]?.left === true, 'guest shown as left');
    expect(await host.lobby({ type: 'endGame' })).toEqual({ ok: true });
    const info = await host.waitRoom((r) => r.phase === 'lobby', 'back in the lobby');
    expect(info.seats[1]).toMatchObject({ name: null, left: false });
    expect(info.matchWins).toEqual([0, 0]);
    expect(host.notices.at(-1)?.text).toContain('Guest left');
    expect(await host.lobby({ type: 'endGame' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
  });
});

/** A browser's id as the client keeps it in localStorage. */
const newBrowser = () => `${newToken()}${newToken()}`;

describe('removing people', () => {
  it('keeps a kicked browser out: a new tab with a new token can neither sit nor watch', async () => {
    const guestBrowser = newBrowser();
    const host = await players.create('numbers', joinOptions('Host', { browser: newBrowser() }));
    const code = host.room.roomId;
    const guest = await players.join(code, joinOptions('Guest', { browser: guestBrowser }));
    // The same browser also watches from a second tab.
    const second = await players.join(code, joinOptions('Guest', { browser: guestBrowser, spectate: true }));
    await host.waitRoom((r) => r.seats[1]?.name === 'Guest' && r.spectators.length === 1, 'guest in');
    expect(await host.lobby({ type: 'kick', seat: 1 })).toEqual({ ok: true });
    await until(
      () => guest.leaveCode === CloseCodes.kicked && second.leaveCode === CloseCodes.kicked,
      'both tabs of the kicked browser closed',
    );
    expect(second.notices.at(-1)).toEqual({ kind: 'kicked', text: 'The host removed you from this room.' });
    await host.waitRoom((r) => r.seats[1]?.name === null && r.spectators.length === 0, 'all gone');
    // Same token, a new tab (new token), and a new tab asking to watch: all refused.
    await expect(players.sdk.joinById(code, guest.options)).rejects.toThrow(/removed/);
    await expect(players.sdk.joinById(code, joinOptions('Guest', { browser: guestBrowser }))).rejects.toThrow(
      /removed/,
    );
    await expect(
      players.sdk.joinById(code, joinOptions('Guest', { browser: guestBrowser, spectate: true })),
    ).rejects.toThrow(/removed/);
    expect(host.info.seats[1]?.name).toBeNull();
    // Another browser still gets the seat, and nobody ever saw the banned browser's id.
    const other = await players.join(code, joinOptions('Other', { browser: newBrowser() }));
    expect((await other.waitRoom((r) => r.you.seat !== null, 'other seated')).you.seat).toBe(1);
    for (const p of [host, guest, second, other]) expect(p.raw.join('\n')).not.toContain(guestBrowser);
  });

  it("never bans the host's own browser (a host trying things out in two tabs)", async () => {
    const shared = newBrowser();
    const host = await players.create('numbers', joinOptions('Host', { browser: shared }));
    const code = host.room.roomId;
    const tab = await players.join(code, joinOptions('Tab', { browser: shared }));
    await host.waitRoom((r) => r.seats[1]?.name === 'Tab', 'second tab seated');
    expect(await host.lobby({ type: 'kick', seat: 1 })).toEqual({ ok: true });
    await until(() => tab.leaveCode === CloseCodes.kicked, 'tab kicked');
    expect(host.leaveCode).toBeNull();
    await expect(players.sdk.joinById(code, tab.options)).rejects.toThrow(/removed/);
    const again = await players.join(code, joinOptions('Tab', { browser: shared }));
    expect((await again.waitRoom((r) => r.you.seat !== null, 'seated again')).you.seat).toBe(1);
  });

  it('lets the host remove a spectator (in the lobby or during a game), who stays out', async () => {
    const watcherBrowser = newBrowser();
    const { host, guest, code } = await startTable(players, 'numbers');
    const watcher = await players.join(code, joinOptions('Watcher', { browser: watcherBrowser }));
    const info = await host.waitRoom((r) => r.spectators.length === 1, 'watcher listed');
    const id = info.spectators[0]!.id;
    expect(await guest.lobby({ type: 'removeSpectator', id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await host.lobby({ type: 'removeSpectator', id: 's-nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NO_SUCH_SPECTATOR' },
    });
    expect(await host.lobby({ type: 'removeSpectator', id })).toEqual({ ok: true });
    await until(() => watcher.leaveCode === CloseCodes.kicked, 'watcher removed');
    expect(watcher.notices.at(-1)?.kind).toBe('kicked');
    await host.waitRoom((r) => r.spectators.length === 0, 'list emptied');
    await expect(
      players.sdk.joinById(code, joinOptions('Watcher', { browser: watcherBrowser, spectate: true })),
    ).rejects.toThrow(/removed/);
    expect(host.info.phase).toBe('playing');
    expect(await host.intent({ type: 'say', n: 1 })).toEqual({ ok: true });
  });

  it('tells a joiner who lost the race for the last seat that they are watching', async () => {
    const { code } = await table(players, 'numbers');
    const late = await players.join(code, joinOptions('Late'));
    expect((await late.waitRoom(() => true)).you.seat).toBeNull();
    const notice = await until(() => late.notices[0], 'notice');
    expect(notice).toEqual({ kind: 'info', text: expect.stringMatching(/took the last seat.*watching/) });
    // Someone who asked to watch is not told anything.
    const watcher = await players.join(code, joinOptions('Watcher', { spectate: true }));
    await watcher.waitRoom(() => true);
    await sleep(100);
    expect(watcher.notices).toEqual([]);
  });
});

describe('game options at the protocol boundary', () => {
  it('refuses unknown keys and deep junk with BAD_OPTIONS and keeps the options in force', async () => {
    const { host, guest } = await table(players, 'numbers');
    expect(await host.lobby({ type: 'setOptions', options: { rounds: 3 } })).toEqual({ ok: true });
    await guest.waitRoom((r) => (r.options as { rounds: number }).rounds === 3, 'rounds 3');
    expect(await host.lobby({ type: 'setOptions', options: { rounds: 4, roudns: 5 } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTIONS', message: expect.stringMatching(/roudns/) },
    });
    let deep: unknown = { end: true };
    for (let i = 0; i < 1000; i++) deep = { a: deep };
    expect(await host.lobby({ type: 'setOptions', options: { junk: deep } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTIONS' },
    });
    expect(await host.lobby({ type: 'setName', name: 'Still here' })).toEqual({ ok: true });
    const info = await guest.waitRoom((r) => r.seats[0]?.name === 'Still here', 'later update');
    expect(info.options).toEqual({ rounds: 3 });
  });

  it.each(Object.keys(GAME_ROOMS))('refuses unknown %s options when the room is created', async (slug) => {
    await expect(
      players.sdk.create(slug, { ...joinOptions('Bo'), options: { notAnOption: 1 } }),
    ).rejects.toThrow(/notAnOption/);
  });
});

describe('after a game', () => {
  async function finishedTable() {
    const t = await startTable(players, 'numbers', { options: { rounds: 1 } });
    expect(await t.host.intent({ type: 'say', n: 1 })).toEqual({ ok: true });
    await t.guest.waitGame((g) => g.version === 1, 'guest turn');
    expect(await t.guest.intent({ type: 'say', n: 1 })).toEqual({ ok: true });
    await t.host.waitRoom((r) => r.phase === 'finished', 'finished');
    await t.guest.waitRoom((r) => r.phase === 'finished', 'finished');
    return t;
  }

  it('keeps the score sheet when the opponent leaves; Rematch then returns to the lobby', async () => {
    const { host, guest } = await finishedTable();
    const wins = host.info.matchWins;
    const games = host.games.length;
    await guest.room.leave();
    const info = await host.waitRoom((r) => r.seats[1]?.left === true, 'guest shown as left');
    expect(info).toMatchObject({ phase: 'finished', gameNumber: 1, matchWins: wins });
    expect(info.seats[1]?.name).toBe('Guest');
    expect(host.games).toHaveLength(games);
    expect(await host.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const lobby = await host.waitRoom((r) => r.phase === 'lobby', 'back in the lobby');
    expect(lobby.seats[1]).toMatchObject({ name: null, left: false });
    expect(host.notices.at(-1)?.text).toMatch(/Guest left/);
  });

  it('lets a player who left come back to the score sheet and accept; an offer dies with its leaver', async () => {
    const { host, guest, code } = await finishedTable();
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.rematch === true, 'guest offered');
    await guest.room.leave();
    await host.waitRoom((r) => r.seats[1]?.left === true && r.seats[1]?.rematch === false, 'offer dropped');
    const back = await players.join(code, guest.options);
    const info = await back.waitRoom((r) => r.you.seat === 1 && r.seats[1]?.left === false, 'back');
    expect(info.phase).toBe('finished');
    expect(await host.lobby({ type: 'rematch' })).toEqual({ ok: true });
    expect(host.info.phase).toBe('finished');
    expect(await back.lobby({ type: 'rematch' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.phase === 'playing' && r.gameNumber === 2, 'second game');
  });
});
