import { describe, expect, it } from 'vitest';
import { getMessageBytes, Protocol } from '@colyseus/core';
import { unpack } from 'msgpackr';
import {
  type AnyGameModule,
  cassino,
  nextInt,
  publicEvents,
  seedPrng,
  SPECTATOR,
  starNavigator,
} from '@cards/rules';
import type { GameUpdate } from '@cards/schema';
import { type OwnFields, type SharedFields, SplicedUpdates } from '../src/room/splicedUpdate.ts';

const STEPS = 60;

/** Colyseus's 'game' frame header: the msgpack payload starts after it. */
const HEADER = getMessageBytes.raw(Protocol.ROOM_DATA, 'game').length;

/**
 * Plays a seeded game (the first actor's random legal intent each step) and yields, per step, every
 * seat's own fields and the fields they share, as the Broadcaster builds them.
 */
function* updates(
  game: AnyGameModule,
  players: number,
): Generator<{ own: OwnFields[]; shared: SharedFields }> {
  let rng = seedPrng(`splice-${game.slug}`);
  let state = game.setup(game.defaultConfig, players, `splice-${game.slug}`);
  let before: unknown = null;
  for (let step = 0; step < STEPS && game.outcome(state) === null; step++) {
    const actors = [...game.actors(state)];
    const after = game.view(state, SPECTATOR);
    const entries = publicEvents(game, before, after).map((e) => ({ move: step, text: e.text }));
    before = after;
    const shared: SharedFields = {
      actors,
      timers: step % 2 === 0 ? [] : [{ key: 'turn', seat: actors[0] ?? 0, remainingMs: 1234 + step }],
      history: { from: step, entries },
      replayId: step % 3 === 0 ? null : `replay-${step}`,
    };
    const own = Array.from({ length: players }, (_, seat): OwnFields => {
      const legal = actors.includes(seat) ? [...game.legalIntents(state, seat)] : [];
      const fields: OwnFields = { version: step, view: game.view(state, seat), legal };
      // With hints on a seat has a key (or null); with them off, no field at all.
      if (seat === 1) fields.hint = step % 2 === 0 ? null : `key-${step}`;
      return fields;
    });
    yield { own, shared };
    // The first actor with a legal intent (a Star Navigator seat composing may have none listed).
    const actor = actors.find((seat) => game.legalIntents(state, seat).length > 0);
    if (actor === undefined) break;
    const legal = game.legalIntents(state, actor);
    const [pick, next] = nextInt(rng, legal.length);
    rng = next;
    const result = game.apply(state, actor, legal[pick], step * 1000);
    if (!result.ok) throw new Error(`a legal intent was refused: ${result.error.code}`);
    state = result.value;
  }
}

describe('SplicedUpdates: the shared fields encoded once, spliced into each seat’s message', () => {
  for (const [game, players] of [
    [cassino, 2],
    [starNavigator, 4],
  ] as const) {
    it(`gives the very bytes of client.send('game', update) for every seat (${game.slug}, ${players} seats)`, () => {
      let checked = 0;
      for (const { own, shared } of updates(game, players)) {
        const spliced = new SplicedUpdates(shared);
        // All seats' messages first (the shared run must survive the packer's reuse of its buffer).
        const messages = own.map((fields) => spliced.message(fields));
        own.forEach((fields, seat) => {
          const whole: GameUpdate = { ...fields, ...shared };
          const expected = getMessageBytes.raw(Protocol.ROOM_DATA, 'game', whole);
          expect(messages[seat]).toEqual(expected);
          // And what the client decodes is the whole update, field for field.
          expect(unpack(messages[seat]!.subarray(HEADER))).toEqual(whole);
          checked++;
        });
      }
      expect(checked).toBeGreaterThan(players * 10);
    });
  }

  it('is a different message for each seat: one seat’s view never goes to another', () => {
    const { own, shared } = updates(cassino, 2).next().value!;
    const spliced = new SplicedUpdates(shared);
    const [a, b] = own.map(
      (fields: OwnFields) => unpack(spliced.message(fields).subarray(HEADER)) as GameUpdate,
    );
    expect(a!.view).toEqual(own[0]!.view);
    expect(b!.view).toEqual(own[1]!.view);
    expect(a!.view).not.toEqual(b!.view);
  });
});
