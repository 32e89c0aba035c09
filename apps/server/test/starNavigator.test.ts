import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GameUpdateSchema,
  type GameUpdate,
  type StarExprJson,
  type StarNavigatorIntent,
  StarNavigatorIntentSchema,
  type StarNavigatorView,
  StarNavigatorViewSchema,
} from '@cards/schema';
import { bootServer, joinOptions, Players, type Probe, sleep, type TestServer, until } from './helpers.ts';

const PORT = 41130;
const GAME = 'star-navigator';
let server: TestServer;
let players: Players;

beforeAll(async () => {
  server = await bootServer(PORT, { allowTestSeeds: true });
  players = new Players(server.url);
});
afterAll(async () => {
  await server.close();
});

const sview = (g: GameUpdate) => g.view as StarNavigatorView;
const seatOf = (p: Probe) => p.info.you.seat ?? -1;

/** Host + two guests (all ready), started; a spectator joins by code once the game runs. */
async function startThree(seed: string, options?: Record<string, unknown>) {
  const host = await players.create(GAME, joinOptions('Host', { seed, ...(options ? { options } : {}) }));
  const code = host.room.roomId;
  const b = await players.join(code, joinOptions('Bea'));
  const c = await players.join(code, joinOptions('Cy'));
  await host.waitRoom((r) => r.seats.filter((s) => s.name !== null).length === 3, 'three seated');
  for (const p of [b, c]) expect(await p.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
  expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
  for (const p of [host, b, c]) await p.waitGame(() => true, 'first view');
  const watcher = await players.join(code, joinOptions('Watcher', { spectate: true }));
  await watcher.waitGame(() => true, 'spectator view');
  return { code, seats: [host, b, c], watcher };
}

/** Everyone picks the first card of their packet on the same version until the draft ends. */
async function draftAll(seats: Probe[]): Promise<number> {
  let rounds = 0;
  for (;;) {
    const phase = sview(seats[0]!.game).phase;
    if (phase !== 'draft') return rounds;
    const version = Math.max(...seats.map((p) => p.game.version));
    for (const p of seats) await p.waitGame((g) => g.version === version, 'same version');
    const replies = await Promise.all(
      seats.map((p) => {
        const card = sview(p.game).dataPacket[0]!.id;
        return p.intent({ type: 'draftPick', card }, version);
      }),
    );
    expect(replies).toEqual(seats.map(() => ({ ok: true })));
    for (const p of seats) await p.waitGame((g) => g.version === version + seats.length, 'picks in');
    rounds += 1;
  }
}

const leaf = (ref: string): StarExprJson => ({ kind: 'leaf', ref });

/** Chooses the first listed Vector Set and submits the sum of its cards; returns the declared value. */
async function chooseAndSubmit(p: Probe, wrongBy = 0): Promise<number> {
  const choice = p.game.legal.find((i) => (i as StarNavigatorIntent).type === 'chooseVectorSet') as
    Extract<StarNavigatorIntent, { type: 'chooseVectorSet' }> | undefined;
  if (!choice) throw new Error('no vector set listed');
  expect(await p.intent(choice)).toEqual({ ok: true });
  const v = sview(p.game);
  const cards = [...v.navMemory, ...(v.signpostBeacon ? [v.signpostBeacon] : [])];
  const valueOf = (id: string) =>
    choice.aces.find((a) => a.card === id)?.value ?? cards.find((c) => c.id === id)!.value;
  const [first, ...rest] = choice.cards;
  const expr = rest.reduce<StarExprJson>(
    (left, id) => ({ kind: 'op', op: '+', left, right: leaf(id) }),
    leaf(first!),
  );
  const sum = choice.cards.reduce((t, id) => t + valueOf(id), 0);
  expect(await p.intent({ type: 'submit', expr, declared: sum + wrongBy })).toEqual({ ok: true });
  return sum;
}

/** Every message is valid; no seat's packet or memory appears in anyone else's message of that version. */
function assertPrivate(seats: Probe[], watcher: Probe): number {
  let checked = 0;
  for (const p of [...seats, watcher])
    for (const g of p.games) {
      GameUpdateSchema.parse(g);
      const v = StarNavigatorViewSchema.parse(g.view);
      expect(v.viewer).toBe(p === watcher ? 'spectator' : seatOf(p));
      for (const intent of g.legal) expect(StarNavigatorIntentSchema.parse(intent)).toEqual(intent);
      // No calculator: nothing before the showdown carries an evaluated result or a listed submit.
      if (v.phase === 'draft' || v.phase === 'compose') {
        expect(g.legal.some((i) => (i as StarNavigatorIntent).type === 'submit')).toBe(false);
        expect(JSON.stringify(g)).not.toMatch(/"(result|best|distance)"/);
      }
    }
  expect(watcher.games.every((g) => sview(g).dataPacket.length === 0 && g.legal.length === 0)).toBe(true);
  for (const owner of seats) {
    const hidden = new Map(
      owner.games
        .filter((g) => ['draft', 'compose'].includes(sview(g).phase))
        .map((g) => [g.version, [...sview(g).dataPacket, ...sview(g).navMemory].map((c) => c.id)]),
    );
    for (const other of [...seats, watcher]) {
      if (other === owner) continue;
      for (const g of other.games) {
        const text = JSON.stringify(g);
        for (const id of hidden.get(g.version) ?? []) {
          expect(text, `${id} of seat ${seatOf(owner)} leaked at v${g.version}`).not.toContain(`"${id}"`);
          checked += 1;
        }
      }
    }
  }
  return checked;
}

describe('star navigator room', () => {
  it('is registered, deals the same packets for the same seed, and lists the round timers', async () => {
    const a = await startThree('sn-seed');
    const b = await startThree('sn-seed');
    const va = sview(a.seats[0]!.game);
    expect(va).toMatchObject({ phase: 'draft', players: 3, viewer: 0 });
    expect(va.dataPacket).toHaveLength(4);
    expect(va.dataPacket).toEqual(sview(b.seats[0]!.game).dataPacket);
    expect(va.target).toEqual(sview(b.seats[0]!.game).target);
    expect(a.seats[0]!.game.timers.map((t) => t.seat)).toEqual([0, 1, 2]);
    expect(a.seats[0]!.game.actors).toEqual([0, 1, 2]);
    expect(a.seats[0]!.info.options).toMatchObject({ startingChips: 10, roundTimerSeconds: 300 });
  });

  it('drafts simultaneously on one version, plays a round to the showdown, keeps hands private', async () => {
    const { seats, watcher } = await startThree('sn-round');
    // A player cannot cut the round timer short.
    expect(await seats[1]!.intent({ type: 'roundTimeout' })).toMatchObject({
      ok: false,
      error: { code: 'CLOCK_ONLY' },
    });
    // Three picks each: the fourth card arrives alone and is kept without a pick.
    expect(await draftAll(seats)).toBe(3);
    for (const p of seats) {
      const v = sview(p.game);
      expect(v.phase).toBe('compose');
      expect(v.navMemory).toHaveLength(4);
      expect(v.dataPacket).toHaveLength(0);
    }
    const declared = [];
    declared.push(await chooseAndSubmit(seats[0]!));
    declared.push(await chooseAndSubmit(seats[1]!, 1)); // declares one too many: forfeits
    expect(sview(seats[0]!.game).phase).toBe('compose');
    expect(sview(seats[0]!.game).lastShowdown).toBeNull();
    declared.push(await chooseAndSubmit(seats[2]!));
    for (const p of [...seats, watcher])
      await p.waitGame((g) => sview(g).phase === 'showdown', 'showdown for everyone');
    const show = sview(watcher.game).lastShowdown!;
    expect(show.lines.map((l) => l.seat).sort()).toEqual([0, 1, 2]);
    const line = (s: number) => show.lines.find((l) => l.seat === s)!;
    expect(line(0)).toMatchObject({ declared: declared[0], result: declared[0], forfeit: null });
    expect(line(1)).toMatchObject({ declared: declared[1]! + 1, forfeit: 'wrongDeclaration' });
    expect(line(1).forfeitDetail).toMatch(/declared/i);
    expect(line(0).best).not.toBeNull();
    for (const p of seats) expect(sview(p.game).lastShowdown).toEqual(show);
    expect(watcher.game.legal).toEqual([]);
    expect(seats[0]!.game.legal).toEqual([{ type: 'continue' }]);
    expect(assertPrivate(seats, watcher)).toBeGreaterThan(50);

    // Everyone continues: round 2 is dealt.
    for (const p of seats) expect(await p.intent({ type: 'continue' }, p.game.version)).toMatchObject({});
    await watcher.waitGame((g) => sview(g).phase === 'draft' && sview(g).round === 2, 'round 2');
    const total = sview(watcher.game).seats.reduce((t, s) => t + s.chips, 0) + sview(watcher.game).bounty;
    expect(total).toBe(30);
  });

  it('refuses out-of-phase moves, foreign cards and a player-sent roundTimeout', async () => {
    const { seats, watcher } = await startThree('sn-errors');
    const host = seats[0]!;
    expect(await host.intent({ type: 'continue' })).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    const foreign = sview(seats[1]!.game).dataPacket[0]!.id;
    expect(await host.intent({ type: 'draftPick', card: foreign })).toMatchObject({
      ok: false,
      error: { code: 'NOT_IN_PACKET' },
    });
    expect(await host.intent({ type: 'roundTimeout' })).toMatchObject({
      ok: false,
      error: { code: 'CLOCK_ONLY' },
    });
    expect(await watcher.intent({ type: 'draftPick', card: foreign })).toMatchObject({ ok: false });
    expect(await host.intent({ type: 'draftPick', card: sview(host.game).dataPacket[0]!.id })).toEqual({
      ok: true,
    });
    expect(
      await host.intent({ type: 'draftPick', card: sview(host.game).dataPacket[0]!.id }, host.game.version),
    ).toMatchObject({ ok: false, error: { code: 'WAITING' } });
    await expect(
      players.sdk.create(GAME, { ...joinOptions('Bo'), options: { roundTimerSeconds: 5 } }),
    ).rejects.toThrow(/option/i);
  });

  it('the room runs the round timer out: seats that did nothing forfeit with "timeout"', async () => {
    const { seats, watcher } = await startThree('sn-timer', { roundTimerSeconds: 30 });
    expect(seats[0]!.game.timers.every((t) => t.remainingMs > 29_000 && t.remainingMs <= 30_000)).toBe(true);
    await until(
      () => watcher.games.findLast((g) => sview(g).phase === 'showdown'),
      'showdown by the clock',
      40_000,
    );
    await sleep(50);
    const show = sview(watcher.game).lastShowdown!;
    expect(show.lines.map((l) => l.forfeit)).toEqual(['timeout', 'timeout', 'timeout']);
    expect(show.winners).toEqual([]);
    expect(assertPrivate(seats, watcher)).toBeGreaterThan(0);
  }, 50_000);
});
