import { logger } from '@colyseus/core';
import { Redis } from 'ioredis';
import { BOOT_ID, type CodeLeases } from '../room/codes.ts';

const KEY = (code: string) => `cards:room-lease:${code}`;

/** Takes the lease if nobody holds it (SET NX with an expiry). */
const TAKE = `return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) and 1 or 0`;
/** Extends every lease still held by ARGV[1]; returns the indexes (1-based) of those that were lost. */
const RENEW = `
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]) else table.insert(lost, i) end
end
return lost`;
/** Deletes the lease only if ARGV[1] still holds it. */
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** How long a room code stays held after its process stops renewing it (default 10 s). */
export const DEFAULT_LEASE_MS = 10_000;

/**
 * A process silent for this many lease periods (default 1000 s) is long gone: the sweep deletes its
 * heartbeat once no open room names it (TableStore.forgetStoppedProcesses). Generous, so a process
 * that merely froze for a while keeps its row.
 */
export const FORGET_PROCESS_AFTER_LEASES = 100;

/**
 * Room codes held in Redis with a lease: a process renews its leases every third of the lease time;
 * a process that dies (SIGKILL, a lost machine) stops renewing, its codes fall free after at most
 * `leaseMs`, and another process may restore its rooms from the shared store. A process that finds
 * a lease gone (it was paused longer than the lease, or Redis lost the key) is told (`lost`) and
 * must stop running that room.
 */
export class RedisCodeLeases implements CodeLeases {
  private readonly redis: Redis;
  private readonly held = new Map<string, () => void>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
    this.timer = setInterval(() => void this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  async take(code: string, lost: () => void): Promise<boolean> {
    const taken = (await this.redis.eval(TAKE, 1, KEY(code), BOOT_ID, this.leaseMs)) === 1;
    if (taken) this.held.set(code, lost);
    return taken;
  }

  async release(code: string): Promise<void> {
    this.held.delete(code);
    await this.redis.eval(RELEASE, 1, KEY(code), BOOT_ID);
  }

  holder(code: string): Promise<string | null> {
    return this.redis.get(KEY(code));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.quit();
  }

  private async renew(): Promise<void> {
    const codes = [...this.held.keys()];
    if (codes.length === 0) return;
    try {
      const lost = (await this.redis.eval(
        RENEW,
        codes.length,
        ...codes.map(KEY),
        BOOT_ID,
        this.leaseMs,
      )) as number[];
      for (const index of lost) {
        const code = codes[index - 1] as string;
        const onLost = this.held.get(code);
        this.held.delete(code);
        logger.warn(`room ${code}: this process no longer holds its code; the room stops here`);
        onLost?.();
      }
    } catch (error) {
      // Redis unreachable for a moment: the leases run on until they expire; the next renewal retries.
      logger.error('could not renew room code leases', error);
    }
  }
}
