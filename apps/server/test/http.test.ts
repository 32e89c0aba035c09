import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import http, { type Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp } from '../src/http.ts';
import { bootServer, joinOptions, Players, testPort, type TestServer } from './helpers.ts';

const PORT = 41103;
const BARE_PORT = testPort(41104);
let server: TestServer;
let bare: HttpServer;
const dist = mkdtempSync(path.join(tmpdir(), 'client-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Card table</title>');
const appJs = 'console.log("app");'.repeat(50);
writeFileSync(path.join(dist, 'assets', 'app-Hash1.js'), appJs);
writeFileSync(path.join(dist, 'assets', 'app-Hash1.js.br'), brotliCompressSync(appJs));
writeFileSync(path.join(dist, 'assets', 'app-Hash1.js.gz'), gzipSync(appJs));

beforeAll(async () => {
  server = await bootServer(PORT, { clientDist: dist });
  const app = express();
  configureHttp(app, path.join(dist, 'missing'));
  await new Promise<void>((resolve) => {
    bare = app.listen(BARE_PORT, '127.0.0.1', () => resolve());
  });
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => bare.close(resolve));
});

const get = (p: string, base = server.url) => fetch(`${base}${p}`);

describe('http routes', () => {
  it('answers the health check with the id of this server process (a client sees a restart by it)', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    // `boot` changes on every server start (a client tells a restart from a dropped connection).
    const body = (await res.json()) as { ok: boolean; boot: string };
    expect(body).toEqual({ ok: true, boot: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(((await (await get('/healthz')).json()) as { boot: string }).boot).toBe(body.boot);
  });

  it('looks rooms up by code and answers 404 JSON for unknown ones', async () => {
    const unknown = await get('/api/rooms/BBBBB');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toHaveProperty('error');
    expect((await get('/api/rooms/not-a-code')).status).toBe(404);
    expect((await get('/api/nothing')).status).toBe(404);
    const host = await new Players(server.url).create('cassino', joinOptions('Ann'));
    const res = await get(`/api/rooms/${host.room.roomId}`);
    expect(await res.json()).toEqual({
      code: host.room.roomId,
      game: 'cassino',
      phase: 'lobby',
      freeSeats: 1,
      players: 1,
      host: ((await (await get('/healthz')).json()) as { boot: string }).boot,
    });
    await host.room.leave();
  });

  it('serves the built client with an SPA fallback', async () => {
    for (const route of ['/', '/r/ABCDE', '/games/cassino']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<title>Card table</title>');
    }
    expect(await (await get('/assets/app-Hash1.js')).text()).toContain('console.log');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/matchmake/anything')).status).toBe(404);
  });

  it('sends the precompressed asset the browser accepts, cached for good; index.html is revalidated', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          // fetch() would decode the body itself; plain http shows what went over the wire.
          http
            .get(`${server.url}/assets/app-Hash1.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject);
        },
      );
    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(appJs);
    expect(br.body.length).toBeLessThan(appJs.length / 4);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect((await raw('gzip')).headers['content-encoding']).toBe('gzip');
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appJs);
    for (const route of ['/', '/index.html', '/r/ABCDE']) {
      expect((await get(route)).headers.get('cache-control'), route).toBe('no-cache');
    }
  });

  it('says how to build the client when it is missing', async () => {
    const res = await get('/', `http://127.0.0.1:${BARE_PORT}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/build/);
    expect((await get('/healthz', `http://127.0.0.1:${BARE_PORT}`)).status).toBe(200);
  });
});
