import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import { type Bot, starNavigatorBot } from '@cards/bots';
import {
  blindCassowary,
  blindCassowaryBestBlind,
  blindCassowarySearchHand,
  type BlindCassowaryState,
  type Match,
  startMatch,
} from '@cards/rules';
import type {
  BlindCassowaryCard,
  GameUpdate,
  JoinOptions,
  Reply,
  RoomInfo,
  StarNavigatorIntent,
  StarNavigatorView,
} from '@cards/schema';
import { defaultPoolSize, runHere, type Transition, WorkerMatchRunner } from '../room/matchRunner.ts';
import { GAME_ROOMS } from '../rooms/index.ts';
import { startClientLoad, type WindowFigures } from './benchLoad.ts';
import { benchRamp, RAMP_OPTIONS, type RampConfig, rampConfig } from './benchRamp.ts';
import {
  askChild,
  BENCH_SWITCHES,
  NODE_FLAGS,
  isNodeFlagSwitch,
  switchSetting,
  type BenchSwitch,
  type ChildMessage,
  type MemoryFigures,
  type ParentMessage,
  type ServerFigures,
  STALL_MS,
  type Summary,
  summarise,
} from './benchStats.ts';

export interface BenchConfig {
  /** Room name (game slug) every table plays. */
  game: string;
  tables: number;
  /** Seated players per table. */
  players: number;
  seconds: number;
  port: number;
  /** Mean ms between two intents of one client (the room allows 20 messages/s per client). */
  pace: number;
  /**
   * Each client's first intent at a random moment of its first pace and each gap drawn uniformly
   * from 0.5–1.5 × pace (at least 60 ms), so clients opened together do not act in step; false: every
   * gap exactly `pace` from the table's start (all tables opened together fire in bursts).
   */
  jitter: boolean;
  /** Seconds the tables play after opening before the measured window (JIT and GC warm-up). */
  warmup: number;
  /** Also run the same load against a bare Colyseus room and print the ratios. */
  bare: boolean;
  /** The bare room's keep-alive pings spread over the interval as the project's are. */
  barePingsSpread: boolean;
  /**
   * What the bare twin relays as the view: 'filler' (a 900-character string) or 'game' (a seat's view
   * of the benched game, sampleView.ts), which the bench's clients decode as they do the project's.
   */
  bareView: 'filler' | 'game';
  /** Idle 4-seat tables opened to measure the server's memory per table (0: skip). */
  memTables: number;
  /** Tables opened, started and closed before that measurement (default: as many as measured). */
  memWarmup: number;
  /** The SQLite store checkpoints inside its commits, as before its checkpointer thread. */
  inlineCheckpoints: boolean;
  /** Run the project with this switch off and on, interleaved, side by side (null: the usual runs). */
  compare: BenchSwitch | null;
  /** `--with <switch>`: the project's server runs with this switch on (--bare, --ramp), else null. */
  withSwitch: BenchSwitch | null;
  /** Rounds of the interleaved runs (`--compare`: 2 unless given; `--bare`: 1 unless given). */
  rounds: number;
  /** Spectators watching each table (they only watch). */
  spectators: number;
  /**
   * The level of the computer player the bench's clients play Star Navigator as (`--navigator`):
   * 'normal' (the default), or 'easy', whose cheaper thinking holds the bench's own event loop less.
   */
  navigator: NavigatorLevel;
  /** `--client-processes N`: the simulated clients spread over N child processes (benchLoad.ts); 1: in this one. */
  clientProcesses: number;
  /** `--ramp`: add tables step by step to find the clients each server holds at p99 ≤ 50 ms (benchRamp.ts). */
  ramp: RampConfig | null;
}

export interface Stats {
  latencies: number[];
  accepted: number;
  refused: Map<string, number>;
  games: number;
  /** When each latency's intent was sent (performance.now()), index by index with `latencies`. */
  sentAt: number[];
}

function readConfig(args: string[]): BenchConfig {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: 'string' },
      tables: { type: 'string', default: '20' },
      players: { type: 'string' },
      seconds: { type: 'string' },
      port: { type: 'string', default: '42567' },
      pace: { type: 'string' },
      phase: { type: 'string', default: 'jittered' },
      warmup: { type: 'string' },
      bare: { type: 'boolean', default: false },
      'bare-pings': { type: 'string', default: 'colyseus' },
      'bare-view': { type: 'string', default: 'filler' },
      'mem-tables': { type: 'string', default: '0' },
      'mem-warmup': { type: 'string' },
      'inline-checkpoints': { type: 'boolean', default: false },
      compare: { type: 'string' },
      with: { type: 'string' },
      rounds: { type: 'string' },
      spectators: { type: 'string', default: '0' },
      navigator: { type: 'string', default: 'normal' },
      'client-processes': { type: 'string', default: '1' },
      ...RAMP_OPTIONS,
    },
  });
  const ramp = values.ramp ? rampConfig(values) : null;
  // The ramp's default load: 4-seat Star Navigator tables, measured 5 s a step.
  const game = values.game ?? (ramp ? 'star-navigator' : 'cassino');
  const players = values.players ?? (ramp ? '4' : '2');
  const seconds = values.seconds ?? (ramp ? '5' : '10');
  // …at human pace (2 s), settling 3 s after each step.
  const pace = values.pace ?? (ramp ? '2000' : '60');
  const warmup = values.warmup ?? (ramp ? '3' : '5');
  const num = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Number(v) || min));
  const compare = values.compare ?? null;
  const withSwitch = values.with ?? null;
  const checks: [string, string | null, readonly string[]][] = [
    ['--compare', compare, BENCH_SWITCHES],
    ['--with', withSwitch, BENCH_SWITCHES],
    ['--bare-view', values['bare-view'], ['filler', 'game']],
    ['--navigator', values.navigator, ['normal', 'easy']],
    ['--game', game, Object.keys(GAME_ROOMS)],
  ];
  for (const [flag, value, choices] of checks)
    if (value !== null && !choices.includes(value))
      throw new Error(`unknown ${flag} ${value}; one of: ${choices.join(', ')}`);
  const memTables =
    values['mem-tables'] === '0' ? (values.bare ? 50 : 0) : num(values['mem-tables'], 1, 1000);
  return {
    game,
    tables: num(values.tables, 1, 2000),
    players: num(players, 2, 8),
    seconds: num(seconds, 1, 60),
    port: num(values.port, 1024, 65535),
    pace: num(pace, 0, 600_000),
    jitter: values.phase !== 'aligned',
    warmup: warmup === '0' ? 0 : num(warmup, 0, 60),
    bare: values.bare,
    barePingsSpread: values['bare-pings'] === 'spread',
    bareView: values['bare-view'] as BenchConfig['bareView'],
    memTables,
    memWarmup: values['mem-warmup'] === undefined ? memTables : num(values['mem-warmup'], 1, 1000),
    inlineCheckpoints: values['inline-checkpoints'],
    compare: compare as BenchSwitch | null,
    withSwitch: withSwitch as BenchSwitch | null,
    // --compare's runs come in pairs (off and on, alternately first); --bare runs once unless asked.
    rounds: num(values.rounds ?? (compare === null ? '1' : '2'), 1, 10),
    spectators: num(values.spectators, 0, 50),
    navigator: values.navigator as NavigatorLevel,
    clientProcesses: num(values['client-processes'], 1, 8),
    ramp,
  };
}

