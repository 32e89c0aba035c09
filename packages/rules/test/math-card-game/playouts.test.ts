import type { MathCardGameIntent, MathCardGameOptions } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent, type Match } from '../../src/core/engine.ts';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';
import { cardOf } from '../../src/math-card-game/cards.ts';
import {
  nextShape,
  placementError,
  shapeOf,
  STARTER_SHAPE,
  type Shape,
} from '../../src/math-card-game/sequence.ts';
import { hasCardsOnTable, type MathCardGameState } from '../../src/math-card-game/state.ts';
import { ALL_IDS, deepFreeze, game, locations } from './helpers.ts';

type M = Match<MathCardGameOptions, MathCardGameState, MathCardGameIntent>;

/** Independent brute force of the most cards a hand can play: every ordered pair, every slot. */
function oracleMax(state: MathCardGameState, hand: readonly string[]): number {
  const shapes = state.sequences.map((s) => shapeOf(s.cards));
  const tryPlace = (sh: readonly Shape[], id: string, target: number | 'new'): Shape[] | null => {
    const card = cardOf(id);
    if (card.kind === 'starter') return target === 'new' && sh.length < 8 ? [...sh, STARTER_SHAPE] : null;
    if (target === 'new' || target >= sh.length) return null;
    const shape = sh[target] as Shape;
    if (placementError(shape, card) !== null) return null;
    const next = sh.slice();
    next[target] = nextShape(shape, card);
    return next;
  };
  const targets: (number | 'new')[] = ['new', 0, 1, 2, 3, 4, 5, 6, 7];
  let best = 0;
  for (const a of hand)
    for (const ta of targets) {
      const after = tryPlace(shapes, a, ta);
      if (after === null) continue;
      best = Math.max(best, 1);
      for (const b of hand) {
        if (b === a) continue;
        for (const tb of targets) {
          if (ta !== 'new' && tb === ta) continue;
          if (tryPlace(after, b, tb) !== null) return 2;
        }
      }
    }
  return best;
}

const GAMES = 1000;
/** The first games also apply every legal intent and deep-freeze every state. */
const FULL = 60;

function pick<T>(items: readonly T[], prng: PrngState): [T, PrngState] {
  const [k, next] = nextInt(prng, items.length);
  return [items[k] as T, next];
}

function checkViews(state: MathCardGameState) {
  for (const viewer of [0, 1, 'spectator'] as const) {
    const view = game.view(state, viewer);
    const text = JSON.stringify(view);
    const hidden = [...state.piles.flat(), ...state.hands.flatMap((h, s) => (s === viewer ? [] : h))];
    for (const id of hidden) if (text.includes(`"${id}"`)) throw new Error(`view for ${viewer} shows ${id}`);
    expect(view.hand.length).toBe(viewer === 'spectator' ? 0 : state.hands[viewer]?.length);
  }
}

function illegalVariants(state: MathCardGameState, seat: number, chosen: MathCardGameIntent, max: number) {
  const out: { intent: MathCardGameIntent; code: string }[] = [];
  if (state.phase === 'cut') {
    out.push({ intent: { type: 'cut', position: 35 }, code: 'BAD_CUT' });
    return out;
  }
  const stranger = state.hands[1 - seat]?.[0] ?? state.piles[seat]?.[0];
  if (chosen.type === 'turn') {
    out.push({ intent: { type: 'mulligan' }, code: 'MULLIGAN_NOT_ALLOWED' });
    if (max > 0)
      out.push({ intent: { ...chosen, plays: chosen.plays.slice(0, -1) }, code: 'MUST_PLAY_MORE' });
    const hand = state.hands[seat] ?? [];
    const spare = hand.find((id) => !chosen.plays.some((p) => p.card === id) && !chosen.under.includes(id));
    if (spare !== undefined)
      out.push({ intent: { ...chosen, under: [...chosen.under, spare] }, code: 'WRONG_UNDER_COUNT' });
    if (stranger !== undefined && chosen.plays[0] !== undefined)
      out.push({
        intent: { ...chosen, plays: [{ ...chosen.plays[0], card: stranger }, ...chosen.plays.slice(1)] },
        code: 'CARD_NOT_IN_HAND',
      });
  } else {
    out.push({
      intent: { type: 'turn', plays: [], under: (state.hands[seat] ?? []).slice(0, 2) },
      code: 'MUST_MULLIGAN',
    });
  }
  return out;
}

