import { startClientLoad } from './benchLoad.ts';
import {
  bareDescription,
  bareSwitches,
  type BenchConfig,
  clientsLabel,
  figures,
  loadAverage,
  projectLabel,
  projectSwitches,
  startServer,
  stopServer,
} from './benchRoom.ts';
import { summarise } from './benchStats.ts';

/**
 * `pnpm bench room --ramp`: how many connected clients each server keeps at intent → view p99 ≤ the
 * limit (default 50 ms). Tables (default 4-seat Star Navigator at 2 s pace) are added in steps;
 * after each step the load settles (`--warmup`) and is measured (`--seconds`). A server's ramp stops at
 * the first step over the limit, at the client cap, or at the time limit.
 */
export interface RampConfig {
  /** Tables added per step. */
  stepTables: number;
  /** No step beyond this many connected clients. */
  capClients: number;
  /** Each server's ramp ends after this long (seconds), whatever step it is at. */
  limitSeconds: number;
  /** A step whose intent → view p99 exceeds this (ms) ends the ramp. */
  p99LimitMs: number;
}

/** One measured step of a ramp. */
interface RampStep {
  clients: number;
  tables: number;
  /** Tables of this step that did not open within OPEN_TIMEOUT_MS (left out). */
  failed: number;
  openMs: number;
  intentsPerSecond: number;
  p50: number;
  p99: number;
  serverLoopP99: number;
  /** Server CPU while measuring, % of one core. */
  serverCpu: number;
  /**
   * The bench clients' own event-loop delay p99 (their share of every latency; of their slowest process)
   * and CPU (all their processes, % of one core).
   */
  clientLoopP99: number;
  clientCpu: number;
  load: string;
}

