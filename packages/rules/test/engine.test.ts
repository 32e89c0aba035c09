import { describe, expect, it } from 'vitest';
import { replay, startMatch, submitIntent } from '../src/core/engine.ts';
import { cassino } from '../src/index.ts';

describe('engine', () => {
  it('startMatch sets up version 0 with an empty log', () => {
    const m = startMatch(cassino, { match: 'single' }, 2, 'engine');
    expect(m.version).toBe(0);
    expect(m.log).toEqual([]);
    expect(m.state).toEqual(cassino.setup({ match: 'single' }, 2, 'engine'));
  });

  it('submitIntent checks seat, version and turn, then applies and logs', () => {
    const m = startMatch(cassino, { match: 'single' }, 2, 'engine');
    const intent = cassino.legalIntents(m.state, 1)[0]!;
    expect(submitIntent(cassino, m, 5, intent, 0, 1)).toMatchObject({
      ok: false,
      error: { code: 'NOT_A_PLAYER' },
    });
    expect(submitIntent(cassino, m, 1, intent, 3, 1)).toMatchObject({
      ok: false,
      error: { code: 'STALE_VERSION' },
    });
    expect(submitIntent(cassino, m, 0, intent, 0, 1)).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
    const bad = submitIntent(cassino, m, 1, { type: 'trail', card: 'nope' }, 0, 1);
    expect(bad).toMatchObject({ ok: false, error: { code: 'NOT_IN_HAND' } });
    const good = submitIntent(cassino, m, 1, intent, 0, 42);
    if (!good.ok) throw new Error('refused');
    expect(good.value.version).toBe(1);
    expect(good.value.log).toEqual([{ actor: 1, intent, at: 42 }]);
    expect(m.version).toBe(0);
  });

  it('replay rebuilds the same match and refuses a broken log; a finished game refuses intents', () => {
    let m = startMatch(cassino, { match: 'single' }, 2, 'replay');
    while (cassino.outcome(m.state) === null) {
      const seat = cassino.actors(m.state)[0]!;
      const r = submitIntent(cassino, m, seat, cassino.legalIntents(m.state, seat)[0]!, m.version, m.version);
      if (!r.ok) throw new Error(r.error.code);
      m = r.value;
    }
    expect(replay(cassino, m.config, m.players, m.seed, m.log)).toEqual(m);
    const broken = [...m.log];
    broken[3] = { ...broken[3]!, intent: { type: 'trail', card: 'nope' } };
    expect(() => replay(cassino, m.config, m.players, m.seed, broken)).toThrow(/replay refused intent 3/);
    expect(submitIntent(cassino, m, 0, { type: 'continue' }, m.version, 0)).toMatchObject({
      ok: false,
      error: { code: 'GAME_OVER' },
    });
  });
});
