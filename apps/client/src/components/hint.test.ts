/** The hint on screen and the cards it marks: only while the position it was asked in lasts. */
import { describe, expect, it } from 'vitest';
import type { Hint } from '@cards/schema';
import { type AppState, hintedCards, shownHint, useStore } from '../store.ts';

const given: Hint = { text: 'Play 7 on sequence 1: your score becomes 12.', cards: ['r7'], more: false };

const stateWith = (position: string | null, asked: string | null): AppState => ({
  ...useStore.getState(),
  game: { game: 'math-card-game', hint: position } as AppState['game'],
  hint: asked === null ? null : { position: asked, hint: given },
});

describe('hints on the client', () => {
  it('shows the hint and marks its cards only in the position it was asked in', () => {
    expect(shownHint(stateWith('turn 4', 'turn 4'))).toBe(given);
    expect(hintedCards(stateWith('turn 4', 'turn 4'))).toEqual(['r7']);
    expect(shownHint(stateWith('turn 6', 'turn 4'))).toBeNull();
    expect(hintedCards(stateWith('turn 6', 'turn 4'))).toEqual([]);
    expect(hintedCards(stateWith(null, 'turn 4'))).toEqual([]);
    expect(shownHint(stateWith('turn 4', null))).toBeNull();
  });
});
