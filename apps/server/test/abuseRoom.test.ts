import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@colyseus/core';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { ADDRESS_BAN_MS, AddressBans } from '../src/room/addressBans.ts';
import { MAX_SPECTATORS } from '../src/room/lobby.ts';
import { RENAME_BURST } from '../src/room/members.ts';
import { NumbersRoom } from './fixtures/numbers.ts';
import { bootServer, joinOptions, newToken, Players, table, type TestServer, until } from './helpers.ts';

const PORT = 41301;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { rooms: { ...GAME_ROOMS, numbers: NumbersRoom } });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

describe('names in a room', () => {
  it('gives a player taking back their seat under a taken name a number', async () => {
    const { host, guest, code } = await table(players, 'numbers');
    await guest.room.leave(false);
    // The same token (a reloaded tab) comes back, asking to be called like the host.
    const back = await players.join(code, { ...guest.options, name: 'Host' });
    const info = await back.waitRoom((r) => r.you.seat === 1, 'seat taken back');
    expect(info.you.name).toBe('Host 2');
    expect((await host.waitRoom((r) => r.seats[1]?.name === 'Host 2', 'host sees it')).seats[0]?.name).toBe(
      'Host',
    );
  });

  it('checks spectators too, and lookalikes: Cyrillic о, zero-width joiner', async () => {
    const { host, code } = await table(players, 'numbers');
    const watcher = await players.join(code, joinOptions('H\u043Est', { spectate: true }));
    const seen = await host.waitRoom((r) => r.spectators.length === 1, 'spectator listed');
    expect(seen.spectators[0]?.name).toBe('H\u043Est 2');
    expect(await watcher.lobby({ type: 'setName', name: 'Ho\u200Dst' })).toMatchObject({
      ok: false,
      error: { code: 'NAME_TAKEN' },
    });
    expect(await watcher.lobby({ type: 'setName', name: 'Wanda' })).toEqual({ ok: true });
    expect(await host.lobby({ type: 'setName', name: 'WANDA' })).toMatchObject({
      ok: false,
      error: { code: 'NAME_TAKEN' },
    });
    // Renaming to one's own name (in another case) is fine.
    expect(await watcher.lobby({ type: 'setName', name: 'wanda' })).toEqual({ ok: true });
  });
});

describe('kick', () => {
  it("keeps a kicked player's address out for a while, not the host's own address", async () => {
    const { host, guest, code } = await table(players, 'numbers');
    const room = server.test.getRoomById(code) as unknown as {
      onAuth(client: Client, options: unknown, context: { ip: string | undefined }): unknown;
      lobby: { members: Map<string, { address: string }> };
    };
    // Every test client is 127.0.0.1, like the host: give the guest an address of its own.
    const member = room.lobby.members.get(guest.room.sessionId);
    if (!member) throw new Error('guest not a member');
    member.address = '10.9.8.7';
    expect(await host.lobby({ type: 'kick', seat: 1 })).toEqual({ ok: true });
    await until(() => guest.leaveCode !== null, 'guest kicked');
    const fresh = () => joinOptions('Someone', { browser: newToken() });
    expect(() => room.onAuth({} as Client, fresh(), { ip: '10.9.8.7' })).toThrow(/removed you/);
    expect(room.onAuth({} as Client, fresh(), { ip: '10.9.8.8' })).toMatchObject({ address: '10.9.8.8' });
    expect(room.onAuth({} as Client, fresh(), { ip: '127.0.0.1' })).toMatchObject({ address: '127.0.0.1' });
  });

  it('lifts the address ban after ADDRESS_BAN_MS', () => {
    const bans = new AddressBans();
    bans.add('10.0.0.1', 0);
    expect(bans.has('10.0.0.1', ADDRESS_BAN_MS - 1)).toBe(true);
    expect(bans.has('10.0.0.1', ADDRESS_BAN_MS)).toBe(false);
    expect(bans.has('10.0.0.2', 0)).toBe(false);
  });
});

describe('spectators', () => {
  it(`takes at most ${MAX_SPECTATORS} spectators, coalesces their arrivals and sends 'you' only to the newcomer`, async () => {
    const { host, guest, code } = await table(players, 'numbers');
    const hostYou = host.rooms.length;
    const before = guest.rooms.length;
    const watchers = await Promise.all(
      Array.from({ length: MAX_SPECTATORS }, (_, i) =>
        players.join(code, joinOptions(`W${i}`, { spectate: true })),
      ),
    );
    await guest.waitRoom((r) => r.spectators.length === MAX_SPECTATORS, 'every spectator listed');
    await Promise.all(watchers.map((w) => w.waitRoom(() => true, 'the newcomer told who it is')));
    // Far fewer room updates than arrivals reached the players.
    expect(guest.rooms.length - before).toBeLessThan(MAX_SPECTATORS / 2);
    // Each newcomer knows who it is; the host's own part did not change, so none was resent.
    expect(watchers.every((w) => w.info.you.seat === null && w.info.you.name.startsWith('W'))).toBe(true);
    expect(host.rooms.slice(hostYou).every((r) => r.you.seat === 0)).toBe(true);
    await expect(players.join(code, joinOptions('Late', { spectate: true }))).rejects.toThrow(/spectators/);
    // Once one leaves, another spectator gets in.
    await watchers[0]?.room.leave();
    const late = await players.join(code, joinOptions('Late', { spectate: true }));
    expect((await late.waitRoom(() => true, 'late spectator')).you.name).toBe('Late');
    await Promise.all([...watchers.slice(1), late].map((w) => w.room.leave()));
  }, 60_000);

  it('ignores a rename to the same name and rate-limits renames', async () => {
    const { host, code } = await table(players, 'numbers');
    const watcher = await players.join(code, joinOptions('Wren', { spectate: true }));
    await host.waitRoom((r) => r.spectators.length === 1, 'spectator listed');
    await new Promise((r) => setTimeout(r, 300));
    const seen = host.rooms.length;
    for (let i = 0; i < 5; i++)
      expect(await watcher.lobby({ type: 'setName', name: 'Wren' })).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(host.rooms.length).toBe(seen);
    for (let i = 0; i < RENAME_BURST; i++)
      expect(await watcher.lobby({ type: 'setName', name: `Wren ${i}` })).toEqual({ ok: true });
    expect(await watcher.lobby({ type: 'setName', name: 'Wren again' })).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED' },
    });
    const last = await host.waitRoom(
      (r) => r.spectators[0]?.name === `Wren ${RENAME_BURST - 1}`,
      'last rename',
    );
    expect(last.spectators).toHaveLength(1);
    // The burst of renames reached the host as fewer updates (coalesced).
    expect(host.rooms.length - seen).toBeLessThanOrEqual(RENAME_BURST);
  });
});