const joinAs = (name: string, spectate = false): JoinOptions => ({
  name,
  token: randomBytes(12).toString('hex'),
  spectate,
});

/**
 * Blind Cassowary lists no claims or blind formulas (they would be solutions), so the bench bot finds
 * its own with the solver, as a quick player would. Cached per hand and target.
 */
const solvedCache = new Map<string, unknown[]>();
function solvedIntents(update: GameUpdate): unknown[] {
  const view = update.view as {
    game?: string;
    phase?: string;
    hand?: BlindCassowaryCard[];
    target?: { value: number };
  };
  if (view.game !== 'blind-cassowary' || !view.hand || !view.target) return [];
  if (view.phase !== 'play' && view.phase !== 'blind') return [];
  const { hand, phase } = view;
  const target = view.target.value;
  const key = `${phase}|${target}|${hand.map((c) => c.id).join(',')}`;
  let found = solvedCache.get(key);
  if (found === undefined) {
    if (phase === 'play') {
      const proof = blindCassowarySearchHand(hand, target);
      found = proof.kind === 'found' ? [{ type: 'claim', ...proof.found }] : [];
    } else {
      const best = blindCassowaryBestBlind(hand, target);
      found = best === null ? [] : [{ type: 'blindSubmit', expr: best.expr, chameleons: best.chameleons }];
    }
    solvedCache.set(key, found);
  }
  return found;
}

type NavigatorLevel = 'normal' | 'easy';

/**
 * How a simulated client acts: the mean gap between its intents, jittered or in step, and the level
 * it plays Star Navigator at.
 */
interface Pace {
  ms: number;
  jitter: boolean;
  navigator: NavigatorLevel;
}
/** The room refuses a client's 21st message within a second: a jittered gap never goes below this. */
const MIN_JITTERED_GAP_MS = 60;
const gap = (pace: Pace) =>
  pace.jitter ? Math.max(MIN_JITTERED_GAP_MS, pace.ms * (0.5 + Math.random())) : pace.ms;
const paceOf = (config: BenchConfig): Pace => ({
  ms: config.pace,
  jitter: config.jitter,
  navigator: config.navigator,
});

/**
 * One simulated player: plays a random legal intent whenever it may act, and times the answer. At a
 * Star Navigator table it plays as the computer player does instead: a random player there only ever
 * re-chooses Vector Sets (a calculation is not listed), so its rounds would never reach a showdown.
 */
export class BenchPlayer {
  private game: GameUpdate | null = null;
  private navigator: Bot<StarNavigatorView, StarNavigatorIntent> | null = null;
  private info: RoomInfo | null = null;
  private you: RoomInfo['you'] = { seat: null, name: '' };
  private pending: { version: number; sentAt: number; viewAt: number | null } | null = null;
  private nextAllowedAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private rematchAsked = 0;
  stopped = false;

  constructor(
    readonly room: SdkRoom,
    private readonly stats: Stats,
    private readonly pace: Pace,
  ) {
    if (pace.jitter) this.nextAllowedAt = performance.now() + Math.random() * pace.ms;
    room.onMessage('game', (g: GameUpdate) => this.onGame(g));
    // The shared room info; this tab's own seat comes apart ('you'), before the room info it goes with.
    room.onMessage('you', (you: RoomInfo['you']) => {
      this.you = you;
    });
    room.onMessage('room', (r: Omit<RoomInfo, 'you'>) => this.onRoom({ ...r, you: this.you }));
    room.onMessage('notice', () => undefined);
  }

  private onGame(update: GameUpdate): void {
    // When several seats may act at once (the Math Card Game cut, turnless Blind Cassowary) another
    // seat's move can bump the version first; the room sends our own view just before our reply, so
    // the last one before an accepting reply is ours.
    if (this.pending && update.version > this.pending.version) this.pending.viewAt = performance.now();
    this.game = update;
    this.schedule(0);
  }

  private onRoom(info: RoomInfo): void {
    const seat = info.you.seat;
    // A rematch is an offer every player accepts; the table's first seat counts the finished game.
    if (info.phase === 'finished' && seat !== null && this.rematchAsked < info.gameNumber && !this.stopped) {
      this.rematchAsked = info.gameNumber;
      if (seat === 0) this.stats.games += 1;
      void this.room.request('lobby', { type: 'rematch' });
    }
    this.info = info;
  }

  private myTurn(): boolean {
    const seat = this.info?.you.seat ?? null;
    return (
      this.game !== null && seat !== null && this.game.actors.includes(seat) && this.game.legal.length > 0
    );
  }

  private schedule(extraDelay: number): void {
    if (this.stopped || this.pending || this.timer || !this.myTurn()) return;
    const delay = Math.max(extraDelay, this.nextAllowedAt - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.act();
    }, delay);
  }

  private async act(): Promise<void> {
    if (this.stopped || this.pending || !this.myTurn() || !this.game) return;
    const { version } = this.game;
    // "Take back stuck" only slows a Blind Cassowary table down.
    const legal = [...this.game.legal, ...solvedIntents(this.game)].filter(
      (i) =>
        !(typeof i === 'object' && i !== null && 'type' in i && i.type === 'stuck' && 'on' in i && !i.on),
    );
    if (legal.length === 0) return;
    const intent = this.navigatorIntent() ?? legal[Math.floor(Math.random() * legal.length)];
    const pending = { version, sentAt: performance.now(), viewAt: null as number | null };
    this.pending = pending;
    this.nextAllowedAt = performance.now() + gap(this.pace);
    const reply = (await this.room.request('intent', { version, intent }).catch(() => null)) as Reply | null;
    this.pending = null;
    if (reply?.ok) {
      this.stats.accepted += 1;
      if (pending.viewAt !== null) {
        this.stats.latencies.push(pending.viewAt - pending.sentAt);
        this.stats.sentAt.push(pending.sentAt);
      }
      this.schedule(0);
      return;
    }
    const code = reply ? reply.error.code : 'NO_REPLY';
    this.stats.refused.set(code, (this.stats.refused.get(code) ?? 0) + 1);
    this.schedule(code === 'RATE_LIMITED' ? 100 : 0);
  }

  /** The Star Navigator computer player's move on this view (null at any other game). */
  private navigatorIntent(): StarNavigatorIntent | null {
    const update = this.game;
    if (update === null || (update.view as { game?: string }).game !== 'star-navigator') return null;
    this.navigator ??= starNavigatorBot({ level: this.pace.navigator, seed: randomBytes(6).toString('hex') });
    const legal = update.legal as StarNavigatorIntent[];
    return this.navigator.decide(update.view as StarNavigatorView, legal)?.intent ?? null;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}

