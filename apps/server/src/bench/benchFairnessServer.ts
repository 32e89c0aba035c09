import { randomBytes } from 'node:crypto';
import { Client, type Room as SdkRoom } from '@colyseus/sdk';
import { blindCassowary } from '@cards/rules';
import {
  type BlindCassowaryIntent,
  BlindCassowaryOptionsSchema,
  type BlindCassowaryView,
  type GameUpdate,
  type JoinOptions,
  type Reply,
} from '@cards/schema';
import { createGameServer } from '../app.ts';
import { listenOn } from '../listen.ts';
import { FAIRNESS_WINDOW_MS, MAX_CREDIT_MS } from '../room/fairness.ts';
import { findRoom } from '../room/GameRoom.ts';
import { BlindCassowaryRoom } from '../rooms/blindCassowary.ts';
import { GAME_ROOMS } from '../rooms/index.ts';
import { roundTrips } from '../spreadPings.ts';
import { seededRandom } from './benchStats.ts';
import { delayProxy } from './delayProxy.ts';

/** The Blind Cassowary room with the fairness window off: claims in arrival order (bench, tests). */
export class ArrivalOrderRoom extends BlindCassowaryRoom {
  protected override readonly fairnessWindowMs = 0;
}

const NEAR_MS = 20;
const FAR_MS = 150;
/** Each chunk's one-way delay varies by ±10 %. */
const JITTER = 0.1;
/** Send times of the two claims differ by up to this much (either player first). */
const MAX_GAP_MS = 150;
/** The server referee: a wrong claim is recorded (and ordered) but keeps its cards, so one table serves every race. */
const options = BlindCassowaryOptionsSchema.parse({ referee: 'server' });

interface Player {
  room: SdkRoom;
  view: BlindCassowaryView | null;
  version: number;
}

