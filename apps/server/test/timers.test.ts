import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedIntent, Match } from '@cards/rules';
import { GameUpdateSchema } from '@cards/schema';
import { findRoom } from '../src/room/GameRoom.ts';
import type { NumbersView } from './fixtures/numbers.ts';
import { TimedRoom } from './fixtures/timed.ts';
import {
  bootServer,
  joinOptions,
  Players,
  type Probe,
  sleep,
  startTable,
  type TestServer,
} from './helpers.ts';

const PORT = 41110;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { rooms: { timed: TimedRoom } });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

/** The room's replay log, straight from the live room (it is not sent to clients). */
function logOf(code: string): readonly LoggedIntent<unknown>[] {
  const room = findRoom(code) as unknown as { match: Match<unknown, unknown, unknown> | null } | undefined;
  return room?.match?.log ?? [];
}

const said = (p: Probe) => (p.game.view as NumbersView).said;

describe('game timers', () => {
  it('plays the timeout intent for the seat when nobody acts, logged with the server time', async () => {
    const started = Date.now();
    const { host, guest, code } = await startTable(players, 'timed', { options: { timeoutMs: 300 } });
    const first = host.game;
    expect(first.version).toBe(0);
    expect(first.timers).toHaveLength(1);
    expect(first.timers[0]).toMatchObject({ key: 'turn-0', seat: 0 });
    expect(first.timers[0]!.remainingMs).toBeGreaterThan(150);
    expect(first.timers[0]!.remainingMs).toBeLessThanOrEqual(300);
    expect(guest.game.timers).toEqual(first.timers.map((t) => ({ ...t, remainingMs: expect.any(Number) })));

    const next = await guest.waitGame((g) => g.version === 1, 'timeout applied');
    expect(GameUpdateSchema.parse(next)).toEqual(next);
    expect(said(guest)).toEqual([{ seat: 0, n: 5 }]);
    expect(next.timers).toEqual([{ key: 'turn-1', seat: 1, remainingMs: expect.any(Number) }]);
    const log = logOf(code);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: 0, intent: { type: 'say', n: 5 } });
    expect(log[0]!.at - started).toBeGreaterThanOrEqual(280);
  });

  it('cancels a deadline when the player acts first, and starts the next one afresh', async () => {
    const { host, guest, code } = await startTable(players, 'timed', { options: { timeoutMs: 400 } });
    expect(await host.intent({ type: 'say', n: 3 })).toEqual({ ok: true });
    const afterHost = await guest.waitGame((g) => g.version === 1);
    expect(afterHost.timers.map((t) => t.key)).toEqual(['turn-1']);
    await sleep(200);
    expect(await guest.intent({ type: 'say', n: 4 })).toEqual({ ok: true });
    // Had turn-0 not been cancelled it would fire at ~400 ms for seat 0, whose turn it is again.
    await host.waitGame((g) => g.version === 3, 'turn-2 timeout');
    const log = logOf(code);
    expect(log.map((e) => [e.actor, (e.intent as { n: number }).n])).toEqual([
      [0, 3],
      [1, 4],
      [0, 5],
    ]);
    expect(log[2]!.at - log[1]!.at).toBeGreaterThanOrEqual(370);
    expect(said(host)).toHaveLength(3);
  });

  it('logs a refused timeout intent without crashing and keeps the room playable', async () => {
    const { host, guest, code } = await startTable(players, 'timed', {
      options: { timeoutMs: 100, say: 42 },
    });
    // The refused timer is dropped from the clients' list (same version, one more update).
    await guest.waitGame((g) => g.version === 0 && g.timers.length === 0, 'fired timer gone');
    await sleep(300);
    expect(host.game.version).toBe(0);
    expect(logOf(code)).toEqual([]);
    expect(await host.intent({ type: 'say', n: 2 })).toEqual({ ok: true });
    await guest.waitGame((g) => g.version === 1);
    expect(guest.game.timers.map((t) => t.key)).toEqual(['turn-1']);
  });

  it('stops every deadline when the game ends and restarts them for a rematch', async () => {
    const { host, guest, code } = await startTable(players, 'timed', {
      options: { rounds: 1, timeoutMs: 150 },
    });
    await guest.waitRoom((r) => r.phase === 'finished', 'finished by timeouts');
    expect(host.game.timers).toEqual([]);
    expect(logOf(code).map((e) => e.actor)).toEqual([0, 1]);
    await sleep(300);
    expect(logOf(code)).toHaveLength(2);
    expect(await host.lobby({ type: 'rematch' })).toEqual({ ok: true });
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const fresh = await guest.waitGame((g) => g.version === 0 && g.timers.length === 1, 'rematch timer');
    expect(fresh.timers[0]).toMatchObject({ key: 'turn-0', seat: 0 });
    await guest.waitGame((g) => g.version === 1 && guest.info.gameNumber === 2, 'rematch timeout');
  });

  it('a spectator sees the deadlines too', async () => {
    const { code } = await startTable(players, 'timed', { options: { timeoutMs: 1000 } });
    const watcher = await players.join(code, joinOptions('Watcher'));
    const g = await watcher.waitGame(() => true);
    expect(g.legal).toEqual([]);
    expect(g.timers).toEqual([{ key: 'turn-0', seat: 0, remainingMs: expect.any(Number) }]);
    // The room clock ticks every few ms: a watcher who joins at once may still see the full second.
    expect(g.timers[0]!.remainingMs).toBeLessThanOrEqual(1000);
    expect(g.timers[0]!.remainingMs).toBeGreaterThan(0);
  });
});
