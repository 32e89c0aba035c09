import type { Server as HttpServer, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey, DEFAULT_HTTP_LIMITS, type HttpLimit, type HttpLimits } from './httpLimits.ts';

/** How long a TCP connection may take at each stage, and how many one address may hold. */
export interface ConnectionLimits {
  /** A new connection that has not started a request by then is closed. */
  firstRequestMs: number;
  /** The request line and headers must be complete by then (answered 408 otherwise). */
  headersMs: number;
  /** The whole request, body included, must have arrived by then. */
  requestMs: number;
  /** An idle keep-alive connection between two requests is closed after this. */
  keepAliveMs: number;
  /** Open connections per client address (IPv6 per /64), websockets included; null: no bound. */
  perAddress: number | null;
}

/**
 * A page holds one websocket and a few HTTP connections; 64 per address leaves room for a class
 * or an office behind one NAT, while one address cannot hold thousands of sockets.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  firstRequestMs: 5_000,
  headersMs: 10_000,
  requestMs: 15_000,
  keepAliveMs: 5_000,
  perAddress: 64,
};

/** Node's own request timeouts, checked every second instead of every 30 s. */
/**
 * The per-address limits (httpLimits.ts) and the open connections' bound times `scale`:
 * `ADDRESS_LIMIT_SCALE` for a server whose clients share one address on purpose (`pnpm bench cluster`
 * drives all its tables from loopback). Never below the defaults.
 */
export function scaledAddressLimits(scale: number): {
  httpLimits: HttpLimits;
  connectionsPerAddress: number;
} {
  const k = Number.isFinite(scale) && scale > 1 ? scale : 1;
  const times = ({ burst, perMinute }: HttpLimit): HttpLimit => ({
    burst: burst * k,
    perMinute: perMinute * k,
  });
  return {
    httpLimits: {
      lookup: times(DEFAULT_HTTP_LIMITS.lookup),
      create: times(DEFAULT_HTTP_LIMITS.create),
      join: times(DEFAULT_HTTP_LIMITS.join),
    },
    connectionsPerAddress: (DEFAULT_CONNECTION_LIMITS.perAddress ?? 64) * k,
  };
}

export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersMs,
    requestTimeout: limits.requestMs,
    keepAliveTimeout: limits.keepAliveMs,
    connectionsCheckingInterval: 1_000,
  };
}

/**
 * Closes connections that never start a request, and refuses connections over the per-address
 * bound. Node's headersTimeout does not cover a connection that sends nothing at all, so each new
 * socket gets an idle timeout that the first request (or websocket upgrade) clears; from then on
 * Node's request and keep-alive timeouts apply, and a websocket is watched by Colyseus' pings.
 * Returns how many connections are open (for the benchmark).
 */
export function guardConnections(server: HttpServer, limits: ConnectionLimits): () => number {
  const open = new Map<string, number>();
  let total = 0;
  server.on('connection', (socket: Socket) => {
    const key = clientKey(socket.remoteAddress);
    const count = (open.get(key) ?? 0) + 1;
    if (limits.perAddress !== null && count > limits.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    total += 1;
    socket.once('close', () => {
      total -= 1;
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    socket.setTimeout(limits.firstRequestMs);
  });
  // Node sets its keep-alive timeout again after each response; a websocket's is cleared by `ws`.
  const started = (req: { socket: Socket }) => req.socket.setTimeout(0);
  server.on('request', started);
  server.on('upgrade', started);
  return () => total;
}
