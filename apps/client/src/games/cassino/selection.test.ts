import { describe, expect, it } from 'vitest';
import type { CassinoIntent } from '@cards/schema';
import {
  chosenGroups,
  completions,
  freePlayOf,
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
    expect(completions(legal, partial)).toEqual({ trail: null, capture: null, builds: [], listed: true });
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

  it('a card the server left free: every item is tappable, and Capture / Build are offered for any choice', () => {
    const free = [{ card: '10C', capture: true, buildValues: [] }];
    const cut: CassinoIntent[] = [{ type: 'capture', card: '10C', items: ['b1'] }];
    expect([...playableCards(cut, free)]).toEqual(['10C']);
    const sel = toggleCard(EMPTY_SELECTION, '10C');
    const f = freePlayOf(free, sel);
    expect(f).toEqual(free[0]);
    const tableIds = ['b1', 'AS', '9H', 'KD'];
    expect([...selectableItems(cut, sel, { tableIds })].sort()).toEqual(['9H', 'AS', 'KD', 'b1']);
    // A listed set is offered as listed; any other set as the player's choice, for the server to check.
    expect(completions(cut, toggleItem(sel, 'b1'), f)).toMatchObject({ listed: true });
    const own = toggleItem(toggleItem(sel, 'AS'), '9H');
    expect(completions(cut, own, f)).toEqual({
      trail: null,
      capture: { type: 'capture', card: '10C', items: ['AS', '9H'] },
      builds: [],
      listed: false,
    });
    const builder = { card: '2D', capture: false, buildValues: [8, 10] };
    const b = toggleItem(toggleCard(EMPTY_SELECTION, '2D'), 'AS');
    expect(completions([], b, builder)).toEqual({
      trail: null,
      capture: null,
      builds: [
        { type: 'build', card: '2D', items: ['AS'], value: 8 },
        { type: 'build', card: '2D', items: ['AS'], value: 10 },
      ],
      listed: false,
    });
    // A card with a complete list stays strict.
    expect(freePlayOf(free, toggleCard(EMPTY_SELECTION, '7H'))).toBeNull();
  });
});

describe('chosen groups', () => {
  const values: Record<string, number | null> = { c5: 5, c3: 3, c6: 6, c2: 2, b8: 8, cQ: null };
  const valueOf = (id: string) => values[id] ?? null;

  it('cuts the taps into groups that each make the hand card', () => {
    const groups = chosenGroups(['c5', 'c3', 'b8', 'c6'], valueOf, 8);
    expect(groups.map((g) => [g.items, g.sum, g.complete])).toEqual([
      [['c5', 'c3'], 8, true],
      [['b8'], 8, true],
      [['c6'], 6, false],
    ]);
    expect(chosenGroups(['c6', 'c2'], valueOf, 8).at(-1)?.complete).toBe(true);
  });

  it('groups taps made out of order by what makes the hand card', () => {
    const groups = chosenGroups(['c3', 'c6', 'c5', 'c2'], valueOf, 8);
    expect(groups.map((g) => [g.items, g.complete])).toEqual([
      [['c3', 'c5'], true],
      [['c6', 'c2'], true],
    ]);
  });

  it('shows an overshoot and a face card as they are', () => {
    expect(chosenGroups(['c6', 'c5'], valueOf, 8)).toEqual([
      { items: ['c6', 'c5'], values: [6, 5], sum: 11, complete: false },
    ]);
    expect(chosenGroups(['cQ'], valueOf, 12)[0]?.complete).toBe(true);
  });
});
