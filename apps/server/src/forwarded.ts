import type { IncomingMessage, Server as HttpServer } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * The client address of a request. Without a proxy (`proxyHops` 0) the socket's peer. Behind
 * `proxyHops` reverse proxies of your own, the address the outermost of them saw, which is the
 * `proxyHops`-th `X-Forwarded-For` entry from the right: each proxy appends its peer, so entries
 * further left were written by the client and prove nothing.
 */
export function requestAddress(req: IncomingMessage, proxyHops: number): string | undefined {
  if (proxyHops <= 0) return req.socket.remoteAddress;
  return proxyAddr(req, (_address, hop) => hop < proxyHops);
}

/** Headers through which a client could claim another address. */
const ADDRESS_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-client-ip'] as const;

/**
 * Makes every request and websocket upgrade carry its trusted client address (requestAddress) as
 * its only `X-Forwarded-For`, before any other listener sees it. Colyseus gives rooms an address
 * (`onAuth`'s `context.ip`) taken from the first `X-Real-IP` / `X-Forwarded-For` entry, which a
 * client writes as it likes; after this, that address is the one the limits count.
 */
export function trustForwardedFor(server: HttpServer, proxyHops: number): void {
  const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
  server.emit = ((event: string, ...args: unknown[]): boolean => {
    if (event === 'request' || event === 'upgrade') {
      const req = args[0] as IncomingMessage;
      const address = requestAddress(req, proxyHops);
      for (const name of ADDRESS_HEADERS) delete req.headers[name];
      if (address !== undefined) req.headers['x-forwarded-for'] = address;
    }
    return emit(event, ...args);
  }) as typeof server.emit;
}
