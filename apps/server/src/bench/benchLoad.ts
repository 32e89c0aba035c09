import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client } from '@colyseus/sdk';
import {
  BARE,
  type BenchConfig,
  type BenchPlayer,
  leave,
  openTables,
  projectTarget,
  type Stats,
} from './benchRoom.ts';
import {
  askChild,
  cpuMsSince,
  loopSummary,
  observeGcStalls,
  type Stall,
  type Summary,
} from './benchStats.ts';

/**
 * The simulated clients of `pnpm bench room` (and its ramp): in this process, or spread over several
 * child processes (`--client-processes N`). One process's garbage collections and timers hold every
 * view it receives, so with all the clients in one process the bench times its own pauses; spread over
 * N, a pause holds a share of them, as a browser's holds only its own tab.
 */
export interface ClientLoad {
  /** Opens `tables` more tables (OPENING_AT_ONCE at a time in each process); those that failed are counted. */
  open(tables: number, spectators: number): Promise<{ failed: number; firstError: string | null }>;
  /** Intents accepted, refusals by code and games finished, since the load began. */
  totals(): Promise<Totals>;
  beginWindow(): Promise<void>;
  endWindow(): Promise<WindowFigures>;
  /** Stops every player and leaves every table (the processes exit). */
  close(): Promise<void>;
}

export interface Totals {
  accepted: number;
  refused: [string, number][];
  games: number;
}

/** What the clients saw in one measured window. */
export interface WindowFigures {
  latencies: number[];
  /** When each latency's intent was sent, ms after the window began (index by index). */
  sentAfter: number[];
  accepted: number;
  /** Event-loop delay: of the one process, or of the process whose p99 was highest. */
  loop: Summary;
  /** CPU time of every client process over the window, ms, and of the busiest one. */
  cpuMs: number;
  busiestCpuMs: number;
  /** Garbage collections of STALL_MS or more, in every client process. */
  stalls: Stall[];
}

/** The clients in this process. */
export class InProcessLoad implements ClientLoad {
  private readonly stats: Stats = { latencies: [], accepted: 0, refused: new Map(), games: 0, sentAt: [] };
  private readonly sdk: Client;
  private readonly players: BenchPlayer[] = [];
  private window: {
    startedAt: number;
    acceptedBefore: number;
    loop: ReturnType<typeof monitorEventLoopDelay>;
    cpuFrom: NodeJS.CpuUsage;
    stalls: Stall[];
    gc: ReturnType<typeof observeGcStalls>;
  } | null = null;

  constructor(
    private readonly config: BenchConfig,
    private readonly bare: boolean,
    port: number,
  ) {
    this.sdk = new Client(`http://127.0.0.1:${port}`);
  }

  async open(tables: number, spectators: number) {
    const target = this.bare ? BARE : projectTarget(this.config.game);
    const opened = await openTables(this.sdk, target, tables, this.config, this.stats, spectators);
    for (const table of opened.tables) this.players.push(...table);
    return {
      failed: opened.failed,
      firstError: opened.firstError === null ? null : String(opened.firstError),
    };
  }

  totals(): Promise<Totals> {
    const { accepted, refused, games } = this.stats;
    return Promise.resolve({ accepted, refused: [...refused], games });
  }

  beginWindow(): Promise<void> {
    this.stats.latencies.length = 0;
    this.stats.sentAt.length = 0;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const stalls: Stall[] = [];
    this.window = {
      startedAt: performance.now(),
      acceptedBefore: this.stats.accepted,
      loop,
      cpuFrom: process.cpuUsage(),
      stalls,
      gc: observeGcStalls(stalls),
    };
    return Promise.resolve();
  }

  async endWindow(): Promise<WindowFigures> {
    const window = this.window;
    if (window === null) throw new Error('no window is open');
    this.window = null;
    window.loop.disable();
    const cpuMs = cpuMsSince(window.cpuFrom);
    // The observer's last entries come in a later turn of the event loop.
    await new Promise((r) => setImmediate(r));
    window.gc.disconnect();
    return {
      latencies: [...this.stats.latencies],
      sentAfter: this.stats.sentAt.map((at) => at - window.startedAt),
      accepted: this.stats.accepted - window.acceptedBefore,
      loop: loopSummary(window.loop),
      cpuMs,
      busiestCpuMs: cpuMs,
      stalls: window.stalls,
    };
  }

