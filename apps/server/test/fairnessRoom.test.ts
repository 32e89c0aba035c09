import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ArrivalTiming,
  blindCassowary,
  blindCassowarySearchHand,
  type BlindCassowaryState,
  type Match,
  replay,
} from '@cards/rules';
import {
  type BlindCassowaryIntent,
  type BlindCassowaryOptions,
  BlindCassowaryOptionsSchema,
  type BlindCassowaryView,
  BlindCassowaryViewSchema,
} from '@cards/schema';
import { ArrivalOrderRoom } from '../src/bench/benchFairnessServer.ts';
import { type DelayProxy, delayProxy } from '../src/bench/delayProxy.ts';
import { MAX_CREDIT_MS } from '../src/room/fairness.ts';
import { findRoom } from '../src/room/GameRoom.ts';
import { GAME_ROOMS } from '../src/rooms/index.ts';
import { roundTrips } from '../src/spreadPings.ts';
import { rebuildMatch } from '../src/store/rebuild.ts';
import { databaseFile, SqliteStore } from '../src/store/sqliteStore.ts';
import {
  bootServer,
  joinOptions,
  Players,
  type Probe,
  sleep,
  type TestServer,
  testPort,
  until,
} from './helpers.ts';

const PORT = 41430;
/** Simulated one-way delays: a player next door and one far away (under the credit cap). */
const NEAR_MS = 5;
const FAR_MS = 90;
/** The far player sends this long before the near one; the near claim still arrives first. */
const LEAD_MS = 50;

