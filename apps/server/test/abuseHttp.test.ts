import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originAllowed, parseOrigins } from '../src/cors.ts';
import { requestAddress } from '../src/forwarded.ts';
import { MAX_MATCHMAKE_BODY_BYTES } from '../src/httpLimits.ts';
import { bootServer, joinOptions, Players, testPort, type TestServer } from './helpers.ts';

const PORT = 41300;
const FIRST_REQUEST_MS = 400;
const PER_ADDRESS = 6;
let server: TestServer;

beforeAll(async () => {
  server = await bootServer(PORT, {
    httpLimits: {
      lookup: { burst: 100, perMinute: 100 },
      create: { burst: 100, perMinute: 100 },
      join: { burst: 3, perMinute: 1 },
    },
    connectionLimits: { firstRequestMs: FIRST_REQUEST_MS, perAddress: PER_ADDRESS },
    allowedOrigins: ['https://cards.example'],
  });
});
afterAll(async () => {
  await server.close();
});

const port = testPort(PORT);

/** A raw TCP connection: what it received and when it was closed. */
function rawSocket(send?: string) {
  const socket = net.connect(port, '127.0.0.1');
  const seen = { data: '', closedAt: null as number | null, openedAt: Date.now() };
  socket.on('data', (d) => (seen.data += String(d)));
  socket.on('error', () => undefined);
  socket.on('close', () => (seen.closedAt = Date.now()));
  if (send !== undefined) socket.on('connect', () => socket.write(send));
  return { socket, seen };
}

const waitClosed = async (seen: { closedAt: number | null }, ms: number) => {
  const deadline = Date.now() + ms;
  while (seen.closedAt === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return seen.closedAt !== null;
};

describe('matchmaking requests', () => {
  it('refuses a body over the limit from its Content-Length, without reading it', async () => {
    const declared = 100 * 1024 * 1024;
    // Only the headers and 1 KB are sent: the answer must not wait for the other 100 MB.
    const { socket, seen } = rawSocket(
      `POST /matchmake/create/cassino HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n${'x'.repeat(1024)}`,
    );
    expect(await waitClosed(seen, 3000)).toBe(true);
    expect(seen.data).toMatch(/^HTTP\/1\.1 413/);
    socket.destroy();
    const small = await fetch(`${server.url}/matchmake/create/cassino`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...joinOptions('Ann'), pad: 'x'.repeat(MAX_MATCHMAKE_BODY_BYTES) }),
    });
    expect(small.status).toBe(413);
  });

  it('counts every matchmaking POST, unknown methods included, against the join limit', async () => {
    const post = (path: string) => fetch(`${server.url}${path}`, { method: 'POST', body: '{}' });
    const statuses = [];
    for (const path of ['/matchmake/nothing/x', '/matchmake/', '/matchmake/join/cassino', '/matchmake/x'])
      statuses.push((await post(path)).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

describe('connections', () => {
  it('closes a connection that sends nothing, and one that never finishes its headers', async () => {
    const silent = rawSocket();
    const slow = rawSocket('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    expect(await waitClosed(silent.seen, FIRST_REQUEST_MS + 2000)).toBe(true);
    expect((silent.seen.closedAt ?? 0) - silent.seen.openedAt).toBeGreaterThanOrEqual(FIRST_REQUEST_MS - 50);
    // The headers timeout (10 s) is Node's; the first-request idle timer covers the start too.
    expect(await waitClosed(slow.seen, FIRST_REQUEST_MS + 2000)).toBe(true);
  });

  it('keeps a connection that made a request open for keep-alive', async () => {
    const used = rawSocket('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, FIRST_REQUEST_MS + 300));
    expect(used.seen.data).toMatch(/^HTTP\/1\.1 200/);
    expect(used.seen.closedAt).toBeNull();
    used.socket.destroy();
  });

  it('bounds connections per address', async () => {
    const sockets = Array.from({ length: PER_ADDRESS + 2 }, () => rawSocket());
    await new Promise((r) => setTimeout(r, 150));
    const closedEarly = sockets.filter((s) => s.seen.closedAt !== null).length;
    expect(closedEarly).toBe(2);
    for (const s of sockets) s.socket.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe('client address behind proxies', () => {
  const request = (remote: string, forwarded?: string) =>
    ({
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      socket: { remoteAddress: remote },
      connection: { remoteAddress: remote },
    }) as unknown as IncomingMessage;

  it('takes the entry the outermost of N proxies appended, never what the client wrote', () => {
    expect(requestAddress(request('10.0.0.1', '6.6.6.6, 1.2.3.4'), 0)).toBe('10.0.0.1');
    expect(requestAddress(request('10.0.0.1', '6.6.6.6, 1.2.3.4'), 1)).toBe('1.2.3.4');
    expect(requestAddress(request('10.0.0.1', '6.6.6.6, 1.2.3.4, 10.0.0.2'), 2)).toBe('1.2.3.4');
    expect(requestAddress(request('10.0.0.1'), 1)).toBe('10.0.0.1');
  });
});

describe('CORS', () => {
  it('lets the site itself and listed origins read answers, and nobody else', async () => {
    const lookup = (origin: string) =>
      fetch(`${server.url}/api/rooms/BBBBB`, { headers: { origin } }).then((r) =>
        r.headers.get('access-control-allow-origin'),
      );
    expect(await lookup('https://evil.example')).toBeNull();
    expect(await lookup('https://cards.example')).toBe('https://cards.example');
    expect(await lookup(`http://127.0.0.1:${port}`)).toBe(`http://127.0.0.1:${port}`);
    const preflight = await fetch(`${server.url}/matchmake/create/cassino`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('parses ALLOWED_ORIGINS and compares whole origins', () => {
    expect(parseOrigins(' https://a.example/, http://localhost:5173 ,')).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
    const policy = { allowed: ['https://a.example'] };
    expect(originAllowed('https://a.example', 'b.example', policy)).toBe(true);
    expect(originAllowed('https://a.example.evil', 'b.example', policy)).toBe(false);
    expect(originAllowed('http://b.example:8080', 'b.example:8080', policy)).toBe(true);
    expect(originAllowed('null', 'b.example', policy)).toBe(false);
  });

  it('still lets the SDK create and join rooms from Node (no Origin)', async () => {
    const host = await new Players(server.url).create('cassino', joinOptions('Ann'));
    expect(host.room.roomId).toMatch(/^[A-Z]{5}$/);
    await host.room.leave();
  });
});
