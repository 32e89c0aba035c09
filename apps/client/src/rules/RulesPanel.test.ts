import { describe, expect, it } from 'vitest';
import { GAME_CATALOG } from '@cards/schema';
import { loadRulesText } from './RulesPanel.tsx';

const PLAYABLE = GAME_CATALOG.filter((g) => g.playable).map((g) => g.slug);

describe('the rules panel text', () => {
  it.each(PLAYABLE)(
    '%s opens with How to play and a quick reference, then the rules in full',
    async (slug) => {
      const text = await loadRulesText(slug);
      expect(text).not.toBeNull();
      const headings = [...text!.matchAll(/^#{1,2} (.*)$/gm)].map((m) => m[1]);
      expect(headings.slice(0, 2)).toEqual(['How to play', 'Quick reference']);
      expect(headings).toContain('The rules in full');
    },
  );

  it.each(PLAYABLE)('%s leaves the engineering notes in docs/', async (slug) => {
    const text = (await loadRulesText(slug))!;
    for (const note of [
      'Clause → test',
      '## Decisions',
      'CLOCK_ONLY',
      'worker',
      'pnpm bench',
      'packages/rules',
    ])
      expect(text, note).not.toContain(note);
  });

  it('has nothing for a game without rules', async () => {
    expect(await loadRulesText('no-such-game')).toBeNull();
  });
});
