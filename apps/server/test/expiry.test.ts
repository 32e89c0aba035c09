import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { NumbersRoom } from './fixtures/numbers.ts';
import { bootServer, Players, type Probe, sleep, startTable, table, type TestServer } from './helpers.ts';

const PORT = 41105;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { rooms: { ...GAME_ROOMS, numbers: NumbersRoom }, reconnectSeconds: 0.3 });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

function drop(p: Probe): void {
  p.room.reconnection.enabled = false;
  void p.room.leave(false);
}

describe('when the reconnection window ends', () => {
  it('frees the seat in the lobby and hands the host role on', async () => {
    const { host, guest } = await table(players, 'numbers');
    drop(host);
    await guest.waitRoom((r) => r.seats[0]?.connected === false && r.seats[0]?.name === 'Host', 'host away');
    expect(guest.info.hostSeat).toBe(0);
    const info = await guest.waitRoom((r) => r.seats[0]?.name === null, 'seat freed');
    expect(info.hostSeat).toBe(1);
  });

  it('keeps the seat during a game so the player can come back with the token', async () => {
    const { host, guest, code } = await startTable(players, 'numbers');
    drop(guest);
    await sleep(600);
    expect(host.info.seats[1]).toMatchObject({ name: 'Guest', connected: false });
    expect(host.info.phase).toBe('playing');
    await expect(players.sdk.reconnect(guest.room.reconnectionToken)).rejects.toThrow();
    const back = await players.join(code, guest.options);
    await back.waitRoom((r) => r.you.seat === 1 && r.seats[1]?.connected === true, 'seat taken back');
    expect((await back.waitGame(() => true)).legal).toEqual([]);
  });
});
