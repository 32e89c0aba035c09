import { describe, expect, it } from 'vitest';
import { mathCardGame, type MathCardGameState } from '@cards/rules';
import type { MathCard } from '@cards/schema';
import {
  EMPTY_DRAFT,
  facesOf,
  operatorsFor,
  stageOf,
  targetsFor,
  turnHint,
  undoLast,
  unusedCards,
  type Draft,
} from './compose.ts';

/** A tiny deterministic generator so the walk is repeatable. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

/**
 * Composes a turn the way the table does: pick an offered hand card (any copy of an offered face),
 * one of its lit targets, an offered operator for `?`, then offered under cards. Random choices.
 */
function composeTurn(state: MathCardGameState, seat: number, pick: (n: number) => number) {
  const legal = mathCardGame.legalIntents(state, seat);
  const view = mathCardGame.view(state, seat);
  const listing = { legal, faces: facesOf(view.hand), opened: view.sequences.filter((s) => s.opened).length };
  let draft: Draft = EMPTY_DRAFT;
  for (let guard = 0; guard < 10; guard++) {
    const stage = stageOf(listing, draft);
    if (stage.kind === 'mulligan') return { type: 'mulligan' as const };
    if (stage.kind === 'ready') return stage.intent;
    if (stage.kind === 'idle') throw new Error('the draft left the legal list');
    const free = unusedCards(view.hand, draft).filter((c: MathCard) => stage.faces.has(c.face));
    expect(free.length).toBeGreaterThan(0);
    const card = free[pick(free.length)] as MathCard;
    if (stage.kind === 'under') {
      draft = { ...draft, under: [...draft.under, card.id] };
      continue;
    }
    const targets = targetsFor(listing, draft, card.face);
    expect(targets.length).toBeGreaterThan(0);
    const sequence = targets[pick(targets.length)]!;
    const isAny = card.kind === 'operator' && card.operator === '?';
    if (isAny) {
      const ops = operatorsFor(listing, draft, card.face, sequence);
      expect(ops.length).toBeGreaterThan(0);
      draft = {
        ...draft,
        plays: [...draft.plays, { card: card.id, sequence, operator: ops[pick(ops.length)]! }],
      };
    } else {
      draft = { ...draft, plays: [...draft.plays, { card: card.id, sequence }] };
    }
  }
  throw new Error('a turn took more than 10 choices');
}

describe('math card game turn composition', () => {
  it('every turn composed from the offered choices (any copy, any order) is accepted', () => {
    for (let game = 0; game < 40; game++) {
      const pick = rng(game + 1);
      let state = mathCardGame.setup({ cutTimeoutSeconds: 10 }, 2, `compose-${game}`);
      for (const seat of [0, 1]) {
        const r = mathCardGame.apply(state, seat, { type: 'cut', position: 1 + pick(34) }, 0);
        if (!r.ok) throw new Error(r.error.message);
        state = r.value;
      }
      for (let turn = 0; turn < 400 && state.phase === 'play'; turn++) {
        const seat = state.turn;
        const intent = composeTurn(state, seat, pick);
        const r = mathCardGame.apply(state, seat, intent, 0);
        if (!r.ok) throw new Error(`${r.error.message} for ${JSON.stringify(intent)}`);
        state = r.value;
      }
      expect(state.phase).toBe('over');
    }
  });

  it('undo takes back the last under card, then the last play', () => {
    const draft: Draft = {
      plays: [
        { card: 'a', sequence: 0 },
        { card: 'b', sequence: 'new' },
      ],
      under: ['c'],
    };
    expect(undoLast(draft)).toEqual({ plays: draft.plays, under: [] });
    expect(undoLast(undoLast(draft))).toEqual({ plays: [draft.plays[0]], under: [] });
    expect(undoLast(EMPTY_DRAFT)).toBe(EMPTY_DRAFT);
  });
});

describe('turnHint', () => {
  it('names the must-play-most rule while cards are left to play, and the pile rule for cards under', () => {
    expect(turnHint({ kind: 'play', left: 2, faces: new Set() })).toMatch(
      /^Play 2 more cards: you must play as many cards as you can/,
    );
    expect(turnHint({ kind: 'under', left: 1, faces: new Set() })).toMatch(/^Choose 1 more card to go under/);
    expect(turnHint({ kind: 'idle' })).toBeNull();
  });
});
