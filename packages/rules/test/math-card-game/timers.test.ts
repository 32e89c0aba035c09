import { MathCardGameOptionsSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent } from '../../src/core/engine.ts';
import { expectOk, game, table } from './helpers.ts';

const timersOf = game.timers!;

describe('cut timeout timers', () => {
  it('timers: both seats get a cut timer at the start, with the option in milliseconds', () => {
    const state = game.setup({ cutTimeoutSeconds: 7 }, 2, 'timers');
    expect(timersOf(state)).toEqual([
      { key: 'cut-0', seat: 0, afterMs: 7000, intent: { type: 'cut', position: null } },
      { key: 'cut-1', seat: 1, afterMs: 7000, intent: { type: 'cut', position: null } },
    ]);
  });

  it('timers: a seat that has cut loses its timer; the other keeps the same key', () => {
    const state = game.setup(game.defaultConfig, 2, 'timers');
    const after = expectOk(game.apply(state, 1, { type: 'cut', position: 12 }, 0));
    expect(timersOf(after)).toEqual([
      { key: 'cut-0', seat: 0, afterMs: 10_000, intent: { type: 'cut', position: null } },
    ]);
  });

  it('timers: the timeout intent is legal for its seat and completes the cut', () => {
    let match = startMatch(game, game.defaultConfig, 2, 'timers');
    for (;;) {
      const [timer] = timersOf(match.state);
      if (!timer) break;
      expect(game.legalIntents(match.state, timer.seat)).toContainEqual(timer.intent);
      match = expectOk(submitIntent(game, match, timer.seat, timer.intent, match.version, 0));
    }
    expect(match.state.phase).toBe('play');
    expect(match.version).toBe(2);
    expect(match.log.map((e) => e.intent)).toEqual([
      { type: 'cut', position: null },
      { type: 'cut', position: null },
    ]);
  });

  it('timers: none during play or once the game is over', () => {
    const state = table({ hands: [['r-num-2-1'], ['b-num-2-1']] });
    expect(timersOf(state)).toEqual([]);
    expect(timersOf({ ...state, phase: 'over' })).toEqual([]);
  });

  it('timers: the option allows 1–60 s', () => {
    expect(MathCardGameOptionsSchema.parse({ cutTimeoutSeconds: 1 }).cutTimeoutSeconds).toBe(1);
    expect(MathCardGameOptionsSchema.parse({ cutTimeoutSeconds: 60 }).cutTimeoutSeconds).toBe(60);
    expect(MathCardGameOptionsSchema.safeParse({ cutTimeoutSeconds: 0 }).success).toBe(false);
    expect(MathCardGameOptionsSchema.safeParse({ cutTimeoutSeconds: 61 }).success).toBe(false);
    expect(MathCardGameOptionsSchema.safeParse({ cutTimeoutSeconds: 1.5 }).success).toBe(false);
  });
});

describe('simultaneous cuts', () => {
  it('cut: both seats cut on the same view; the one that lands second still counts', () => {
    for (const first of [0, 1]) {
      const m0 = startMatch(game, { cutTimeoutSeconds: 10 }, 2, 'both-cut');
      const a = submitIntent(game, m0, first, { type: 'cut', position: 5 }, 0, 1);
      if (!a.ok) throw new Error(a.error.code);
      const b = submitIntent(game, a.value, 1 - first, { type: 'cut', position: 9 }, 0, 2);
      if (!b.ok) throw new Error(b.error.code);
      expect(b.value.state.phase).toBe('play');
      // Only the cut is exempt from the version check.
      expect(submitIntent(game, b.value, 0, { type: 'mulligan' }, 0, 3)).toMatchObject({
        ok: false,
        error: { code: 'STALE_VERSION' },
      });
    }
  });
});
