import { afterEach, describe, expect, it } from 'vitest';
import { getMessageBytes, Protocol } from '@colyseus/core';
import { pack, unpack } from 'msgpackr';
import {
  type AnyGameModule,
  earliestTimer,
  blindCassowary,
  cassino,
  cuntSoul,
  mathCardGame,
  publicEvents,
  SPECTATOR,
  starNavigator,
} from '@cards/rules';
import { BOTS } from '@cards/bots';
import type { GameUpdate } from '@cards/schema';
import { type OwnFields, type SharedFields, SplicedUpdates } from '../src/room/splicedUpdate.ts';

const STEPS = 240;

/** Colyseus's 'game' frame header: the msgpack payload starts after it. */
const HEADER = getMessageBytes.raw(Protocol.ROOM_DATA, 'game').length;

/**
 * Plays a seeded game, each seat by its computer player (so Star Navigator's rounds reach their
 * showdowns), and yields, per step, every seat's own fields and the fields they share, as the
 * Broadcaster builds them.
 */
function* updates(
  game: AnyGameModule,
  players: number,
  seed = 'a',
): Generator<{ own: OwnFields[]; shared: SharedFields }> {
  let state = game.setup(game.defaultConfig, players, `splice-${game.slug}-${seed}`);
  const bots = Array.from({ length: players }, (_, seat) =>
    BOTS[game.slug]!({ level: 'normal', seed: `splice-${game.slug}-${seed}-${seat}` }),
  );
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
    // Every bot sees its seat's view (that is how it remembers); the first that acts moves.
    const moves = own.map(({ view, legal }, seat) => bots[seat]!.decide(view, legal));
    const actor = moves.findIndex((m, seat) => m !== null && actors.includes(seat));
    // No one moves: the clock's first timer fires (Blind Cassowary's proof of the deal, its reviews).
    const timer = earliestTimer(game, state);
    if (actor < 0 && timer === undefined) break;
    const result =
      actor < 0
        ? game.apply(state, timer!.seat, timer!.intent, step * 1000 + timer!.afterMs)
        : game.apply(state, actor, moves[actor]!.intent, step * 1000);
    if (!result.ok) throw new Error(`a computer player's intent was refused: ${result.error.code}`);
    state = result.value;
  }
}

