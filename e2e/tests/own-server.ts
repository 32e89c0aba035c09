import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      await untilReady(child, (text) => (output += text));
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

const READY_TIMEOUT_MS = 60_000;

/**
 * Resolves once the server prints 'Ready:'. Fails at once if it exits first, or after 60 s, either
 * way with everything it printed (a port in use, a bad setting…).
 */
function untilReady(child: ChildProcess, record: (text: string) => string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let printed = '';
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`the spec's own server ${why}; it printed:\n${printed}`));
    };
    const timer = setTimeout(
      () => fail(`was not ready within ${READY_TIMEOUT_MS / 1000} s`),
      READY_TIMEOUT_MS,
    );
    const onData = (data: Buffer): void => {
      printed = record(data.toString());
      if (printed.includes('Ready:')) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
      fail(`exited before it was ready (code ${code}, signal ${signal})`);
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}
