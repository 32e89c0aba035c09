/** What each computer player and hint chooses in positions where the right answer is known. */
import {
  blindCassowary,
  cassino,
  mathCardGame,
  starNavigator,
  type BlindCassowaryState,
  type CassinoState,
  type MathCardGameState,
  type StarNavigatorState,
} from '@cards/rules';
import type {
  BlindCassowaryCard,
  BlindCassowaryIntent,
  Card,
  ExprJsonWire,
  MathCardGameIntent,
  MathCardGameView,
  StarNavigatorIntent,
} from '@cards/schema';
import { describe, expect, it } from 'vitest';
import {
  blindCassowaryBot,
  blindCassowaryHint,
  cassinoBot,
  LEVELS,
  mathCardGameBot,
  mathCardGameHint,
  starNavigatorBot,
  starNavigatorHint,
} from '../src/index.ts';
import { claimValue } from '../src/blind-cassowary/index.ts';
import { turnGain } from '../src/math-card-game/index.ts';
import { every, snapshots } from './helpers.ts';

const RANKS: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };
const card = (id: string): Card & BlindCassowaryCard => {
  const r = id.slice(0, -1);
  return { id, rank: RANKS[r] ?? Number(r), suit: id.slice(-1) as 'S' };
};
const cards = (ids: string) => ids.split(' ').map(card);

describe('Cassino', () => {
  /** Seat 0 to play 10♠ or 2♥ onto a table of 10♦ (Big Cassino, 2 points) and 5♣. */
  function position(): CassinoState {
    const base = cassino.setup({ match: 'single' }, 2, 'policy');
    return {
      ...base,
      turn: 0,
      hands: [cards('2H 10S'), cards('3C 4C')],
      table: cards('10D 5C').map((c) => ({ type: 'card', id: c.id, card: c })),
    };
  }

  it('Normal and Hard take Big Cassino rather than trail', () => {
    const s = position();
    for (const level of ['normal', 'hard'] as const) {
      const d = cassinoBot({ level, seed: 'x' }).decide(cassino.view(s, 0), cassino.legalIntents(s, 0));
      expect(d?.intent).toEqual({ type: 'capture', card: '10S', items: ['10D'] });
      expect(d?.delayMs).toBeGreaterThan(0);
    }
  });

  it('waits when it is not its turn', () => {
    const s = position();
    expect(cassinoBot({ level: 'hard', seed: 'x' }).decide(cassino.view(s, 1), [])).toBeNull();
  });
});

describe('Blind Cassowary', () => {
  /** Two players, target 24; seat 1 has just claimed `expr` over 3♥ and 8♣. */
  function claimed(expr: ExprJsonWire): BlindCassowaryState {
    const base = blindCassowary.setup(blindCassowary.defaultConfig, 2, 'policy');
    const s: BlindCassowaryState = {
      ...base,
      phase: 'play',
      hands: [cards('6H 4S 2C 9D KC'), cards('3H 8C QH')],
      target: { ...base.target, value: 24 },
      proofDue: false,
      stuck: [false, false],
    };
    const claim: BlindCassowaryIntent = { type: 'claim', cards: ['3H', '8C'], expr, chameleons: [] };
    const r = blindCassowary.apply(s, 1, claim, 1000);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  }
  const leaf = (ref: string): ExprJsonWire => ({ kind: 'leaf', ref });
  const wrong = claimed({ kind: 'op', op: '+', left: leaf('3H'), right: leaf('8C') });
  const right = claimed({ kind: 'op', op: '*', left: leaf('3H'), right: leaf('8C') });
  const reviewOf = (s: BlindCassowaryState, level: (typeof LEVELS)[number]) =>
    blindCassowaryBot({ level, seed: 'r' }).decide(
      blindCassowary.view(s, 0),
      blindCassowary.legalIntents(s, 0),
    )?.intent.type;

  it('reads a claim from its formula as everyone sees it', () => {
    const claim = blindCassowary.view(right, 0).claims[0];
    expect(claim && claimValue(claim)).toEqual({ n: 24n, d: 1n });
  });

  it('challenges a wrong claim at Normal and Hard, approves it at Easy, and approves a right one', () => {
    expect(reviewOf(wrong, 'normal')).toBe('challenge');
    expect(reviewOf(wrong, 'hard')).toBe('challenge');
    expect(reviewOf(wrong, 'easy')).toBe('approve');
    for (const level of LEVELS) expect(reviewOf(right, level)).toBe('approve');
  });

  it('the hint says a cassowary exists, then gives one that makes the target', () => {
    const hint = blindCassowaryHint(blindCassowary.view(right, 0));
    expect(hint.exists).toBe('yes');
    if (hint.exists !== 'yes') return;
    expect(hint.formula).not.toBe('');
    // The hinted claim is accepted by the rules and checks out as right.
    const r = blindCassowary.apply(right, 0, hint.claim, 2000);
    expect(r.ok).toBe(true);
  });

  it('a hand with no cassowary: the hint says so', () => {
    const s: BlindCassowaryState = { ...right, hands: [cards('AH AS'), right.hands[1] ?? []] };
    expect(blindCassowaryHint(blindCassowary.view(s, 0)).exists).toBe('no');
  });

  it('eight low cards against a doubly cursed target: a definite hint either way (never "not sure")', () => {
    const at = (hand: string, value: number): BlindCassowaryState => ({
      ...right,
      hands: [cards(hand), right.hands[1] ?? []],
      target: { ...right.target, value },
    });
    // Only 1s, 2s and a 3: nothing reaches 1111 (the search has to rule out every expression).
    expect(blindCassowaryHint(blindCassowary.view(at('AH AS AD 2H 2S 2D 2C 3H', 1111), 0)).exists).toBe('no');
    // 3s and 2s do reach 1313: the hinted claim is accepted and checks out as right.
    const s = at('3H 3S 3D 3C 2H 2S 2D AH', 1313);
    const hint = blindCassowaryHint(blindCassowary.view(s, 0));
    expect(hint.exists).toBe('yes');
    if (hint.exists !== 'yes') return;
    const claimed = blindCassowary.apply({ ...s, claims: [], queue: [] }, 0, hint.claim, 2000);
    expect(claimed.ok && claimed.value.claims.at(-1)?.valid).toBe(true);
  });
});

