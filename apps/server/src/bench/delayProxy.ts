import { createServer, type Server, type Socket, connect } from 'node:net';

/** A loopback TCP proxy that delays every chunk, both ways, by a simulated one-way network delay. */
export interface DelayProxy {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:`port` and forwards to 127.0.0.1:`target`, holding each chunk `oneWayMs`
 * (± `jitter`, a fraction) in each direction. Chunks keep their order (TCP would), so a chunk is never
 * sent before the one ahead of it. Everything goes through it: HTTP matchmaking, the WebSocket, and the
 * server's pings and the client's pongs, so the server measures the simulated round trip.
 */
export async function delayProxy(
  port: number,
  target: number,
  oneWayMs: number,
  jitter = 0,
  random: () => number = Math.random,
): Promise<DelayProxy> {
  const sockets = new Set<Socket>();
  const pipe = (from: Socket, to: Socket): void => {
    // One queue per direction, flushed in order by one timer: a chunk never overtakes another.
    const queue: { due: number; chunk: Buffer | null }[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = (): void => {
      timer = null;
      while (queue.length > 0 && queue[0]!.due <= performance.now()) {
        const { chunk } = queue.shift()!;
        if (chunk === null) to.end();
        else to.write(chunk);
      }
      if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0]!.due - performance.now()));
    };
    const enqueue = (chunk: Buffer | null): void => {
      const delay = oneWayMs * (1 + jitter * (2 * random() - 1));
      queue.push({ due: Math.max(queue.at(-1)?.due ?? 0, performance.now() + delay), chunk });
      timer ??= setTimeout(flush, Math.max(0, queue[0]!.due - performance.now()));
    };
    from.on('data', (chunk: Buffer) => enqueue(chunk));
    from.on('end', () => enqueue(null));
    from.on('error', () => to.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
