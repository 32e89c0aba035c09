import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextInt, seedPrng, type PrngState } from '@cards/rules';
import { CassinoViewSchema, type CassinoView, type GameUpdate } from '@cards/schema';
import { bootServer, Players, type Probe, startTable, type TestServer } from './helpers.ts';

const PORT = 41142;
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

const cview = (g: GameUpdate) => CassinoViewSchema.parse(g.view);

interface DealRecord {
  dealNumber: number;
  dealer: number;
  firstTurn: number | null;
}

/**
 * Plays a whole match to 21 with seeded random legal intents (the score sheet's Continue included),
 * one intent at a time, and records what every deal looked like when it started.
 */
async function playMatch(seats: Probe[], seed: string): Promise<{ deals: DealRecord[]; moves: number }> {
  let prng: PrngState = seedPrng(seed);
  const deals: DealRecord[] = [];
  let moves = 0;
  const note = (v: CassinoView) => {
    if (v.phase === 'playing' && deals.at(-1)?.dealNumber !== v.dealNumber)
      deals.push({ dealNumber: v.dealNumber, dealer: v.dealer, firstTurn: v.turn });
  };
  while (seats[0]!.info.phase === 'playing') {
    note(cview(seats[0]!.game));
    const version = Math.max(...seats.map((p) => p.game.version));
    const actor = seats.find(
      (p) =>
        p.game.version === version &&
        p.game.legal.length > 0 &&
        p.game.actors.includes(p.info.you.seat ?? -1),
    );
    if (!actor) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    let k: number;
    [k, prng] = nextInt(prng, actor.game.legal.length);
    const reply = await actor.intent(actor.game.legal[k], version);
    if (!reply.ok && reply.error.code === 'RATE_LIMITED') {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    await actor.waitGame((g) => g.version > version, 'next version');
    moves++;
    if (moves > 2000) throw new Error('the match does not end');
  }
  return { deals, moves };
}

describe('cassino room: a match to 21', () => {
  it('plays deal after deal (both players continue, the dealer alternates) until someone passes 21', async () => {
    const { host, guest } = await startTable(players, 'cassino', {
      seed: 'to21-room',
      options: { match: 'to21' },
    });
    expect(cview(host.game).options).toEqual({ match: 'to21' });
    const { deals, moves } = await playMatch([host, guest], 'to21-room-play');

    // Several deals, dealt alternately by seat 0 and seat 1; the non-dealer leads each one.
    expect(deals.length).toBeGreaterThanOrEqual(2);
    deals.forEach((d, i) => {
      expect(d.dealNumber).toBe(i + 1);
      expect(d.dealer).toBe(i % 2);
      expect(d.firstTurn).toBe(1 - d.dealer);
    });
    // 48 plays per deal, plus two Continues between deals.
    expect(moves).toBe(48 * deals.length + 2 * (deals.length - 1));

    // Between deals: both players are asked to continue, and the next deal waits for both.
    for (const p of [host, guest]) {
      const sheets = p.games.filter((g) => cview(g).phase === 'dealOver');
      expect(sheets.length).toBeGreaterThanOrEqual(deals.length - 1);
      const firstSheet = sheets[0]!;
      expect(cview(firstSheet).awaitingContinue).toEqual([0, 1]);
      expect(firstSheet.legal).toEqual([{ type: 'continue' }]);
      // After one Continue the other seat is still waiting; the one who continued has nothing to do.
      const half = sheets.find((g) => cview(g).awaitingContinue.length === 1)!;
      const waiting = cview(half).awaitingContinue[0]!;
      expect(half.legal).toEqual(p.info.you.seat === waiting ? [{ type: 'continue' }] : []);
      expect(cview(half).dealNumber).toBe(cview(firstSheet).dealNumber);
    }

    // The end: the higher total, at least 21, wins alone; the totals add up the deal score sheets.
    // The room says 'finished' before the last game update lands: wait for it on both sides.
    const end = cview(await host.waitGame((u) => cview(u).phase === 'matchOver', "the host's final view"));
    expect(end.phase).toBe('matchOver');
    expect(end.dealScores).toHaveLength(deals.length);
    const totals = [0, 1].map((s) => end.dealScores.reduce((t, lines) => t + lines[s]!.total, 0));
    expect(end.matchTotals).toEqual(totals);
    const best = Math.max(...totals);
    expect(best).toBeGreaterThanOrEqual(21);
    expect(end.winners).toEqual([totals.indexOf(best)]);
    expect(totals.filter((t) => t === best)).toHaveLength(1);
    // Before the last deal nobody had won: below 21, or tied at 21 or more.
    const before = [0, 1].map((s) => totals[s]! - end.dealScores.at(-1)![s]!.total);
    expect(Math.max(...before) < 21 || before[0] === before[1]).toBe(true);
    const info = await host.waitRoom((r) => r.phase === 'finished', 'finished');
    expect(info.matchWins).toEqual([0, 1].map((s) => (end.winners.includes(s) ? 1 : 0)));
    const guestEnd = await guest.waitGame((u) => cview(u).phase === 'matchOver', "the guest's final view");
    expect(cview(guestEnd).winners).toEqual(end.winners);

    // Each deal was a fresh shuffle: no two deals started with the same table.
    const firstTables = new Map<number, string>();
    for (const v of host.games.map(cview))
      if (v.phase === 'playing' && !firstTables.has(v.dealNumber)) {
        expect(v.lastAction).toMatchObject({ kind: 'deal' });
        firstTables.set(v.dealNumber, v.table.map((i) => i.id).join());
      }
    expect(firstTables.size).toBe(deals.length);
    expect(new Set(firstTables.values()).size).toBe(deals.length);
  });
});
