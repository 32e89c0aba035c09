/** Hints in words: each from one seat's view and legal intents, about that seat's own cards only. */
import {
  blindCassowary,
  type BlindCassowaryState,
  mathCardGame,
  type MathCardGameState,
  starNavigator,
  type StarNavigatorState,
} from '@cards/rules';
import { GAMES_WITH_HINTS, type MathCardGameView, type StarNavigatorView } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { HINTS } from '../src/index.ts';
import { every, snapshots } from './helpers.ts';

const hint = (slug: string, view: unknown, legal: readonly unknown[], reveal = false) => {
  const fn = HINTS[slug];
  if (fn === undefined) throw new Error(`no hints for ${slug}`);
  return fn(view, legal, reveal);
};

describe('hints', () => {
  it('exist for exactly the games the protocol says give hints', () => {
    expect(new Set(Object.keys(HINTS))).toEqual(new Set(GAMES_WITH_HINTS));
  });

  it('Blind Cassowary: first whether a cassowary exists, then one, over the seat’s own cards', () => {
    let revealed = 0;
    const positions = snapshots(blindCassowary, blindCassowary.defaultConfig, 3, 'hint-bc', 200);
    for (const { state: raw, seat } of every(positions, 7)) {
      const state = raw as BlindCassowaryState;
      const view = blindCassowary.view(state, seat);
      const legal = blindCassowary.legalIntents(state, seat);
      const first = hint('blind-cassowary', view, legal);
      if (view.phase !== 'play') {
        expect(first).toBeNull();
        continue;
      }
      expect(first?.cards).toEqual([]);
      expect(first?.text).toMatch(
        /^(A cassowary exists in your hand\.|No cassowary in your hand\.|Not sure)/,
      );
      if (first?.more !== true) continue;
      const second = hint('blind-cassowary', view, legal, true);
      const own = new Set(view.hand.map((c) => c.id));
      expect(second?.cards.length).toBeGreaterThan(0);
      for (const id of second?.cards ?? []) expect(own.has(id)).toBe(true);
      expect(second?.text).toMatch(new RegExp(`^One cassowary: .+ = ${view.target.value}$`));
      revealed++;
    }
    expect(revealed).toBeGreaterThan(0);
  });

  it('Math Card Game: the best-scoring turn, in words, with the seat’s own hand cards', () => {
    let given = 0;
    const positions = snapshots(mathCardGame, mathCardGame.defaultConfig, 2, 'hint-mcg');
    for (const { state: raw, seat } of every(positions, 5)) {
      const state = raw as MathCardGameState;
      const view = mathCardGame.view(state, seat) as MathCardGameView;
      const h = hint('math-card-game', view, mathCardGame.legalIntents(state, seat));
      if (h === null) continue;
      const own = new Set(view.hand.map((c) => c.id));
      for (const id of h.cards) expect(own.has(id)).toBe(true);
      expect(h.text).toMatch(
        /(^Play .+ on (a new sequence|sequence \d)|^Pass).*: your score becomes -?\d+\.$/,
      );
      given++;
    }
    expect(given).toBeGreaterThan(5);
  });

  it('Star Navigator: a Vector Set of the seat’s own cards and the beacon, and what it can make', () => {
    let given = 0;
    const positions = snapshots(starNavigator, starNavigator.defaultConfig, 2, 'hint-sn', 800).filter(
      ({ state }) => (state as StarNavigatorState).phase === 'compose',
    );
    for (const { state: raw, seat } of every(positions, 4)) {
      const state = raw as StarNavigatorState;
      const view = starNavigator.view(state, seat) as StarNavigatorView;
      const h = hint('star-navigator', view, starNavigator.legalIntents(state, seat));
      if (h === null) continue;
      const own = new Set([...view.navMemory, view.signpostBeacon].map((c) => c?.id));
      for (const id of h.cards) expect(own.has(id)).toBe(true);
      expect(h.text).toMatch(
        /^Vector Set: .+\. It can make -?\d+ \((exactly the target|\d+ from the target)\)\.$/,
      );
      given++;
    }
    expect(given).toBeGreaterThan(2);
  });
});