/** What a table is opened on: the project's game room, or the bare twin (bareServer.ts). */
export interface Target {
  room: string;
  options: (name: string, players: number, spectate?: boolean) => object;
}
export const projectTarget = (game: string): Target => ({
  room: game,
  options: (name, _players, spectate) => joinAs(name, spectate),
});
export const BARE: Target = { room: 'bare', options: (_name, players) => ({ players }) };

async function openTable(
  sdk: Client,
  target: Target,
  players: number,
  stats: Stats,
  pace: Pace,
  start = true,
  spectators = 0,
): Promise<BenchPlayer[]> {
  const hostRoom = await sdk.create(target.room, target.options('Host', players));
  const table = [new BenchPlayer(hostRoom, stats, pace)];
  for (let k = 1; k < players; k++) {
    const guestRoom = await sdk.joinById(hostRoom.roomId, target.options(`Guest ${k}`, players));
    table.push(new BenchPlayer(guestRoom, stats, pace));
    await guestRoom.request('lobby', { type: 'setReady', ready: true });
  }
  // Spectators hold no seat, so their players never act: they only receive.
  for (let k = 0; k < spectators; k++) {
    const watcher = await sdk.joinById(hostRoom.roomId, target.options(`Watcher ${k}`, players, true));
    table.push(new BenchPlayer(watcher, stats, pace));
  }
  if (start) await startTable(table);
  return table;
}

async function startTable(table: BenchPlayer[]): Promise<void> {
  const started = (await table[0]?.room.request('lobby', { type: 'start' })) as Reply;
  if (!started.ok) throw new Error(`table did not start: ${started.error.code}`);
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
// An empty summary's NaNs cross the IPC channel as null (JSON): none to print.
const summary = (label: string, v: Summary) =>
  v.n === 0
    ? `  ${label}: none`
    : `  ${label} (n=${v.n}): p50 ${ms(v.p50)}, p99 ${ms(v.p99)}, max ${ms(v.max)}`;

/** The server's CPU time per 1,000 intents accepted while measuring, ms. */
const cpuPerThousand = (run: PooledRun) => (run.server.cpuMs / run.measured) * 1000;
/** The kernel's (system) part of the server's CPU time per 1,000 intents accepted while measuring, ms. */
const systemCpuPerThousand = (run: PooledRun) => (run.server.systemCpuMs / run.measured) * 1000;
/** The server's main-thread CPU time per 1,000 intents accepted while measuring, ms. */
const mainThreadCpuPerThousand = (run: PooledRun) => (run.server.mainThreadCpuMs / run.measured) * 1000;
/** The room handlers' thread CPU time per 1,000 intents accepted while measuring, ms. */
const handlerCpuPerThousand = (run: PooledRun) => (run.server.handlerCpuMs / run.measured) * 1000;

function report(
  config: BenchConfig,
  stats: Stats,
  measured: number,
  elapsedMs: number,
  server: ServerFigures,
): void {
  const refused = [...stats.refused].map(([code, n]) => `${code}=${n}`).join(' ') || 'none';
  const seconds = elapsedMs / 1000;
  console.log(
    `room bench: ${config.tables} ${config.game} tables of ${config.players}, ${seconds.toFixed(1)} s, ` +
      `pace ${config.pace} ms; server in its own process, simulated clients in this one`,
  );
  console.log(`  intents accepted ${stats.accepted}, refused ${refused}, games finished ${stats.games}`);
  console.log(
    `  throughput ${(measured / seconds).toFixed(1)} intents/s while measuring, ` +
      `${(stats.games / seconds).toFixed(2)} finished games/s over ${config.tables} tables`,
  );
  console.log(summary('intent→view latency', summarise(stats.latencies)));
  console.log(
    `  server CPU ${ms(server.cpuMs)} over the run (whole process, user + system; it moves little with the ` +
      `machine's other load)`,
  );
  const worst = Object.entries(server.worst)
    .map(([name, v]) => `${name} ${ms(v)}`)
    .join(', ');
  if (server.handlers.n > 0)
    console.log(`${summary('server: room handler main-thread time', server.handlers)} (${worst})`);
  console.log(summary('server: event-loop delay', server.loop));
  if (server.append !== null) console.log(summary('server: store append (one intent)', server.append));
  if (server.served !== undefined && server.served.n > 0)
    console.log(summary('server: intent handler called → its reply and views sent', server.served));
  const ck = server.checkpoints ?? null;
  if (ck !== null)
    console.log(
      `  server: WAL checkpoints in the checkpointer thread ${ck.checkpoints} (blocking restarts ${ck.restarts}), slowest ${ms(ck.worstMs)}`,
    );
  if (config.game === 'blind-cassowary')
    console.log(
      `  server: slowest rules transition ${ms(server.workerWorstMs)} in a pool of ${server.workers} match ` +
        `workers; ${server.waited} transitions waited for a free worker, the longest ${ms(server.worstWaitMs)}; ` +
        `the bots' own solver calls run in the bench process`,
    );
}

type BcMatch = Match<unknown, BlindCassowaryState, unknown>;
const proveT = (): Transition => ({
  kind: 'seat',
  actor: 0,
  intent: { type: 'prove' },
  version: null,
  now: performance.now(),
});

/**
 * Cross-room delay (blind-cassowary): one room's slow deal proof and another room's claim sent to the
 * match runner at the same moment, with one worker (every room queues behind the proof) and with the
 * default pool. Uses the real worker threads; no server.
 */
async function crossRoomDelay(): Promise<void> {
  const game = blindCassowary;
  // The slowest deal proof among 5–8-player deals under a doubly cursed target (1010–1313, where "no
  // cassowary" is likeliest and costs the full search), timed here first: a warm-up pass, then the
  // best of two.
  const deals = Array.from({ length: 200 }, (_, i) => {
    const match = startMatch(game, game.defaultConfig, 5 + (i % 4), `cross-room-${i}`) as BcMatch;
    const value = [1010, 1111, 1212, 1313][i % 4] as number;
    return { ...match, state: { ...match.state, target: { ...match.state.target, value } } };
  });
  for (const match of deals) runHere(game, match, proveT());
  let slow: { match: BcMatch; ms: number } | null = null;
  for (const match of deals) {
    const took = Math.min(
      ...[0, 1].map(() => {
        const t0 = performance.now();
        runHere(game, match, proveT());
        return performance.now() - t0;
      }),
    );
    if (slow === null || took > slow.ms) slow = { match, ms: took };
  }
  // Another room: a proven 2-player deal and a right claim of seat 0.
  let quick: { match: BcMatch; claim: Transition } | null = null;
  for (let i = 0; quick === null; i++) {
    const dealt = runHere(game, startMatch(game, game.defaultConfig, 2, `cross-quick-${i}`), proveT());
    if (!dealt.ok) continue;
    const state = dealt.value.state as BlindCassowaryState;
    const proof = blindCassowarySearchHand(state.hands[0] ?? [], state.target.value);
    if (state.phase !== 'play' || proof.kind !== 'found') continue;
    const claim = { type: 'claim', ...proof.found };
    quick = {
      match: dealt.value as BcMatch,
      claim: { kind: 'seat', actor: 0, intent: claim, version: null, now: 0 },
    };
  }
  if (slow === null) return;
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? Number.NaN;
  console.log(
    `cross-room delay: one room's deal proof (slowest of 200 5–8-player deals, target 1010–1313: ${ms(slow.ms)} here) ` +
      `and another room's claim submitted together, 7 times each`,
  );
  for (const size of [...new Set([1, defaultPoolSize()])]) {
    const pool = new WorkerMatchRunner(size);
    // Start every worker (module loading takes a moment) before timing.
    await Promise.all(
      Array.from({ length: size }, (_, k) =>
        pool.run(game, startMatch(game, game.defaultConfig, 2, `warm-${k}`), proveT()),
      ),
    );
    const proofMs: number[] = [];
    const claimMs: number[] = [];
    for (let k = 0; k < 7; k++) {
      const t0 = performance.now();
      const a = pool.run(game, slow.match, proveT()).then(() => proofMs.push(performance.now() - t0));
      const b = pool
        .run(game, quick.match, { ...quick.claim, now: t0 })
        .then(() => claimMs.push(performance.now() - t0));
      await Promise.all([a, b]);
    }
    console.log(
      `  ${size} worker${size === 1 ? ' ' : 's'}: the proof took ${ms(median(proofMs))}; the other ` +
        `room's claim was answered after ${ms(median(claimMs))} (median; max ${ms(Math.max(...claimMs))})`,
    );
  }
}

/** Which server a run plays against: the project without a store, with the SQLite store, or bare Colyseus. */
type Variant = 'none' | 'sqlite' | 'bare';

const cpuProfArgs = (variant: string): string[] => {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  // The server writes its marks before V8 writes the profile (which would make the directory).
  mkdirSync(dir, { recursive: true });
  // No --cpu-prof-name: each thread (the room's, the checkpointer's, the match workers') writes its own
  // profile under Node's default name (…<pid>.<tid>.<seq>.cpuprofile; tid 0 is the room's thread).
  // With one name for all of them, the last thread to exit overwrote the others.
  return ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, `${variant}-${Date.now()}`)}`];
};

/** The Node flags of the switches on in this run (`name=1`). */
const nodeFlags = (switches: readonly string[]): string[] =>
  switches.flatMap((setting) => {
    const { name, on } = switchSetting(setting);
    return on && isNodeFlagSwitch(name) ? NODE_FLAGS[name] : [];
  });

/** Runs a server half (benchServer.ts or bareServer.ts) in a child process with the same loader flags (tsx). */
export async function startServer(
  port: number,
  variant: Variant | 'sqlite-inline',
  switches: readonly string[],
): Promise<{ child: ChildProcess; ask(m: ParentMessage): void }> {
  const [file, args] =
    variant === 'bare'
      ? ['./bareServer.ts', [String(port), ...switches]]
      : ['./benchServer.ts', [String(port), variant, switches.join(',')]];
  const child = fork(new URL(file, import.meta.url), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
    execArgv: [
      ...process.execArgv,
      '--expose-gc',
      ...cpuProfArgs(variant),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      ...nodeFlags(switches),
    ],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited early (${code})`)));
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'ready') resolve();
    });
  });
  return { child, ask: (m) => child.send(m) };
}

