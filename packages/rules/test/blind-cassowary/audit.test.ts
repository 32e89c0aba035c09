import { BlindCassowaryOptionsSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent, type Match } from '../../src/core/engine.ts';
import { BLIND_CASSOWARY_DEFAULTS, type BlindCassowaryState } from '../../src/blind-cassowary/index.ts';
import type { BlindCassowaryIntent, BlindCassowaryOptions } from '@cards/schema';
import { act, cards, claimOf, formula, game, ids, table } from './helpers.ts';

type M = Match<BlindCassowaryOptions, BlindCassowaryState, BlindCassowaryIntent>;
const matchAt = (state: BlindCassowaryState): M => ({
  ...startMatch(game, state.options, state.players, 'x'),
  state,
  version: 7,
});
const stuckFor = (s: BlindCassowaryState, seat: number, on = true): BlindCassowaryIntent => ({
  type: 'stuck',
  on,
  hand: ids(s.hands[seat]!),
});

describe('blind-cassowary: "I\'m stuck" never fails because another move landed first', () => {
  it('three players press it at once (all quoting the same version): every one counts', () => {
    const s = table({ hands: ['AS 2H', 'AH 2D', 'AC 2C'], target: 50, reserve: '3S 3H 3D 4S 4H 4D' });
    let m = matchAt(s);
    const seen = m.version;
    const sent = [0, 1, 2].map((seat) => stuckFor(s, seat));
    for (const seat of [0, 1, 2]) {
      const r = submitIntent(game, m, seat, sent[seat]!, seen, seat);
      expect(r.ok ? 'ok' : r.error.code).toBe('ok');
      if (r.ok) m = r.value;
    }
    // All three stuck: everyone drew a card (and more if the proof then finds no cassowary).
    expect(m.state.events[0]!.kind).toBe('stuckDraw');
    expect(m.log.map((e) => e.actor)).toEqual([0, 1, 2]);
  });

  it('taking it back is always accepted; a declaration on a hand that has since changed is stale', () => {
    const s = table({ hands: ['AS 2H', 'AH 2D'], target: 50, reserve: '3S 3H' });
    const m = matchAt(act(s, 0, stuckFor(s, 0)));
    const back = submitIntent(game, m, 0, stuckFor(s, 0, false), 0, 1);
    expect(back.ok).toBe(true);
    // Seat 1 saw AH 2D, but a card was drawn meanwhile: its stuck no longer says what it means.
    const drawn = { ...m, state: { ...m.state, hands: [m.state.hands[0]!, cards('AH 2D 3S')] } };
    const stale = submitIntent(game, drawn, 1, { type: 'stuck', on: true, hand: ['AH', '2D'] }, 0, 1);
    expect(stale.ok ? '' : stale.error.code).toBe('STALE_VERSION');
    const noHand = submitIntent(game, drawn, 1, { type: 'stuck', on: true }, 0, 1);
    expect(noHand.ok ? '' : noHand.error.code).toBe('STALE_VERSION');
  });
});

describe('blind-cassowary: the blind phase is not a calculator', () => {
  const start = (): BlindCassowaryState => {
    let s = table({ hands: ['9S 5H', 'KS 2D', '3C'], target: 14 });
    for (const seat of [0, 1, 2]) s = act(s, seat, { type: 'stuck', on: true });
    return s;
  };
  const blind = (s: BlindCassowaryState, seat: number, text: string) =>
    act(s, seat, { type: 'blindSubmit', expr: formula(s.hands[seat]!, text).expr, chameleons: [] });

  it('a submission over the target busts: taken as your one submission, value hidden until the reveal, scores nothing', () => {
    let s = start();
    s = blind(s, 0, '9+5'); // 14: exact
    s = blind(s, 1, 'K+2'); // 15: over
    expect(game.view(s, 1).blind[1]).toMatchObject({
      submitted: true,
      bust: true,
      value: null,
      formula: 'K + 2',
    });
    expect(game.view(s, 0).blind[1]).toMatchObject({
      submitted: true,
      bust: false,
      value: null,
      formula: null,
    });
    const retry = game.apply(
      s,
      1,
      { type: 'blindSubmit', expr: formula(s.hands[1]!, 'K').expr, chameleons: [] },
      0,
    );
    expect(retry.ok ? '' : retry.error.code).toBe('ALREADY_SUBMITTED');
    s = blind(s, 2, '3');
    expect(s.phase).toBe('over');
    expect(game.view(s, 2).blind[1]).toMatchObject({ bust: true, value: '15', winner: false });
    expect(s.blindWinners).toEqual([0]);
  });

  it('a bust never wins, even against passes', () => {
    let s = start();
    s = blind(s, 0, '9*5');
    s = act(s, 1, { type: 'blindSubmit', expr: null, chameleons: [] });
    s = act(s, 2, { type: 'blindSubmit', expr: null, chameleons: [] });
    expect(s.blindWinners).toEqual([]);
    expect(s.standings!.map((l) => l.blind)).toEqual([0, 0, 0]);
  });
});

