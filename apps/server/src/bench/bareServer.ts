/**
 * The bare twin of benchServer.ts for `pnpm bench room --bare`: a Colyseus 0.18 server with one room
 * that keeps no game at all. Each intent request is answered `{ ok: true }` after one ~1 KB message
 * (the same shape as a game update: version, actors, legal) is broadcast to every client of the room,
 * the turn passing to the next seat. Its view is a 900-character string, or with the argument
 * `view=<game>:<players>` a seat's view of that game (sampleView.ts), so the bench's clients decode
 * what they decode at the project's tables. It speaks the same IPC as benchServer.ts, so the same simulated
 * players and measurements run against both.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type Client, defineRoom, defineServer, Room } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { listenOn } from '../listen.ts';
import { SpreadPingTransport } from '../spreadPings.ts';
import { sampleView } from './sampleView.ts';
import {
  type ChildMessage,
  serverCpuSince,
  cpuMark,
  loopSummary,
  memoryFigures,
  observeGcStalls,
  type ParentMessage,
  type Stall,
  markProfile,
  summarise,
} from './benchStats.ts';

/** Arguments after the port: 'spread' (see main), `view=<game>:<players>`. */
const SWITCHES = process.argv.slice(3);

/** The view every update carries: about 1 KB once encoded, or a game's seat view. */
function relayedView(): unknown {
  const view = SWITCHES.find((s) => s.startsWith('view='));
  if (view === undefined) return { filler: 'x'.repeat(900) };
  const [game, players] = view.slice('view='.length).split(':');
  return sampleView(game ?? '', Number(players));
}
const VIEW = relayedView();

class BareRoom extends Room {
  private version = 0;
  private turn = 0;
  private started = false;

  override onCreate(options: { players?: number }): void {
    this.maxClients = Math.max(2, Math.min(8, Number(options.players) || 2));
    this.onMessage('lobby', (_client: Client, payload: unknown) => {
      if ((payload as { type?: string } | null)?.type === 'start' && !this.started) {
        this.started = true;
        this.relay();
      }
      return { ok: true };
    });
    this.onMessage('intent', () => {
      this.turn = (this.turn + 1) % this.clients.length;
      this.relay();
      return { ok: true };
    });
  }

  override onJoin(client: Client): void {
    // As the project's room does: the tab's own seat ('you') first, then the shared room info.
    client.send('you', { seat: this.clients.length - 1, name: '' });
    client.send('room', { phase: 'playing', gameNumber: 1 });
  }

  private relay(): void {
    this.version++;
    this.broadcast('game', {
      version: this.version,
      actors: [this.turn],
      legal: [{ type: 'move' }],
      view: VIEW,
    });
  }
}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || process.send === undefined)
    throw new Error('bareServer runs as a child of `pnpm bench room --bare`');
  const send = (message: ChildMessage) => process.send?.(message);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  let cpuFrom = cpuMark();
  const stalls: Stall[] = [];
  observeGcStalls(stalls);
  const server = defineServer({
    rooms: { bare: defineRoom(BareRoom) },
    // 'spread': the project's keep-alive pings spread over the interval (spreadPings.ts) instead of
    // Colyseus' one loop over every client every 3 s.
    transport: SWITCHES.includes('spread')
      ? new SpreadPingTransport({ server: createServer() })
      : new WebSocketTransport({ server: createServer() }),
    gracefullyShutdown: false,
    greet: false,
  });
  // A port another process holds: exit, so the parent's bench stops (Colyseus keeps a process alive).
  await listenOn(server, port, '127.0.0.1').catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  process.on('message', (message: ParentMessage) => {
    markProfile(message.type);
    if (message.type === 'measure') {
      stalls.length = 0;
      loop.reset();
      loop.enable();
      cpuFrom = cpuMark();
    } else if (message.type === 'report') {
      loop.disable();
      const cpu = serverCpuSince(cpuFrom);
      send({
        type: 'figures',
        ...cpu,
        handlerCpuMs: Number.NaN,
        handlers: summarise([]),
        worst: {},
        loop: loopSummary(loop),
        workerWorstMs: 0,
        workers: 0,
        waited: 0,
        worstWaitMs: 0,
        append: null,
        stalls,
      });
    } else if (message.type === 'memory') send(memoryFigures());
    else if (message.type === 'stop') void server.gracefullyShutdown(false).finally(() => process.exit(0));
  });
  send({ type: 'ready' });
}

await main();
