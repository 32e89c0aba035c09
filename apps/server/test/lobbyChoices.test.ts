import { describe, expect, it } from 'vitest';
import { CloseCodes } from '@cards/schema';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { REMOVED_NO_BAN_MESSAGE } from '../src/room/lobby.ts';
import { NumbersRoom, type NumbersView } from './fixtures/numbers.ts';
import { joinOptions, newToken, type Probe, serverForFile, startTable, table, until } from './helpers.ts';

const ctx = serverForFile(41450, { rooms: { ...GAME_ROOMS, numbers: NumbersRoom } });
const view = (p: Probe) => p.game.view as NumbersView;
const newBrowser = () => `${newToken()}${newToken()}`;

/** Plays the one-round numbers game to its end: seat 0 then seat 1 each say a number. */
async function playOut(first: Probe, second: Probe): Promise<void> {
  expect(await first.intent({ type: 'say', n: view(first).target ?? 1 })).toEqual({ ok: true });
  await second.waitGame((g) => g.version === 1 && g.actors.length > 0, 'second to play');
  expect(await second.intent({ type: 'say', n: 5 })).toEqual({ ok: true });
  await first.waitRoom((r) => r.phase === 'finished', 'finished');
}

describe('Remove vs Ban', () => {
  it('Remove (no ban) takes a player out of the seat, tells them, and lets them come back', async () => {
    const { host, guest, code } = await table(ctx.players, 'numbers', { browser: newBrowser() });
    expect(await guest.lobby({ type: 'kick', seat: 0, ban: false })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await host.lobby({ type: 'kick', seat: 1, ban: false })).toEqual({ ok: true });
    await until(() => guest.leaveCode === CloseCodes.removed, 'removed close code');
    expect(guest.notices.at(-1)).toEqual({ kind: 'kicked', text: REMOVED_NO_BAN_MESSAGE });
    await host.waitRoom((r) => r.seats[1]?.name === null, 'seat freed');
    // The same tab (same token) comes back and sits again.
    const back = await ctx.players.join(code, guest.options);
    expect((await back.waitRoom((r) => r.you.seat !== null, 'seated again')).you.seat).toBe(1);
    // Ban is still the other choice: then the same tab is refused.
    expect(await host.lobby({ type: 'kick', seat: 1, ban: true })).toEqual({ ok: true });
    await until(() => back.leaveCode === CloseCodes.kicked, 'banned close code');
    await expect(ctx.players.sdk.joinById(code, guest.options)).rejects.toThrow(/removed/);
  });

  it('a spectator removed without a ban may watch again', async () => {
    const { host, code } = await table(ctx.players, 'numbers');
    const watcher = await ctx.players.join(code, joinOptions('Watcher', { spectate: true }));
    const { spectators } = await host.waitRoom((r) => r.spectators.length === 1, 'listed');
    expect(await host.lobby({ type: 'removeSpectator', id: spectators[0]!.id, ban: false })).toEqual({
      ok: true,
    });
    await until(() => watcher.leaveCode === CloseCodes.removed, 'removed');
    const again = await ctx.players.join(code, watcher.options);
    expect((await again.waitRoom(() => true)).you.seat).toBeNull();
  });
});

describe('back to the lobby after a game', () => {
  it('only the host, only after a game: same seats, ready cleared, options open, next game rotated', async () => {
    const { host, guest } = await startTable(ctx.players, 'numbers', { options: { rounds: 1 } });
    expect(await host.lobby({ type: 'toLobby' })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
    await playOut(host, guest);
    expect(await guest.lobby({ type: 'toLobby' })).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(await host.lobby({ type: 'toLobby' })).toEqual({ ok: true });
    const lobby = await guest.waitRoom((r) => r.phase === 'lobby', 'back in the lobby');
    expect(lobby.seats.map((s) => s.name)).toEqual(['Host', 'Guest']);
    expect(lobby.seats.map((s) => s.ready)).toEqual([false, false]);
    expect(guest.notices.at(-1)).toEqual({ kind: 'info', text: 'Host took the room back to the lobby.' });
    expect(await host.lobby({ type: 'setOptions', options: { rounds: 2 } })).toEqual({ ok: true });
    expect(await guest.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    await host.waitRoom((r) => r.seats[1]?.ready === true, 'guest ready');
    expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
    const second = await host.waitRoom((r) => r.phase === 'playing' && r.gameNumber === 2, 'second game');
    // The first player rotates: the Guest now sits in seat 0 and moves first.
    expect(second.seats.map((s) => s.name)).toEqual(['Guest', 'Host']);
    const first = await guest.waitGame((g) => g.actors[0] === 0 && guest.games.indexOf(g) > 1, 'guest first');
    expect(first.legal.length).toBeGreaterThan(0);
    expect((second.options as { rounds: number }).rounds).toBe(2);
  });
});
