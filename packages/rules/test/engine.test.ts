import { describe, expect, it } from 'vitest';
import { lastLogged, replay, startMatch, submitIntent } from '../src/core/engine.ts';
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

  it('appending shares the log yet every match keeps exactly its own entries (older matches too)', () => {
    const m0 = startMatch(cassino, { match: 'single' }, 2, 'branch');
    const next = (m: typeof m0, pick: number) => {
      const seat = cassino.actors(m.state)[0]!;
      const legal = cassino.legalIntents(m.state, seat);
      const r = submitIntent(cassino, m, seat, legal[pick % legal.length]!, m.version, m.version);
      if (!r.ok) throw new Error(r.error.code);
      return r.value;
    };
    const m1 = next(m0, 0);
    const m2 = next(m1, 0);
    const before = [...m2.log];
    const m3 = next(m2, 0);
    const branch = next(m2, 1);
    const m4 = next(m3, 0);
    expect(m2.log).toEqual(before);
    expect(m3.log.slice(0, 2)).toEqual(before);
    expect(branch.log.slice(0, 2)).toEqual(before);
    expect(branch.log).toHaveLength(3);
    expect(branch.log[2]).not.toEqual(m3.log[2]);
    expect(m4.log.slice(0, 3)).toEqual(m3.log);
    expect([m1, m2, m3, branch, m4].map((m) => m.log.length)).toEqual([1, 2, 3, 3, 4]);
    expect(lastLogged(m4)).toEqual(m4.log[3]);
    expect(JSON.parse(JSON.stringify(m4)).log).toEqual(m4.log);
    expect(structuredClone(m4)).toEqual(m4);
    // The log is an own enumerable property; the shared entries behind it stay with the match.
    expect(Object.keys(m4)).toEqual(['config', 'players', 'seed', 'state', 'version', 'log']);
    expect({ ...m4 }.log).toEqual(m4.log);
    expect(Object.getOwnPropertySymbols({ ...m4 })).toEqual([]);
    expect(replay(cassino, m4.config, m4.players, m4.seed, m4.log)).toEqual(m4);
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
