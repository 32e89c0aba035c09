import { createHash } from 'node:crypto';
import type { JoinOptions } from '@cards/schema';
import { TokenBucket } from './rateLimit.ts';

const RATE_BURST = 20;
const RATE_PER_SECOND = 20;

/** One connected tab (player or spectator) of a room. */
export interface Member {
  sessionId: string;
  token: string;
  /** The browser's secret, if sent; like the token it never leaves the server. */
  browser: string | null;
  name: string;
  bucket: TokenBucket;
  /** Kicked or replaced by another tab: its leave must not touch the seats. */
  departing: boolean;
  /** Its id for spectator actions: stable across reloads (same token), reveals nothing of the token. */
  spectatorId: string;
}

export function newMember(sessionId: string, auth: JoinOptions): Member {
  return {
    sessionId,
    token: auth.token,
    browser: auth.browser ?? null,
    name: auth.name,
    bucket: new TokenBucket(RATE_BURST, RATE_PER_SECOND, Date.now()),
    departing: false,
    spectatorId: `s-${createHash('sha256').update(auth.token).digest('hex').slice(0, 16)}`,
  };
}
