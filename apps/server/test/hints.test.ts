/** Hints in a room: a room option the host sets; a hint for the asker's own seat, to the asker alone. */
import { describe, expect, it } from 'vitest';
import { mathCardGame } from '@cards/rules';
import {
  type BlindCassowaryView,
  type HintReply,
  MathCardGameOptionsSchema,
  type MathCardGameView,
} from '@cards/schema';
import { botPool } from '../src/room/computerPlayers.ts';
import { Lobby } from '../src/room/lobby.ts';
import type { RoomSnapshot } from '../src/store/tableStore.ts';
import { joinOptions, type Probe, serverForFile, startTable, until } from './helpers.ts';

const ctx = serverForFile(41490, { allowTestSeeds: true });

const askHint = (p: Probe, reveal = false) => p.request('hint', { reveal }) as unknown as Promise<HintReply>;

/** Plays the first legal intent of whoever may act until `ready` holds (or `moves` run out). */
async function playUntil(probes: Probe[], ready: () => boolean, moves = 40): Promise<void> {
  for (let i = 0; i < moves && !ready(); i++) {
    const mover = probes.find((p) => {
      const g = p.games.at(-1);
      return g !== undefined && g.actors.includes(p.info.you.seat ?? -1) && g.legal.length > 0;
    });
    if (mover === undefined) return;
    const before = mover.game.version;
    expect(await mover.intent(mover.game.legal[0])).toEqual({ ok: true });
    await until(() => probes.every((p) => p.game.version > before), 'the move reaching everyone');
  }
}

describe('the hints option', () => {
  it('is kept in the stored lobby, so a restored room keeps it', () => {
    const effects = {
      disconnect: () => undefined,
      notifyAll: () => undefined,
      startGame: () => undefined,
      stopGame: () => undefined,
    };
    const rest = {
      code: 'ABCD',
      game: 'math-card-game',
      gameNumber: 0,
      testSeed: null,
      replayId: null,
      clockSkew: 0,
    };
    const restoredFrom = (snapshot: Omit<RoomSnapshot, keyof typeof rest>): Lobby => {
      const lobby = new Lobby(mathCardGame, MathCardGameOptionsSchema, {}, effects);
      lobby.restore({ ...snapshot, ...rest });
      return lobby;
    };
    const lobby = new Lobby(mathCardGame, MathCardGameOptionsSchema, {}, effects);
    lobby.hints = true;
    expect(restoredFrom(lobby.snapshot()).hints).toBe(true);
    // A record from before hints: off.
    const { hints: _, ...older } = lobby.snapshot();
    expect(restoredFrom(older).hints).toBe(false);
  });
});

