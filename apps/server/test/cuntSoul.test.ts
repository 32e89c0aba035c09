import { describe, expect, it } from 'vitest';
import { cuntSoul } from '@cards/rules';
import {
  type CuntSoulIntent,
  type CuntSoulView,
  CuntSoulViewSchema,
  type GameUpdate,
  GameUpdateSchema,
} from '@cards/schema';
import { type Probe, sendIntent, serverForFile, sleep, startTable } from './helpers.ts';

const PORT = 41250;
const GAME = 'cunt-soul';
const ctx = serverForFile(PORT, { allowTestSeeds: true });

const cview = (g: GameUpdate) => CuntSoulViewSchema.parse(g.view) as CuntSoulView;
const seatOf = (p: Probe) => p.info.you.seat ?? -1;

/** The first three hand cards face up, the fourth as field card. */
function choice(p: Probe): CuntSoulIntent {
  const hand = cview(p.game).seats[seatOf(p)]!.hand.map((c) => c.id);
  return { type: 'setupSelect', up: hand.slice(0, 3), field: hand[3]! };
}

const send = sendIntent;

describe('cunt-soul room', () => {
  it('setup is secret until both have chosen, then both choices appear together', async () => {
    const { host, guest } = await startTable(ctx.players, GAME, { seed: 'cs-setup' });
    for (const p of [host, guest]) {
      const view = cview(p.game);
      expect(view.phase).toBe('setup');
      expect(view.seats[seatOf(p)]!.hand).toHaveLength(9);
      expect(view.seats[1 - seatOf(p)]!.hand).toEqual([]);
      expect(p.game.actors).toEqual([0, 1]);
    }
    const hostChoice = choice(host);
    await send(host, hostChoice);
    await guest.waitGame((g) => g.version === 1, 'guest sees the host chose');
    const seen = cview(guest.game);
    expect(seen.seats[seatOf(host)]!.choosing).toBe(false);
    expect(seen.seats[seatOf(guest)]!.choosing).toBe(true);
    // the guest's frames never carry the host's choice before the reveal (positive control: the host's do)
    const chosen = [...(hostChoice.type === 'setupSelect' ? [...hostChoice.up, hostChoice.field] : [])];
    for (const id of chosen) {
      expect(guest.raw.join('\n')).not.toContain(`"${id}"`);
      expect(host.raw.join('\n')).toContain(`"${id}"`);
    }
    await send(guest, choice(guest));
    const after = cview(await guest.waitGame((g) => cview(g).phase === 'play', 'play phase'));
    expect(after.seats[seatOf(host)]!.field?.id).toBe(
      hostChoice.type === 'setupSelect' ? hostChoice.field : '',
    );
    expect(after.seats[seatOf(host)]!.up.map((u) => u.card?.id)).toEqual(
      hostChoice.type === 'setupSelect' ? hostChoice.up : [],
    );
    // nobody's face-down cards ever reach a client
    const downIds = (await import('../src/room/GameRoom.ts')).findRoom(host.room.roomId) as unknown as {
      match: { state: { seats: { down: (string | null)[] }[] } };
    };
    for (const id of downIds.match.state.seats.flatMap((s) => s.down).filter((c): c is string => c !== null))
      for (const p of [host, guest]) expect(p.raw.join('\n')).not.toContain(`"${id}"`);
  });

  it('a scripted game through the room ends (at the 10-turn limit) with places for both seats', async () => {
    const { host, guest } = await startTable(ctx.players, GAME, {
      seed: 'cs-game',
      options: { dealer: 0, turnLimit: 10 },
    });
    await send(host, choice(host));
    await guest.waitGame((g) => g.version === 1, 'version 1');
    await send(guest, choice(guest));
    const seats = [host, guest];
    let moves = 0;
    while (host.info.phase === 'playing' && moves < 200) {
      const actor = seats.find((p) => p.game.legal.length > 0 && p.game.actors.includes(seatOf(p)));
      if (!actor) {
        await sleep(5);
        continue;
      }
      const { version, legal } = actor.game;
      // scripted: the first listed intent that is not a field change (the lowest link, else the prompt's first answer)
      const intent = (legal as CuntSoulIntent[]).find((i) => i.type !== 'changeField') ?? legal[0];
      await send(actor, intent);
      await actor.waitGame((g) => g.version > version, 'next version');
      moves++;
    }
    await host.waitRoom((r) => r.phase === 'finished', 'finished');
    const final = cview(await host.waitGame((g) => cview(g).phase === 'over', 'over'));
    expect(final.result?.byLimit).toBe(true);
    expect([...(final.result?.order ?? [])].sort()).toEqual([0, 1]);
    expect(final.turnsPlayed).toBe(10);
    expect(GameUpdateSchema.parse(guest.game).legal).toEqual([]);
    expect(cuntSoul.displayName).toBe('Cunt-Soul');
  });
});
