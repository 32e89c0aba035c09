/** Hints in words: each from one seat's view and legal intents, about that seat's own cards only. */
import {
  type AnyGameModule,
  blindCassowary,
  type BlindCassowaryState,
  mathCardGame,
  type MathCardGameState,
  starNavigator,
  type StarNavigatorState,
} from '@cards/rules';
import {
  type BlindCassowaryIntent,
  type BlindCassowaryView,
  GAMES_WITH_HINTS,
  type MathCardGameIntent,
  type MathCardGameView,
  type StarNavigatorIntent,
  type StarNavigatorView,
} from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { HINT_POSITIONS, HINTS } from '../src/index.ts';
import { every, snapshots } from './helpers.ts';

const hint = (slug: string, view: unknown, legal: readonly unknown[], reveal = false) => {
  const fn = HINTS[slug];
  if (fn === undefined) throw new Error(`no hints for ${slug}`);
  return fn(view, legal, reveal);
};

describe('hints', () => {
  it('exist for exactly the games the protocol says give hints', () => {
    expect(new Set(Object.keys(HINTS))).toEqual(new Set(GAMES_WITH_HINTS));
    expect(new Set(Object.keys(HINT_POSITIONS))).toEqual(new Set(GAMES_WITH_HINTS));
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
      // The sequences its cards go to, for the table to mark: exactly those the words name.
      const named = [...h.text.matchAll(/on (a new sequence|sequence (\d))/g)].map((m) =>
        m[2] === undefined ? 'new' : String(Number(m[2]) - 1),
      );
      expect(h.places).toEqual([...new Set(named)]);
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

/**
 * Every seat's position at the snapshots of a seeded game: `expected` says whether a hint exists
 * there, `given` checks the hint and its key where one does. Returns how many had one and how many not.
 */
function positionsOf<View, Intent>(
  game: AnyGameModule,
  config: unknown,
  players: number,
  seed: string,
  expected: (view: View, legal: readonly Intent[]) => boolean,
  given: (view: View, legal: readonly Intent[], at: string) => void,
): { on: number; off: number } {
  const seen = { on: 0, off: 0 };
  for (const { state } of every(snapshots(game, config, players, seed, 400), 2)) {
    for (let seat = 0; seat < players; seat++) {
      const view = game.view(state, seat) as View;
      const legal = game.legalIntents(state, seat) as readonly Intent[];
      const at = HINT_POSITIONS[game.slug]!(view, legal);
      expect(at !== null).toBe(expected(view, legal));
      if (at === null) seen.off++;
      else {
        seen.on++;
        given(view, legal, at);
      }
    }
  }
  return seen;
}

/**
 * "A hint exists" (the position) is said without working the hint out: where it says so the hint
 * is there, and where it does not, the seat has nothing the hint would be about.
 */
describe('hint positions', () => {
  it('Blind Cassowary: while a target is open and the seat may claim; its key follows target and hand', () => {
    // With the target preview first: hands face down, nothing to claim yet.
    const config = { ...blindCassowary.defaultConfig, targetPreviewSeconds: 3 };
    const seen = positionsOf<BlindCassowaryView, BlindCassowaryIntent>(
      blindCassowary,
      config,
      3,
      'hint-bc',
      (view, legal) => view.phase === 'play' && view.hand.length > 0 && legal.some((i) => i.type === 'stuck'),
      (view, legal, at) => {
        expect(hint('blind-cassowary', view, legal)).not.toBeNull();
        expect(at).toContain(view.hand.map((c) => c.id).join(','));
        expect(at).toContain(view.target.cards.map((c) => c.id).join(','));
      },
    );
    expect(seen.on).toBeGreaterThan(0);
    expect(seen.off).toBeGreaterThan(0);
  });

  it('Math Card Game: on the seat’s own turn with a card to place, never on the other’s turn', () => {
    const seen = positionsOf<MathCardGameView, MathCardGameIntent>(
      mathCardGame,
      mathCardGame.defaultConfig,
      2,
      'hint-mcg',
      (view, legal) =>
        view.phase === 'play' &&
        view.turn === view.viewer &&
        legal.some((i) => i.type === 'turn' && i.plays.length > 0),
      (view, legal, at) => {
        expect(at).toBe(`turn ${view.turnNumber}`);
        expect(hint('math-card-game', view, legal)?.cards.length).toBeGreaterThan(0);
      },
    );
    expect(seen.on).toBeGreaterThan(5);
    // Every position is somebody's turn: the other seat's, at least, has none.
    expect(seen.off).toBeGreaterThanOrEqual(seen.on);
  });

  it('Star Navigator: in compose while the seat may choose its Vector Set, not in the draft or after submitting', () => {
    const seen = positionsOf<StarNavigatorView, StarNavigatorIntent>(
      starNavigator,
      starNavigator.defaultConfig,
      2,
      'hint-sn',
      (view, legal) =>
        view.phase === 'compose' &&
        view.submission === null &&
        legal.some((i) => i.type === 'chooseVectorSet'),
      (view, legal) => expect(hint('star-navigator', view, legal)).not.toBeNull(),
    );
    expect(seen.on).toBeGreaterThan(2);
    expect(seen.off).toBeGreaterThan(2);
  });
});
