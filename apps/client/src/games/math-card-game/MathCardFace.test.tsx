import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { mathCardGameDecks } from '@cards/rules';
import { MathCardFace } from './MathCardFace.tsx';
import { spokenMathCard } from './labels.ts';

/**
 * WCAG 2.5.3 "label in name", as axe's label-content-name-mismatch reads it: the face's text nodes
 * joined as they stand, arrows, math and technical symbols and punctuation dropped, must be
 * contained in the accessible name (text of one character is not checked).
 */
const curated = (text: string) =>
  text
    .replace(/[\u2190-\u23FF]/g, '')
    .replace(/[!-/:-@[-`{-~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
const visibleText = (card: Parameters<typeof MathCardFace>[0]['card']) =>
  renderToStaticMarkup(<MathCardFace card={card} size="lg" />).replace(/<[^>]*>/g, '');

describe('Math Card Game card faces', () => {
  it('every card of both decks has the text its face shows inside its spoken name', () => {
    for (const card of mathCardGameDecks.flat()) {
      const shown = curated(visibleText(card));
      if (shown.length <= 1) continue;
      expect(curated(spokenMathCard(card)), card.id).toContain(shown);
    }
  });

  it('control: a start card reads "start −2" and a name without it would not pass', () => {
    const card = mathCardGameDecks[1]!.find((c) => c.id === 'b-start-m2-1')!;
    expect(spokenMathCard(card)).toBe('blue start −2');
    expect(curated('blue start card −2')).not.toContain(curated(visibleText(card)));
  });
});
