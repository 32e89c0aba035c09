import type { CuntSoulView, PlayingCard } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { playingCardName } from '../../src/core/cards.ts';
import { SPECTATOR } from '../../src/core/game.ts';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';
import {
  act,
  changeField,
  choose,
  declare,
  expectOk,
  flip,
  game,
  pickUp,
  play,
  position,
  swap,
} from './helpers.ts';
import { playGame } from './policy.ts';

const view = (s: CuntSoulState): CuntSoulView => game.view(s, SPECTATOR);
/** The history of one step, seats written as A, B, C… */
const words = (before: CuntSoulState, after: CuntSoulState): string[] =>
  (game.history?.(view(before), view(after)) ?? []).map((e) =>
    e.text.replace(/\{p(\d)\}/g, (_, d: string) => String.fromCharCode(65 + Number(d))),
  );

describe('Cunt-Soul history', () => {
  it('a link says its cards, and the value it plays as when that differs ("6 as 5", "Joker as 8", "table")', () => {
    const onFive = position({ n: 3, source: 10, pile: ['5'], seats: { A: { hand: ['6', '9'] } } });
    expect(words(onFive, play(onFive, '6'))[0]).toMatch(/^A played 6. as 5\.$/);
    const onEight = position({ n: 3, source: 10, pile: ['8'], seats: { A: { hand: ['Joker', '9'] } } });
    expect(words(onEight, play(onEight, 'Joker'))[0]).toMatch(/^A played (Red|Black) Joker as 8\.$/);
    const empty = position({ n: 3, source: 10, seats: { A: { hand: ['6', '9'] } } });
    expect(words(empty, play(empty, '6'))[0]).toMatch(/^A played 6. as table\.$/);
    const plain = position({ n: 3, source: 10, pile: ['3'], seats: { A: { hand: ['3', '3', '9'] } } });
    expect(words(plain, play(plain, '3', '3'))[0]).toMatch(
      /^A played 3. 3. \(the next link must be a 3 or a Joker\)\.$/,
    );
  });

  it('burns say why: a 10, four of a kind, and the cards go out of the game', () => {
    const ten = position({ n: 3, source: 10, pile: ['9', '4'], seats: { A: { hand: ['10', '9'] } } });
    const t = words(ten, play(ten, '10'));
    expect(t).toContain('The pile burns (a 10): 3 cards go out of the game.');
    const four = position({ n: 3, source: 10, pile: ['9 9 9'], seats: { A: { hand: ['9', '2'] } } });
    expect(words(four, play(four, '9'))).toContain(
      'The pile burns (four of a kind): 4 cards go out of the game.',
    );
  });

  it('a pick-up says how many cards; a skip names who is skipped; a K turns the direction', () => {
    const stuck = position({ n: 3, source: 10, pile: ['A', 'K'], seats: { A: { hand: ['3', '4'] } } });
    expect(words(stuck, pickUp(stuck))).toContain('A picked up the pile (2 cards).');
    const eight = position({ n: 4, source: 10, pile: ['2'], seats: { A: { hand: ['8', '9'] } } });
    expect(words(eight, play(eight, '8')).join(' ')).toMatch(/^A played 8. \(skip\)\. B is skipped\.$/);
    const king = position({ n: 4, source: 10, pile: ['2'], seats: { A: { hand: ['K', '9'] } } });
    expect(words(king, play(king, 'K'))).toContain('Play now goes anticlockwise.');
  });

  it('a 7 says higher or lower; a J says whom it chose', () => {
    const seven = position({ n: 3, source: 10, pile: ['2'], seats: { A: { hand: ['7', '9'] } } });
    const placed = play(seven, '7');
    expect(words(placed, declare(placed, 'lower'))).toContain('A called lower than 7.');
    const jack = position({ n: 4, source: 10, pile: ['2'], seats: { A: { hand: ['J', '9'] } } });
    const asked = play(jack, 'J');
    expect(words(asked, choose(asked, 'C'))).toContain('A chose C to play next.');
  });

  it('a face-up swap names both cards; a face-down swap (field 5) names none', () => {
    const up = position({
      n: 3,
      source: 10,
      pile: ['2'],
      seats: { A: { hand: ['5', '3', '9'], up: ['K', '8', '4'] } },
    });
    const asked = play(up, '5');
    const swapped = swap(asked, '3', 0);
    expect(words(asked, swapped)).toEqual([
      expect.stringMatching(/^A swapped 3. from the hand for the face-up K.\.$/),
    ]);
    const down = position({
      n: 3,
      source: 10,
      pile: ['2'],
      seats: { A: { hand: ['5', '3', '9'], field: '5' } },
    });
    const blind = play(down, '5');
    const after = swap(blind, '3', 1);
    expect(words(blind, after)).toEqual(['A swapped a hand card with face-down card 2.']);
  });

  it('a field change names the old and new field cards, the burned face-up card and its sideways replacement', () => {
    const s = position({
      n: 3,
      source: ['7', '?', '?'],
      fields: ['2', '3', '4'],
      seats: { A: { hand: ['Q', '9'], up: ['K', '8', '4'] } },
    });
    const changed = expectOk(changeField(s, 'Q', 1));
    expect(words(s, changed)).toEqual([
      expect.stringMatching(
        /^A changed the field card from 2. to Q., burning the face-up 8.; 7. lies sideways in its place\.$/,
      ),
    ]);
  });

  it('a blind flip names the card; finishing and the end of the game are told', () => {
    const s = position({
      n: 2,
      source: 0,
      pile: ['2'],
      seats: { A: { hand: [], up: ['-', '-', '-'], down: ['9', '-', '-'], field: null }, B: { hand: ['4'] } },
    });
    const after = flip(s, 0);
    const w = words(s, after);
    expect(w[0]).toMatch(/^A turned over 9. from the face-down cards\.$/);
    expect(w).toContain('A finished first.');
    expect(w).toContain('A wins.');
    expect(w).toContain('B is the sole-cunt.');
  });

  it('setup: who has chosen, then the reveal with every face-up and field card', () => {
    let s = game.setup({ dealer: 0, turnLimit: 1000 }, 2, 'history-setup');
    const pick = (seat: number) => {
      const hand = s.seats[seat]?.hand ?? [];
      return { type: 'setupSelect' as const, up: hand.slice(0, 3), field: hand[3] as string };
    };
    const first = expectOk(act(s, pick(0), 0));
    expect(words(s, first)).toEqual(['A has chosen.']);
    s = first;
    const both = expectOk(act(s, pick(1), 1));
    const w = words(s, both);
    expect(w.slice(0, 3)).toEqual([
      'B has chosen.',
      'Everyone has chosen: the face-up and field cards are revealed.',
      'B plays first.',
    ]);
    expect(w).toHaveLength(5);
  });

  it('seeded games: every step with a link or a pick-up has words, and no words name a card the spectator cannot see', () => {
    const name = (c: PlayingCard) => playingCardName(c);
    const seen = (v: CuntSoulView): Set<string> =>
      new Set([
        ...v.pile.flatMap((l) => l.cards.map(name)),
        ...(v.step?.placed ?? []).flatMap((l) => l.cards.map(name)),
        ...v.seats.flatMap((s) => [
          ...s.up.flatMap((u) => (u.card === null ? [] : [name(u.card)])),
          ...(s.field === null ? [] : [name(s.field)]),
        ]),
        ...v.out.map(name),
        ...(v.lastFlip === null ? [] : [name(v.lastFlip.card)]),
      ]);
    let steps = 0;
    for (const [players, seed] of [
      [2, 'h-a'],
      [3, 'h-b'],
      [5, 'h-c'],
    ] as const)
      playGame({ dealer: 'random', turnLimit: 300 }, players, seed, (before, after) => {
        const a = view(after);
        const b = view(before);
        const w = words(before, after);
        if ((a.step?.placed.length ?? 0) > 0 || (a.step?.pickedUp ?? 0) > 0)
          expect(w.length).toBeGreaterThan(0);
        const visible = new Set([...seen(b), ...seen(a)]);
        for (const text of w)
          for (const card of text.match(/(?:10|[2-9JQKA])[♠♥♦♣]|(?:Red|Black) Joker/g) ?? [])
            expect(visible.has(card), `${card} in "${text}"`).toBe(true);
        steps++;
      });
    expect(steps).toBeGreaterThan(100);
  });
});
