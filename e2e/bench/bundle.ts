/**
 * `pnpm bench bundle [--before <git ref>] [--runs N] [--port P]`: builds the client, prints every
 * chunk's raw / gzip / brotli size and what the home page loads, then opens the home page and a
 * Cassino table (as a spectator) in Debian's Chromium with 4× CPU throttling and prints the first
 * contentful paint and the time until the page's content is shown, median of N cold loads.
 * With --before, the same is done for the client of that commit (built once into a temp dir)
 * and printed side by side. Lives with e2e, where Playwright resolves.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM = '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;

interface Options {
  before: string | null;
  runs: number;
  port: number;
}

function parseArgs(args: readonly string[]): Options {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  return {
    before: value('--before') ?? null,
    runs: Number(value('--runs') ?? 5),
    port: Number(value('--port') ?? 50600),
  };
}

// ---------- building ----------

function run(cmd: string, args: string[], cwd: string): void {
  const res = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

function buildClient(repo: string, outDir: string): void {
  run(
    path.join(REPO, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir, '--emptyOutDir'],
    path.join(repo, 'apps/client'),
  );
}

/**
 * The client source of `ref` in a temp dir, built with this checkout's installed packages: each
 * package's node_modules links here, except the workspace's own packages, which link to the old tree.
 */
function checkoutAt(ref: string, dir: string): void {
  const archive = spawnSync('git', ['archive', '--format=tar', ref, 'apps/client', 'packages', 'docs'], {
    cwd: REPO,
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) throw new Error(`git archive ${ref} failed: ${archive.stderr.toString()}`);
  const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  if (untar.status !== 0) throw new Error('tar failed');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'));
  const packages = readdirSync(path.join(dir, 'packages')).map((p) => `packages/${p}`);
  for (const pkg of ['apps/client', ...packages]) {
    const installed = path.join(REPO, pkg, 'node_modules');
    if (!existsSync(installed)) continue;
    const target = path.join(dir, pkg, 'node_modules');
    mkdirSync(target);
    for (const entry of readdirSync(installed)) {
      if (entry === '@cards') {
        mkdirSync(path.join(target, '@cards'));
        for (const own of readdirSync(path.join(installed, '@cards')))
          symlinkSync(path.join(dir, 'packages', own), path.join(target, '@cards', own));
      } else symlinkSync(path.join(installed, entry), path.join(target, entry));
    }
  }
}

// ---------- sizes ----------

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function chunksOf(dist: string): Chunk[] {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => {
      const bytes = readFileSync(path.join(assets, file));
      return {
        file,
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes).length,
      };
    })
    .sort((a, b) => b.raw - a.raw);
}

/** The scripts, module preloads and style sheets index.html names: what every page loads first. */
function initialFiles(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1] ?? '');
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function printSizes(label: string, dist: string): void {
  const chunks = chunksOf(dist);
  const initial = new Set(initialFiles(dist));
  console.log(`\n${label}: chunks (raw / gzip -9 / brotli)${' '.repeat(8)}* = loaded by index.html`);
  for (const c of chunks)
    console.log(
      `  ${initial.has(c.file) ? '*' : ' '} ${c.file.padEnd(44)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(10)} ${kb(c.brotli).padStart(10)}`,
    );
  const sum = (pick: (c: Chunk) => number, only: (c: Chunk) => boolean) =>
    chunks.filter(only).reduce((n, c) => n + pick(c), 0);
  const isInitialJs = (c: Chunk) => initial.has(c.file) && c.file.endsWith('.js');
  const all = () => true;
  console.log(
    `  initial JavaScript: ${kb(sum((c) => c.raw, isInitialJs))} raw, ${kb(sum((c) => c.gzip, isInitialJs))} gzip, ${kb(sum((c) => c.brotli, isInitialJs))} brotli`,
  );
  console.log(`  all chunks:         ${kb(sum((c) => c.raw, all))} raw, ${kb(sum((c) => c.gzip, all))} gzip`);
}

// ---------- first paint ----------

interface Load {
  fcp: number;
  ready: number;
  /** Bytes over the wire for scripts and style sheets (encoded, as the server sent them). */
  wire: number;
}