  async close(): Promise<void> {
    for (const p of this.players) p.stop();
    await Promise.all(this.players.map(leave));
  }
}

/** What the parent asks a client process (benchLoadProcess.ts), and what it answers. */
export type LoadRequest =
  | { type: 'open'; tables: number; spectators: number }
  | { type: 'totals' }
  | { type: 'begin' }
  | { type: 'end' }
  | { type: 'close' };
export type LoadAnswer =
  | { type: 'open'; failed: number; firstError: string | null }
  | ({ type: 'totals' } & Totals)
  | { type: 'begin' }
  | ({ type: 'end' } & WindowFigures)
  | { type: 'close' };
/** How a client process is started: the load's settings and the server it plays against. */
export interface LoadSetup {
  config: BenchConfig;
  bare: boolean;
  port: number;
}

/** One child process running an InProcessLoad; one request at a time. */
class LoadProcess {
  private constructor(private readonly child: ChildProcess) {}

  static async start(setup: LoadSetup): Promise<LoadProcess> {
    const child = fork(new URL('./benchLoadProcess.ts', import.meta.url), [JSON.stringify(setup)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execArgv: process.execArgv,
    });
    const process_ = new LoadProcess(child);
    // Its first answer says it has started.
    await process_.answer({ type: 'totals' }, 'totals');
    return process_;
  }

  answer<T extends LoadAnswer['type']>(request: LoadRequest, type: T) {
    return askChild<LoadAnswer, T>(this.child, request, type);
  }

  async close(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.answer({ type: 'close' }, 'close');
    this.child.disconnect();
    await exited;
  }
}

/** The clients spread over child processes, table k in process k mod N. */
class ForkedLoad implements ClientLoad {
  private constructor(private readonly children: LoadProcess[]) {}

  static async start(setup: LoadSetup, processes: number): Promise<ForkedLoad> {
    const children = await Promise.all(Array.from({ length: processes }, () => LoadProcess.start(setup)));
    return new ForkedLoad(children);
  }

  async open(tables: number, spectators: number) {
    const n = this.children.length;
    const answers = await Promise.all(
      this.children.map((child, k) =>
        child.answer({ type: 'open', tables: Math.floor((tables + n - 1 - k) / n), spectators }, 'open'),
      ),
    );
    return {
      failed: answers.reduce((sum, a) => sum + a.failed, 0),
      firstError: answers.find((a) => a.firstError !== null)?.firstError ?? null,
    };
  }

  async totals(): Promise<Totals> {
    const all = await Promise.all(this.children.map((child) => child.answer({ type: 'totals' }, 'totals')));
    const refused = new Map<string, number>();
    for (const t of all) for (const [code, n] of t.refused) refused.set(code, (refused.get(code) ?? 0) + n);
    return {
      accepted: all.reduce((sum, t) => sum + t.accepted, 0),
      refused: [...refused],
      games: all.reduce((sum, t) => sum + t.games, 0),
    };
  }

  async beginWindow(): Promise<void> {
    await Promise.all(this.children.map((child) => child.answer({ type: 'begin' }, 'begin')));
  }

  async endWindow(): Promise<WindowFigures> {
    const all = await Promise.all(this.children.map((child) => child.answer({ type: 'end' }, 'end')));
    const worstLoop = all.reduce((worst, w) => (w.loop.p99 > worst.loop.p99 ? w : worst));
    return {
      latencies: all.flatMap((w) => w.latencies),
      sentAfter: all.flatMap((w) => w.sentAfter),
      accepted: all.reduce((sum, w) => sum + w.accepted, 0),
      loop: worstLoop.loop,
      cpuMs: all.reduce((sum, w) => sum + w.cpuMs, 0),
      busiestCpuMs: Math.max(...all.map((w) => w.cpuMs)),
      stalls: all.flatMap((w) => w.stalls),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.children.map((child) => child.close()));
  }
}

/** The bench's clients for one server: in this process, or in `config.clientProcesses` children. */
export function startClientLoad(config: BenchConfig, bare: boolean, port: number): Promise<ClientLoad> {
  if (config.clientProcesses <= 1) return Promise.resolve(new InProcessLoad(config, bare, port));
  return ForkedLoad.start({ config, bare, port }, config.clientProcesses);
}
