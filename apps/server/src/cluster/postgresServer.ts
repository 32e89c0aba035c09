import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's PostgreSQL binaries (the newest installed major). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (majors[0] === undefined) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  return path.join(root, majors[0], 'bin');
}

/**
 * A throwaway PostgreSQL server (Debian's) in a temporary directory on 127.0.0.1, trust auth, for tests
 * and benches. As root it runs as the `postgres` user (PostgreSQL refuses to run as root).
 */
export class PostgresServer {
  private constructor(
    private readonly child: ChildProcess,
    private readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(port: number): Promise<PostgresServer> {
    const bin = binDir();
    const dir = mkdtempSync(path.join(tmpdir(), 'card-table-pg-'));
    const asRoot = userInfo().uid === 0;
    const user = asRoot ? (execFileSync('id', ['-u', 'postgres']).toString().trim() as string) : null;
    if (user !== null)
      chownSync(dir, Number(user), Number(execFileSync('id', ['-g', 'postgres']).toString()));
    const run = (command: string, args: string[]) =>
      asRoot
        ? (['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]] as const)
        : ([command, args] as const);
    const data = path.join(dir, 'data');
    const [initCmd, initArgs] = run(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    execFileSync(initCmd, initArgs, { stdio: 'ignore' });
    const [cmd, args] = run(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
    ]);
    const child = spawn(cmd, args, { stdio: 'ignore' });
    const server = new PostgresServer(child, dir, port);
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`postgres exited (${child.exitCode}); is port ${port} free?`);
      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        await client.end();
        return server;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** A fresh database on this server (each test its own). */
  async database(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return this.url.replace(/\/postgres$/, `/${name}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null)
      await new Promise((resolve) => {
        this.child.once('exit', resolve);
        // SIGINT: PostgreSQL's "fast" shutdown.
        this.child.kill('SIGINT');
      });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
