import type { Server } from '@colyseus/core';

/**
 * `server.listen(port, host)` that rejects when the port cannot be had: Colyseus only logs its HTTP
 * server's error (a port in use…) and never settles listen(), so a process that cannot listen would
 * stay alive, listening nowhere.
 */
export function listenOn(server: Server, port: number, host: string): Promise<void> {
  return Promise.race([
    server.listen(port, host),
    new Promise<never>((_, reject) => server.transport.server?.once('error', reject)),
  ]);
}
