import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Solve from '../../../packages/rules/src/arith/solve.ts';
import type * as Decide from '../../../packages/rules/src/arith/decide.ts';
import {
  blindCassowary,
  blindCassowarySearchHand,
  type BlindCassowaryState,
  type LoggedIntent,
  type Match,
  replay,
  startMatch,
  submitIntent,
  submitSpectatorIntent,
} from '@cards/rules';
import {
  type BlindCassowaryCard,
  type BlindCassowaryIntent,
  BlindCassowaryIntentSchema,
  type BlindCassowaryOptions,
  BlindCassowaryOptionsSchema,
  BlindCassowarySpectatorIntentSchema,
  type BlindCassowaryView,
  BlindCassowaryViewSchema,
  type ExprJsonWire,
  type GameUpdate,
  GameUpdateSchema,
} from '@cards/schema';
import { findRoom } from '../src/room/GameRoom.ts';
import { workerMatchRunner } from '../src/room/matchRunner.ts';
import {
  bootServer,
  joinOptions,
  Players,
  type Probe,
  sleep,
  startTable,
  type TestServer,
  until,
} from './helpers.ts';

/**
 * Every solver call on this (the room's) thread, with its stack: the rules' searches must all run in
 * the match worker threads, whose modules this mock does not reach. The test's own searches (finding
 * claims for its players) are recorded too, and tell the spy works.
 */
const { solverCalls, record } = vi.hoisted(() => {
  const calls: string[] = [];
  const recordCall = (): void => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 80;
    calls.push(new Error('solver call').stack ?? '');
    Error.stackTraceLimit = limit;
  };
  return { solverCalls: calls, record: recordCall };
});
vi.mock('../../../packages/rules/src/arith/solve.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Solve>();
  return {
    ...real,
    canMake: (...args: Parameters<typeof real.canMake>) => {
      record();
      return real.canMake(...args);
    },
    bestNotOver: (...args: Parameters<typeof real.bestNotOver>) => {
      record();
      return real.bestNotOver(...args);
    },
  };
});
vi.mock('../../../packages/rules/src/arith/decide.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Decide>();
  return {
    ...real,
    decideAny: (...args: Parameters<typeof real.decideAny>) => {
      record();
      return real.decideAny(...args);
    },
  };
});

const PORT = 41120;
const GAME = 'blind-cassowary';
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

type BcMatch = Match<BlindCassowaryOptions, BlindCassowaryState, BlindCassowaryIntent>;

const bview = (g: GameUpdate) => g.view as BlindCassowaryView;
const handIds = (p: Probe) => bview(p.game).hand.map((c) => c.id);

/**
 * The first update after the clock's proof of the deal (claims before it are refused CHECKING_DEAL).
 * The proof is the first job of a match worker, which may still be starting (seconds on a loaded
 * machine): a wait, not a timing assertion.
 */
const dealt = (p: Probe): Promise<GameUpdate> =>
  until(
    () => p.games.findLast((u) => bview(u).phase !== 'play' || !bview(u).checkingDeal),
    'the deal proven',
    20_000,
  );

/** The live room's match (the replay log is not sent to clients). */
function matchOf(code: string): BcMatch {
  const room = findRoom(code) as unknown as { match: BcMatch | null } | undefined;
  if (!room?.match) throw new Error(`no match in room ${code}`);
  return room.match;
}

/** The state at every version 0..log.length, spectator entries included. */
function statesOf(match: BcMatch): BlindCassowaryState[] {
  let m: BcMatch = startMatch(blindCassowary, match.config, match.players, match.seed);
  const states = [m.state];
  for (const e of match.log as readonly LoggedIntent<BlindCassowaryIntent>[]) {
    const next =
      e.spectator !== undefined
        ? submitSpectatorIntent(blindCassowary, m, e.spectator, e.intent as never, e.at)
        : submitIntent(
            blindCassowary,
            m,
            e.actor,
            e.intent,
            m.version,
            e.at,
            blindCassowary.isClockIntent?.(e.intent) ?? false,
          );
    if (!next.ok) throw new Error(`replay refused v${m.version}: ${next.error.code}`);
    m = next.value;
    states.push(m.state);
  }
  return states;
}

