import { createHash } from 'node:crypto';
import type { JoinOptions } from '@cards/schema';
import { TokenBucket } from './rateLimit.ts';

const RATE_BURST = 20;
const RATE_PER_SECOND = 20;

/** One connected tab (player or spectator) of a room. */
export interface Member {
  sessionId: string;
  /** secretHash of the tab's token: the raw token is not kept (see secretHash). */
  tokenHash: string;
  /** secretHash of the browser's secret, if sent. */
  browserHash: string | null;
  name: string;
  bucket: TokenBucket;
  /** Kicked or replaced by another tab: its leave must not touch the seats. */
  departing: boolean;
  /** Its id for spectator actions: stable across reloads (same token), reveals nothing of the token. */
  spectatorId: string;
}

/**
 * What the room keeps (and stores) of a client's secret (its tab token or browser id): a SHA-256 under
 * its own prefix, so a leaked database gives no token, and the hash is unrelated to the spectator id.
 * The secrets are random (at least 16 characters from the client's CSPRNG), so no salt or slow hash is
 * needed: there is nothing to guess.
 */
export function secretHash(secret: string): string {
  return createHash('sha256').update(`card-table-secret:${secret}`).digest('base64url');
}

export function newMember(sessionId: string, auth: JoinOptions): Member {
  return {
    sessionId,
    tokenHash: secretHash(auth.token),
    browserHash: auth.browser === undefined ? null : secretHash(auth.browser),
    name: auth.name,
    bucket: new TokenBucket(RATE_BURST, RATE_PER_SECOND, Date.now()),
    departing: false,
    spectatorId: `s-${createHash('sha256').update(auth.token).digest('hex').slice(0, 16)}`,
  };
}
