import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './helpers.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A real server process (`src/main.ts` under Node with tsx), as `npm start` runs it. */
export class ServerProcess {
  output = '';
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {}

  /** Starts it and waits until it listens and has restored its rooms (main.ts prints "Ready:"). */
  static async start(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ALLOW_TEST_SEEDS: '1', ...env },
      // One process (not the tsx wrapper and its child), so SIGKILL kills the server itself.
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`);
    child.stdout?.on('data', (d: Buffer) => (server.output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (server.output += d.toString()));
    await until(
      () => server.output.includes('Ready:') || child.exitCode !== null,
      'the server to start',
      30_000,
    );
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${server.output}`);
    return server;
  }

  /** SIGKILL: nothing is flushed, nothing is closed. */
  kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGKILL');
    });
  }

  /** The process's boot id (GET /healthz). */
  async boot(): Promise<string> {
    const res = await fetch(`${this.url}/healthz`);
    return ((await res.json()) as { boot: string }).boot;
  }
}