const memory = (child: ChildProcess): Promise<MemoryFigures> =>
  askChild<ChildMessage, 'memory'>(child, { type: 'memory' } satisfies ParentMessage, 'memory');
export const figures = (child: ChildProcess): Promise<ServerFigures> =>
  askChild<ChildMessage, 'figures'>(child, { type: 'report' } satisfies ParentMessage, 'figures');

/** One server's figures under one load shape. */
interface Run {
  openMs: number;
  /** What the server did while the tables opened (they play as soon as each has started). */
  opening: OpeningFigures;
  accepted: number;
  seconds: number;
  latency: Summary;
  server: ServerFigures;
  /** Bytes per idle 4-seat table (heap after GC), in the lobby and with the game started; NaN if skipped. */
  lobbyBytes: number;
  gameBytes: number;
  stats: Stats;
  /** Intents accepted while the server measured (its CPU time covers the same window). */
  measured: number;
  /**
   * The simulated clients' own processes while measuring (benchLoad.ts): the event-loop delay (a view
   * that arrived waits this long to be timed; of the process whose p99 was highest) and CPU time, ms,
   * of all of them and of the busiest. A high delay means the bench measures itself.
   */
  client: Pick<WindowFigures, 'loop' | 'cpuMs' | 'busiestCpuMs' | 'stalls'>;
  /** Intent → view p99 of the intents sent in each second of the window, ms. */
  perSecond: number[];
  /** Wall-clock ms (Date.now()) when the window began: the server's stalls are placed by it. */
  startedWall: number;
}

/** How many stalls the line lists one by one (the longest); the rest are only counted by kind. */
const LISTED_STALLS = 8;

/**
 * The server's stalls (GC, WAL restarts, handlers that ran long: on a loaded machine mostly the OS
 * running something else) in the window: count and longest by kind, then the longest few as
 * "second: what ms", to set beside the per-second p99s. Likewise the bench clients' own garbage
 * collections: their process times every view it receives, so a view that arrives during one is
 * timed late.
 */
function stallsLine(run: Run, whose: 'server' | 'bench clients'): string {
  const stalls = whose === 'server' ? run.server.stalls : run.client.stalls;
  const inWindow = (stalls ?? [])
    .map((s) => ({ ...s, second: Math.floor((s.at - run.startedWall) / 1000) }))
    .filter((s) => s.second >= 0 && s.second < run.perSecond.length);
  const kinds = new Map<string, { n: number; max: number }>();
  for (const s of inWindow) {
    const k = kinds.get(s.kind) ?? { n: 0, max: 0 };
    kinds.set(s.kind, { n: k.n + 1, max: Math.max(k.max, s.ms) });
  }
  const byKind = [...kinds].map(([kind, k]) => `${kind} ${k.n}× ≤ ${k.max.toFixed(0)} ms`).join(', ');
  const longest = inWindow
    .sort((a, b) => b.ms - a.ms)
    .slice(0, LISTED_STALLS)
    .sort((a, b) => a.at - b.at)
    .map((s) => `${s.second}: ${s.kind} ${s.ms.toFixed(0)}`)
    .join(', ');
  return (
    `  ${whose === 'server' ? 'server stalls' : "bench clients' GC stalls"} ≥ ${STALL_MS} ms in the window: ${byKind || 'none'}` +
    (longest ? `; longest (second: what ms) ${longest}` : '')
  );
}

/** The room handlers' thread CPU per 1,000 intents by handler, largest first. */
function handlerCpuLine(run: Run): string | null {
  const byName = Object.entries(run.server.handlerCpuByName ?? {});
  if (byName.length === 0) return null;
  const listed = byName
    .sort((a, b) => b[1] - a[1])
    .map(([name, cpuMs]) => `${name} ${((cpuMs / run.measured) * 1000).toFixed(1)}`)
    .join(', ');
  return `  room handlers' thread CPU per 1,000 intents by handler, ms: ${listed}`;
}

