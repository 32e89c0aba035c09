/** Computer players in a room: seated by the host, playing through the intent path, standing in for a leaver. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '@cards/rules';
import { findRoom } from '../src/room/GameRoom.ts';
import {
  bootServer,
  joinOptions,
  playAlong,
  Players,
  sleep,
  startTable,
  type TestServer,
  until,
} from './helpers.ts';

const PORT = 41350;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true, computerPace: 0.01 });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

function matchOf(code: string): Match<unknown, unknown, unknown> {
  const room = findRoom(code) as unknown as { match: Match<unknown, unknown, unknown> | null } | undefined;
  if (!room?.match) throw new Error(`no match in room ${code}`);
  return room.match;
}

describe('computer players in a room', () => {
  it('the host seats a computer player, which plays a whole Cassino game with them, thinking visibly', async () => {
    const host = await players.create('cassino', joinOptions('Ana', { seed: 'computer-room' }));
    const code = host.room.roomId;
    expect(await host.lobby({ type: 'addComputer', level: 'hard' })).toEqual({ ok: true });
    const seated = await host.waitRoom((r) => r.seats[1]?.computer === 'hard', 'computer seated');
    expect(seated.seats[1]).toMatchObject({ name: 'Computer (Hard)', ready: true, left: false });
    expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
    await playAlong(host);
    expect(host.rooms.some((r) => r.seats[1]?.thinking === true)).toBe(true);
    const log = matchOf(code).log;
    expect(log.filter((e) => e.actor === 1).length).toBeGreaterThanOrEqual(24);
    expect(host.info.phase).toBe('finished');
  });

  it('the host can remove a computer player in the lobby; only the host adds one, in a free seat', async () => {
    const host = await players.create('math-card-game', joinOptions('Host'));
    expect(await host.lobby({ type: 'addComputer', level: 'easy' })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.computer === 'easy', 'computer seated');
    expect(await host.lobby({ type: 'removeComputer', seat: 1 })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.name === null, 'computer removed');
    const guest = await players.join(host.room.roomId, joinOptions('Guest'));
    await host.waitRoom((r) => r.seats[1]?.name === 'Guest', 'guest seated');
    expect(await guest.lobby({ type: 'addComputer', level: 'easy' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await host.lobby({ type: 'addComputer', level: 'easy' })).toMatchObject({
      ok: false,
      error: { code: 'NO_FREE_SEAT' },
    });
    expect(await host.lobby({ type: 'removeComputer', seat: 1 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_COMPUTER' },
    });
  });

  // Math Card Game: the cut, then whole turns. Cunt-Soul: the setup (face-up and field cards chosen
  // at once by every seat), then turns, runs, prompts; a left seat would stall both for good.
  it.each([
    ['math-card-game', 'computer-stand-in'],
    ['cunt-soul', 'computer-stand-in-cs'],
  ])(
    '%s: a player who left is replaced by a computer player, which plays their turns; they come back and take the seat back',
    async (game, seed) => {
      const t = await startTable(players, game, { seed });
      const guestSeat = t.guest.info.you.seat as number;
      const guestEntries = (from: number) =>
        matchOf(t.code)
          .log.slice(from)
          .filter((e) => e.actor === guestSeat);
      await t.guest.room.leave(true);
      await t.host.waitRoom((r) => r.seats[guestSeat]?.left === true, 'guest left');
      const left = matchOf(t.code).log.length;
      expect(await t.host.lobby({ type: 'replaceWithComputer', seat: guestSeat, level: 'normal' })).toEqual({
        ok: true,
      });
      await t.host.waitRoom((r) => r.seats[guestSeat]?.computer === 'normal', 'computer stands in');
      // The host plays on; the computer plays the guest's seat through the intent path (the match log).
      await playAlong(t.host, () => guestEntries(left).length >= 3);
      expect(guestEntries(left).length).toBeGreaterThanOrEqual(3);
      expect(t.host.info.phase).toBe('playing');

      const back = await players.join(t.code, t.guest.options);
      const info = await back.waitRoom(
        (r) => r.you.seat === guestSeat && r.seats[guestSeat]?.computer === null,
        'seat taken back',
      );
      expect(info.seats[guestSeat]?.left).toBe(false);
      // The host plays until the seat is to act again; the computer no longer acts for it.
      await playAlong(t.host, () => back.games.at(-1)?.actors.includes(guestSeat) === true);
      const at = matchOf(t.code).log.length;
      await sleep(300);
      expect(guestEntries(at)).toEqual([]);
      // They act themselves, through the same path.
      const mine = back.game.legal[0];
      expect(mine).toBeDefined();
      expect(await back.intent(mine)).toMatchObject({ ok: true });
      await until(() => guestEntries(at).length === 1, 'their own move logged');
    },
  );

  it('"Play against the computer" fills the other seats with computer players and starts at once', async () => {
    for (const [game, seats] of [
      ['cassino', 2],
      ['blind-cassowary', 3],
      ['star-navigator', 3],
      ['math-card-game', 2],
      ['cunt-soul', 3],
    ] as const) {
      const me = await players.create(game, joinOptions('Solo', { againstComputer: 'normal' }));
      const info = await me.waitRoom((r) => r.phase === 'playing', `${game} started`);
      expect(info.seats.filter((s) => s.name !== null)).toHaveLength(seats);
      expect(info.seats.filter((s) => s.computer === 'normal')).toHaveLength(seats - 1);
      expect(info.you.seat).toBe(0);
      await me.waitGame(() => true, `${game} view`);
      await me.room.leave(true);
    }
  });

  it('Blind Cassowary goes on when a player leaves: a computer player takes the seat and races for cassowaries', async () => {
    const t = await startTable(players, 'blind-cassowary', {
      seed: 'computer-bc',
      options: { reviewSeconds: 3 },
    });
    const guestSeat = t.guest.info.you.seat as number;
    await t.guest.room.leave(true);
    await t.host.waitRoom((r) => r.seats[guestSeat]?.left === true, 'guest left');
    expect(await t.host.lobby({ type: 'replaceWithComputer', seat: guestSeat, level: 'hard' })).toEqual({
      ok: true,
    });
    const before = matchOf(t.code).log.length;
    // The host only approves claims and says when stuck; the computer claims, approves and says stuck too.
    const played = (type: string) =>
      matchOf(t.code)
        .log.slice(before)
        .some((e) => e.actor === guestSeat && (e.intent as { type: string }).type === type);
    let lastVersion = -1;
    await until(
      () => {
        const g = t.host.games.at(-1);
        if (g && g.version !== lastVersion) {
          lastVersion = g.version;
          const pick =
            g.legal.find((i) => (i as { type: string }).type === 'approve') ??
            g.legal.find(
              (i) => (i as { type: string; on?: boolean }).type === 'stuck' && (i as { on: boolean }).on,
            );
          if (pick !== undefined) void t.host.intent(pick);
        }
        return played('claim') && (played('approve') || played('stuck'));
      },
      'the computer player claims and reviews',
      45_000,
    );
  });
});
