import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LoggedIntent,
  type Match,
  mathCardGame,
  type MathCardGameState,
  startMatch,
  submitIntent,
} from '@cards/rules';
import {
  type GameUpdate,
  GameUpdateSchema,
  type MathCardGameIntent,
  MathCardGameIntentSchema,
  type MathCardGameView,
  MathCardGameViewSchema,
} from '@cards/schema';
import { findRoom } from '../src/room/GameRoom.ts';
import {
  bootServer,
  joinOptions,
  Players,
  type Probe,
  sleep,
  startTable,
  type TestServer,
} from './helpers.ts';

const PORT = 41111;
const GAME = 'math-card-game';
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

type MathMatch = Match<unknown, MathCardGameState, MathCardGameIntent>;

const mview = (g: GameUpdate) => g.view as MathCardGameView;
const handIds = (g: GameUpdate) => mview(g).hand.map((c) => c.id);
const seatOf = (p: Probe) => p.info.you.seat ?? -1;

/** The live room's match (the replay log is not sent to clients). */
function matchOf(code: string): MathMatch {
  const room = findRoom(code) as unknown as { match: MathMatch | null } | undefined;
  if (!room?.match) throw new Error(`no match in room ${code}`);
  return room.match;
}

/** Replays a log through the rules: the state at every version 0..log.length. */
function statesOf(match: MathMatch): MathCardGameState[] {
  let m = startMatch(mathCardGame, match.config as never, match.players, match.seed);
  const states = [m.state];
  for (const entry of match.log as readonly LoggedIntent<MathCardGameIntent>[]) {
    const next = submitIntent(mathCardGame, m, entry.actor, entry.intent, m.version, entry.at);
    if (!next.ok) throw new Error(`replay refused v${m.version}: ${next.error.code}`);
    m = next.value;
    states.push(m.state);
  }
  return states;
}

/** Both seats cut explicitly at once (the cut phase takes simultaneous intents). */
async function cutBoth(host: Probe, guest: Probe, positions: [number, number]): Promise<void> {
  expect(await host.intent({ type: 'cut', position: positions[0] })).toEqual({ ok: true });
  await guest.waitGame((g) => g.version === 1);
  expect(await guest.intent({ type: 'cut', position: positions[1] })).toEqual({ ok: true });
  await host.waitGame((g) => g.version === 2 && mview(g).phase === 'play', 'play phase');
  await guest.waitGame((g) => g.version === 2, 'guest play phase');
}

interface PlayoutStats {
  moves: number;
  mustPlayMore: { code: string; message: string; context?: unknown; expected: string } | null;
}

/**
 * Plays random legal intents until the room reports the game finished. The first time a turn could
 * play cards, it first sends the same turn with one play fewer and records the refusal.
 */
async function playOut(code: string, seats: Probe[], maxMoves = 400): Promise<PlayoutStats> {
  const stats: PlayoutStats = { moves: 0, mustPlayMore: null };
  while (seats[0]!.info.phase === 'playing' && stats.moves < maxMoves) {
    const actor = seats.find((p) => p.game.legal.length > 0 && p.game.actors.includes(seatOf(p)));
    if (!actor) {
      await sleep(5);
      continue;
    }
    const { version, legal } = actor.game;
    const intent = legal[Math.floor(Math.random() * legal.length)] as MathCardGameIntent;
    if (stats.mustPlayMore === null && intent.type === 'turn' && intent.plays.length > 0) {
      const fewer: MathCardGameIntent = { ...intent, plays: intent.plays.slice(0, -1) };
      const expected = mathCardGame.apply(matchOf(code).state, seatOf(actor), fewer, 0);
      let reply = await actor.intent(fewer, version);
      while (!reply.ok && reply.error.code === 'RATE_LIMITED') {
        await sleep(100);
        reply = await actor.intent(fewer, version);
      }
      if (reply.ok || expected.ok) throw new Error('a turn with one play fewer was accepted');
      stats.mustPlayMore = { ...reply.error, expected: expected.error.message };
      expect(reply.error.context).toEqual(expected.error.context);
    }
    const reply = await actor.intent(intent, version);
    if (!reply.ok && reply.error.code === 'RATE_LIMITED') {
      await sleep(100);
      continue;
    }
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    await actor.waitGame((g) => g.version > version, 'next version');
    stats.moves += 1;
  }
  await seats[0]!.waitRoom((r) => r.phase === 'finished', 'finished');
  return stats;
}