interface OpeningFigures {
  /** Server CPU time while the tables opened (every thread), ms. */
  cpuMs: number;
  /** Intents the tables that had opened played meanwhile. */
  intents: number;
  /** The server's event-loop delay p99 meanwhile, ms. */
  loopP99: number;
  /** The timed room handlers' thread CPU meanwhile by handler (the start, the store's writes), ms. */
  handlerCpuByName: Record<string, number>;
}

/** The server's figures since the 'measure' sent before opening (intents: all accepted so far). */
async function openingFigures(child: ChildProcess, accepted: number): Promise<OpeningFigures> {
  const server = await figures(child);
  return {
    cpuMs: server.cpuMs,
    intents: accepted,
    loopP99: server.loop.p99,
    handlerCpuByName: server.handlerCpuByName ?? {},
  };
}

/** Intent → view p99 of the intents sent in each whole second after `from`. */
function p99PerSecond(stats: Stats, from: number): number[] {
  const seconds: number[][] = [];
  stats.latencies.forEach((latency, i) => {
    const second = Math.floor(((stats.sentAt[i] ?? from) - from) / 1000);
    (seconds[second] ??= []).push(latency);
  });
  return Array.from(seconds, (values) => summarise(values ?? []).p99);
}

/**
 * Idle 4-seat tables: the server's heap after GC, before (after one warm-up table), in the lobby and
 * once started, per table.
 */
async function measureMemory(
  sdk: Client,
  child: ChildProcess,
  target: Target,
  tables: number,
  warmupTables: number,
): Promise<{ lobbyBytes: number; gameBytes: number }> {
  if (tables === 0) return { lobbyBytes: Number.NaN, gameBytes: Number.NaN };
  const idle: Stats = { latencies: [], accepted: 0, refused: new Map(), games: 0, sentAt: [] };
  // As many tables opened, started and closed first: code compiled and caches filled on first use
  // are not any table's memory. With one warm-up table, V8 was still compiling the functions that
  // became hot while the measured tables opened (baseline and optimised code, bytecode, feedback
  // vectors): 27 KB of the 81 KB per lobby table in a heap-snapshot diff of 50 tables was code.
  const idlePace: Pace = { ms: 0, jitter: false, navigator: 'normal' };
  for (let i = 0; i < warmupTables; i++) {
    const warm = await openTable(sdk, target, 4, idle, idlePace, false);
    for (const p of warm) p.stop();
    await startTable(warm);
    await Promise.all(warm.map(leave));
  }
  await new Promise((r) => setTimeout(r, 300));
  const before = await memory(child);
  const opened: BenchPlayer[][] = [];
  for (let i = 0; i < tables; i++) {
    const table = await openTable(sdk, target, 4, idle, idlePace, false);
    for (const p of table) p.stop();
    opened.push(table);
  }
  const lobby = await memory(child);
  for (const table of opened) await startTable(table);
  await new Promise((r) => setTimeout(r, 500));
  const game = await memory(child);
  await Promise.all(opened.flat().map(leave));
  await new Promise((r) => setTimeout(r, 500));
  return {
    lobbyBytes: (lobby.heapUsed - before.heapUsed) / tables,
    gameBytes: (game.heapUsed - before.heapUsed) / tables,
  };
}

/**
 * Tables opened at once: 1,000 concurrent matchmaking requests overflow the server's listen backlog
 * on a loaded machine (ECONNRESET), while this many keep both servers busy.
 */
const OPENING_AT_ONCE = 100;

/** A table that has not opened after this long is left out (a dropped connection never answers). */
const OPEN_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done after ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Leaves a table's room. The SDK's `leave()` waits for a close that never comes when the server
 * already closed the connection (4002 on a loaded machine): the run used to hang there.
 */
export const leave = (player: BenchPlayer): Promise<unknown> =>
  withTimeout(player.room.leave(), 5000).catch(() => undefined);

/**
 * Opens `count` tables, OPENING_AT_ONCE at a time; a table not open within OPEN_TIMEOUT_MS is left
 * out and counted (with the first such error).
 */
export async function openTables(
  sdk: Client,
  target: Target,
  count: number,
  config: BenchConfig,
  stats: Stats,
  spectators = 0,
): Promise<{ tables: BenchPlayer[][]; failed: number; firstError: unknown }> {
  let failed = 0;
  let firstError: unknown = null;
  const tables = await inBatches(count, OPENING_AT_ONCE, () =>
    withTimeout(
      openTable(sdk, target, config.players, stats, paceOf(config), true, spectators),
      OPEN_TIMEOUT_MS,
    ).catch((error: unknown) => {
      if (failed++ === 0) firstError = error;
      return [];
    }),
  );
  return { tables, failed, firstError };
}

/** Runs `count` tasks, at most `atOnce` at a time, and gives their results in order. */
async function inBatches<T>(count: number, atOnce: number, task: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, count) }, lane));
  return results;
}

setFlagsFromString('--expose-gc');
/** A full garbage collection of this process (the simulated clients'), from a fresh context's `gc`. */
const collectClientGarbage = runInNewContext('gc') as () => void;

/**
 * The heap per idle table (`--mem-tables`), in a server process of its own: the measured tables stay
 * open after their players leave (their seats are kept), and in the load's server they would run
 * their timers and be collected inside its window — the project's, not the bare room's.
 */
async function memoryApart(
  config: BenchConfig,
  target: Target,
  start: () => ReturnType<typeof startServer>,
  port: number,
): Promise<{ lobbyBytes: number; gameBytes: number }> {
  if (config.memTables === 0) return { lobbyBytes: Number.NaN, gameBytes: Number.NaN };
  const server = await start();
  try {
    const sdk = new Client(`http://127.0.0.1:${port}`);
    return await measureMemory(sdk, server.child, target, config.memTables, config.memWarmup);
  } finally {
    await stopServer(server);
  }
}

/** What the bare twin is started with: its pings, and the view it relays (bareServer.ts). */
export const bareSwitches = (config: BenchConfig): string[] => [
  ...(config.barePingsSpread ? ['spread'] : []),
  ...(config.bareView === 'game' ? [`view=${config.game}:${config.players}`] : []),
];

/** What the bare twin relays, for the headers. */
export const bareDescription = (config: BenchConfig): string =>
  (config.bareView === 'game'
    ? `a Colyseus room relaying a ${config.game} seat's view (sampleView.ts) to every client`
    : 'a Colyseus room relaying ~1 KB to every client') +
  (config.barePingsSpread ? " (pings spread as the project's)" : '');

