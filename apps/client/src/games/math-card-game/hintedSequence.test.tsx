/** A Math Card Game hint marks the sequences its cards go to, as it marks the cards themselves. */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { mathCardGame } from '@cards/rules';
import type { Hint, MathSequenceSlot } from '@cards/schema';
import { type AppState, hintedPlaces, useStore } from '../../store.ts';
import { SequenceRow } from './MathTable.tsx';

// A new game's view: its third sequence is not opened yet.
const view = mathCardGame.view(mathCardGame.setup({ cutTimeoutSeconds: 10 }, 2, 'hinted-row'), 0);
const third = view.sequences[2] as MathSequenceSlot;

const row = (hinted: boolean) =>
  renderToStaticMarkup(
    <SequenceRow
      seq={third}
      view={view}
      info={null}
      preview={[]}
      handById={new Map()}
      lastIds={new Set()}
      lit={false}
      hinted={hinted}
      pending={false}
      onChoose={() => undefined}
      drag={{ onDragOver: () => undefined, onDrop: () => undefined }}
      newTarget={null}
    />,
  );

const given: Hint = {
  text: 'Play 7 on sequence 3, then = on a new sequence: your score becomes 12.',
  cards: ['r7', 'req'],
  places: ['2', 'new'],
  more: false,
};
const stateWith = (position: string, asked: string): AppState => ({
  ...useStore.getState(),
  game: { game: 'math-card-game', hint: position } as AppState['game'],
  hint: { position: asked, hint: given },
});

describe('Math Card Game: the sequence a hint plays on', () => {
  it('is marked like a hinted card (data-hinted) and said so after its name', () => {
    const marked = row(true);
    expect(marked).toContain('data-hinted="true"');
    expect(marked).toContain('aria-label="Sequence 3, not opened, named by the hint"');
    const plain = row(false);
    expect(plain).not.toContain('data-hinted');
    expect(plain).toContain('aria-label="Sequence 3, not opened"');
  });

  it('comes from the hint on screen, only in the position it was asked in', () => {
    expect(hintedPlaces(stateWith('turn 4', 'turn 4'))).toEqual(['2', 'new']);
    expect(hintedPlaces(stateWith('turn 6', 'turn 4'))).toEqual([]);
    // A hint that names cards only (Blind Cassowary, Star Navigator) points at no place.
    expect(
      hintedPlaces({
        ...stateWith('turn 4', 'turn 4'),
        hint: { position: 'turn 4', hint: { text: given.text, cards: given.cards, more: false } },
      }),
    ).toEqual([]);
  });
});
