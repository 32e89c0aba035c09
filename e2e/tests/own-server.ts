import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server of a spec's own (the config's one cannot be killed or given other settings), on
 * `E2E_PORT + offset`, with test seeds allowed and `env` on top (DATA_DIR, RECONNECT_SECONDS,
 * COMPUTER_PACE…). `start()` resolves once it is ready; `kill()` sends SIGKILL and waits for the exit.
 */
export function ownServer(offset: number, env: () => Record<string, string>) {
  const port = Number(process.env.E2E_PORT ?? 2599) + offset;
  let server: ChildProcess | null = null;
  let output = '';
  return {
    /** What the server printed (for a failure message). */
    output: () => output,
    origin: `http://127.0.0.1:${port}`,
    async start(): Promise<void> {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
        cwd: ROOT,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ALLOW_TEST_SEEDS: '1', ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server = child;
      output = '';
      // A worker torn down after a timeout skips afterAll: the server must not outlive it.
      process.once('exit', () => child.kill('SIGKILL'));
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      await expect.poll(() => output.includes('Ready:'), { timeout: 60_000, message: output }).toBe(true);
    },
    async kill(): Promise<void> {
      const child = server;
      server = null;
      if (child === null || child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    },
  };
}
