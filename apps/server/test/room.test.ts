import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloseCodes, type RoomLookup } from '@cards/schema';
import { MAX_PAYLOAD_BYTES } from '../src/app.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { NumbersRoom, type NumbersView } from './fixtures/numbers.ts';
import {
  bootServer,
  joinOptions,
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
    });
    await host.room.leave();
  });

  it('seats the second joiner and makes the third a spectator', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    expect(guest.info.you.seat).toBe(1);
    const watcher = await players.join(code, joinOptions('Watcher'));
    const info = await watcher.waitRoom(() => true);
    expect(info.you).toEqual({ seat: null, name: 'Watcher' });
    expect(info.spectators).toEqual(['Watcher']);
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
    await host.waitRoom((r) => r.seats[1]?.name === null && r.spectators.includes('Guest'), 'guest stood');
    expect(await watcher.lobby({ type: 'sit' })).toEqual({ ok: true });
    const info = await watcher.waitRoom((r) => r.you.seat === 1, 'watcher seated');
    expect(info.seats[1]?.name).toBe('Watcher');
    expect(await watcher.lobby({ type: 'setName', name: 'Wanda' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.name === 'Wanda', 'renamed');
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
    await expect(host.request('no-such-type', {})).rejects.toThrow();
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

  it('finishes, counts wins and plays a rematch with the same seats', async () => {
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
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const second = await host.waitRoom((r) => r.gameNumber === 2 && r.phase === 'playing', 'rematch');
    expect(second.seats.map((s) => s.name)).toEqual(['Host', 'Guest']);
    expect(second.matchWins).toEqual(wins1);
    await host.waitGame((g) => g.version === 0 && g.actors[0] === 0 && g !== host.games[0], 'new game');
    expect(await host.intent({ type: 'say', n: 1 }, 0)).toEqual({ ok: true });
    await guest.waitGame((g) => g.version === 1 && guest.games.indexOf(g) > 2, 'guest turn 2');
    expect(await guest.intent({ type: 'say', n: 1 })).toEqual({ ok: true });
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