describe('seeded random playouts', () => {
  it(`playouts: ${GAMES} random games keep every invariant and end`, () => {
    let turns = 0;
    let legalChecked = 0;
    const reasons: Record<string, number> = {};
    for (let g = 0; g < GAMES; g++) {
      const full = g < FULL;
      let prng = seedPrng(`policy-${g}`);
      let match: M = startMatch(game, game.defaultConfig, 2, `playout-${g}`);
      for (let step = 0; game.outcome(match.state) === null; step++) {
        if (step > 3000) throw new Error(`game ${g} did not end`);
        const state = full ? deepFreeze(match.state) : match.state;
        // 70 cards, each in exactly one place; hands never above 6
        const where = locations(state);
        expect(where.length).toBe(70);
        expect(new Set(where).size).toBe(70);
        if (state.hands.some((h) => h.length > 6)) throw new Error('hand above 6');
        if (
          state.phase === 'play' &&
          state.piles[state.turn]?.length &&
          state.hands[state.turn]?.length !== 6
        )
          throw new Error('a player with a pile must start the turn with 6 cards');
        const actors = game.actors(state);
        expect(actors.length).toBeGreaterThan(0);
        for (const seat of [0, 1])
          if (!actors.includes(seat)) expect(game.legalIntents(state, seat)).toEqual([]);
        let seat: number;
        [seat, prng] = pick(actors, prng);
        const legal = game.legalIntents(state, seat);
        expect(legal.length).toBeGreaterThan(0);
        let max = 0;
        if (state.phase === 'play') {
          const hand = state.hands[seat] ?? [];
          max = oracleMax(state, hand);
          const mulligan = max === 0 && !hasCardsOnTable(state, seat);
          for (const intent of legal)
            if (mulligan ? intent.type !== 'mulligan' : intent.type !== 'turn' || intent.plays.length !== max)
              throw new Error(
                `game ${g}: legal intent not playing the maximum ${max}: ${JSON.stringify(intent)}`,
              );
        }
        let chosen: MathCardGameIntent;
        [chosen, prng] = pick(legal, prng);
        const sample = full ? legal : [legal[0], legal[legal.length - 1]];
        for (const intent of sample) {
          const r = game.apply(state, seat, intent as MathCardGameIntent, 0);
          if (!r.ok)
            throw new Error(`game ${g}: legal intent refused ${r.error.code} ${JSON.stringify(intent)}`);
          legalChecked++;
        }
        // illegal intents are refused and change nothing
        const before = full ? JSON.stringify(state) : '';
        for (const { intent, code } of illegalVariants(state, seat, chosen, max)) {
          const r = game.apply(state, seat, intent, 0);
          if (r.ok || r.error.code !== code)
            throw new Error(
              `game ${g}: expected ${code} for ${JSON.stringify(intent)}, got ${r.ok ? 'OK' : r.error.code}`,
            );
        }
        if (state.phase === 'play') {
          const other = submitIntent(game, match, 1 - seat, chosen, match.version, step);
          expect(!other.ok && other.error.code).toBe('NOT_YOUR_TURN');
        }
        // Only the simultaneous cut may land on another version.
        const stale = submitIntent(game, match, seat, chosen, match.version + 1, step);
        if (chosen.type === 'cut') expect(stale.ok).toBe(true);
        else expect(!stale.ok && stale.error.code).toBe('STALE_VERSION');
        if (full) expect(JSON.stringify(state)).toBe(before);
        if (full || step % 7 === 0) checkViews(state);
        const result = submitIntent(game, match, seat, chosen, match.version, step);
        if (!result.ok) throw new Error(`game ${g}: chosen intent refused ${result.error.code}`);
        // every accepted turn played the maximum
        if (chosen.type === 'turn') expect(chosen.plays.length).toBe(max);
        match = result.value;
        turns++;
      }
      const end = match.state;
      expect(new Set(locations(end)).size).toBe(70);
      expect([...locations(end)].sort()).toEqual([...ALL_IDS].sort());
      checkViews(end);
      const outcome = game.outcome(end);
      expect(outcome?.scores.length).toBe(2);
      expect(game.view(end, 'spectator').final?.scores).toEqual(outcome?.scores);
      reasons[end.endReason ?? '?'] = (reasons[end.endReason ?? '?'] ?? 0) + 1;
    }
    expect(turns).toBeGreaterThan(GAMES * 20);
    expect(legalChecked).toBeGreaterThan(turns);
    expect(Object.keys(reasons).sort()).toEqual(['allOut', 'frozen', 'stuck']);
  });
});