/** Records when `selector` first appears, on the page's own clock. */
const WATCH_FOR = (selector: string) => `
  new MutationObserver((_, observer) => {
    if (document.querySelector(${JSON.stringify(selector)})) {
      window.__readyAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function coldLoad(browser: Browser, url: string, selector: string, name?: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page: Page = await context.newPage();
  if (name) await page.addInitScript((n) => localStorage.setItem('cards.name', n), name);
  await page.addInitScript(WATCH_FOR(selector));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  let wire = 0;
  const types = new Map<string, string>();
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type === 'Script' || type === 'Stylesheet') wire += e.encodedDataLength;
  });
  await page.goto(url);
  await page.waitForSelector(selector, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const times = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    ready: (window as unknown as { __readyAt: number }).__readyAt,
  }));
  await context.close();
  return { ...times, wire };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A running Cassino game between two browser contexts; returns its room code. */
async function startCassino(browser: Browser, base: string): Promise<string> {
  const join = async (name: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(base);
    await page.getByTestId('name-input').fill(name);
    return page;
  };
  const host = await join('Ana');
  await host.getByTestId('game-card-cassino').click();
  await host.getByTestId('create-room-cassino').click();
  const code = (await host.getByTestId('room-code').innerText()).trim();
  const guest = await join('Ben');
  await guest.getByTestId('join-code-input').fill(code);
  await guest.getByTestId('join-button').click();
  await guest.getByTestId('ready-toggle').click();
  await host.getByTestId('start-game').click();
  await host.getByTestId('table').waitFor();
  return code;
}

interface PaintFigures {
  home: Load;
  table: Load;
}

interface Site {
  label: string;
  base: string;
  code: string;
  home: Load[];
  table: Load[];
  stop: () => Promise<void>;
}

/** A server of this checkout in its own process, serving the given build, with a Cassino game running. */
async function openSite(label: string, dist: string, port: number, browser: Browser): Promise<Site> {
  const server = spawn(
    path.join(REPO, 'node_modules/.bin/tsx'),
    [path.join(REPO, 'apps/server/src/main.ts')],
    {
      // Each server keeps its rooms in memory: two servers on one database would fence each other's rooms.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CLIENT_DIST: dist,
        ALLOW_TEST_SEEDS: '',
        DATA_DIR: ':memory:',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (d: Buffer) => d.toString().includes('listening') && resolve());
    void exited.then((code) => reject(new Error(`server exited (${String(code)})`)));
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    return { label, base, code: await startCassino(browser, base), home: [], table: [], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Loads alternate between the builds, so a machine busy with other work slows both alike. */
async function measurePaint(sites: Site[], runs: number, browser: Browser): Promise<void> {
  for (let i = 0; i < runs; i++)
    for (const site of sites) {
      site.home.push(await coldLoad(browser, `${site.base}/`, '[data-testid="create-room-cassino"]'));
      site.table.push(
        await coldLoad(browser, `${site.base}/r/${site.code}?watch=1`, '[data-testid="table"]', 'Watcher'),
      );
    }
}

function printPaint(sites: Site[], runs: number): void {
  const summary = (loads: Load[]): Load => ({
    fcp: median(loads.map((l) => l.fcp)),
    ready: median(loads.map((l) => l.ready)),
    wire: median(loads.map((l) => l.wire)),
  });
  const rows = sites.map((s): [string, PaintFigures] => [
    s.label,
    { home: summary(s.home), table: summary(s.table) },
  ]);
  console.log(
    `\nChromium, ${CPU_SLOWDOWN}× CPU throttling, loopback network, cold cache, loads alternating between builds; median of ${runs} loads (ms; KB of JS+CSS over the wire)`,
  );
  const head = ['', ...rows.map(([label]) => label)];
  const line = (cells: string[]) =>
    console.log(cells.map((c, i) => (i === 0 ? c.padEnd(34) : c.padStart(16))).join(''));
  line(head);
  const fig = (pick: (p: PaintFigures) => number, fmt: (n: number) => string) =>
    rows.map(([, p]) => fmt(pick(p)));
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  line(['home: first contentful paint', ...fig((p) => p.home.fcp, ms)]);
  line(['home: games listed', ...fig((p) => p.home.ready, ms)]);
  line(['home: JS+CSS on the wire', ...fig((p) => p.home.wire, kb)]);
  line(['table: first contentful paint', ...fig((p) => p.table.fcp, ms)]);
  line(['table: Cassino table shown', ...fig((p) => p.table.ready, ms)]);
  line(['table: JS+CSS on the wire', ...fig((p) => p.table.wire, kb)]);
}

export async function benchBundle(args: readonly string[]): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const opts = parseArgs(args);
  const work = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    const dists: [string, string][] = [];
    if (opts.before) {
      const src = path.join(work, 'before-src');
      mkdirSync(src);
      checkoutAt(opts.before, src);
      buildClient(src, path.join(work, 'before'));
      dists.push([`before (${opts.before})`, path.join(work, 'before')]);
    }
    buildClient(REPO, path.join(work, 'after'));
    dists.push(['this checkout', path.join(work, 'after')]);
    for (const [label, dist] of dists) printSizes(label, dist);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const sites: Site[] = [];
    try {
      for (const [i, [label, dist]] of dists.entries())
        sites.push(await openSite(label.slice(0, 15), dist, opts.port + i, browser));
      await measurePaint(sites, opts.runs, browser);
      printPaint(sites, opts.runs);
    } finally {
      for (const site of sites) await site.stop();
      await browser.close();
    }
  } finally {
    if (statSync(work).isDirectory()) rmSync(work, { recursive: true, force: true });
  }
}