/** Opening the tables (timed) and playing them for `seconds`, against one server (memory apart). */
async function runLoad(
  config: BenchConfig,
  variant: Variant,
  switches: readonly string[] = [],
): Promise<Run> {
  const bare = variant === 'bare';
  const port = bare ? config.port + 1 : config.port;
  const start = () =>
    startServer(
      port,
      variant === 'sqlite' && config.inlineCheckpoints ? 'sqlite-inline' : variant,
      bare ? bareSwitches(config) : switches,
    );
  // Star Navigator seats four; its idle table stands for any 4-seat table of the project.
  const mem = await memoryApart(config, bare ? BARE : projectTarget('star-navigator'), start, port);
  // The last run's clients are collected now, not by a major GC inside this run's window.
  collectClientGarbage();
  const server = await start();
  const clients = await startClientLoad(config, bare, port);
  try {
    server.ask({ type: 'measure' });
    const openStart = performance.now();
    const { failed, firstError } = await clients.open(config.tables, bare ? 0 : config.spectators);
    if (failed > 0) {
      console.log(`  a table did not open: ${firstError}`);
      console.log(`  ${failed} of ${config.tables} tables did not open (left out)`);
    }
    const openMs = performance.now() - openStart;
    const opening = await openingFigures(server.child, (await clients.totals()).accepted);
    await new Promise((r) => setTimeout(r, config.warmup * 1000));
    server.ask({ type: 'measure' });
    await clients.beginWindow();
    const startedAt = performance.now();
    const startedWall = Date.now();
    await new Promise((r) => setTimeout(r, config.seconds * 1000));
    // The server's window closes with the clients' (it opened just before theirs).
    const [window, figures_] = await Promise.all([clients.endWindow(), figures(server.child)]);
    const elapsed = performance.now() - startedAt;
    const totals = await clients.totals();
    const stats: Stats = {
      latencies: window.latencies,
      accepted: totals.accepted,
      refused: new Map(totals.refused),
      games: totals.games,
      sentAt: window.sentAfter.map((after) => startedAt + after),
    };
    const { loop, cpuMs, busiestCpuMs, stalls } = window;
    const client = { loop, cpuMs, busiestCpuMs, stalls };
    const perSecond = p99PerSecond(stats, startedAt);
    return {
      openMs,
      opening,
      accepted: stats.accepted,
      seconds: elapsed / 1000,
      latency: summarise(stats.latencies),
      server: figures_,
      ...mem,
      stats,
      measured: window.accepted,
      client,
      perSecond,
      startedWall,
    };
  } finally {
    await clients.close();
    await stopServer(server);
  }
}

/** Asks a server half to stop and waits until its process has exited. */
export async function stopServer(server: {
  child: ChildProcess;
  ask(m: ParentMessage): void;
}): Promise<void> {
  server.child.removeAllListeners('exit');
  const exited = new Promise((r) => server.child.once('exit', r));
  server.ask({ type: 'stop' });
  await exited;
}

/** The machine's load average (as `uptime` prints it): other processes' load moves the latencies. */
export const loadAverage = () =>
  `load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(', ')}`;

/** The two runs side by side, with project ÷ bare (the issue's goals in brackets). */
function compare(config: BenchConfig, project: PooledRun, bare: PooledRun): void {
  const kb = (b: number) => (Number.isNaN(b) ? '–' : `${(b / 1024).toFixed(1)} KB`);
  const ratio = (a: number, b: number) => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '–');
  const rows: [string, number, number, (v: number) => string, string][] = [
    [
      `open ${config.tables} tables (create + join + start)`,
      project.openMs,
      bare.openMs,
      (v) => `${(v / 1000).toFixed(2)} s`,
      'goal ≤ 2×',
    ],
    [
      '  server CPU while opening, s',
      project.opening.cpuMs,
      bare.opening.cpuMs,
      (v) => `${(v / 1000).toFixed(2)} s`,
      '',
    ],
    [
      '  intents the open tables played meanwhile',
      project.opening.intents,
      bare.opening.intents,
      (v) => v.toFixed(0),
      '',
    ],
    ['  server event-loop delay p99 meanwhile', project.opening.loopP99, bare.opening.loopP99, ms, ''],
    [
      'throughput, intents/s',
      project.measured / project.seconds,
      bare.measured / bare.seconds,
      (v) => v.toFixed(1),
      'goal ≥ 0.8×',
    ],
    [
      'server CPU per 1,000 intents, ms',
      cpuPerThousand(project),
      cpuPerThousand(bare),
      (v) => v.toFixed(1),
      '',
    ],
    [
      '  of it in the kernel (system time), ms',
      systemCpuPerThousand(project),
      systemCpuPerThousand(bare),
      (v) => v.toFixed(1),
      '',
    ],
    [
      '  of it on the main thread, ms',
      mainThreadCpuPerThousand(project),
      mainThreadCpuPerThousand(bare),
      (v) => v.toFixed(1),
      '',
    ],
    ['intent → view p50', project.latency.p50, bare.latency.p50, ms, ''],
    ['intent → view p99', project.latency.p99, bare.latency.p99, ms, 'goal ≤ 1.5× and ≤ 10 ms'],
    ['server event-loop delay p99', project.server.loop.p99, bare.server.loop.p99, ms, ''],
    [
      "bench clients' event-loop delay p99 (part of p99)",
      project.client.loop.p99,
      bare.client.loop.p99,
      ms,
      '',
    ],
    [
      `bench clients' CPU, % of one core (${clientsLabel(config)})`,
      clientCpuShare(project),
      clientCpuShare(bare),
      percent,
      '',
    ],
    [
      `heap per idle 4-seat table, lobby (${config.memTables} tables)`,
      project.lobbyBytes,
      bare.lobbyBytes,
      kb,
      'goal ≤ 64 KB',
    ],
    [
      `heap per idle 4-seat table, in game (${config.memTables} tables)`,
      project.gameBytes,
      bare.gameBytes,
      kb,
      'goal ≤ 64 KB',
    ],
  ];
  console.log(
    `room bench --bare: ${config.tables} tables of ${config.players}, pace ${config.pace} ms, ` +
      `${config.seconds} s each after ${config.warmup} s of warm-up` +
      `${config.rounds > 1 ? `, ${config.rounds} rounds of each pooled` : ''}, ` +
      `${config.jitter ? 'clients jittered' : 'clients in step'}; project = ${config.game}` +
      `${config.game === 'star-navigator' ? ` (the clients play as the ${config.navigator} computer player)` : ''}, ` +
      `bare = ${bareDescription(config)}; the clients in ${clientsLabel(config)}; ${loadAverage()}`,
  );
  console.log(`  ${'measure'.padEnd(52)} ${'project'.padStart(12)} ${'bare'.padStart(12)}  project ÷ bare`);
  for (const [label, a, b, fmt, goal] of rows)
    console.log(
      `  ${label.padEnd(52)} ${fmt(a).padStart(12)} ${fmt(b).padStart(12)}  ${ratio(a, b)} ${goal}`,
    );
  const busiest = Math.max(busiestClientShare(project), busiestClientShare(bare));
  if (busiest >= BUSY_CLIENTS_PERCENT)
    console.log(
      `  a bench client process used ${percent(busiest)} of a core: the clients share it and the machine ` +
        'with the server, so its latency and throughput figures measure the bench as well',
    );
}