interface RampResult {
  steps: RampStep[];
  /** The most clients a step held within the p99 limit (0: not even the first step). */
  reached: number;
  /** Why the ramp stopped. */
  stop: string;
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

function printStep(step: RampStep): void {
  console.log(
    `  ${String(step.clients).padStart(6)} clients (${step.tables} tables${step.failed > 0 ? `, ${step.failed} did not open` : ''}; ` +
      `step opened in ${(step.openMs / 1000).toFixed(1)} s): ${step.intentsPerSecond.toFixed(0)} intents/s, ` +
      `intent → view p50 ${fmt(step.p50)} ms, p99 ${fmt(step.p99)} ms; server loop p99 ${fmt(step.serverLoopP99)} ms, ` +
      `CPU ${step.serverCpu.toFixed(0)}%; bench clients' loop p99 ${fmt(step.clientLoopP99)} ms, ` +
      `CPU ${step.clientCpu.toFixed(0)}%; ${step.load}`,
  );
}

/** Adds tables step by step to one server until a stop condition; returns every step's figures. */
async function rampOne(config: BenchConfig, ramp: RampConfig, bare: boolean): Promise<RampResult> {
  const port = bare ? config.port + 1 : config.port;
  const server = await startServer(
    port,
    bare ? 'bare' : 'sqlite',
    bare ? bareSwitches(config) : projectSwitches(config),
  );
  const clients = await startClientLoad(config, bare, port);
  const steps: RampStep[] = [];
  const started = performance.now();
  let tables = 0;
  let stop = '';
  try {
    for (;;) {
      const openStart = performance.now();
      const { failed } = await clients.open(ramp.stepTables, 0);
      const openMs = performance.now() - openStart;
      tables += ramp.stepTables - failed;
      await new Promise((r) => setTimeout(r, config.warmup * 1000));
      server.ask({ type: 'measure' });
      await clients.beginWindow();
      const windowStart = performance.now();
      await new Promise((r) => setTimeout(r, config.seconds * 1000));
      const [window, serverFigures] = await Promise.all([clients.endWindow(), figures(server.child)]);
      const windowMs = performance.now() - windowStart;
      const latency = summarise(window.latencies);
      const step: RampStep = {
        clients: tables * config.players,
        tables,
        failed,
        openMs,
        intentsPerSecond: (window.accepted / windowMs) * 1000,
        p50: latency.p50,
        p99: latency.p99,
        serverLoopP99: serverFigures.loop.p99,
        serverCpu: (serverFigures.cpuMs / windowMs) * 100,
        clientLoopP99: window.loop.p99,
        clientCpu: (window.cpuMs / windowMs) * 100,
        load: loadAverage(),
      };
      steps.push(step);
      printStep(step);
      const elapsed = (performance.now() - started) / 1000;
      if (!(step.p99 <= ramp.p99LimitMs)) stop = `p99 over ${ramp.p99LimitMs} ms`;
      else if (step.clients + ramp.stepTables * config.players > ramp.capClients)
        stop = `client cap ${ramp.capClients}`;
      else if (elapsed >= ramp.limitSeconds) stop = `time limit ${ramp.limitSeconds} s`;
      if (stop !== '') break;
    }
  } finally {
    await clients.close();
    await stopServer(server);
  }
  const within = steps.filter((s) => s.p99 <= ramp.p99LimitMs);
  return { steps, reached: within.at(-1)?.clients ?? 0, stop };
}

/**
 * The ramp against the project (SQLite store, on `--port`) and then the bare Colyseus twin (port + 1),
 * and the clients each reached within the p99 limit side by side.
 */
export async function benchRamp(config: BenchConfig, ramp: RampConfig): Promise<void> {
  console.log(
    `room bench --ramp: ${config.game} tables of ${config.players}, pace ${config.pace} ms, ` +
      `${ramp.stepTables} tables (${ramp.stepTables * config.players} clients) a step, each step ` +
      `settling ${config.warmup} s then measured ${config.seconds} s; a server stops at the first step ` +
      `with intent → view p99 over ${ramp.p99LimitMs} ms, at ${ramp.capClients} clients or after ` +
      `${ramp.limitSeconds} s. The bench clients run in ${clientsLabel(config)} and share the machine with the server: ` +
      `when their own loop delay is high the bench measures itself.`,
  );
  const results: { project?: RampResult; bare?: RampResult } = {};
  for (const side of ['project', 'bare'] as const) {
    console.log(
      `--- ${side === 'project' ? projectLabel(config) : `bare: ${bareDescription(config)}`}, ${loadAverage()}`,
    );
    const result = await rampOne(config, ramp, side === 'bare');
    console.log(`  stopped: ${result.stop}; clients at p99 ≤ ${ramp.p99LimitMs} ms: ${result.reached}`);
    results[side] = result;
  }
  const project = results.project?.reached ?? 0;
  const bare = results.bare?.reached ?? 0;
  const capped = (r: RampResult | undefined) => (r?.stop.startsWith('client cap') === true ? ' (cap)' : '');
  console.log(
    `room bench --ramp: connected clients at p99 ≤ ${ramp.p99LimitMs} ms: project ${project}${capped(results.project)}, ` +
      `bare ${bare}${capped(results.bare)}, project ÷ bare ${bare > 0 ? (project / bare).toFixed(2) : '–'}× ` +
      `(goal ≥ 0.9×); ${loadAverage()}`,
  );
}

/** `--ramp` and its bounds, parsed with the rest of `pnpm bench room`'s options. */
export const RAMP_OPTIONS = {
  ramp: { type: 'boolean', default: false },
  'ramp-step': { type: 'string', default: '250' },
  'ramp-cap': { type: 'string', default: '8000' },
  'ramp-limit': { type: 'string', default: '240' },
  'ramp-p99': { type: 'string', default: '50' },
} as const;

export function rampConfig(values: Record<string, unknown>): RampConfig {
  const num = (v: unknown, min: number, max: number) => Math.min(max, Math.max(min, Number(v) || min));
  return {
    stepTables: num(values['ramp-step'], 1, 2000),
    capClients: num(values['ramp-cap'], 1, 12_000),
    limitSeconds: num(values['ramp-limit'], 10, 900),
    p99LimitMs: num(values['ramp-p99'], 1, 10_000),
  };
}