async function until<T>(check: () => T | null | undefined | false, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`bench fairness: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function player(room: SdkRoom): Player {
  const p: Player = { room, view: null, version: 0 };
  room.onMessage('game', (m: GameUpdate) => {
    p.view = m.view as BlindCassowaryView;
    p.version = m.version;
  });
  for (const type of ['room', 'you', 'notice', 'judging']) room.onMessage(type, () => undefined);
  return p;
}

const join = (name: string, extra: Partial<JoinOptions> = {}): JoinOptions => ({
  name,
  token: randomBytes(12).toString('hex'),
  spectate: false,
  ...extra,
});

/** A claim the server referee refuses ("does not make …"): it is still ordered and recorded. */
function wrongClaim(view: BlindCassowaryView): BlindCassowaryIntent {
  const [a, b] = view.hand.filter((c) => c.rank > 0);
  if (a === undefined || b === undefined) throw new Error('bench fairness: a hand without two plain cards');
  const op = a.rank + b.rank === view.target.value ? '*' : '+';
  return {
    type: 'claim',
    cards: [a.id, b.id],
    expr: { kind: 'op', op, left: { kind: 'leaf', ref: a.id }, right: { kind: 'leaf', ref: b.id } },
    chameleons: [],
  };
}

/** A seed whose deal starts in play with no claim pending. */
function playingSeed(): string {
  for (let i = 0; ; i++) {
    const s = blindCassowary.setup(options, 2, `fair-bench-${i}`);
    const plain = s.hands.every((h) => h.filter((c) => c.rank > 0).length >= 2);
    if (s.phase === 'play' && plain) return `fair-bench-${i}`;
  }
}

interface Tally {
  right: number;
  decided: number;
  farFirstSame: number;
  same: number;
}

/**
 * One table (far player: seat 0, near: seat 1) racing `races` times: each race, both send a claim
 * `gap` ms apart (gap drawn in ±MAX_GAP_MS, a quarter of the races at the very same instant), and the
 * order the server applied them is read from the claims list the near player is sent.
 */
async function raceTable(
  slug: string,
  nearUrl: string,
  farUrl: string,
  races: number,
  random: () => number,
): Promise<Tally & { rtt: (number | null)[] }> {
  const far = player(await new Client(farUrl).create(slug, join('Far', { seed: playingSeed(), options })));
  const near = player(await new Client(nearUrl).joinById(far.room.roomId, join('Near')));
  await sleep(2 * FAR_MS);
  await near.room.request('lobby', { type: 'setReady', ready: true });
  const started = (await far.room.request('lobby', { type: 'start' })) as Reply;
  if (!started.ok) throw new Error(`bench fairness: start refused (${started.error.message})`);
  await until(() => near.view?.phase === 'play' && !near.view.checkingDeal && far.view, 'the deal');
  const room = findRoom(far.room.roomId);
  if (room === undefined) throw new Error('bench fairness: no room');
  await until(() => room.clients.every((c) => roundTrips.of(c.ref) !== null), 'round trips');
  const tally: Tally = { right: 0, decided: 0, farFirstSame: 0, same: 0 };
  for (let k = 0; k < races; k++) {
    const same = k % 4 === 3;
    // gap > 0: the far player sends first.
    const gap = same ? 0 : Math.round((random() * 2 - 1) * MAX_GAP_MS);
    const before = near.view!.claims.length;
    const claim = (p: Player) =>
      p.room.request('intent', { version: p.version, intent: wrongClaim(p.view!) }) as Promise<Reply>;
    const replies = await new Promise<Promise<Reply>[]>((resolve) => {
      const out: Promise<Reply>[] = [];
      const at = (p: Player, ms: number) =>
        setTimeout(() => {
          out.push(claim(p));
          if (out.length === 2) resolve(out);
        }, ms);
      at(far, Math.max(0, -gap));
      at(near, Math.max(0, gap));
    });
    for (const reply of await Promise.all(replies))
      if (!reply.ok) throw new Error(`bench fairness: a claim was refused (${reply.error.message})`);
    const claims = await until(
      () => (near.view!.claims.length >= before + 2 ? near.view!.claims : null),
      'both claims shown',
    );
    const farFirst = claims[before]!.seat === 0;
    if (same) {
      tally.same++;
      if (farFirst) tally.farFirstSame++;
    } else {
      tally.decided++;
      if (farFirst === gap > 0) tally.right++;
    }
  }
  const rtt = room.clients.map((c) => roundTrips.of(c.ref));
  await far.room.leave();
  await near.room.leave();
  return { ...tally, rtt };
}

/**
 * Through the real server: two players behind delay proxies (one way 20 ms and 150 ms, ±10 %), every
 * byte delayed (matchmaking, the WebSocket, the server's pings and their pongs), one table with the
 * fairness window off and one with it on, raced the same seeded way.
 */
export async function benchFairnessServer(port: number, races: number): Promise<void> {
  const server = createGameServer({
    allowTestSeeds: true,
    httpLimits: false,
    rooms: { ...GAME_ROOMS, 'bc-arrival-order': ArrivalOrderRoom },
  });
  await listenOn(server, port, '127.0.0.1');
  const jitter = seededRandom(7);
  const near = await delayProxy(port + 1, port, NEAR_MS, JITTER, jitter);
  const far = await delayProxy(port + 2, port, FAR_MS, JITTER, jitter);
  try {
    console.log(
      `fairness through the server: ${races} races per mode (a quarter at the same instant, the rest up to ±${MAX_GAP_MS} ms apart); ` +
        `one way ${NEAR_MS} ms and ${FAR_MS} ms ±${JITTER * 100} %; credit ≤ ${MAX_CREDIT_MS} ms, window ${FAIRNESS_WINDOW_MS} ms`,
    );
    const results = [];
    for (const [label, slug] of [
      ['window off', 'bc-arrival-order'],
      ['window on ', 'blind-cassowary'],
    ] as const) {
      const t = await raceTable(slug, near.url, far.url, races, seededRandom(18));
      results.push({ label, ...t });
    }
    const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`.padStart(8);
    for (const r of results)
      console.log(
        `  ${r.label}  order right ${pct(r.right, r.decided)} (${r.right}/${r.decided})   ` +
          `same instant: far player first ${pct(r.farFirstSame, r.same)} (${r.farFirstSame}/${r.same})   ` +
          `measured round trips ${r.rtt.map((ms) => (ms === null ? '?' : `${ms.toFixed(0)} ms`)).join(', ')}`,
      );
  } finally {
    await near.close();
    await far.close();
    await server.gracefullyShutdown(false);
  }
}