describe('blind-cassowary: Best in Show — spectators never outweigh the players', () => {
  /** Three nests, every seat nominates its cassowary: the vote is open. */
  function voting(): BlindCassowaryState {
    let s = table({
      hands: ['2S 2H', '2D 2C', 'AS 3S'],
      target: 4,
      options: { bestInShow: true, referee: 'server' },
    });
    for (const [seat, text] of [
      [0, '2+2'],
      [1, '2*2'],
      [2, 'A+3'],
    ] as const)
      s = act(s, seat, claimOf(s, seat, text));
    expect(s.claims.map((c) => c.status)).toEqual(['stood', 'stood', 'stood']);
    return { ...s, phase: 'bestInShow', nominations: ['c1', 'c2', 'c3'], nominated: [true, true, true] };
  }
  const spectate = (s: BlindCassowaryState, who: string, claimId: string) => {
    const r = game.spectators!.apply(s, who, { type: 'bestInShowVote', claimId }, 0);
    if (!r.ok) throw new Error(r.error.code);
    return r.value;
  };

  it('five sock-puppet spectator tabs cannot beat one player vote', () => {
    let s = voting();
    for (const tab of ['t1', 't2', 't3', 't4', 't5']) s = spectate(s, tab, 'c3');
    s = act(s, 0, { type: 'bestInShowVote', claimId: 'c2' });
    s = act(s, 1, { type: 'bestInShowVote', claimId: 'c1' });
    s = act(s, 2, { type: 'bestInShowVote', claimId: 'c2' });
    expect(s.bestWinners).toEqual(['c2']); // players: c2 2, c1 1; spectators' 5 for c3 count for nothing
    expect(game.view(s, 'spectator').bestInShowVotes).toContainEqual({
      claimId: 'c3',
      votes: 0,
      spectatorVotes: 5,
    });
  });

  it("spectators break a tie among the players' leaders only", () => {
    let s = voting();
    s = spectate(s, 't1', 'c1');
    s = spectate(s, 't2', 'c3');
    s = spectate(s, 't3', 'c3');
    s = act(s, 0, { type: 'bestInShowVote', claimId: 'c2' });
    s = act(s, 1, { type: 'bestInShowVote', claimId: 'c1' });
    s = act(s, 2, { type: 'timeUp' }, 60_000); // abstains: c1 and c2 tie on one vote each
    expect(s.bestWinners).toEqual(['c1']); // c3's two spectator votes do not count: it is not tied
  });
});

describe('blind-cassowary: the target preview and open hands', () => {
  const previewing = () => {
    const s = game.setup({ ...BLIND_CASSOWARY_DEFAULTS, targetPreviewSeconds: 4 }, 3, 'preview');
    return act(s, 0, { type: 'prove' }, 0);
  };

  it('hands stay face down until everyone is ready; nobody may claim or be stuck meanwhile', () => {
    let s = previewing();
    for (const viewer of [0, 1, 2, 'spectator'] as const) {
      expect(game.view(s, viewer).hand).toEqual([]);
      expect(game.view(s, viewer).preview).toEqual({ seconds: 4, ready: [false, false, false] });
    }
    expect(game.legalIntents(s, 0)).toEqual([{ type: 'ready' }, { type: 'showHand', open: true }]);
    const stuck = game.apply(s, 0, { type: 'stuck', on: true }, 0);
    expect(stuck.ok ? '' : stuck.error.code).toBe('PREVIEW');
    expect(game.timers!(s)).toEqual([
      { key: 'preview', seat: 0, afterMs: 4000, intent: { type: 'previewOver' } },
    ]);
    s = act(s, 0, { type: 'ready' });
    s = act(s, 2, { type: 'ready' });
    expect(game.view(s, 0).hand).toEqual([]);
    s = act(s, 1, { type: 'ready' });
    expect(game.view(s, 0).preview).toBeNull();
    expect(game.view(s, 0).hand).toEqual(s.hands[0]);
    expect(game.timers!(s)).toEqual([]);
  });

  it('or the clock ends it (the clock only)', () => {
    const s = previewing();
    const m = { ...startMatch(game, s.options, 3, 'preview'), state: s };
    const byPlayer = submitIntent(game, m, 1, { type: 'previewOver' }, 0, 10);
    expect(byPlayer.ok ? '' : byPlayer.error.code).toBe('CLOCK_ONLY');
    const byClock = submitIntent(game, m, 0, { type: 'previewOver' }, 0, 4000, true);
    expect(byClock.ok && byClock.value.state.preview).toBe(false);
  });

  it('an open hand is shown to every player and spectator; closed again, to nobody but its owner', () => {
    let s = table({ hands: ['4S 6H', 'AS AH', '2H 2C'], target: 24 });
    s = act(s, 1, { type: 'showHand', open: true });
    for (const viewer of [0, 2, 'spectator'] as const)
      expect(game.view(s, viewer).openHands).toEqual([null, cards('AS AH'), null]);
    s = act(s, 1, { type: 'showHand', open: false });
    expect(game.view(s, 0).openHands).toEqual([null, null, null]);
    expect(game.view(s, 1).hand).toEqual(cards('AS AH'));
  });
});

describe('blind-cassowary: rule texts at their edges', () => {
  it('a cassowary of more than 16 cards (eight players, long game) is taken', () => {
    const hand = '4S 6H 2S 2H 3S 3H 5S 5H 7S 7H 8S 8H 9S 9H 10S 10H JS JH';
    const s = table({ hands: [hand, 'AS AH'], target: 24, options: { referee: 'server' } });
    const text = '4*6+(2-2)+(3-3)+(5-5)+(7-7)+(8-8)+(9-9)+(10-10)+(J-J)';
    const intent = claimOf(s, 0, text);
    expect(intent.type === 'claim' && intent.cards.length).toBe(18);
    const next = act(s, 0, intent);
    expect(next.claims[0]!.status).toBe('stood');
    expect(next.claims[0]!.cards).toHaveLength(18);
  });

  it('the nefarious penalty is "ten points or more": 9 is refused, 10 and more taken', () => {
    expect(BlindCassowaryOptionsSchema.safeParse({ nefariousPenalty: 9 }).success).toBe(false);
    expect(BlindCassowaryOptionsSchema.safeParse({ nefariousPenalty: 10 }).success).toBe(true);
    expect(BlindCassowaryOptionsSchema.safeParse({ nefariousPenalty: 25 }).success).toBe(true);
  });
});