const opts = (o: Partial<BlindCassowaryOptions> = {}) => BlindCassowaryOptionsSchema.parse(o);

/** A seed whose first deal gives each of the first `seats` seats a claim the solver finds. */
function seedWithClaims(options: BlindCassowaryOptions, seats: number): string {
  for (let i = 0; i < 500; i++) {
    const seed = `bc-room-${i}`;
    const s = blindCassowary.setup(options, 2, seed);
    const ok = Array.from(
      { length: seats },
      (_, seat) => blindCassowarySearchHand(s.hands[seat]!, s.target.value).kind === 'found',
    ).every(Boolean);
    if (ok && s.queue.length === 0 && s.phase === 'play') return seed;
  }
  throw new Error('no seed found');
}

/** Waits for the seat's solver-found claim suggestion (it arrives from the solver worker). */
type ClaimIntent = Extract<BlindCassowaryIntent, { type: 'claim' }>;

/** A correct claim over the probe's own hand, found by the test (the room never suggests one). */
function solvedClaim(p: Probe): ClaimIntent | null {
  const view = BlindCassowaryViewSchema.parse(p.game.view);
  if (view.phase !== 'play' || view.checkingDeal) return null;
  const proof = blindCassowarySearchHand(view.hand, view.target.value);
  return proof.kind === 'found' ? { type: 'claim', ...proof.found } : null;
}

async function suggestedClaim(p: Probe): Promise<ClaimIntent> {
  await dealt(p);
  const claim = solvedClaim(p);
  if (claim === null) throw new Error('the seeded hand has no cassowary');
  return claim;
}

