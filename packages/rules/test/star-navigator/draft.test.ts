import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent } from '../../src/core/engine.ts';
import {
  act,
  allCards,
  choose,
  composeState,
  expectErr,
  expectOk,
  game,
  opts,
  submit,
  sum,
} from './helpers.ts';

describe('deal and draft', () => {
  it('deal: target, Signpost Beacon and a four-card Data Packet for each player; one player holds the Initiative', () => {
    for (const players of [2, 3, 4]) {
      const s = game.setup(opts(), players, `deal-${players}`);
      expect(s.phase).toBe('draft');
      expect(s.targetCards).toHaveLength(2);
      expect(s.beacon).not.toBeNull();
      expect(s.seats.every((x) => x.packet.length === 4 && x.memory.length === 0)).toBe(true);
      expect(s.initiative).toBeGreaterThanOrEqual(0);
      expect(s.initiative).toBeLessThan(players);
      expect(allCards(s)).toEqual(Object.keys(s.cards).sort());
    }
  });
  it('draft: simultaneous: every seat may pick at once; the pass waits until all have picked', () => {
    const s0 = game.setup(opts({ roundTimerSeconds: null }), 3, 'draft');
    expect(game.actors(s0)).toEqual([0, 1, 2]);
    const p0 = s0.seats[0]?.packet ?? [];
    const s1 = act(s0, 0, { type: 'draftPick', card: p0[1] as string });
    expect(s1.seats[0]?.memory).toEqual([p0[1]]);
    expect(game.actors(s1)).toEqual([1, 2]);
    expectErr(game.apply(s1, 0, { type: 'draftPick', card: p0[0] as string }, 0), 'WAITING');
    expectErr(game.apply(s1, 1, { type: 'draftPick', card: p0[0] as string }, 0), 'NOT_IN_PACKET');
    const s2 = act(s1, 2, { type: 'draftPick', card: s0.seats[2]?.packet[0] as string });
    const s3 = act(s2, 1, { type: 'draftPick', card: s0.seats[1]?.packet[0] as string });
    // the rest of each packet passed to the left (seat + 1): seat 1 now holds seat 0's three cards
    expect(s3.seats[1]?.packet).toEqual(p0.filter((_, i) => i !== 1));
    expect(s3.seats[0]?.packet).toEqual(s0.seats[2]?.packet.slice(1));
    expect(s3.seats.every((x) => x.packet.length === 3 && !x.picked)).toBe(true);
  });
  it('draft: ends when each player receives just one card, which is kept without a pick: four in every Nav Memory', () => {
    let s = game.setup(opts(), 4, 'full');
    const start = s.seats.map((x) => [...x.packet]);
    for (let round = 0; round < 3; round++) {
      for (const seat of [3, 1, 0, 2]) {
        // a pick is always a choice between at least two cards
        expect(s.seats[seat]?.packet.length).toBeGreaterThan(1);
        s = act(s, seat, { type: 'draftPick', card: s.seats[seat]?.packet[0] as string });
      }
    }
    // After three picks the one-card packets arrived and were kept: nobody taps the last card.
    expect(s.phase).toBe('compose');
    expect(s.seats.every((x) => x.memory.length === 4 && x.packet.length === 0)).toBe(true);
    for (const seat of [0, 1, 2, 3]) {
      expect(game.legalIntents(s, seat).some((i) => i.type === 'draftPick')).toBe(false);
      // the kept single card is the last of the packet that started three seats to the right
      const from = (seat + 4 - 3) % 4;
      expect(s.seats[seat]?.memory[3]).toBe(start[from]?.[3]);
    }
    expectErr(
      game.apply(s, 0, { type: 'draftPick', card: s.seats[0]?.memory[3] as string }, 0),
      'NOT_DRAFTING',
    );
    expect(allCards(s)).toEqual(Object.keys(s.cards).sort());
  });
  it('draft: a seat whose timer ran out picks automatically so the draft goes on', () => {
    let s = game.setup(opts(), 2, 'auto');
    s = act(s, 1, { type: 'roundTimeout' });
    expect(s.seats[1]?.memory).toHaveLength(1);
    for (let k = 0; k < 3; k++) s = act(s, 0, { type: 'draftPick', card: s.seats[0]?.packet[0] as string });
    expect(s.phase).toBe('compose');
    expect(s.seats[1]?.memory).toHaveLength(4);
    expectErr(game.apply(s, 1, choose(['x']), 0), 'COMMITTED');
  });
});

