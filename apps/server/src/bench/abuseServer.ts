/**
 * The server half of `pnpm bench abuse`, in its own process so that its RSS and log are its own.
 * argv: port, mode. Mode `old` puts back the room's former spectator handling, for comparison in
 * the same run: every client gets its own full room info on every event (N² for N clients), no
 * coalescing, no spectator cap and no rename limit, and each spectator's game update is built and
 * encoded for it alone. Mode `per-spectator` is today's handling except that last part (the game
 * encoding switch alone). Says `{ type: 'ready' }` over IPC once it listens.
 */
import type { Client } from '@colyseus/core';
import { createGameServer } from '../app.ts';
import { listenOn } from '../listen.ts';
import { Broadcaster } from '../room/broadcaster.ts';
import { Lobby } from '../room/lobby.ts';
import type { Member } from '../room/members.ts';

function restoreOldSpectatorHandling(): void {
  type Patchable = Record<string, (...args: unknown[]) => unknown>;
  const out = Broadcaster.prototype as unknown as Patchable & {
    clients(): Iterable<Client>;
    lobby: Lobby;
    sharedInfo(): object;
  };
  out['roomToAll'] = function roomToAll(this: typeof out) {
    for (const client of this.clients()) {
      const you = {
        seat: this.lobby.table.seatOfSession(client.sessionId),
        name: this.lobby.members.get(client.sessionId)?.name ?? '',
      };
      client.send('you', you);
      client.send('room', this.sharedInfo());
    }
  };
  out['roomSoon'] = function roomSoon(this: typeof out) {
    out['roomToAll']?.call(this);
  };
  out['roomToNewcomer'] = function roomToNewcomer(this: typeof out) {
    out['roomToAll']?.call(this);
  };
  out['roomFor'] = function roomFor(this: typeof out) {
    out['roomToAll']?.call(this);
  };
  const lobby = Lobby.prototype as unknown as Patchable;
  lobby['spectatorsFull'] = () => false;
  const setName = lobby['setName'];
  lobby['setName'] = function (this: unknown, member: unknown, name: unknown) {
    (member as Member).renames.take = () => true;
    return setName?.call(this, member, name);
  };
}

const port = Number(process.argv[2]);
const mode = process.argv[3];
if (mode === 'old') restoreOldSpectatorHandling();
if (mode === 'old' || mode === 'per-spectator') Broadcaster.encodeSpectatorGameOnce = false;
/** Time spent building and sending game updates to the watched room (Broadcaster.gameToAll). */
const gameToAll = { ms: 0, cpuMs: 0, calls: 0 };
const send = Broadcaster.prototype.gameToAll;
Broadcaster.prototype.gameToAll = function timed(this: Broadcaster) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  send.call(this);
  const used = process.cpuUsage(cpu);
  const clients = (this as unknown as { clients(): Iterable<Client> }).clients();
  if ([...clients].length <= 10) return; // the other room, or the watched one before its spectators
  gameToAll.ms += performance.now() - t;
  // CPU time as well: on a loaded machine the wall time also counts other processes' turns.
  gameToAll.cpuMs += (used.user + used.system) / 1000;
  gameToAll.calls += 1;
};

const server = createGameServer({ httpLimits: false });
await listenOn(server, port, '127.0.0.1');
process.on('message', (message: { type: string }) => {
  if (message.type === 'stop') void server.gracefullyShutdown(false).finally(() => process.exit(0));
  if (message.type === 'gameToAll') {
    process.send?.({ type: 'gameToAll', ...gameToAll });
    gameToAll.ms = 0;
    gameToAll.cpuMs = 0;
    gameToAll.calls = 0;
  }
});
process.send?.({ type: 'ready' });