/** A table of three players, started. */
async function startThree(seed: string, options: BlindCassowaryOptions) {
  const host = await players.create(GAME, joinOptions('Host', { seed, options }));
  const code = host.room.roomId;
  const guest = await players.join(code, joinOptions('Guest'));
  const third = await players.join(code, joinOptions('Third'));
  await host.waitRoom((r) => r.seats.filter((s) => s.name !== null).length === 3, 'three seated');
  for (const p of [guest, third])
    expect(await p.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
  return { host, guest, third, code };
}

const leaf = (c: BlindCassowaryCard): ExprJsonWire => ({ kind: 'leaf', ref: c.id });

/** Two plain cards of the hand combined so that the result is not the target. */
function wrongClaim(hand: readonly BlindCassowaryCard[], target: number): BlindCassowaryIntent {
  const plain = hand.filter((c) => c.rank > 0);
  const [a, b] = plain as [BlindCassowaryCard, BlindCassowaryCard];
  const tries: [ExprJsonWire['kind'] extends string ? '+' | '-' | '*' : never, number][] = [
    ['+', a.rank + b.rank],
    ['-', a.rank - b.rank],
    ['*', a.rank * b.rank],
  ];
  const [op] = tries.find(([, v]) => v !== target) ?? tries[0]!;
  return {
    type: 'claim',
    cards: [a.id, b.id],
    expr: { kind: 'op', op, left: leaf(a), right: leaf(b) },
    chameleons: [],
  };
}

/** Every 'game' message passes the schemas, and carries no card of another seat's hidden hand. */
function checkMessages(code: string, probes: { probe: Probe; seat: number | null }[]): void {
  const states = statesOf(matchOf(code));
  for (const { probe, seat } of probes) {
    expect(probe.games.length).toBeGreaterThan(0);
    for (const g of probe.games) {
      GameUpdateSchema.parse(g);
      const view = BlindCassowaryViewSchema.parse(g.view);
      expect(view.viewer).toBe(seat ?? 'spectator');
      for (const intent of g.legal)
        (seat === null ? BlindCassowarySpectatorIntentSchema : BlindCassowaryIntentSchema).parse(intent);
      // The legal list never hands a player a solution: no claim, no blind formula (only the pass).
      for (const intent of g.legal as BlindCassowaryIntent[]) {
        expect(intent.type).not.toBe('claim');
        if (intent.type === 'blindSubmit') expect(intent.expr).toBeNull();
      }
      const state = states[g.version];
      if (state === undefined) throw new Error(`no state for version ${g.version}`);
      const shown = new Set(state.claims.flatMap((c) => c.cards.map((x) => x.id)));
      const raw = JSON.stringify(g);
      state.hands.forEach((hand, other) => {
        // A hand its owner plays open is on the table for everyone (spectators too).
        if (other === seat || (state.openHands[other] === true && !state.preview)) return;
        for (const c of hand) if (!shown.has(c.id)) expect(raw).not.toContain(`"${c.id}"`);
      });
    }
  }
}

describe('Blind Cassowary room', () => {
  it('is registered for 2–8 players', async () => {
    const host = await players.create(GAME, joinOptions('Host'));
    const info = await host.waitRoom(() => true);
    expect(info).toMatchObject({ game: GAME, minPlayers: 2, maxPlayers: 8, phase: 'lobby' });
    await host.room.leave();
  });

  it('accepts two claims 1 ms apart on the same view and reviews them in arrival order', async () => {
    const options = opts();
    const seed = seedWithClaims(options, 2);
    const { host, guest, code } = await startTable(players, GAME, { seed, options });
    const hostClaim = await suggestedClaim(host);
    const guestClaim = await suggestedClaim(guest);
    // The clock proved the deal first (a cassowary exists: nobody drew), as the log's first entry.
    expect(host.game.version).toBe(1);
    expect(guest.game.version).toBe(1);
    expect(matchOf(code).log).toEqual([{ actor: 0, intent: { type: 'prove' }, at: expect.any(Number) }]);
    // Both quote version 1: the second lands after the first bumped the version, and still counts.
    const first = host.intent(hostClaim, 1);
    await sleep(1);
    const second = guest.intent(guestClaim, 1);
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: true });

    const g = await host.waitGame((u) => u.version === 3, 'both claims');
    // The rules ran in the match worker threads, not on the room's event loop.
    expect(workerMatchRunner.mode).toBe('worker');
    const claims = bview(g).claims;
    const log = matchOf(code).log.slice(1);
    // The server orders claims by estimated send time (arrival minus half the measured round trip):
    // the host's claim, sent first, leads unless the guest's round trip credits it more than the gap.
    const order = log.map((e) => e.actor);
    expect([...order].sort()).toEqual([0, 1]);
    const effective = log.map((e) => e.timing!.effectiveAt);
    expect(effective[0]).toBeLessThanOrEqual(effective[1]!);
    const byActor = (seat: number) => log.find((e) => e.actor === seat)!.timing!;
    const hostFirst = byActor(0).effectiveAt <= byActor(1).effectiveAt;
    expect(order[0]).toBe(hostFirst ? 0 : 1);
    expect(claims.map((c) => [c.order, c.seat, c.status])).toEqual([
      [1, order[0], 'review'],
      [2, order[1], 'queued'],
    ]);
    expect(bview(g).current).toBe(claims[0]!.id);
    // The gap is the server's monotonic arrival gap, shown to everyone.
    expect(claims[1]!.gapMs).toBeCloseTo(log[1]!.at - log[0]!.at, 6);
    expect(claims[1]!.gapMs!).toBeGreaterThan(0);
    expect(claims[1]!.gapMs!).toBeLessThan(250);
    expect(claims[1]!.afterSeat).toBe(order[0]);
    expect(claims[1]!.at).toBeCloseTo(log[1]!.at, 6);
    expect(Math.abs(log[0]!.at - Date.now())).toBeLessThan(5000);
    expect(bview(guest.game).claims.map((c) => c.gapMs)).toEqual(claims.map((c) => c.gapMs));

    // Reviewed in order: the other seat approves the first, then the second comes up for review.
    const probe = (seat: number) => (seat === 0 ? host : guest);
    const firstReviewer = probe(order[1]!);
    const secondReviewer = probe(order[0]!);
    expect(await firstReviewer.intent({ type: 'approve', claimId: claims[0]!.id })).toEqual({ ok: true });
    const next = await secondReviewer.waitGame((u) => u.version === 4);
    expect(bview(next).claims.map((c) => c.status)).toEqual(['stood', 'review']);
    expect(bview(next).current).toBe(claims[1]!.id);
    expect(next.legal).toContainEqual({ type: 'approve', claimId: claims[1]!.id });
    expect(await secondReviewer.intent({ type: 'approve', claimId: claims[1]!.id })).toEqual({ ok: true });
    const done = await firstReviewer.waitGame((u) => u.version === 5);
    expect(bview(done).claims.map((c) => c.status)).toEqual(['stood', 'stood']);
    expect(bview(done).nests.map((n) => n.length)).toEqual([1, 1]);
    checkMessages(code, [
      { probe: host, seat: 0 },
      { probe: guest, seat: 1 },
    ]);
  });

  it('still refuses a stale stuck declaration', async () => {
    const options = opts();
    const seed = seedWithClaims(options, 1);
    const { host, guest } = await startTable(players, GAME, { seed, options });
    const claim = await suggestedClaim(host);
    const v = (await dealt(guest)).version;
    expect(await host.intent(claim, v)).toEqual({ ok: true });
    const reply = await guest.intent({ type: 'stuck', on: true }, v);
    expect(reply).toMatchObject({ ok: false, error: { code: 'STALE_VERSION' } });
  });

  it('a challenged wrong claim goes back to the hand, then the table votes', async () => {
    const { host, guest, code } = await startTable(players, GAME, { seed: 'bc-challenge', options: opts() });
    await dealt(host);
    await dealt(guest);
    const before = handIds(host);
    const target = bview(host.game).target.value;
    const wrong = wrongClaim(bview(host.game).hand, target) as Extract<
      BlindCassowaryIntent,
      { type: 'claim' }
    >;
    expect(await host.intent(wrong)).toEqual({ ok: true });
    const review = await guest.waitGame((u) => bview(u).claims.length === 1);
    const id = bview(review).claims[0]!.id;
    expect(bview(review).claims[0]!.checked).toBeNull();
    expect(handIds(host)).toEqual(before.filter((c) => !wrong.cards.includes(c)));
    expect(await guest.intent({ type: 'challenge', claimId: id })).toEqual({ ok: true });
    const voting = await host.waitGame((u) => bview(u).claims[0]?.status === 'voting');
    const c = bview(voting).claims[0]!;
    expect(c).toMatchObject({ checked: false, challengers: [1] });
    expect(c.reason).toEqual(expect.any(String));
    expect([...handIds(host)].sort()).toEqual([...before].sort());
    expect(await guest.intent({ type: 'vote', claimId: id, verdict: 'nefarious' })).toEqual({ ok: true });
    const voted = await host.waitGame((u) => bview(u).claims[0]?.status === 'returned');
    expect(bview(voted).claims[0]!.verdict).toBe('nefarious');
    expect(bview(voted).nefariousCounts).toEqual([1, 0]);
    checkMessages(code, [
      { probe: host, seat: 0 },
      { probe: guest, seat: 1 },
    ]);
  });

  it('table referee: an unchallenged wrong claim stands when the review window runs out', async () => {
    const { host, guest, code } = await startTable(players, GAME, {
      seed: 'bc-expire',
      options: opts({ reviewSeconds: 3 }),
    });
    await dealt(host);
    const wrong = wrongClaim(bview(host.game).hand, bview(host.game).target.value);
    expect(await host.intent(wrong)).toEqual({ ok: true });
    const review = await guest.waitGame((u) => bview(u).claims.length === 1);
    const id = bview(review).claims[0]!.id;
    expect(review.timers).toEqual([{ key: `review-${id}`, seat: 0, remainingMs: expect.any(Number) }]);
    const stood = await until(
      () => guest.games.findLast((u) => bview(u).claims[0]?.status === 'stood'),
      'review window expiry',
      6000,
    );
    expect(bview(stood).nests[0]!.map((n) => n.claimId)).toEqual([id]);
    // Nobody asked, so the server's check stays hidden.
    expect(bview(stood).claims[0]!.checked).toBeNull();
    const log = matchOf(code).log;
    expect(log.map((e) => e.intent.type)).toEqual(['prove', 'claim', 'reviewExpired']);
    expect(log.at(-1)).toMatchObject({ actor: 0, intent: { type: 'reviewExpired', claimId: id } });
    expect(log.at(-1)!.at - log[1]!.at).toBeGreaterThanOrEqual(2900);
  });

  it('server referee: a wrong claim says "does not make N" (never its value), the table sees it, it costs 1', async () => {
    const { host, guest } = await startTable(players, GAME, {
      seed: 'bc-server',
      options: opts({ referee: 'server' }),
    });
    const v = (await dealt(host)).version;
    await dealt(guest);
    const before = handIds(host);
    const wrong = wrongClaim(bview(host.game).hand, bview(host.game).target.value);
    const target = bview(host.game).target.value;
    expect(await host.intent(wrong)).toEqual({ ok: true });
    const seen = bview(await guest.waitGame((u) => u.version > v, 'the wrong claim'));
    expect(seen.claims.at(-1)).toMatchObject({
      seat: 0,
      status: 'returned',
      reason: `does not make ${target}`,
    });
    expect(seen.wrongClaims).toEqual([1, 0]);
    await host.waitGame((u) => u.version > v);
    expect(handIds(host)).toEqual(before);
  });

  it('"I\'m stuck" pressed by three players at once: all three count (no STALE_VERSION)', async () => {
    const { host, guest, third, code } = await startThree('bc-stuck3', opts());
    const all = [host, guest, third];
    for (const p of all) await dealt(p);
    const version = Math.min(...all.map((p) => p.game.version));
    // Each presses the button its own view offers, all quoting the same version, at the same moment.
    const stuck = (p: Probe) => p.game.legal.find((i) => (i as BlindCassowaryIntent).type === 'stuck');
    const replies = await Promise.all(all.map((p) => p.intent(stuck(p), version)));
    expect(replies).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const types = matchOf(code).log.map((e) => e.intent.type);
    expect(types.filter((t) => t === 'stuck')).toHaveLength(3);
  });

  it('a spectator can challenge, with a stable id that is logged and replays', async () => {
    const { host, guest, code } = await startTable(players, GAME, { seed: 'bc-spectator', options: opts() });
    const watcherOptions = joinOptions('Watcher', { spectate: true });
    const watcher = await players.join(code, watcherOptions);
    const first = await watcher.waitGame(() => true);
    expect(first.legal).toEqual([]);
    expect(bview(first).hand).toEqual([]);
    await dealt(host);
    const wrong = wrongClaim(bview(host.game).hand, bview(host.game).target.value);
    expect(await host.intent(wrong)).toEqual({ ok: true });
    const seen = await watcher.waitGame((u) => bview(u).claims.length === 1);
    const id = bview(seen).claims[0]!.id;
    expect(seen.legal).toEqual([{ type: 'challenge', claimId: id }]);
    // Seated-only intents are not spectator intents.
    expect(await watcher.intent({ type: 'approve', claimId: id })).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED' },
    });
    expect(await watcher.intent({ type: 'challenge', claimId: id }, 0)).toEqual({ ok: true });
    const after = await guest.waitGame((u) => bview(u).claims[0]?.status === 'voting');
    expect(bview(after).claims[0]).toMatchObject({
      status: 'voting',
      spectatorChallenges: 1,
      checked: false,
    });
    expect(watcher.game.legal).toEqual([]);
    const match = matchOf(code);
    const entry = match.log.at(-1)!;
    expect(entry).toMatchObject({ actor: -1, intent: { type: 'challenge', claimId: id } });
    expect(entry.spectator).toMatch(/^s-[0-9a-f]{16}$/);
    expect(JSON.stringify(entry)).not.toContain(watcherOptions.token);
    expect(replay(blindCassowary, match.config, match.players, match.seed, match.log).state).toEqual(
      match.state,
    );
    checkMessages(code, [
      { probe: host, seat: 0 },
      { probe: guest, seat: 1 },
      { probe: watcher, seat: null },
    ]);
  });

  it('plays a whole random game of three players and a spectator to the end', async () => {
    const { host, guest, third, code } = await startThree(
      'bc-random',
      opts({ bestInShow: true, reviewSeconds: 3 }),
    );
    const watcher = await players.join(code, joinOptions('Watcher', { spectate: true }));
    const all = [host, guest, third, watcher];
    for (const p of all) await p.waitGame(() => true);

    let accepted = 0;
    const refusals = new Map<string, number>();
    for (let step = 0; step < 4000 && host.info.phase !== 'finished'; step++) {
      const choices = all.flatMap((p) =>
        [...p.game.legal, ...(p === watcher ? [] : [solvedClaim(p)].filter((c) => c !== null))]
          .filter((i) => !((i as BlindCassowaryIntent).type === 'stuck' && !(i as { on: boolean }).on))
          .map((intent) => ({ p, intent, version: p.game.version })),
      );
      if (choices.length === 0) {
        await sleep(20);
        continue;
      }
      const pick = choices[Math.floor(Math.random() * choices.length)]!;
      const reply = await pick.p.intent(pick.intent, pick.version);
      if (reply.ok) {
        accepted++;
        const v = pick.p.game.version;
        await until(() => all.every((p) => p.game.version >= v), 'everyone caught up');
      } else {
        refusals.set(reply.error.code, (refusals.get(reply.error.code) ?? 0) + 1);
        await sleep(reply.error.code === 'RATE_LIMITED' ? 200 : 10);
      }
    }
    expect(host.info.phase).toBe('finished');
    const view = bview(await watcher.waitGame((u) => bview(u).phase === 'over'));
    expect(view.standings).toHaveLength(3);
    expect(view.winners.length).toBeGreaterThan(0);
    expect(accepted).toBeGreaterThan(5);
    // Legal intents are accepted; only a race with a review deadline or the rate limit may refuse one.
    for (const code of refusals.keys())
      expect(['RATE_LIMITED', 'STALE_VERSION', 'NOT_CURRENT', 'NOT_IN_REVIEW', 'WRONG_PHASE']).toContain(
        code,
      );
    const match = matchOf(code);
    expect(replay(blindCassowary, match.config, match.players, match.seed, match.log).state).toEqual(
      match.state,
    );
    checkMessages(code, [
      { probe: host, seat: 0 },
      { probe: guest, seat: 1 },
      { probe: third, seat: 2 },
      { probe: watcher, seat: null },
    ]);

    // A rematch (once every player accepts) deals again; its proof, too, is the clock's first logged
    // intent, run in a worker.
    const games = host.games.length;
    for (const probe of [host, guest, third])
      expect(await probe.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const again = await host.waitGame(
      (u) => host.games.indexOf(u) >= games && u.version === 0,
      'the rematch deal',
    );
    expect(bview(again).checkingDeal).toBe(true);
    expect(again.timers.map((t) => t.key)).toEqual([expect.stringMatching(/^prove-/)]);
    await until(() => host.games.slice(games).find((u) => u.version >= 1), 'the rematch proof');
    expect(matchOf(code).log[0]).toMatchObject({ actor: 0, intent: { type: 'prove' } });
  }, 120_000);

  it("never ran the solver on the room's event loop (start, claims, challenges, rematch)", () => {
    // The spy works: the test's own searches for its players' claims were recorded…
    expect(solverCalls.some((stack) => stack.includes('blindCassowary.test.ts'))).toBe(true);
    // …and none came from the server's code: setup, proofs and challenges all ran in the workers.
    const fromServer = solverCalls.filter((stack) => stack.includes('/apps/server/src/'));
    expect(fromServer).toEqual([]);
  });
});