let server: TestServer;
let near: DelayProxy;
let far: DelayProxy;
let store: SqliteStore;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'card-table-fairness-test-'));
  store = new SqliteStore(databaseFile(dataDir));
  server = await bootServer(PORT, {
    allowTestSeeds: true,
    store,
    rooms: { ...GAME_ROOMS, 'bc-arrival-order': ArrivalOrderRoom },
  });
  near = await delayProxy(testPort(PORT + 1), testPort(PORT), NEAR_MS);
  far = await delayProxy(testPort(PORT + 2), testPort(PORT), FAR_MS);
});
afterAll(async () => {
  await near.close();
  await far.close();
  await server.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type BcMatch = Match<BlindCassowaryOptions, BlindCassowaryState, BlindCassowaryIntent>;
type Claim = Extract<BlindCassowaryIntent, { type: 'claim' }>;

const options = BlindCassowaryOptionsSchema.parse({ referee: 'server' });
const view = (p: Probe): BlindCassowaryView => BlindCassowaryViewSchema.parse(p.game.view);

/** A seed whose deal gives both seats a claim (so neither is refused and both stand, in order). */
function seedWithTwoClaims(): string {
  for (let i = 0; i < 500; i++) {
    const seed = `fair-${i}`;
    const s = blindCassowary.setup(options, 2, seed);
    const found = [0, 1].every(
      (seat) => blindCassowarySearchHand(s.hands[seat]!, s.target.value).kind === 'found',
    );
    if (found && s.phase === 'play' && s.queue.length === 0) return seed;
  }
  throw new Error('no seed found');
}

async function claimOf(p: Probe): Promise<Claim> {
  await until(() => p.games.length > 0 && !view(p).checkingDeal, 'the deal proven', 20_000);
  const v = view(p);
  const proof = blindCassowarySearchHand(v.hand, v.target.value);
  if (proof.kind !== 'found') throw new Error('the seeded hand has no cassowary');
  return { type: 'claim', ...proof.found };
}

/**
 * The far player (seat 0, 90 ms away) claims first; the near one (seat 1, 5 ms away) claims 50 ms
 * later and its claim reaches the server about 35 ms earlier. Returns the seats in the order their
 * claims were applied, and the match.
 */
async function race(
  slug: string,
): Promise<{ order: number[]; match: BcMatch; probes: Probe[]; code: string }> {
  const seed = seedWithTwoClaims();
  const farPlayer = await new Players(far.url).create(slug, joinOptions('Far', { seed, options }));
  const code = farPlayer.room.roomId;
  const nearPlayer = await new Players(near.url).join(code, joinOptions('Near'));
  await farPlayer.waitRoom((r) => r.seats.filter((s) => s.name !== null).length === 2, 'two seated');
  expect(await nearPlayer.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  expect(await farPlayer.lobby({ type: 'start' })).toEqual({ ok: true });
  const farClaim = await claimOf(farPlayer);
  const nearClaim = await claimOf(nearPlayer);
  const room = findRoom(code)!;
  // The server's pings have measured both connections, three times each, so the estimate is a median
  // and one pong slowed by a busy machine does not decide the order (a wait, not a timing assertion).
  await until(
    () => room.clients.every((c) => roundTrips.sampleCount(c.ref) >= 3),
    'round trips measured',
    30_000,
  );
  const first = farPlayer.intent(farClaim);
  await sleep(LEAD_MS);
  const second = nearPlayer.intent(nearClaim);
  expect(await first).toEqual({ ok: true });
  expect(await second).toEqual({ ok: true });
  const match = room.match as BcMatch;
  const order = match.state.claims.map((c) => c.seat);
  const probes = [farPlayer, nearPlayer];
  await until(() => probes.every((p) => view(p).claims.length === 2), 'both claims shown');
  return { order, match, probes, code };
}

describe('Blind Cassowary: claims are ordered by estimated send time', () => {
  it('the player who sent first is reviewed first, though their claim arrived later', async () => {
    const { order, match, probes, code } = await race('blind-cassowary');
    expect(order).toEqual([0, 1]);
    for (const p of probes) expect(view(p).claims.map((c) => c.seat)).toEqual([0, 1]);

    // The log records each claim's receive time, round trip and effective time, in the order applied.
    const claims = match.log.filter((e) => e.intent.type === 'claim');
    expect(claims.map((e) => e.actor)).toEqual([0, 1]);
    const [farEntry, nearEntry] = claims.map((e) => e.timing) as [ArrivalTiming, ArrivalTiming];
    expect(farEntry.receivedAt).toBeGreaterThan(nearEntry.receivedAt);
    expect(farEntry.rttMs).toBeGreaterThan(nearEntry.rttMs!);
    for (const t of [farEntry, nearEntry])
      expect(t.effectiveAt).toBeCloseTo(t.receivedAt - Math.min(MAX_CREDIT_MS, t.rttMs! / 2), 6);
    expect(farEntry.effectiveAt).toBeLessThan(nearEntry.effectiveAt);

    // A replay applies the recorded order: the same claims list. The store keeps the timing too, and
    // the match rebuilt from it after a restart is the live one.
    const again = replay(blindCassowary, match.config, match.players, match.seed, match.log);
    expect(again.state.claims.map((c) => [c.seat, c.formula])).toEqual(
      match.state.claims.map((c) => [c.seat, c.formula]),
    );
    const stored = (await store.openRooms()).find((r) => r.snapshot.code === code)?.match;
    if (stored === undefined || stored === null) throw new Error('the match is not stored');
    expect(stored.log).toEqual(match.log);
    expect(rebuildMatch(blindCassowary, stored).match.state).toEqual(match.state);

    // The table was told "judging…" while the window was open, and that it closed.
    for (const p of probes) expect(p.judging).toEqual([true, false]);
    for (const p of probes) await p.room.leave();
  });

  it('control: with the window off, the claim that arrived first is reviewed first', async () => {
    const { order, match, probes } = await race('bc-arrival-order');
    expect(order).toEqual([1, 0]);
    expect(match.log.some((e) => e.timing !== undefined)).toBe(false);
    for (const p of probes) expect(p.judging).toEqual([]);
    for (const p of probes) await p.room.leave();
  });
});
