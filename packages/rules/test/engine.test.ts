import { describe, expect, it } from 'vitest';
import { replay, startMatch, submitIntent } from '../src/core/engine.ts';
import type { GameModule } from '../src/core/game.ts';
import { ok } from '../src/core/result.ts';
import { cassino } from '../src/index.ts';

/** A turnless counter: anyone adds at any time; `expire` may only come from the room's clock. */
type Tick = { type: 'add' } | { type: 'expire' };
const counter: GameModule<object, number, Tick, number> = {
  slug: 'counter',
  displayName: 'Counter',
  minPlayers: 2,
  maxPlayers: 2,
  defaultConfig: {},
  setup: () => 0,
  actors: () => [0, 1],
  legalIntents: () => [{ type: 'add' }],
  apply: (n, _actor, intent) => ok(intent.type === 'add' ? n + 1 : -1),
  view: (n) => n,
  outcome: (n) => (n < 0 ? { winners: [], scores: [0, 0] } : null),
  acceptsStale: (_n, _actor, intent) => intent.type === 'add',
  isClockIntent: (intent) => intent.type === 'expire',
};

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

  it('turnless games accept stale intents they allow, and clock-only intents only from the clock', () => {
    const m = startMatch(counter, {}, 2, 'counter');
    const first = submitIntent(counter, m, 0, { type: 'add' }, 0, 1);
    if (!first.ok) throw new Error(first.error.code);
    const raced = submitIntent(counter, first.value, 1, { type: 'add' }, 0, 2);
    expect(raced).toMatchObject({ ok: true, value: { state: 2, version: 2 } });
    expect(submitIntent(counter, m, 0, { type: 'expire' }, 0, 3)).toMatchObject({
      ok: false,
      error: { code: 'CLOCK_ONLY' },
    });
    const expired = submitIntent(counter, m, 0, { type: 'expire' }, 0, 3, true);
    if (!expired.ok) throw new Error(expired.error.code);
    expect(replay(counter, {}, 2, 'counter', expired.value.log)).toEqual(expired.value);
  });
});
