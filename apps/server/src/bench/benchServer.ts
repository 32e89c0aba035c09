/**
 * The server half of `pnpm bench room`, run as a child process so that the simulated clients (in the
 * parent) do not share its event loop: the figures are the server's own.
 *
 * IPC from the parent: `{ type: 'measure' }` starts the measurement, `{ type: 'report' }` asks for
 * the figures (answered with a ServerFigures message), `{ type: 'stop' }` shuts down. The child says
 * `{ type: 'ready' }` once it listens.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createGameServer } from '../app.ts';
import { Broadcaster } from '../room/broadcaster.ts';
import { GameRoom } from '../room/GameRoom.ts';
import { MatchHost } from '../room/matchHost.ts';
import { workerMatchRunner } from '../room/matchRunner.ts';
import { type ChildMessage, type ParentMessage, summarise } from './benchStats.ts';

/** The room's synchronous handlers, by the part that holds them. */
const TIMED: readonly [object, string][] = [
  [GameRoom.prototype, 'onIntent'],
  [MatchHost.prototype, 'fireTimer'],
  [GameRoom.prototype, 'startGame'],
  [Broadcaster.prototype, 'gameToAll'],
];

/** Times the room's synchronous handlers: the event loop is blocked for exactly that long. */
function timeRoomHandlers(handlerMs: number[], worst: Map<string, number>): void {
  let depth = 0;
  for (const [prototype, name] of TIMED) {
    const proto = prototype as Record<string, (...args: unknown[]) => unknown>;
    const original = proto[name];
    if (typeof original !== 'function') throw new Error(`the room has no ${name}`);
    const nests = name !== 'gameToAll';
    proto[name] = function timed(this: unknown, ...args: unknown[]) {
      const t = performance.now();
      if (nests) depth++;
      try {
        return original.apply(this, args);
      } finally {
        if (nests) depth--;
        // gameToAll also runs inside the others: count it only on its own (e.g. after a join).
        if (nests || depth === 0) {
          const ms = performance.now() - t;
          handlerMs.push(ms);
          worst.set(name, Math.max(worst.get(name) ?? 0, ms));
        }
      }
    };
  }
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || process.send === undefined)
    throw new Error('benchServer runs as a child of `pnpm bench room`');
  const handlerMs: number[] = [];
  const worst = new Map<string, number>();
  timeRoomHandlers(handlerMs, worst);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  // Every table is created from one address: the per-address HTTP limits would refuse them.
  const server = createGameServer({ httpLimits: false });
  await server.listen(port, '127.0.0.1');

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'measure') {
      handlerMs.length = 0;
      worst.clear();
      loop.reset();
      loop.enable();
    } else if (message.type === 'report') {
      loop.disable();
      const ms = (ns: number) => ns / 1e6;
      send({
        type: 'figures',
        handlers: summarise(handlerMs),
        worst: Object.fromEntries(worst),
        loop: {
          n: loop.count,
          p50: ms(loop.percentile(50)),
          p99: ms(loop.percentile(99)),
          max: ms(loop.max),
        },
        workerWorstMs: workerMatchRunner.worstMs,
        workers: workerMatchRunner.workers,
        waited: workerMatchRunner.waited,
        worstWaitMs: workerMatchRunner.worstWaitMs,
      });
    } else if (message.type === 'stop') {
      void server.gracefullyShutdown(false).finally(() => process.exit(0));
    }
  });
  send({ type: 'ready' });
}

await main();
