import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_WIRE } from '@cards/schema';
import { startMatch, submitIntent, type Match } from '../src/core/engine.ts';
import type { AnyGameModule } from '../src/core/game.ts';
import { nextInt, seedPrng } from '../src/core/prng.ts';
import { MALFORMED_INTENT } from '../src/core/wellFormed.ts';
import { blindCassowary, cassino, mathCardGame, starNavigator } from '../src/index.ts';

/**
 * Every game's `apply` is an API (computer players, replays and tests call it without the room's
 * validation): whatever shape an intent has, apply returns a value — an error for anything its wire
 * schema refuses — never throws, and never changes the state it was given.
 */
type AnyMatch = Match<unknown, unknown, unknown>;

/** A few states of one game: the deal and the positions a seeded random walk of legal moves reaches. */
function statesOf(game: AnyGameModule, players: number): unknown[] {
  const states: unknown[] = [];
  let match: AnyMatch = startMatch(game, game.defaultConfig, players, 'malformed');
  let prng = seedPrng('malformed-walk');
  for (let step = 0; step < 60 && game.outcome(match.state) === null; step++) {
    if (step % 12 === 0) states.push(match.state);
    const movers = game.actors(match.state).filter((s) => game.legalIntents(match.state, s).length > 0);
    const timer = game.timers?.(match.state)[0];
    let next;
    if (movers.length === 0 && timer !== undefined) {
      next = submitIntent(game, match, timer.seat, timer.intent, match.version, step * 1000, true);
    } else if (movers.length > 0) {
      const [k, p1] = nextInt(prng, movers.length);
      const legal = game.legalIntents(match.state, movers[k]!);
      const [j, p2] = nextInt(p1, legal.length);
      prng = p2;
      next = submitIntent(game, match, movers[k]!, legal[j], match.version, step * 1000);
    } else break;
    if (!next.ok) break;
    match = next.value;
  }
  states.push(match.state);
  return states;
}

/** Intents of the right shape to start mutating from: the legal ones, plus free-form ones never listed. */
const TEMPLATES: Record<string, unknown[]> = {
  cassino: [{ type: 'trail', card: 'AS' }, { type: 'continue' }],
  'blind-cassowary': [
    {
      type: 'claim',
      cards: ['AS', '2H'],
      expr: {
        kind: 'op',
        op: '+',
        left: { kind: 'leaf', ref: 'AS' },
        right: { kind: 'leaf', ref: '2H' },
      },
      chameleons: [],
    },
    { type: 'stuck', on: true },
    { type: 'blindSubmit', expr: { kind: 'leaf', ref: 'AS' }, chameleons: [] },
  ],
  'math-card-game': [
    { type: 'turn', plays: [{ card: 'A1', sequence: 0, operator: '+' }], under: [] },
    { type: 'cut', position: 3 },
    { type: 'mulligan' },
  ],
  'star-navigator': [{ type: 'pick', card: 'AS' }, { type: 'declineMap' }],
};

const BAD_VALUES: unknown[] = [
  null,
  undefined,
  '',
  'x',
  '0',
  '^',
  -1,
  2.5,
  NaN,
  Infinity,
  1e9,
  [],
  {},
  true,
  [null],
];

type Path = (string | number)[];
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [at];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((k) => pathsOf((value as Record<string | number, unknown>)[k], [...at, k]))];
}

/** `intent` with the value at `path` deleted, replaced by `bad`, or turned into its string form. */
function mutate(intent: unknown, path: Path, how: 'delete' | 'replace' | 'stringify', bad: unknown): unknown {
  if (path.length === 0) return how === 'stringify' ? JSON.stringify(intent) : bad;
  const copy: Record<string | number, unknown> = structuredClone(intent) as Record<string | number, unknown>;
  let parent = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (how === 'delete') delete parent[last];
  else parent[last] = how === 'stringify' ? String(parent[last]) : bad;
  return copy;
}

