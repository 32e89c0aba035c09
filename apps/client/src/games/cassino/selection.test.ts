import { describe, expect, it } from 'vitest';
import type { CassinoIntent } from '@cards/schema';
import {
  completions,
  playableCards,
  selectableItems,
  toggleCard,
  toggleItem,
  EMPTY_SELECTION,
} from './selection.ts';

const legal: CassinoIntent[] = [
  { type: 'trail', card: '7H' },
  { type: 'capture', card: '7H', items: ['7S'] },
  { type: 'capture', card: '7H', items: ['3D', '4C'] },
  { type: 'capture', card: '7H', items: ['7S', '3D', '4C'] },
  { type: 'build', card: '2S', items: ['5D'], value: 7 },
  { type: 'build', card: '2S', items: ['b1'], value: 9 },
  { type: 'trail', card: '2S' },
];

describe('cassino selection', () => {
  it('offers only cards that appear in a legal intent', () => {
    expect([...playableCards(legal)].sort()).toEqual(['2S', '7H']);
  });

  it('lets the player tap only items that keep a legal intent in reach', () => {
    const card = toggleCard(EMPTY_SELECTION, '7H');
    expect([...selectableItems(legal, card)].sort()).toEqual(['3D', '4C', '7S']);
    const with3 = toggleItem(card, '3D');
    expect([...selectableItems(legal, with3)].sort()).toEqual(['3D', '4C', '7S']);
    expect(selectableItems(legal, toggleCard(EMPTY_SELECTION, '2S')).has('7S')).toBe(false);
  });

  it('offers trail with nothing chosen and capture only for an exact legal set', () => {
    const card = toggleCard(EMPTY_SELECTION, '7H');
    expect(completions(legal, card).trail).toEqual({ type: 'trail', card: '7H' });
    const partial = toggleItem(card, '3D');
    expect(completions(legal, partial)).toEqual({ trail: null, capture: null, builds: [] });
    const full = toggleItem(partial, '4C');
    expect(completions(legal, full).capture).toEqual({ type: 'capture', card: '7H', items: ['3D', '4C'] });
  });

  it('offers each legal build of exactly the chosen items', () => {
    const sel = toggleItem(toggleCard(EMPTY_SELECTION, '2S'), '5D');
    expect(completions(legal, sel).builds.map((b) => b.value)).toEqual([7]);
  });

  it('toggles items and cards off again', () => {
    const sel = toggleItem(toggleItem(toggleCard(EMPTY_SELECTION, '7H'), '7S'), '7S');
    expect(sel.items).toEqual([]);
    expect(toggleCard(sel, '7H')).toEqual(EMPTY_SELECTION);
  });
});