/** From this share of a core up, the simulated clients' own work shows in what they measure. */
const BUSY_CLIENTS_PERCENT = 80;
const percent = (v: number) => `${v.toFixed(0)}%`;
/** The simulated clients' CPU over the measured window (all their processes), % of one core. */
const clientCpuShare = (run: PooledRun) => (100 * run.client.cpuMs) / (run.seconds * 1000);
/** The busiest client process's CPU over the window, % of one core. */
const busiestClientShare = (run: PooledRun) => (100 * run.client.busiestCpuMs) / (run.seconds * 1000);
/** Where the simulated clients run, for the headers. */
export const clientsLabel = (config: BenchConfig): string =>
  config.clientProcesses <= 1 ? 'this process' : `${config.clientProcesses} processes`;

/**
 * `--compare <switch>`: the project (SQLite store) with the switch off and on, `rounds` times over
 * (interleaved, off first in odd rounds and on first in even ones, so the machine's other load and the
 * bench's own warm-up fall on both alike: use an even number), each run's figures, then both side
 * by side pooled over the rounds: the opening (time, server CPU, intents played meanwhile), server CPU
 * per 1,000 intents, intent → view p50/p99, throughput. With `--bare`, each round also runs the bare
 * twin after them, and the opening rows give each side's ratio to the bare room of its round.
 */
async function compareSwitch(config: BenchConfig, name: BenchSwitch): Promise<void> {
  const pooled = { off: [] as Run[], on: [] as Run[], bare: [] as Run[] };
  for (let round = 0; round < config.rounds; round++) {
    // Off first in odd rounds, on first in even ones: with off always first, a switch that changed
    // nothing showed 0.90× the server's CPU (DEVELOPERS.md, `--compare same`).
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const side of order) {
      console.log(`--- round ${round + 1}, ${name} ${side}, ${loadAverage()}`);
      const run = await runLoad(config, 'sqlite', [`${name}=${side === 'on' ? 1 : 0}`]);
      reportRun(config, run);
      console.log(openingLine(config, run));
      pooled[side].push(run);
    }
    if (!config.bare) continue;
    console.log(`--- round ${round + 1}, bare Colyseus room, ${loadAverage()}`);
    const bare = await runLoad(config, 'bare');
    reportRun(config, bare);
    console.log(openingLine(config, bare));
    pooled.bare.push(bare);
  }
  const figuresOf = (runs: Run[]) => {
    const run = pooledRun(runs);
    // Each run's opening over the bare room's of its round, averaged (NaN without --bare).
    const toBare = (of: (r: Run) => number) =>
      pooled.bare.length === 0
        ? Number.NaN
        : runs.reduce((total, r, i) => total + of(r) / of(pooled.bare[i] as Run), 0) / runs.length;
    return {
      openS: run.openMs / 1000,
      openToBare: toBare((r) => r.openMs),
      openCpuS: run.opening.cpuMs / 1000,
      openCpuToBare: toBare((r) => r.opening.cpuMs),
      openIntents: run.opening.intents,
      cpu: cpuPerThousand(run),
      systemCpu: systemCpuPerThousand(run),
      handlerCpu: handlerCpuPerThousand(run),
      latency: run.latency,
      rate: run.measured / run.seconds,
    };
  };
  const off = figuresOf(pooled.off);
  const on = figuresOf(pooled.on);
  console.log(
    `--compare ${name}: ${config.tables} ${config.game} tables of ${config.players}` +
      `${config.spectators > 0 ? ` + ${config.spectators} spectators` : ''}, pace ${config.pace} ms, ` +
      `${config.seconds} s a run, ${config.rounds} rounds pooled (SQLite store); ${loadAverage()}`,
  );
  console.log(`  ${'measure'.padEnd(36)} ${'off'.padStart(10)} ${'on'.padStart(10)}  on ÷ off`);
  type Row = [string, number, number, (v: number) => string];
  const times = (v: number) => `${v.toFixed(2)}×`;
  const bareRow = (label: string, a: number, b: number): Row[] => (config.bare ? [[label, a, b, times]] : []);
  const rows: Row[] = [
    [`open ${config.tables} tables, s (mean)`, off.openS, on.openS, (v) => v.toFixed(2)],
    ...bareRow('  ÷ bare of the round (mean)', off.openToBare, on.openToBare),
    ['  server CPU while opening, s', off.openCpuS, on.openCpuS, (v) => v.toFixed(2)],
    ...bareRow('    ÷ bare of the round (mean)', off.openCpuToBare, on.openCpuToBare),
    ['  intents played meanwhile', off.openIntents, on.openIntents, (v) => v.toFixed(0)],
    ['server CPU per 1,000 intents, ms', off.cpu, on.cpu, (v) => v.toFixed(1)],
    ['  of it in the kernel (system time), ms', off.systemCpu, on.systemCpu, (v) => v.toFixed(1)],
    ["  of it room handlers' thread CPU, ms", off.handlerCpu, on.handlerCpu, (v) => v.toFixed(1)],
    ['intent → view p50', off.latency.p50, on.latency.p50, ms],
    ['intent → view p99', off.latency.p99, on.latency.p99, ms],
    ['intents/s while measuring', off.rate, on.rate, (v) => v.toFixed(1)],
  ];
  for (const [label, a, b, fmt] of rows)
    console.log(
      `  ${label.padEnd(36)} ${fmt(a).padStart(10)} ${fmt(b).padStart(10)}  ${(b / a).toFixed(2)}×`,
    );
}

/** What the server did while this run's tables opened. */
const openingLine = (config: BenchConfig, run: Run): string =>
  `  opened ${config.tables} tables in ${(run.openMs / 1000).toFixed(2)} s; server CPU meanwhile ` +
  `${(run.opening.cpuMs / 1000).toFixed(2)} s, ${run.opening.intents} intents played, ` +
  `event-loop delay p99 ${ms(run.opening.loopP99)}` +
  (Object.keys(run.opening.handlerCpuByName).length === 0
    ? ''
    : `; room handlers' thread CPU meanwhile, ms: ${Object.entries(run.opening.handlerCpuByName)
        .sort((a, b) => b[1] - a[1])
        .map(([name, cpuMs]) => `${name} ${cpuMs.toFixed(1)}`)
        .join(', ')}`);

/** One project run's figures as before: latencies, throughput, server figures, idle-table memory. */
function reportRun(config: BenchConfig, run: Run): void {
  report(config, run.stats, run.measured, run.seconds * 1000, run.server);
  console.log(
    `  intent→view p99 per second of the window: ${run.perSecond.map((v) => v.toFixed(0)).join(' ')} ms`,
  );
  console.log(stallsLine(run, 'server'));
  console.log(stallsLine(run, 'bench clients'));
  console.log(
    `${summary(`bench clients (${clientsLabel(config)}): event-loop delay${config.clientProcesses > 1 ? ' of the slowest' : ''}`, run.client.loop)}; ` +
      `CPU ${ms(run.client.cpuMs)} over the window`,
  );
  const handlers = Number.isFinite(run.server.handlerCpuMs)
    ? `; room handlers' thread CPU ${handlerCpuPerThousand(run).toFixed(1)} ms of it`
    : '';
  console.log(
    `  server CPU per 1,000 intents: ${cpuPerThousand(run).toFixed(1)} ms (${run.measured} intents while measuring); ` +
      `in the kernel ${systemCpuPerThousand(run).toFixed(1)} ms of it; on the main thread ` +
      `${mainThreadCpuPerThousand(run).toFixed(1)} ms of it${handlers}`,
  );
  const byHandler = handlerCpuLine(run);
  if (byHandler !== null) console.log(byHandler);
  if (config.memTables > 0)
    console.log(
      `  server heap per idle 4-seat table: ${(run.lobbyBytes / 1024).toFixed(1)} KB in the lobby, ` +
        `${(run.gameBytes / 1024).toFixed(1)} KB in game (${config.memTables} tables)`,
    );
}