describe("Wouter's Math Card Game", () => {
  const scoreOf = (view: MathCardGameView, seat: number): number =>
    view.sequences.reduce((n, s) => (s.opened ? n + (s.owner === seat ? s.value : -s.value) : n), 0);

  it('scores a turn exactly as the rules do, and Normal and the hint take the best-scoring turn', () => {
    let checked = 0;
    const positions = snapshots(mathCardGame, mathCardGame.defaultConfig, 2, 'mcg-score').filter(
      ({ state }) => (state as MathCardGameState).phase === 'play',
    );
    for (const { state, seat } of every(positions, 3)) {
      const s = state as MathCardGameState;
      const view = mathCardGame.view(s, seat);
      const legal = mathCardGame.legalIntents(s, seat) as MathCardGameIntent[];
      let best = -Infinity;
      for (const intent of legal) {
        if (intent.type !== 'turn') continue;
        const after = mathCardGame.apply(s, seat, intent, 0);
        if (!after.ok) throw new Error(after.error.message);
        const ruled = scoreOf(mathCardGame.view(after.value, seat), seat);
        expect(turnGain(view, seat, intent)).toBe(ruled);
        best = Math.max(best, ruled);
        checked++;
      }
      if (best === -Infinity) continue;
      const normal = mathCardGameBot({ level: 'normal', seed: 'n' }).decide(view, legal)?.intent;
      expect(normal?.type === 'turn' && turnGain(view, seat, normal)).toBe(best);
      expect(mathCardGameHint(view, legal)?.scoreAfter).toBe(best);
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('Star Navigator', () => {
  it("Hard's calculation is never forfeited and reaches the best its Vector Set can; the hint's set is as close", () => {
    let showdowns = 0;
    const positions = snapshots(starNavigator, starNavigator.defaultConfig, 2, 'sn-best', 800).filter(
      ({ state }) => (state as StarNavigatorState).phase === 'compose',
    );
    for (const { state, seat } of every(positions, 4)) {
      let s = state as StarNavigatorState;
      const bot = starNavigatorBot({ level: 'hard', seed: 'h' });
      const hint = starNavigatorHint(
        starNavigator.view(s, seat),
        starNavigator.legalIntents(s, seat) as StarNavigatorIntent[],
      );
      for (let step = 0; step < 3 && s.phase === 'compose'; step++) {
        const d = bot.decide(starNavigator.view(s, seat), starNavigator.legalIntents(s, seat));
        if (d === null) break;
        const r = starNavigator.apply(s, seat, d.intent, 0);
        if (!r.ok) throw new Error(r.error.message);
        s = r.value;
      }
      // The other seat's time runs out (the random player never calculates): the showdown follows.
      const other = 1 - seat;
      if (s.phase === 'compose' && s.seats[other]?.submission === null && !s.seats[other]?.timedOut) {
        const r = starNavigator.apply(s, other, { type: 'roundTimeout' }, 0);
        if (r.ok) s = r.value;
      }
      const line = s.lastShowdown?.lines.find((l) => l.seat === seat);
      if (line === undefined) continue;
      showdowns++;
      expect(line.forfeit).toBeNull();
      expect(line.distance).toBe(line.best?.distance);
      expect(line.distance).toBe(hint?.distance);
    }
    expect(showdowns).toBeGreaterThan(2);
  });
});