describe('views: no hidden cards, no calculators', () => {
  it('view: own Data Packet and Nav Memory only; others as counts and choosing flags', () => {
    let s = game.setup(opts(), 3, 'view');
    s = act(s, 0, { type: 'draftPick', card: s.seats[0]?.packet[0] as string });
    const v = game.view(s, 1);
    expect(v.dataPacket.map((c) => c.id)).toEqual(s.seats[1]?.packet);
    expect(v.navMemory).toEqual([]);
    expect(v.seats.map((x) => [x.packetCount, x.navMemoryCount, x.choosing])).toEqual([
      [3, 1, false],
      [4, 0, true],
      [4, 0, true],
    ]);
    const spectator = game.view(s, 'spectator');
    expect(spectator.dataPacket).toEqual([]);
    expect(spectator.signpostBeacon?.id).toBe(s.beacon);
    expect(spectator.target).toBe(s.target);
  });
  it('view: a submission is echoed to its owner only, never evaluated before the showdown', () => {
    const s0 = composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
    let s = act(s0, 0, choose(['7S', '8H', 'JD']));
    s = act(s, 0, submit(sum(['7S', '8H', 'JD']), 26));
    const mine = game.view(s, 0);
    expect(mine.submission?.declared).toBe(26);
    expect(JSON.stringify(mine)).not.toMatch(/"result"|"distance"/);
    const theirs = game.view(s, 1);
    expect(theirs.submission).toBeNull();
    expect(theirs.vectorSet).toBeNull();
    expect(theirs.seats[0]?.submitted).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain('"7S"');
    // after the showdown everything is on the table, with the best possible result
    s = act(s, 1, choose(['4S', '5S', 'JD']));
    s = act(s, 1, submit(sum(['4S', '5S', 'JD']), 20));
    const after = game.view(s, 1).lastShowdown;
    expect(after?.lines.map((l) => [l.seat, l.declared, l.result, l.distance])).toEqual([
      [0, 26, 26, 5],
      [1, 20, 20, 11],
    ]);
    expect(after?.lines[0]?.best).toMatchObject({ result: 32, distance: 1 });
  });
});

describe('round timer (GameModule.timers)', () => {
  const timersOf = game.timers!;
  it('timers: each seat that has not submitted has a round timer from the deal, in milliseconds', () => {
    const s = game.setup(opts({ roundTimerSeconds: 120 }), 2, 'timer');
    expect(timersOf(s)).toEqual([
      { key: 'round-1-0', seat: 0, afterMs: 120_000, intent: { type: 'roundTimeout' } },
      { key: 'round-1-1', seat: 1, afterMs: 120_000, intent: { type: 'roundTimeout' } },
    ]);
    expect(timersOf(game.setup(opts({ roundTimerSeconds: null }), 2, 'timer'))).toEqual([]);
    expectErr(
      game.apply(game.setup(opts({ roundTimerSeconds: null }), 2, 'timer'), 0, { type: 'roundTimeout' }, 0),
      'NO_TIMER',
    );
  });
  it('timers: keys stay the same through the draft (the clock runs from the deal); a submitted seat loses its timer', () => {
    let s = game.setup(opts(), 2, 'keys');
    s = act(s, 0, { type: 'draftPick', card: s.seats[0]?.packet[0] as string });
    expect(timersOf(s).map((t) => t.key)).toEqual(['round-1-0', 'round-1-1']);
    const c = composeState(opts(), {
      target: ['3S', 'AC'],
      beacon: 'JD',
      memories: [
        ['7S', '8H', '2C', '3C'],
        ['4S', '5S', '6S', '9S'],
      ],
    });
    let d = act(c, 0, choose(['7S', '8H', 'JD']));
    d = act(d, 0, submit(sum(['7S', '8H', 'JD']), 26));
    expect(timersOf(d).map((t) => t.key)).toEqual(['round-1-1']);
  });
  it('timers: the room can submit every timer intent and the round resolves', () => {
    let m = startMatch(game, opts(), 3, 'room');
    for (;;) {
      const [t] = timersOf(m.state);
      if (t === undefined || m.state.phase !== 'draft') break;
      // The clock's intent is never offered to the player (decision 13): only the room submits it.
      expect(game.legalIntents(m.state, t.seat)).not.toContainEqual(t.intent);
      expect(submitIntent(game, m, t.seat, t.intent, m.version, 0)).toMatchObject({
        ok: false,
        error: { code: 'CLOCK_ONLY' },
      });
      m = expectOk(submitIntent(game, m, t.seat, t.intent, m.version, 0, true));
      if (m.state.phase === 'showdown') break;
    }
    expect(m.state.phase).toBe('showdown');
    expect(m.state.lastShowdown?.lines.every((l) => l.forfeit === 'timeout')).toBe(true);
    expect(timersOf(m.state).map((t) => t.intent.type)).toEqual(['continue', 'continue', 'continue']);
  });
});