const GAMES = [
  ['cassino', cassino, 2],
  ['blind-cassowary', blindCassowary, 3],
  ['math-card-game', mathCardGame, 2],
  ['star-navigator', starNavigator, 3],
] as const;

/** apply on a malformed intent: an error value (MALFORMED_INTENT when the schema refuses it), state untouched. */
function expectRefused(game: AnyGameModule, state: unknown, intent: unknown, schemaRefuses: boolean): void {
  const before = structuredClone(state);
  for (const actor of [0, 1]) {
    let result;
    expect(() => {
      result = game.apply(state, actor, intent, 1_000_000);
    }, JSON.stringify(intent)).not.toThrow();
    if (schemaRefuses) {
      expect(result!, JSON.stringify(intent)).toMatchObject({ ok: false, error: { code: MALFORMED_INTENT } });
      const viaEngine = submitIntent(game, startMatchAt(game, state), actor, intent, 0, 1_000_000);
      expect(viaEngine.ok).toBe(false);
    }
  }
  expect(state).toEqual(before);
}

const startMatchAt = (game: AnyGameModule, state: unknown): AnyMatch => ({
  ...startMatch(game, game.defaultConfig, game.minPlayers, 'x'),
  players: 8,
  state,
});

describe('apply refuses malformed intents with an error value, never throws, never changes state', () => {
  it.each(GAMES)('%s: arbitrary values and mutations of well-formed intents', (slug, module, players) => {
    const game = module as AnyGameModule;
    const schema = GAME_WIRE[slug]!.intent;
    const states = statesOf(game, players);
    const seeds = [
      ...TEMPLATES[slug]!,
      ...states.flatMap((s) => game.actors(s).flatMap((seat) => game.legalIntents(s, seat).slice(0, 4))),
    ];
    const mutated = fc
      .tuple(
        fc.constantFrom(...seeds),
        fc.nat(),
        fc.constantFrom('delete' as const, 'replace' as const, 'stringify' as const),
        fc.constantFrom(...BAD_VALUES),
      )
      .map(([seed, k, how, bad]) => {
        const paths = pathsOf(seed);
        return mutate(seed, paths[k % paths.length]!, how, bad);
      });
    const intents = fc.oneof(fc.anything(), mutated, mutated);
    let refused = 0;
    fc.assert(
      fc.property(fc.constantFrom(...states), intents, (state, intent) => {
        const schemaRefuses = !schema.safeParse(intent).success;
        if (schemaRefuses) refused++;
        expectRefused(game, state, intent, schemaRefuses);
      }),
      { numRuns: 250, seed: 18 },
    );
    // The property is exercised on refusals, not vacuously on accepted intents.
    expect(refused).toBeGreaterThan(150);
  });

  it("Math Card Game: the audit's cases", () => {
    const state = statesOf(mathCardGame as AnyGameModule, 2).at(-1);
    for (const intent of [
      null,
      {},
      { type: 'turn' },
      { type: 'turn', plays: [null], under: [] },
      { type: 'turn', plays: [{ card: 'x', sequence: '0' }], under: [] },
      { type: 'turn', plays: [{ card: 'x', sequence: 0, operator: '^' }], under: [] },
      { type: 'cut', position: '3' },
    ])
      expectRefused(mathCardGame as AnyGameModule, state, intent, true);
  });

  it('Blind Cassowary spectator actions likewise', () => {
    const state = statesOf(blindCassowary as AnyGameModule, 3).at(-1);
    for (const intent of [null, {}, { type: 'challenge' }, { type: 'bestInShowVote', claimId: 7 }]) {
      const before = structuredClone(state);
      const r = blindCassowary.spectators!.apply(state as never, 'spec-1', intent as never, 0);
      expect(r).toMatchObject({ ok: false, error: { code: MALFORMED_INTENT } });
      expect(state).toEqual(before);
    }
  });
});