describe('SplicedUpdates: what every seat shares encoded once, spliced into each seat’s message', () => {
  const minRunBytes = SplicedUpdates.minRunBytes;
  afterEach(() => {
    SplicedUpdates.minRunBytes = minRunBytes;
  });

  // Runs of any length (many short runs between a view's own entries), and as the room splices.
  for (const [game, players, runBytes, minShared, seeds] of [
    [cassino, 2, 0, 1, ['a', 'b', 'c']],
    [cassino, 2, minRunBytes, 0, ['a']],
    [mathCardGame, 2, minRunBytes, 4, ['a']],
    [cuntSoul, 3, minRunBytes, 8, ['a']],
    [blindCassowary, 4, minRunBytes, 6, ['a']],
    [starNavigator, 4, 0, 15, ['a']],
    [starNavigator, 4, minRunBytes, 5, ['b']],
  ] as const) {
    it(`gives the very bytes of client.send('game', update) for every seat (${game.slug}, ${players} seats, runs of ${runBytes}+ B)`, () => {
      SplicedUpdates.minRunBytes = runBytes;
      let checked = 0;
      let splicedEntries = 0;
      for (const { own, shared } of seeds.flatMap((seed) => [...updates(game, players, seed)])) {
        const views = own.map((fields) => fields.view);
        const spliced = new SplicedUpdates(shared, views);
        splicedEntries += spliced.sharedViewEntries;
        // Every view entry encoded once is one object (or primitive) in every seat's view.
        // All seats' messages first (the shared runs must survive the packer's reuse of its buffer).
        const messages = own.map((fields) => spliced.message(fields));
        own.forEach((fields, seat) => {
          const whole: GameUpdate = { ...fields, ...shared };
          const expected = getMessageBytes.raw(Protocol.ROOM_DATA, 'game', whole);
          expect(messages[seat]).toEqual(expected);
          // And what the client decodes is the whole update, field for field: its own view.
          expect(unpack(messages[seat]!.subarray(HEADER))).toEqual(whole);
          expect(unpack(messages[seat]!.subarray(HEADER))).toEqual(unpack(pack(whole)));
          checked++;
        });
      }
      expect(checked).toBeGreaterThan(players * 40);
      // Positive control: the views' shared entries were spliced (not each view encoded whole).
      expect(splicedEntries / (checked / players)).toBeGreaterThanOrEqual(minShared);
    });
  }

  // Each game's fields of a seat's own (its hand), and what shows that play went far (whole rounds).
  for (const [game, players, hidden, handKey, reached] of [
    [
      starNavigator,
      4,
      ['dataPacket', 'navMemory', 'lockedCard', 'vectorSet', 'submission'],
      'dataPacket',
      (view: Record<string, unknown>) => view.lastShowdown !== null,
    ],
    [
      cassino,
      2,
      ['hand', 'freePlay', 'legalComplete'],
      'hand',
      (view: Record<string, unknown>) => view.deckCount === 0,
    ],
    [
      mathCardGame,
      2,
      ['hand', 'mustPlay', 'mustUnder', 'mustMulligan'],
      'hand',
      (view: Record<string, unknown>) => Number(view.turnNumber) > 20,
    ],
    [cuntSoul, 3, ['seats'], 'seats', (view: Record<string, unknown>) => Number(view.turnsPlayed) > 20],
    [
      blindCassowary,
      4,
      ['hand', 'claims', 'blind', 'nominations'],
      'hand',
      (view: Record<string, unknown>) => (view.claims as unknown[]).length > 2,
    ],
  ] as const) {
    it(`gives each ${game.slug} seat its own hand, never another seat’s`, () => {
      // Runs of any length: every entry the views share is spliced (Cassino's are all under 256 B).
      SplicedUpdates.minRunBytes = 0;
      let differing = 0;
      let spliced = 0;
      let reachedCount = 0;
      for (const { own, shared } of updates(game, players)) {
        const splicer = new SplicedUpdates(
          shared,
          own.map((fields) => fields.view),
        );
        spliced += splicer.sharedViewEntries;
        own.forEach((fields, seat) => {
          const sent = unpack(splicer.message(fields).subarray(HEADER)) as GameUpdate;
          const view = sent.view as Record<string, unknown>;
          const mine = fields.view as Record<string, unknown>;
          expect(view.viewer).toBe(seat);
          for (const key of hidden) expect(view[key]).toEqual(mine[key]);
        });
        const hands = own.map((f) => JSON.stringify((f.view as Record<string, unknown>)[handKey]));
        if (new Set(hands).size > 1) differing++;
        if (reached(own[0]!.view as Record<string, unknown>)) reachedCount++;
      }
      // The views' shared entries were spliced, and play went far (the views' largest shared fields).
      expect(spliced).toBeGreaterThan(0);
      expect(reachedCount).toBeGreaterThan(0);
      // Positive control: seats' hands did differ, so a spliced hand would have shown.
      expect(differing).toBeGreaterThan(10);
    });
  }

  it('splices only entries that are one value in every view given, at the same place', () => {
    SplicedUpdates.minRunBytes = 0;
    const table = Object.freeze([1, 2, 3]);
    const update = (view: object): OwnFields => ({ version: 1, view, legal: [] });
    const shared: SharedFields = {
      actors: [0],
      timers: [],
      history: { from: 0, entries: [] },
      replayId: null,
    };
    const a = { phase: 'play', table, hand: [7], seen: table };
    const b = { phase: 'play', table, hand: [8], seen: table };
    // The same content, another object: not shared (identity, not deep equality).
    const c = { phase: 'play', table, hand: [9], seen: [1, 2, 3] };
    const spliced = new SplicedUpdates(shared, [a, b, c]);
    expect(spliced.sharedViewEntries).toBe(2);
    // A key at another place in one view is not shared either.
    const d = { table, phase: 'play', hand: [9], seen: table };
    expect(new SplicedUpdates(shared, [a, b, d]).sharedViewEntries).toBe(1);
    for (const view of [a, b, c, { ...a }]) {
      const whole: GameUpdate = { ...update(view), ...shared };
      expect(spliced.message(update(view))).toEqual(getMessageBytes.raw(Protocol.ROOM_DATA, 'game', whole));
    }
    // A run of primitives alone (null among them) is never worth a splice, however short the floor.
    const x = { gone: null, count: 1, hand: [1] };
    const y = { gone: null, count: 1, hand: [2] };
    expect(new SplicedUpdates(shared, [x, y]).sharedViewEntries).toBe(0);
    // One view alone, or views that are not plain objects: nothing to share, encoded whole.
    expect(new SplicedUpdates(shared, [a]).sharedViewEntries).toBe(0);
    expect(new SplicedUpdates(shared, [[1], [1]]).sharedViewEntries).toBe(0);
  });

  it('is a different message for each seat: one seat’s view never goes to another', () => {
    const { own, shared } = updates(cassino, 2).next().value!;
    const spliced = new SplicedUpdates(
      shared,
      own.map((fields: OwnFields) => fields.view),
    );
    const [a, b] = own.map(
      (fields: OwnFields) => unpack(spliced.message(fields).subarray(HEADER)) as GameUpdate,
    );
    expect(a!.view).toEqual(own[0]!.view);
    expect(b!.view).toEqual(own[1]!.view);
    expect(a!.view).not.toEqual(b!.view);
  });
});
