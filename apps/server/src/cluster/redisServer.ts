import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';

/** A throwaway redis-server (Debian's) on 127.0.0.1: no persistence; for tests, benches and `pnpm cluster`. */
export class RedisServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(port: number): Promise<RedisServer> {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const failed = new Promise<never>((_, reject) => {
      child.once('error', (error) =>
        reject(new Error(`redis-server could not start (apt-get install -y redis-server): ${error.message}`)),
      );
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}); is port ${port} free?`)));
    });
    const deadline = Date.now() + 10_000;
    while (!(await Promise.race([answers(port), failed]))) {
      if (Date.now() > deadline) throw new Error('redis-server did not start within 10 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    failed.catch(() => undefined);
    return new RedisServer(child, port);
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/** Something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
