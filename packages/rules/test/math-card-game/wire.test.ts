import {
  GAME_CATALOG,
  GAME_WIRE,
  MathCardGameIntentSchema,
  MathCardGameOptionsSchema,
  MathCardGameViewSchema,
} from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent } from '../../src/core/engine.ts';
import { game } from './helpers.ts';
import { greedyIntent } from './policy.ts';

describe('wire schemas', () => {
  it('wire: options default to a 10 s cut timeout and the game is registered and playable', () => {
    expect(MathCardGameOptionsSchema.parse({})).toEqual({ cutTimeoutSeconds: 10 });
    expect(MathCardGameOptionsSchema.parse({})).toEqual(game.defaultConfig);
    expect(GAME_WIRE['math-card-game']?.intent).toBe(MathCardGameIntentSchema);
    expect(GAME_CATALOG.find((g) => g.slug === 'math-card-game')?.playable).toBe(true);
  });

  it('wire: every view and every legal intent of a whole game passes the zod schemas', () => {
    let match = startMatch(game, game.defaultConfig, 2, 'wire');
    for (let step = 0; game.outcome(match.state) === null; step++) {
      for (const viewer of [0, 1, 'spectator'] as const)
        MathCardGameViewSchema.parse(game.view(match.state, viewer));
      const seat = game.actors(match.state)[0] as number;
      for (const intent of game.legalIntents(match.state, seat))
        expect(MathCardGameIntentSchema.parse(intent)).toEqual(intent);
      const result = submitIntent(
        game,
        match,
        seat,
        greedyIntent(match.state, seat, [null, null]),
        match.version,
        step,
      );
      if (!result.ok) throw new Error(result.error.code);
      match = result.value;
    }
    const final = MathCardGameViewSchema.parse(game.view(match.state, 'spectator'));
    expect(final.final?.scores).toEqual(game.outcome(match.state)?.scores);
  });

  it('wire: malformed intents are refused by the schema', () => {
    expect(MathCardGameIntentSchema.safeParse({ type: 'cut', position: 40 }).success).toBe(false);
    expect(
      MathCardGameIntentSchema.safeParse({
        type: 'turn',
        plays: [{ card: 'r-eq-1', sequence: 8 }],
        under: [],
      }).success,
    ).toBe(false);
    expect(
      MathCardGameIntentSchema.safeParse({
        type: 'turn',
        plays: [{ card: 'r-op-any-1', sequence: 0, operator: '^' }],
        under: [],
      }).success,
    ).toBe(false);
    expect(
      MathCardGameIntentSchema.safeParse({ type: 'turn', plays: [], under: ['a', 'b', 'c'] }).success,
    ).toBe(false);
  });
});
