import type { StarNavigatorOptions, StarVariant } from '@cards/schema';
import { StarNavigatorViewSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { starNavigator as game } from '../../src/star-navigator/index.ts';
import type { StarNavigatorState } from '../../src/star-navigator/state.ts';
import { allCards, deepFreeze, opts } from './helpers.ts';
import { playMatch } from './policy.ts';

const VARIANTS: StarVariant[] = [
  'none',
  'forcedCommandOverride',
  'selectCommandOverride',
  'forcedPrecog',
  'selectPrecog',
];

/** Every combination of the options and variants (timer on and off). */
function combos(): StarNavigatorOptions[] {
  const out: StarNavigatorOptions[] = [];
  for (const variant of VARIANTS)
    for (let bits = 0; bits < 32; bits++)
      out.push(
        opts({
          variant,
          hotshotSpacer: (bits & 1) !== 0,
          slingshotManoeuvre: (bits & 2) !== 0,
          extrapolativeComputation: (bits & 4) !== 0,
          pirateMap: (bits & 8) !== 0,
          roundTimerSeconds: (bits & 16) !== 0 ? 300 : null,
          overrideSuit: variant === 'forcedCommandOverride' && bits % 3 === 0 ? 'C' : 'random',
          startingChips: 2 + (bits % 2),
        }),
      );
  return out;
}

/** Hidden card ids of other seats that must not appear in the viewer's view (outside the last showdown). */
function hiddenFrom(state: StarNavigatorState, viewer: number | 'spectator'): string[] {
  return state.seats.flatMap((s, i) =>
    i === viewer ? [] : [...s.packet, ...s.memory, ...(s.corruption ? [s.corruption.card] : [])],
  );
}

function checkInvariants(
  before: StarNavigatorState,
  after: StarNavigatorState,
  snapshotBeforeApply: string,
  seat: number,
): void {
  // apply never mutates its input: the state reads the same as the snapshot taken before apply ran
  expect(JSON.stringify(before)).toBe(snapshotBeforeApply);
  // deck conserved
  expect(allCards(after)).toEqual(Object.keys(after.cards).sort());
  // chips conserved, the Bounty included
  const total = after.seats.reduce((n, s) => n + s.chips, 0) + after.bounty;
  expect(total).toBe(after.players * after.options.startingChips);
  expect(after.seats.every((s) => s.chips >= 0)).toBe(true);
  for (const viewer of [seat, (seat + 1) % after.players, 'spectator' as const]) {
    const view = game.view(after, viewer);
    const { lastShowdown, ...rest } = view;
    const json = JSON.stringify(rest);
    for (const id of hiddenFrom(after, viewer)) expect(json).not.toContain(`"${id}"`);
    // no calculators: nothing in the view carries a value of a calculation of this round
    expect(json).not.toMatch(/"(result|distance)"/);
    if (after.phase === 'draft' || after.phase === 'compose')
      expect(lastShowdown?.round ?? 0).toBeLessThan(after.round);
  }
}

describe('random playouts over every option and variant combination', () => {
  it.each(VARIANTS)(
    'playouts: variant %s × 32 option combinations × 2–4 players end with invariants kept',
    (variant) => {
      let matches = 0;
      let rounds = 0;
      let checks = 0;
      for (const [k, options] of combos().entries()) {
        if (options.variant !== variant) continue;
        const players = 2 + (k % 3);
        const m = playMatch(
          options,
          players,
          `combo-${k}`,
          k % 2 === 0 ? 'random' : 'best',
          (before, after, seat, _intent, beforeJson) => {
            checkInvariants(before, after, beforeJson, seat);
            // every legal intent of the acting seat is accepted (from the state before the move)
            if (checks++ % 13 === 0)
              for (const intent of game.legalIntents(before, seat)) {
                expect(game.apply(before, seat, intent, 0).ok).toBe(true);
                expect(JSON.stringify(before)).toBe(beforeJson);
              }
          },
          5000,
        );
        matches++;
        rounds += m.state.round;
        const outcome = game.outcome(m.state);
        expect(outcome?.winners).toHaveLength(1);
        expect(m.state.seats.filter((s) => !s.eliminated)).toHaveLength(1);
      }
      expect(matches).toBe(32);
      expect(rounds).toBeGreaterThan(32);
    },
  );

  it('playouts: apply never mutates a deep-frozen state and the view always parses with the wire schema', () => {
    playMatch(
      opts({ hotshotSpacer: true, pirateMap: true, extrapolativeComputation: true, startingChips: 4 }),
      4,
      'frozen',
      'random',
      (before, after, _seat, _intent, beforeJson) => {
        // `after` is the next step's input: frozen, any write by apply would throw (ES modules are strict)
        deepFreeze(after);
        expect(JSON.stringify(before)).toBe(beforeJson);
        expect(StarNavigatorViewSchema.safeParse(game.view(after, 0)).success).toBe(true);
        expect(StarNavigatorViewSchema.safeParse(game.view(after, 'spectator')).success).toBe(true);
      },
    );
  });
});
