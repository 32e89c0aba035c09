import { describe, expect, it } from 'vitest';
import { type CuntSoulIntent, type CuntSoulView, CuntSoulViewSchema, type GameUpdate } from '@cards/schema';
import {
  historyOf,
  joinOptions,
  playAlong,
  type Probe,
  serverForFile,
  sendIntent,
  startTable,
  until,
} from './helpers.ts';

const file = serverForFile(41480, { allowTestSeeds: true, computerPace: 0.01 });

const cview = (g: GameUpdate) => CuntSoulViewSchema.parse(g.view) as CuntSoulView;
const seatOf = (p: Probe) => p.info.you.seat ?? -1;
const isSeven = (i: CuntSoulIntent) => i.type === 'playLink' && i.cards[0]?.startsWith('7') === true;

const send = sendIntent;

/** Plays the seeded game (a 7 whenever one can be played) until a player faces the 7's higher/lower. */
async function untilSevenPrompt(seats: Probe[]): Promise<Probe> {
  for (let moves = 0; moves < 300; moves++) {
    const actor = await until(
      () =>
        seats.every((p) => p.game.version === seats[0]?.game.version) &&
        seats.find((p) => p.game.legal.length > 0),
      'someone to act',
    );
    const legal = actor.game.legal as CuntSoulIntent[];
    if (legal.some((i) => i.type === 'declare7')) return actor;
    const intent =
      legal.find((i) => i.type === 'setupSelect') ??
      legal.find(isSeven) ??
      legal.find((i) => i.type !== 'changeField') ??
      legal[0];
    const version = actor.game.version;
    await send(actor, intent);
    await actor.waitGame((g) => g.version > version, 'next version');
  }
  throw new Error('no 7 was played in 300 moves');
}

describe('cunt-soul room: reconnection and computer players', () => {
  it('a player who drops with the 7 prompt pending gets the same seat and prompt back and answers it', async () => {
    const { host, guest } = await startTable(file.players, 'cunt-soul', {
      seed: 'cs-reconnect',
      options: { dealer: 0, turnLimit: 1000 },
    });
    const asked = await untilSevenPrompt([host, guest]);
    const other = asked === host ? guest : host;
    const seat = seatOf(asked);
    const version = asked.game.version;
    expect(cview(asked.game).turn.prompt).toEqual({ kind: 'declare7' });

    asked.room.reconnection.enabled = false;
    void asked.room.leave(false);
    await other.waitRoom((r) => r.seats[seat]?.connected === false, 'shown disconnected');
    const room = await file.players.sdk.reconnect(asked.room.reconnectionToken);
    asked.listen(room);
    await other.waitRoom((r) => r.seats[seat]?.connected === true, 'shown back');
    await asked.waitRoom((r) => r.you.seat === seat, 'the same seat');
    const back = await asked.waitGame(
      (g) => g.version === version && cview(g).turn.prompt?.kind === 'declare7' && g.legal.length === 2,
      'the same prompt after reconnecting',
    );
    expect(back.legal).toEqual([
      { type: 'declare7', choice: 'higher' },
      { type: 'declare7', choice: 'lower' },
    ]);

    await send(asked, { type: 'declare7', choice: 'lower' });
    const answered = cview(await other.waitGame((g) => g.version === version + 1, 'the answer seen'));
    expect(answered.pile.at(-1)?.choice).toBe('lower');
    expect(answered.turn.prompt).toBeNull();
  });

  it('against the computer: two Hard computer players play a whole game with a person through the room', async () => {
    const me = await file.players.create(
      'cunt-soul',
      joinOptions('Solo', {
        againstComputer: 'hard',
        seed: 'cs-computer',
        options: { dealer: 0, turnLimit: 60 },
      }),
    );
    const info = await me.waitRoom((r) => r.phase === 'playing', 'started at once');
    expect(info.seats.filter((s) => s.computer === 'hard')).toHaveLength(2);
    await playAlong(me);
    const final = cview(await me.waitGame((g) => cview(g).phase === 'over', 'game over'));
    expect([...(final.result?.order ?? [])].sort()).toEqual([0, 1, 2]);
    expect(final.turnsPlayed).toBeGreaterThan(10);
    expect(me.rooms.some((r) => r.seats.some((s) => s.thinking === true))).toBe(true);
    // the public history tells the game in words, seats named as {p0}, {p1}, …
    const texts = historyOf(me).map((e) => e.text);
    expect(texts).toContain('{p1} has chosen.');
    expect(texts.some((t) => /^\{p2\} played /.test(t))).toBe(true);
    expect(texts.at(-1)).toMatch(/is the sole-cunt\.$/);
  });
});
