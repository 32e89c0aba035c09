import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitedSchema } from '@cards/schema';
import { clientKey, HttpRateLimiter, limitKind } from '../src/httpLimits.ts';
import { bootServer, joinOptions, Players, type TestServer } from './helpers.ts';

const PORT = 41106;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, {
    httpLimits: {
      lookup: { burst: 3, perMinute: 6 },
      create: { burst: 2, perMinute: 6 },
      join: { burst: 2, perMinute: 6 },
    },
  });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

const get = (p: string) => fetch(`${server.url}${p}`);

describe('per-address HTTP limits on the live server', () => {
  it('answers room lookups beyond the limit with a readable 429', async () => {
    for (let i = 0; i < 3; i++) expect((await get('/api/rooms/BBBBB')).status).toBe(404);
    const refused = await get('/api/rooms/BBBBB');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    const body = RateLimitedSchema.parse(await refused.json());
    expect(body.error).toMatch(/Too many room look-ups/);
    // Other routes are not counted.
    expect((await get('/healthz')).status).toBe(200);
  });

  it('limits room creation and joins, and the SDK reports the server message', async () => {
    const first = await players.create('cassino', joinOptions('Ann'));
    await players.create('cassino', joinOptions('Bea'));
    await expect(players.create('cassino', joinOptions('Cid'))).rejects.toMatchObject({
      code: 429,
      message: expect.stringMatching(/Too many new rooms from your network/),
    });
    const code = first.room.roomId;
    await players.join(code, joinOptions('Dan'));
    await players.join(code, joinOptions('Eve', { spectate: true }));
    await expect(players.join(code, joinOptions('Fay', { spectate: true }))).rejects.toMatchObject({
      code: 429,
      message: expect.stringMatching(/Too many attempts to join/),
    });
    // The room itself is untouched by the refused join.
    expect((await first.waitRoom((r) => r.spectators.length === 1, 'one spectator')).spectators).toHaveLength(
      1,
    );
  });
});

/** Just enough of a request/response pair for HttpRateLimiter.admit. */
function fakeExchange(method: string, url: string, address: string, forwarded?: string) {
  const req = {
    method,
    url,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    socket: { remoteAddress: address },
    resume: () => undefined,
  } as unknown as IncomingMessage;
  const sent: { status: number | null; body: string } = { status: null, body: '' };
  const res = {
    writeHead: (status: number) => {
      sent.status = status;
    },
    end: (body: string) => {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { req, res, sent };
}

describe('HttpRateLimiter', () => {
  it('classifies lookups, creation and joins, and nothing else', () => {
    expect(limitKind('GET', '/api/rooms/ABCDE?x=1')).toBe('lookup');
    expect(limitKind('POST', '/matchmake/create/cassino')).toBe('create');
    expect(limitKind('POST', '/matchmake/joinOrCreate/cassino')).toBe('create');
    expect(limitKind('POST', '/matchmake/joinById/ABCDE')).toBe('join');
    expect(limitKind('POST', '/matchmake/join/cassino')).toBe('join');
    expect(limitKind('POST', '/matchmake/reconnect/ABCDE')).toBe('join');
    expect(limitKind('GET', '/r/ABCDE')).toBeNull();
    expect(limitKind('GET', '/healthz')).toBeNull();
    expect(limitKind('GET', '/matchmake/create/cassino')).toBeNull();
  });

  it('counts IPv4 (also mapped) per address and IPv6 per /64', () => {
    expect(clientKey('10.0.0.7')).toBe('10.0.0.7');
    expect(clientKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(clientKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey(undefined)).toBe('unknown');
  });

  it('refills over time, keeps addresses apart and trusts X-Forwarded-For only when told', () => {
    let now = 0;
    const limits = { burst: 2, perMinute: 60 };
    const limiter = new HttpRateLimiter(
      { lookup: limits, create: limits, join: limits },
      0,
      undefined,
      () => now,
    );
    const admit = (address: string, forwarded?: string) => {
      const { req, res, sent } = fakeExchange('GET', '/api/rooms/ABCDE', address, forwarded);
      return limiter.admit(req, res) ? 'ok' : sent.status;
    };
    expect([admit('1.1.1.1'), admit('1.1.1.1'), admit('1.1.1.1')]).toEqual(['ok', 'ok', 429]);
    // A spoofed header does not help when the proxy is not trusted.
    expect(admit('1.1.1.1', '9.9.9.9')).toBe(429);
    expect(admit('2.2.2.2')).toBe('ok');
    now += 1000;
    expect(admit('1.1.1.1')).toBe('ok');
    expect(admit('1.1.1.1')).toBe(429);
    const proxied = new HttpRateLimiter(
      { lookup: limits, create: limits, join: limits },
      1,
      undefined,
      () => now,
    );
    const viaProxy = (client: string) => {
      const { req, res } = fakeExchange('GET', '/api/rooms/ABCDE', '127.0.0.1', client);
      return proxied.admit(req, res);
    };
    expect([viaProxy('3.3.3.3'), viaProxy('3.3.3.3'), viaProxy('3.3.3.3'), viaProxy('4.4.4.4')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});