describe('hints', () => {
  it('are off by default: a hint is refused, and only the host turns them on, in the lobby', async () => {
    const t = await startTable(ctx.players, 'math-card-game', { seed: 'hints-off' });
    expect(t.host.info.hints).toBe(false);
    expect(await askHint(t.host)).toMatchObject({ ok: false, error: { code: 'HINTS_OFF' } });
    // No "hint available" in the updates of a room without hints.
    expect(t.host.games.some((g) => 'hint' in g)).toBe(false);
    expect(await t.host.lobby({ type: 'setHints', on: true })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_PHASE' },
    });
    const lobby = await ctx.players.create('math-card-game', joinOptions('Host'));
    const guest = await ctx.players.join(lobby.room.roomId, joinOptions('Guest'));
    await lobby.waitRoom((r) => r.seats[1]?.name === 'Guest', 'guest seated');
    expect(await guest.lobby({ type: 'setHints', on: true })).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(await lobby.lobby({ type: 'setHints', on: true })).toEqual({ ok: true });
    await guest.waitRoom((r) => r.hints, 'hints on for everyone');
  });

  it('a game without hints refuses them', async () => {
    const host = await ctx.players.create('cassino', joinOptions('Host'));
    await host.waitRoom(() => true);
    expect(await host.lobby({ type: 'setHints', on: true })).toMatchObject({
      ok: false,
      error: { code: 'NO_HINTS' },
    });
    expect(await askHint(host)).toMatchObject({ ok: false, error: { code: 'NO_HINTS' } });
  });

  it('on: the player to act gets the best turn for their own hand, nobody else hears it, and others are refused', async () => {
    const host = await ctx.players.create('math-card-game', joinOptions('Host', { seed: 'hints-on' }));
    const code = host.room.roomId;
    const guest = await ctx.players.join(code, joinOptions('Guest'));
    await host.waitRoom((r) => r.seats[1]?.name === 'Guest', 'guest seated');
    expect(await host.lobby({ type: 'setHints', on: true })).toEqual({ ok: true });
    expect(await guest.lobby({ type: 'setReady', ready: true })).toEqual({ ok: true });
    expect(await host.lobby({ type: 'start' })).toEqual({ ok: true });
    await guest.waitGame(() => true, 'guest game');
    const watcher = await ctx.players.join(code, joinOptions('Watcher', { spectate: true }));
    await watcher.waitGame(() => true, 'spectator game');
    expect(await askHint(watcher)).toMatchObject({ ok: false, error: { code: 'NOT_A_PLAYER' } });
    // The cut has no hint (the cutter is told so, and its update says none exists); a turn of play has one.
    const cutter = [host, guest].find((p) => p.game.actors.includes(p.info.you.seat ?? -1));
    if (cutter === undefined) throw new Error('nobody to cut');
    expect(cutter.game.legal.length).toBeGreaterThan(0);
    expect(cutter.game.hint).toBeNull();
    expect(await askHint(cutter)).toMatchObject({ ok: false, error: { code: 'NO_HINT' } });
    const playing = () => (host.game.view as MathCardGameView).phase === 'play';
    await playUntil([host, guest], playing);
    expect(playing()).toBe(true);
    const [mover, other] = host.game.actors.includes(host.info.you.seat ?? -1)
      ? [host, guest]
      : [guest, host];
    // Computed per seat: the player to act has a hint (the position it is for), the other and the
    // spectator none.
    const turn = (mover.game.view as MathCardGameView).turnNumber;
    expect(mover.game.hint).toBe(`turn ${turn}`);
    expect(other.game.hint).toBeNull();
    await until(() => watcher.game.version === mover.game.version, 'the spectator up to date');
    expect('hint' in watcher.game).toBe(false);
    expect(await askHint(other)).toMatchObject({ ok: false, error: { code: 'NOT_YOUR_TURN' } });
    const reply = await askHint(mover);
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    expect(reply.hint.text).toMatch(/your score becomes -?\d+\.$/);
    const own = new Set((mover.game.view as MathCardGameView).hand.map((c) => c.id));
    const theirs = new Set((other.game.view as MathCardGameView).hand.map((c) => c.id));
    expect(reply.hint.cards.length).toBeGreaterThan(0);
    for (const id of reply.hint.cards) {
      expect(own.has(id)).toBe(true);
      expect(theirs.has(id)).toBe(false);
    }
    // One hint at a time per player: asked again while the first is being worked out, refused.
    const real = botPool.hint.bind(botPool);
    let release: (() => void) | null = null;
    botPool.hint = (...args) =>
      new Promise((resolve) => {
        release = () => resolve(real(...args));
      });
    try {
      const slow = askHint(mover);
      const held = await until(() => release, 'the first hint in the worker');
      expect(await askHint(mover)).toMatchObject({ ok: false, error: { code: 'HINT_PENDING' } });
      held();
      expect(await slow).toEqual(reply);
    } finally {
      botPool.hint = real;
    }
    // The hint came in the asker's reply only: no broadcast or game update carries its text.
    for (const p of [host, guest, watcher])
      expect(p.raw.some((m) => m.includes(reply.hint.text))).toBe(false);
  });

  it('"Play against the computer" turns hints on; Blind Cassowary says whether, then which', async () => {
    const me = await ctx.players.create('blind-cassowary', joinOptions('Solo', { againstComputer: 'easy' }));
    const info = await me.waitRoom((r) => r.phase === 'playing', 'started');
    expect(info.hints).toBe(true);
    // The deal's proof runs in a match worker first: slow on a loaded machine.
    await me.waitGame((g) => g.legal.length > 0, 'can claim', 15_000);
    // While the seat may claim, its update says a hint exists, for this target and hand.
    const { hand, target } = me.game.view as BlindCassowaryView;
    expect(me.game.hint).toContain(hand.map((c) => c.id).join(','));
    expect(me.game.hint).toContain(target.cards.map((c) => c.id).join(','));
    const first = await askHint(me);
    if (!first.ok) throw new Error(JSON.stringify(first.error));
    expect(first.hint.text).toMatch(
      /^(A cassowary exists in your hand\.|No cassowary in your hand\.|Not sure)/,
    );
    expect(first.hint.cards).toEqual([]);
    if (first.hint.more) {
      const second = await askHint(me, true);
      if (!second.ok) throw new Error(JSON.stringify(second.error));
      expect(second.hint.text).toMatch(/^One cassowary: /);
      const hand = new Set((me.game.view as { hand: { id: string }[] }).hand.map((c) => c.id));
      for (const id of second.hint.cards) expect(hand.has(id)).toBe(true);
    }
    await me.room.leave(true);
  });
});