/**
 * `--bare`: the project (SQLite store, as `npm start` runs it) and the bare room under the same load,
 * `--rounds` times (default once), the project first in odd rounds and the bare room first in even
 * ones, then side by side with each side's rounds pooled: one second of a 10 s window that another
 * process on this shared machine took moves a single run's p99 (27 to 45 ms against 7.5 ms in the
 * next run, the same server, 30 Nov).
 */
async function projectBesideBare(config: BenchConfig): Promise<void> {
  const runs = { project: [] as Run[], bare: [] as Run[] };
  for (let round = 0; round < config.rounds; round++) {
    const order = round % 2 === 0 ? (['project', 'bare'] as const) : (['bare', 'project'] as const);
    const roundLabel = config.rounds > 1 ? `round ${round + 1}, ` : '';
    for (const side of order) {
      if (side === 'project') {
        console.log(`--- ${roundLabel}${projectLabel(config)}, ${loadAverage()}`);
        runs.project.push(await runLoad(config, 'sqlite', projectSwitches(config)));
      } else {
        console.log(
          `--- ${roundLabel}bare Colyseus room (the same load; heap figures are the bare room's), ${loadAverage()}`,
        );
        runs.bare.push(await runLoad(config, 'bare'));
      }
      reportRun(config, runs[side].at(-1) as Run);
    }
  }
  compare(config, pooledRun(runs.project), pooledRun(runs.bare));
  if (config.rounds > 1) {
    const p99s = (of: Run[]) => of.map((r) => ms(r.latency.p99)).join(', ');
    console.log(`  intent → view p99 of each round: project ${p99s(runs.project)}; bare ${p99s(runs.bare)}`);
  }
}

/** The figures that pool over several runs of one server (a run is one of itself). */
interface PooledRun {
  openMs: number;
  opening: Pick<OpeningFigures, 'cpuMs' | 'intents' | 'loopP99'>;
  seconds: number;
  measured: number;
  latency: Summary;
  server: Pick<ServerFigures, 'cpuMs' | 'systemCpuMs' | 'mainThreadCpuMs' | 'handlerCpuMs'> & {
    loop: Pick<Summary, 'p99'>;
  };
  client: Pick<Run['client'], 'cpuMs' | 'busiestCpuMs'> & { loop: Pick<Summary, 'p99'> };
  lobbyBytes: number;
  gameBytes: number;
}

/**
 * Several runs of one server as one: the intents, seconds, CPU and latencies of their windows pooled;
 * the opening, the memory per table and the event-loop delays' p99 (each over its own run's samples)
 * averaged.
 */
function pooledRun(runs: readonly Run[]): PooledRun {
  const sum = (of: (r: Run) => number) => runs.reduce((total, r) => total + of(r), 0);
  const mean = (of: (r: Run) => number) => sum(of) / runs.length;
  return {
    openMs: mean((r) => r.openMs),
    opening: {
      cpuMs: mean((r) => r.opening.cpuMs),
      intents: mean((r) => r.opening.intents),
      loopP99: mean((r) => r.opening.loopP99),
    },
    seconds: sum((r) => r.seconds),
    measured: sum((r) => r.measured),
    latency: summarise(runs.flatMap((r) => r.stats.latencies)),
    server: {
      cpuMs: sum((r) => r.server.cpuMs),
      systemCpuMs: sum((r) => r.server.systemCpuMs),
      mainThreadCpuMs: sum((r) => r.server.mainThreadCpuMs),
      handlerCpuMs: sum((r) => r.server.handlerCpuMs),
      loop: { p99: mean((r) => r.server.loop.p99) },
    },
    client: {
      cpuMs: sum((r) => r.client.cpuMs),
      busiestCpuMs: sum((r) => r.client.busiestCpuMs),
      loop: { p99: mean((r) => r.client.loop.p99) },
    },
    lobbyBytes: mean((r) => r.lobbyBytes),
    gameBytes: mean((r) => r.gameBytes),
  };
}

/** The switches the project's server runs with in `--bare` and `--ramp` runs (`--with`). */
export const projectSwitches = (config: BenchConfig): string[] =>
  config.withSwitch === null ? [] : [`${config.withSwitch}=1`];

/** The project's server as the runs' headers name it: its store, and the switches it runs with. */
export const projectLabel = (config: BenchConfig): string =>
  `project (SQLite store${projectSwitches(config)
    .map((on) => `; ${on}`)
    .join('')})`;

/**
 * Plays random tables of `--game` (default cassino) against a server in a child process on
 * 127.0.0.1. By default twice over, interleaved (no store, SQLite, no store, SQLite) so that load from
 * elsewhere on the machine falls on both alike, and prints the intent → view p99 of both side by side
 * with the store's append latency. With `--bare`, the project (SQLite store, as `npm start` runs it)
 * and then a bare Colyseus room (on port + 1) under the same load, side by side.
 */
export async function benchRoom(args: string[]): Promise<void> {
  const config = readConfig(args);
  if (config.ramp !== null) return benchRamp(config, config.ramp);
  if (config.compare !== null) return compareSwitch(config, config.compare);
  if (config.game === 'blind-cassowary' && !config.bare) await crossRoomDelay();
  if (config.bare) return projectBesideBare(config);
  const runs: Record<'none' | 'sqlite', Run[]> = { none: [], sqlite: [] };
  for (let round = 0; round < 2; round++)
    for (const store of ['none', 'sqlite'] as const) {
      console.log(
        `--- round ${round + 1}, store: ${store === 'none' ? 'none' : 'SQLite (the default)'}, ${loadAverage()}`,
      );
      const run = await runLoad(config, store);
      reportRun(config, run);
      runs[store].push(run);
    }
  const none = pooledRun(runs.none);
  const sqlite = pooledRun(runs.sqlite);
  const change = ((sqlite.latency.p99 - none.latency.p99) / none.latency.p99) * 100;
  console.log(
    `intent→view p99 side by side (both rounds pooled): without store ${ms(none.latency.p99)}, with SQLite store ` +
      `${ms(sqlite.latency.p99)} (${change >= 0 ? '+' : ''}${change.toFixed(1)}%)`,
  );
  const both = (run: PooledRun) =>
    `${cpuPerThousand(run).toFixed(1)} ms (room handlers ${handlerCpuPerThousand(run).toFixed(1)} ms)`;
  console.log(
    `server CPU per 1,000 intents side by side (both rounds pooled): without store ${both(none)}, ` +
      `with SQLite store ${both(sqlite)}`,
  );
}
