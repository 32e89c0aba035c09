import { afterAll, describe, expect, it } from 'vitest';
import { frameWrites } from '../src/frames.ts';
import { findRoom } from '../src/room/GameRoom.ts';
import { joinOptions, type Players, type Probe, startTable, until } from './helpers.ts';

const MOVES = 12;

/** A server-side TCP socket as far as the test spies on it. */
interface SpiedSocket {
  _write(chunk: Buffer, encoding: string, cb: () => void): void;
  _writev(chunks: { chunk: Buffer }[], cb: () => void): void;
}

/**
 * Records each write of a server-side socket that carries websocket data frames (pings, control
 * frames, are left out): how many frames went out in it.
 */
function spyWrites(socket: SpiedSocket): number[] {
  const writes: number[] = [];
  // A data frame's header starts with FIN + the binary opcode (0x82); control frames do not.
  const frames = (chunks: Buffer[]) => chunks.filter((c) => c[0] === 0x82 && c.length <= 14).length;
  const write = socket._write.bind(socket);
  const writev = socket._writev.bind(socket);
  socket._write = (chunk, encoding, cb) => {
    if (frames([chunk]) > 0) writes.push(1);
    write(chunk, encoding, cb);
  };
  socket._writev = (chunks, cb) => {
    const n = frames(chunks.map((c) => c.chunk));
    if (n > 0) writes.push(n);
    writev(chunks, cb);
  };
  return writes;
}

/** The server's TCP socket of a test client. */
function serverSocketOf(code: string, probe: Probe): SpiedSocket {
  const client = findRoom(code)?.clients.find((c) => c.sessionId === probe.room.sessionId);
  const socket = (client?.ref as { _socket?: SpiedSocket } | undefined)?._socket;
  if (socket === undefined) throw new Error('no server socket for the client');
  return socket;
}

/**
 * A seeded Cassino table with a spectator; whoever may act plays their first legal intent, MOVES
 * times. Returns what each client received and, per move, the mover's writes during the move.
 */
async function playSeeded(players: Players, coalesce: boolean) {
  frameWrites.coalesce = coalesce;
  const { host, guest, code } = await startTable(players, 'cassino', { seed: 'frame-writes' });
  const watcher = await players.join(code, joinOptions('Watcher', { spectate: true }));
  await watcher.waitGame(() => true, 'spectator game');
  // The spectator's coming reaches the seats within ROOM_COALESCE_MS: not during a move.
  await host.waitRoom((r) => r.spectators.length === 1, 'the spectator listed');
  await guest.waitRoom((r) => r.spectators.length === 1, 'the spectator listed');
  const probes = [host, guest, watcher];
  const writes = new Map(probes.map((p) => [p, spyWrites(serverSocketOf(code, p))]));
  const moverWrites: number[][] = [];
  for (let move = 0; move < MOVES; move++) {
    const mover = [host, guest].find((p) => p.game.actors.includes(p.info.you.seat ?? -1));
    if (mover === undefined) throw new Error('nobody may act');
    const { version, legal } = mover.game;
    const seen = writes.get(mover)!.length;
    expect(await mover.intent(legal[0], version)).toEqual({ ok: true });
    // The mover's own update arrived before the reply, as always.
    expect(mover.game.version).toBe(version + 1);
    moverWrites.push(writes.get(mover)!.slice(seen));
    for (const p of probes) await until(() => p.games.at(-1)?.version === version + 1, 'the move everywhere');
  }
  const received = probes.map((p) => p.games.map((g) => JSON.stringify(g)));
  await Promise.all(probes.map((p) => p.room.leave()));
  return { received, moverWrites };
}

/**
 * The same seeded game with frameWrites.coalesce off and on (a test file boots one server: Colyseus's
 * matchmaker is one per process). `server` is the file's server.
 */
export function describeFrameWrites(server: { players: Players }, label: string): void {
  const byDefault = frameWrites.coalesce;
  afterAll(() => {
    frameWrites.coalesce = byDefault;
  });
  describe(`one socket write per handled frame (frames.ts frameWrites), ${label}`, () => {
    it('sends each client the same messages, the mover’s update and reply in one write instead of two', async () => {
      const apart = await playSeeded(server.players, false);
      const together = await playSeeded(server.players, true);
      // Every client (both seats and the spectator) got the same game updates, in the same order.
      expect(together.received).toEqual(apart.received);
      expect(together.received.every((updates) => updates.length > MOVES)).toBe(true);
      // Before: the update and the reply, one write each; now both frames in a single write.
      expect(apart.moverWrites).toEqual(Array.from({ length: MOVES }, () => [1, 1]));
      expect(together.moverWrites).toEqual(Array.from({ length: MOVES }, () => [2]));
    });
  });
}
