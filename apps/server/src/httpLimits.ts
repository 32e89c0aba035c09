import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import type { RateLimited } from '@cards/schema';
import { corsHeaders, type OriginPolicy } from './cors.ts';
import { requestAddress } from './forwarded.ts';
import { TokenBucket } from './room/rateLimit.ts';

/** A burst of `burst` requests, then `perMinute` a minute, per client address. */
export interface HttpLimit {
  burst: number;
  perMinute: number;
}

/**
 * What a guessing client could abuse: room lookups (`GET /api/rooms/:code`), room creation
 * (`POST /matchmake/create|joinOrCreate/…`) and joins (every other `POST /matchmake/…`, unknown
 * methods included, so that no path escapes the count).
 */
export interface HttpLimits {
  lookup: HttpLimit;
  create: HttpLimit;
  join: HttpLimit;
}
export type HttpLimitKind = keyof HttpLimits;

/**
 * Generous for people (a whole class behind one address joining at once), hopeless for guessing:
 * 22^5 ≈ 5 million codes at 60 lookups a minute is two months per address.
 */
export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  lookup: { burst: 60, perMinute: 60 },
  create: { burst: 20, perMinute: 20 },
  join: { burst: 60, perMinute: 60 },
};

/**
 * Largest matchmaking request body: join options are a name, two tokens and a game's options
 * (about 200 bytes). A larger body is refused from its Content-Length, before a byte of it is read.
 */
export const MAX_MATCHMAKE_BODY_BYTES = 4 * 1024;

const MATCHMAKE = /^\/matchmake(?:\/([^/]*))?/;

/** Which limit a request counts against, or null for requests that are not limited here. */
export function limitKind(method: string | undefined, url: string | undefined): HttpLimitKind | null {
  const path = (url ?? '/').split('?')[0] ?? '/';
  if (method === 'GET' && path.startsWith('/api/rooms/')) return 'lookup';
  if (method !== 'POST') return null;
  const matchmake = MATCHMAKE.exec(path);
  if (!matchmake) return null;
  return matchmake[1] === 'create' || matchmake[1] === 'joinOrCreate' ? 'create' : 'join';
}

/** A body of known length within MAX_MATCHMAKE_BODY_BYTES (or none). */
function smallBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] === undefined;
  return Number(length) <= MAX_MATCHMAKE_BODY_BYTES;
}

/**
 * The address a limit is counted for: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix
 * (one subscriber usually holds a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] ?? address;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array.from({ length: zeros }, () => '0'), ...right];
  const prefix = groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}

/**
 * Per-address token buckets for room lookups, creation and joins, checked in front of every other
 * request handler of the HTTP server.
 *
 * Why not express middleware: in Colyseus 0.18 the matchmaking routes (`/matchmake/…`) are served
 * by its own router, which `bindRouterToTransport` (@colyseus/core src/router/index.ts) puts in
 * front of the express app: a request whose route the router knows never reaches express. So the
 * limiter wraps the HTTP server's 'request' event instead, before Colyseus' CORS and router handlers.
 * Refused requests get 429 with a JSON body shaped like a matchmaking error (`{ code, error }`),
 * which the SDK turns into the error message, and a Retry-After header.
 */
export class HttpRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(
    /** null: count nothing (tests, benches), but still refuse large bodies. */
    private readonly limits: HttpLimits | null,
    /** How many reverse proxies of your own stand in front (see requestAddress); 0 for none. */
    private readonly proxyHops = 0,
    private readonly origins: OriginPolicy = { allowed: [] },
    private readonly clock: () => number = Date.now,
  ) {
    // Idle buckets are full again after a while: forget them so the map stays small.
    this.pruneTimer = setInterval(() => this.prune(), 60_000);
    this.pruneTimer.unref();
  }

  /** Puts the limiter in front of every 'request' listener of `server`, present or future. */
  install(server: HttpServer): void {
    const emit = server.emit.bind(server) as (event: string, ...args: unknown[]) => boolean;
    server.emit = ((event: string, ...args: unknown[]): boolean => {
      if (event === 'request') {
        const [req, res] = args as [IncomingMessage, ServerResponse];
        if (!this.admit(req, res)) return true;
      }
      return emit(event, ...args);
    }) as typeof server.emit;
    server.on('close', () => clearInterval(this.pruneTimer));
  }

  /**
   * Counts the request; answers 429 and returns false when it is over its limit, and 413 (or 411)
   * for a matchmaking body that is too large (or of unknown length), without reading it.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const kind = limitKind(req.method, req.url);
    if (kind === null) return true;
    if (this.limits !== null && !this.count(kind, this.limits[kind], req, res)) return false;
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] !== undefined) {
      this.refuse(req, res, 411, { code: 411, error: 'The request needs a Content-Length.' });
      return false;
    }
    if (!smallBody(req)) {
      this.refuse(req, res, 413, { code: 413, error: 'The request is too large.' });
      return false;
    }
    return true;
  }

  /** Takes a token from the request's bucket; answers 429 and returns false when there is none. */
  private count(kind: HttpLimitKind, limit: HttpLimit, req: IncomingMessage, res: ServerResponse): boolean {
    const key = `${kind}|${clientKey(requestAddress(req, this.proxyHops))}`;
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(limit.burst, limit.perMinute / 60, now);
      this.buckets.set(key, bucket);
    }
    if (!bucket.take(now)) {
      const retryAfterSeconds = Math.max(1, Math.ceil(60 / limit.perMinute));
      const body: RateLimited = {
        code: 429,
        error: `${WHAT[kind]} Please wait ${retryAfterSeconds} s and try again.`,
        retryAfterSeconds,
      };
      this.refuse(req, res, 429, body, { 'retry-after': String(retryAfterSeconds) });
      return false;
    }
    return true;
  }

  /**
   * Answers with a JSON error shaped like a matchmaking error (`{ code, error }`). A small body is
   * drained; a large one (or one of unknown length) is never read: the connection is closed.
   */
  private refuse(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: object,
    headers: Record<string, string> = {},
  ): void {
    const json = JSON.stringify(body);
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json).toString(),
      // Readable by the site's own pages on another origin (the Vite dev page), nobody else.
      ...corsHeaders(req.headers.origin, req.headers.host, this.origins),
      ...(smallBody(req) ? {} : { connection: 'close' }),
    });
    res.end(json);
    if (smallBody(req)) req.resume();
    else res.once('finish', () => req.socket.destroySoon());
  }

  private prune(): void {
    const now = this.clock();
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}

const WHAT: Readonly<Record<HttpLimitKind, string>> = {
  lookup: 'Too many room look-ups from your network.',
  create: 'Too many new rooms from your network.',
  join: 'Too many attempts to join rooms from your network.',
};