/** No card in `owner`'s hand at version v appears anywhere in `other`'s messages for version v. */
function assertNoHandLeak(owner: Probe, other: Probe): number {
  const hands = new Map(owner.games.map((g) => [g.version, handIds(g)]));
  let checked = 0;
  for (const g of other.games) {
    const text = JSON.stringify(g);
    for (const id of hands.get(g.version) ?? []) {
      expect(text, `card ${id} leaked at v${g.version}`).not.toContain(`"${id}"`);
      checked += 1;
    }
  }
  return checked;
}

/** No pile card and no card of another seat's hand at version v appears in a message for version v. */
function assertNothingHidden(states: MathCardGameState[], probe: Probe): void {
  const viewer = probe.info.you.seat;
  for (const g of probe.games) {
    const state = states[g.version];
    if (!state) throw new Error(`no state for v${g.version}`);
    const hidden = [...state.piles.flat(), ...state.hands.flatMap((h, s) => (s === viewer ? [] : h))];
    const text = JSON.stringify(g);
    for (const id of hidden)
      expect(text, `${id} shown to ${viewer} at v${g.version}`).not.toContain(`"${id}"`);
  }
}

describe('math card game room', () => {
  it('is registered under its slug and starts in the cut phase with a timer per cutter', async () => {
    const { host, guest } = await startTable(players, GAME, { seed: 'mcg-start' });
    for (const p of [host, guest]) {
      const g = GameUpdateSchema.parse(p.game);
      const view = MathCardGameViewSchema.parse(g.view);
      expect(view).toMatchObject({ phase: 'cut', cutters: [0, 1], viewer: seatOf(p), hand: [] });
      expect(g.actors).toEqual([0, 1]);
      expect(g.legal).toHaveLength(35);
      expect(g.legal[0]).toEqual({ type: 'cut', position: null });
      expect(g.timers.map((t) => [t.key, t.seat])).toEqual([
        ['cut-0', 0],
        ['cut-1', 1],
      ]);
      expect(g.timers.every((t) => t.remainingMs > 9000 && t.remainingMs <= 10_000)).toBe(true);
    }
    expect(host.info.options).toEqual({ cutTimeoutSeconds: 10 });
  });

  it('deals the same hands for the same seed and cuts', async () => {
    const a = await startTable(players, GAME, { seed: 'mcg-1' });
    const b = await startTable(players, GAME, { seed: 'mcg-1' });
    const c = await startTable(players, GAME, { seed: 'mcg-2' });
    for (const t of [a, b, c]) await cutBoth(t.host, t.guest, [5, 20]);
    expect(handIds(a.host.game)).toHaveLength(6);
    expect(handIds(a.host.game).every((id) => id.startsWith('r-'))).toBe(true);
    expect(handIds(a.guest.game).every((id) => id.startsWith('b-'))).toBe(true);
    expect(handIds(a.host.game)).toEqual(handIds(b.host.game));
    expect(handIds(a.guest.game)).toEqual(handIds(b.guest.game));
    expect(handIds(a.host.game)).not.toEqual(handIds(c.host.game));
  });

  it('cuts at random for a seat that lets the timeout pass; the other seat cut explicitly', async () => {
    const { host, guest, code } = await startTable(players, GAME, {
      seed: 'mcg-timeout',
      options: { cutTimeoutSeconds: 1 },
    });
    expect(host.info.options).toEqual({ cutTimeoutSeconds: 1 });
    await sleep(300);
    // The guest (blue) cuts red's deck; red never answers.
    expect(await guest.intent({ type: 'cut', position: 7 })).toEqual({ ok: true });
    const afterGuest = await host.waitGame((g) => g.version === 1);
    expect(mview(afterGuest).cutters).toEqual([0]);
    expect(afterGuest.legal).toHaveLength(35);
    expect(afterGuest.timers).toHaveLength(1);
    // Red's deadline kept running from the start: it was not restarted by the guest's cut.
    expect(afterGuest.timers[0]).toMatchObject({ key: 'cut-0', seat: 0 });
    expect(afterGuest.timers[0]!.remainingMs).toBeLessThanOrEqual(750);
    expect(guest.game.legal).toEqual([]);

    const dealt = await host.waitGame((g) => g.version === 2, 'random cut by the room');
    const view = MathCardGameViewSchema.parse(dealt.view);
    expect(view.phase).toBe('play');
    expect(view.cutters).toEqual([]);
    expect(view.lastAction?.text).toMatch(/Red cut Blue's deck at random/);
    expect(dealt.timers).toEqual([]);
    expect(view.hand).toHaveLength(6);
    const log = matchOf(code).log;
    expect(log.map((e) => [e.actor, e.intent])).toEqual([
      [1, { type: 'cut', position: 7 }],
      [0, { type: 'cut', position: null }],
    ]);
    expect(log[1]!.at - log[0]!.at).toBeLessThan(1000);
    expect(statesOf(matchOf(code)).at(-1)).toEqual(matchOf(code).state);
  });

  it('plays a whole game with valid private views; MUST_PLAY_MORE reaches the client verbatim', async () => {
    const { host, guest, code } = await startTable(players, GAME, { seed: 'mcg-full' });
    const watcher = await players.join(code, joinOptions('Watcher'));
    await watcher.waitGame(() => true, 'spectator view');
    await cutBoth(host, guest, [12, 30]);
    const stats = await playOut(code, [host, guest]);
    expect(stats.moves).toBeGreaterThanOrEqual(10);
    const match = matchOf(code);
    await watcher.waitGame((g) => g.version === match.version, 'spectator caught up');
    await host.waitGame((g) => g.version === match.version, 'host caught up');
    await guest.waitGame((g) => g.version === match.version, 'guest caught up');

    expect(stats.mustPlayMore).not.toBeNull();
    expect(stats.mustPlayMore?.code).toBe('MUST_PLAY_MORE');
    expect(stats.mustPlayMore?.message).toBe(stats.mustPlayMore?.expected);
    expect(stats.mustPlayMore?.message).toMatch(/^You can play \d cards? this turn, so you must/);

    for (const p of [host, guest, watcher])
      for (const g of p.games) {
        GameUpdateSchema.parse(g);
        const parsed = MathCardGameViewSchema.parse(g.view);
        expect(parsed.viewer).toBe(p === watcher ? 'spectator' : seatOf(p));
        for (const intent of g.legal) expect(MathCardGameIntentSchema.parse(intent)).toEqual(intent);
      }
    expect(watcher.games.every((g) => mview(g).hand.length === 0 && g.legal.length === 0)).toBe(true);
    expect(assertNoHandLeak(host, guest)).toBeGreaterThan(0);
    expect(assertNoHandLeak(guest, host)).toBeGreaterThan(0);
    expect(assertNoHandLeak(host, watcher)).toBeGreaterThan(0);
    expect(assertNoHandLeak(guest, watcher)).toBeGreaterThan(0);
    const states = statesOf(match);
    expect(states.at(-1)).toEqual(match.state);
    for (const p of [host, guest, watcher]) assertNothingHidden(states, p);

    const final = mview(host.game).final;
    expect(final).not.toBeNull();
    expect(mview(watcher.game).final).toEqual(final);
    expect(host.info.phase).toBe('finished');
    expect(host.info.matchWins).toEqual([0, 1].map((s) => (final!.winners.includes(s) ? 1 : 0)));
    expect(host.game.timers).toEqual([]);
  });

  it('refuses moves out of phase and malformed intents with clear codes', async () => {
    const { host, guest } = await startTable(players, GAME, { seed: 'mcg-errors' });
    expect(await host.intent({ type: 'mulligan' })).toMatchObject({
      ok: false,
      error: { code: 'CUT_FIRST' },
    });
    expect(await host.intent({ type: 'cut', position: 35 })).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED' },
    });
    expect(await host.intent({ type: 'cut', position: 3 })).toEqual({ ok: true });
    expect(await host.intent({ type: 'cut', position: 3 }, 1)).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    // Cuts are simultaneous: the guest's cut, made on the view before the host's landed, counts.
    expect(await guest.intent({ type: 'cut', position: 4 }, 0)).toEqual({ ok: true });
    expect(await guest.intent({ type: 'mulligan' }, 0)).toMatchObject({
      ok: false,
      error: { code: 'STALE_VERSION' },
    });
  });

  it('refuses a cut timeout outside 1–60 s when the room is created', async () => {
    await expect(
      players.sdk.create(GAME, { ...joinOptions('Bo'), options: { cutTimeoutSeconds: 0 } }),
    ).rejects.toThrow(/option/i);
    await expect(
      players.sdk.create(GAME, { ...joinOptions('Bo'), options: { cutTimeoutSeconds: 61 } }),
    ).rejects.toThrow(/option/i);
  });
});
