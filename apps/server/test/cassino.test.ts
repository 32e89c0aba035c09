import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cassino, startMatch, submitIntent } from '@cards/rules';
import {
  CassinoIntentSchema,
  CassinoOptionsSchema,
  type CassinoView,
  CassinoViewSchema,
  type GameUpdate,
} from '@cards/schema';
import {
  bootServer,
  joinOptions,
  Players,
  type Probe,
  sleep,
  startTable,
  type TestServer,
} from './helpers.ts';

const PORT = 41102;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

const cview = (g: GameUpdate) => g.view as CassinoView;
const handIds = (g: GameUpdate) => cview(g).hand.map((c) => c.id);

/** Plays random legal intents for whoever may act until the room reports the game finished. */
async function playOut(seats: Probe[], maxMoves = 500): Promise<number> {
  let moves = 0;
  while (seats[0]!.info.phase === 'playing' && moves < maxMoves) {
    const actor = seats.find((p) => p.game.legal.length > 0 && p.game.actors.includes(p.info.you.seat ?? -1));
    if (!actor) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    const { version, legal } = actor.game;
    const intent = legal[Math.floor(Math.random() * legal.length)];
    const reply = await actor.intent(intent, version);
    if (!reply.ok && reply.error.code === 'RATE_LIMITED') {
      // Faster than any human: wait for the bucket to refill.
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    await actor.waitGame((g) => g.version > version, 'next version');
    moves += 1;
  }
  await seats[0]!.waitRoom((r) => r.phase === 'finished', 'finished');
  return moves;
}

/** No card that sits in a seat's hand at version v shows up anywhere in another client's view of v. */
function assertNoHandLeak(owner: Probe, other: Probe): void {
  const hands = new Map(owner.games.map((g) => [g.version, handIds(g)]));
  for (const g of other.games) {
    const text = JSON.stringify(g.view);
    for (const id of hands.get(g.version) ?? [])
      expect(text, `card ${id} leaked at v${g.version}`).not.toContain(`"${id}"`);
  }
}

describe('cassino room', () => {
  it('deals the same cards for the same seed when test seeds are allowed', async () => {
    const a = await startTable(players, 'cassino', { seed: 'deal-1' });
    const b = await startTable(players, 'cassino', { seed: 'deal-1' });
    const c = await startTable(players, 'cassino', { seed: 'deal-2' });
    expect(handIds(a.host.game)).toHaveLength(4);
    expect(handIds(a.host.game)).toEqual(handIds(b.host.game));
    expect(handIds(a.guest.game)).toEqual(handIds(b.guest.game));
    expect(handIds(a.host.game)).not.toEqual(handIds(c.host.game));
  });

  it('plays a whole game with valid private views, then a rematch with a new deal', async () => {
    const { host, guest, code } = await startTable(players, 'cassino', { seed: 'full-game' });
    const watcher = await players.join(code, joinOptions('Watcher'));
    await watcher.waitGame(() => true, 'spectator view');
    const firstHand = handIds(host.game);
    const moves = await playOut([host, guest]);
    expect(moves).toBeGreaterThanOrEqual(48);
    await watcher.waitGame((g) => g.version === host.game.version, 'spectator caught up');

    for (const p of [host, guest, watcher])
      for (const g of p.games) {
        const parsed = CassinoViewSchema.parse(g.view);
        expect(parsed.viewer).toBe(p === watcher ? 'spectator' : p.info.you.seat);
        for (const intent of g.legal) CassinoIntentSchema.parse(intent);
      }
    expect(watcher.games.every((g) => cview(g).hand.length === 0 && g.legal.length === 0)).toBe(true);
    assertNoHandLeak(host, guest);
    assertNoHandLeak(guest, host);
    assertNoHandLeak(host, watcher);
    assertNoHandLeak(guest, watcher);

    const finished = host.info;
    expect(finished.phase).toBe('finished');
    const winners = cview(host.game).winners;
    expect(winners.length).toBeGreaterThanOrEqual(1);
    expect(finished.matchWins).toEqual([0, 1].map((s) => (winners.includes(s) ? 1 : 0)));

    await sleep(1000); // the autoplay may have emptied the host's rate-limit bucket
    // A rematch starts once both players accept it.
    expect(await host.lobby({ type: 'rematch' })).toEqual({ ok: true });
    expect(await guest.lobby({ type: 'rematch' })).toEqual({ ok: true });
    const second = await guest.waitRoom((r) => r.gameNumber === 2 && r.phase === 'playing', 'rematch');
    // The seats rotate, so the other player deals this time; the wins move with their players.
    expect(second.matchWins).toEqual([...finished.matchWins].reverse());
    expect(second.seats.map((s) => s.name)).toEqual(['Guest', 'Host']);
    const fresh = await host.waitGame(
      (g) => g.version === 0 && cview(g).dealNumber === 1 && host.games.indexOf(g) > 0,
    );
    expect(handIds(fresh)).not.toEqual(firstHand);
  });

  it('answers rule errors verbatim and malformed cassino intents as MALFORMED', async () => {
    const { host, guest } = await startTable(players, 'cassino', { seed: 'errors' });
    const mover = host.game.actors.includes(0) ? host : guest;
    expect(await mover.intent({ type: 'capture', card: 'ZZ', items: [] })).toMatchObject({
      ok: false,
      error: { code: 'MALFORMED' },
    });
    const seat = mover === host ? 0 : 1;
    const bad = { type: 'trail' as const, card: 'NOPE' };
    const notInHand = {
      code: 'NOT_IN_HAND',
      message: 'That card is not in your hand.',
      context: { card: 'NOPE' },
    };
    expect(await mover.intent(bad)).toEqual({ ok: false, error: notInHand });
    // The room passes on exactly what the rules answer for the same deal, not a paraphrase.
    const match = startMatch(cassino, CassinoOptionsSchema.parse({}), 2, 'errors');
    expect(submitIntent(cassino, match, seat, bad, 0, 0)).toEqual({ ok: false, error: notInHand });
    const waiting = mover === host ? guest : host;
    expect(await waiting.intent({ type: 'trail', card: handIds(waiting.game)[0] ?? '' })).toEqual({
      ok: false,
      error: { code: 'NOT_YOUR_TURN', message: 'It is not your turn.' },
    });
  });
});
