import { describe, expect, it } from 'vitest';
import { Packr } from 'msgpackr';
import {
  cassino,
  type CassinoState,
  nextInt,
  SPECTATOR,
  seedPrng,
  startMatch,
  submitIntent,
  type Viewer,
} from '@cards/rules';
import type { CassinoView } from '@cards/schema';
import { legalPlays } from '../../../packages/rules/src/cassino/legal.ts';
import { SplicedUpdates } from '../src/room/splicedUpdate.ts';

/** Colyseus's own packer (`@colyseus/core` Protocol). */
const packr = new Packr({ useRecords: false });

/** Cassino's view as it was before the shared part was built once per state: every field its own copy. */
function viewBefore(state: CassinoState, viewer: Viewer): CassinoView {
  const seated =
    viewer !== SPECTATOR && Number.isInteger(viewer) && viewer >= 0 && viewer < state.hands.length;
  const legal = seated ? legalPlays(state, viewer) : null;
  return {
    game: 'cassino',
    phase: state.phase,
    players: state.hands.length,
    viewer: seated ? viewer : SPECTATOR,
    options: state.options,
    dealNumber: state.dealNumber,
    round: state.round,
    dealer: state.dealer,
    turn: state.turn,
    hand: seated ? [...(state.hands[viewer] ?? [])] : [],
    handCounts: state.hands.map((h) => h.length),
    table: [...state.table],
    capturedCounts: state.captured.map((pile) => pile.length),
    sweeps: [...state.sweeps],
    deckCount: state.deck.length,
    lastCapturer: state.lastCapturer,
    lastAction: state.lastAction,
    dealScores: state.dealScores.map((lines) => [...lines]),
    matchTotals: [...state.matchTotals],
    awaitingContinue: [...state.awaitingContinue],
    winners: [...state.winners],
    legalComplete: legal?.complete ?? true,
    freePlay: (legal?.freePlay ?? []).map((f) => ({ ...f, buildValues: [...f.buildValues] })),
  };
}

/**
 * Every state of seeded games: random legal plays (both match lengths), and games where the seat on
 * turn always trails, whose crowded tables cut the legal list (free plays in the view).
 */
function* states(): Generator<CassinoState> {
  for (const [match, games] of [
    ['single', 12],
    ['to21', 4],
  ] as const) {
    for (let g = 0; g < games; g++) {
      let m = startMatch(cassino, { match }, 2, `shared-view-${match}-${g}`);
      let prng = seedPrng(`shared-view-play-${match}-${g}`);
      while (cassino.outcome(m.state) === null) {
        yield m.state;
        const seat = cassino.actors(m.state)[0]!;
        const legal = cassino.legalIntents(m.state, seat);
        const [i, next] = nextInt(prng, legal.length);
        prng = next;
        const r = submitIntent(cassino, m, seat, legal[i]!, m.version, 0);
        if (!r.ok) throw new Error(r.error.code);
        m = r.value;
      }
      yield m.state;
    }
  }
  for (const seed of ['absurd-1', 'absurd-2']) {
    let s = cassino.setup({ match: 'single' }, 2, seed);
    while (s.phase === 'playing') {
      yield s;
      const seat = s.turn!;
      const r = cassino.apply(s, seat, { type: 'trail', card: s.hands[seat]![0]!.id }, 0);
      if (!r.ok) throw new Error(r.error.code);
      s = r.value;
    }
  }
}

const VIEWERS: readonly Viewer[] = [0, 1, SPECTATOR];
const SHARED_KEYS = [
  'handCounts',
  'table',
  'capturedCounts',
  'sweeps',
  'dealScores',
  'matchTotals',
  'awaitingContinue',
  'winners',
] as const;

describe('cassino: the public part of the view is built once per state', () => {
  it('encodes every seat’s and the spectator’s view to the very bytes of the view before', () => {
    let views = 0;
    let freePlays = 0;
    let dealsOver = 0;
    for (const state of states()) {
      for (const viewer of VIEWERS) {
        const view = cassino.view(state, viewer);
        const before = viewBefore(state, viewer);
        expect(Object.keys(view)).toEqual(Object.keys(before));
        expect(Buffer.from(packr.pack(view))).toEqual(Buffer.from(packr.pack(before)));
        views++;
        if (view.freePlay.length > 0) freePlays++;
      }
      if (state.phase !== 'playing') dealsOver++;
    }
    expect(views).toBeGreaterThan(3000);
    // The crowded tables were reached (a cut list's free plays are the seat's own), and deal ends.
    expect(freePlays).toBeGreaterThan(15);
    expect(dealsOver).toBeGreaterThan(15);
  });

  it('gives every viewer of a state the same frozen public lists, so the room encodes them once', () => {
    let spliced = 0;
    let seen = 0;
    for (const state of states()) {
      const [a, b, watching] = VIEWERS.map((viewer) => cassino.view(state, viewer));
      for (const key of SHARED_KEYS) {
        expect(a![key]).toBe(b![key]);
        expect(a![key]).toBe(watching![key]);
        expect(Object.isFrozen(a![key])).toBe(true);
      }
      // Each seat's own hand is its own copy (never another seat's).
      expect(a!.hand).not.toBe(b!.hand);
      const shared = new SplicedUpdates(
        { actors: [], timers: [], history: { from: 0, entries: [] }, replayId: null },
        [a, b],
      );
      spliced += shared.sharedViewEntries;
      seen++;
    }
    // The room splices these entries (runs of SplicedUpdates.minRunBytes and more) for most states.
    expect(spliced / seen).toBeGreaterThan(SHARED_KEYS.length / 2);
  });
});
