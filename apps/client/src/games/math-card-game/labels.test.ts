import { describe, expect, it } from 'vitest';
import { mathCardGame } from '@cards/rules';
import type { MathCard } from '@cards/schema';
import { cardSymbol, spokenMathCard, turnedInto } from './labels.ts';

describe('math card game labels', () => {
  it('turnedInto: an operator an invert or swap changed shows what it became; others show nothing', () => {
    // [4] ?(as ×) 5 invert + 2 swap  →  the ? ends as +, the + ends as ÷
    let state = mathCardGame.setup({ cutTimeoutSeconds: 10 }, 2, 'labels');
    state = {
      ...state,
      phase: 'play',
      sequences: [
        {
          owner: 0,
          sealed: false,
          cards: [
            { id: 'r-start-4-1' },
            { id: 'r-op-any-1', op: '*' },
            { id: 'r-num-5-1' },
            { id: 'r-invert-1' },
            { id: 'b-op-plus-1' },
            { id: 'b-num-2-1' },
            { id: 'r-swap-1' },
            { id: 'b-op-minus-1' },
          ],
        },
      ],
    };
    const cards = mathCardGame.view(state, 'spectator').sequences[0]?.cards ?? [];
    expect(cards.map(turnedInto)).toEqual([null, '+', null, null, '/', null, null, null]);
  });

  it("a card's spoken name contains the symbol its face shows, a negative start card too", () => {
    const cards: MathCard[] = [
      { id: 'b-start-m2-1', face: 'start-m2', colour: 'blue', kind: 'starter', value: -2 },
      { id: 'r-start-4-1', face: 'start-4', colour: 'red', kind: 'starter', value: 4 },
      { id: 'r-num-m5-1', face: 'num-m5', colour: 'red', kind: 'number', value: -5 },
      { id: 'b-num-7-1', face: 'num-7', colour: 'blue', kind: 'number', value: 7 },
    ];
    for (const card of cards) expect(spokenMathCard(card)).toContain(cardSymbol(card));
    expect(spokenMathCard(cards[0]!)).toBe('blue start −2');
  });
});
