import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log("app");');

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
  it('answers the health check', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    // `boot` changes on every server start (a client tells a restart from a dropped connection).
    expect(await res.json()).toEqual({ ok: true, boot: expect.stringMatching(/^[0-9a-f]{16}$/) });
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
    });
    await host.room.leave();
  });

  it('serves the built client with an SPA fallback', async () => {
    for (const route of ['/', '/r/ABCDE', '/games/cassino']) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<title>Card table</title>');
    }
    expect(await (await get('/assets/app.js')).text()).toContain('console.log');
    expect((await get('/assets/missing.js')).status).toBe(404);
    expect((await get('/matchmake/anything')).status).toBe(404);
  });

  it('says how to build the client when it is missing', async () => {
    const res = await get('/', `http://127.0.0.1:${BARE_PORT}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/build/);
    expect((await get('/healthz', `http://127.0.0.1:${BARE_PORT}`)).status).toBe(200);
  });
});
