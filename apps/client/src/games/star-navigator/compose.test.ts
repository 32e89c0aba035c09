import { describe, expect, it } from 'vitest';
import type { StarCard } from '@cards/schema';
import {
  appendTyped,
  buildExpr,
  canFollow,
  dropLastTyped,
  exprText,
  parseTyped,
  tokensText,
  typedName,
  type Token,
  type TypedCard,
} from './compose.ts';
import { cardLabel } from './labels.ts';

const c = (ref: string): Token => ({ kind: 'card', ref });
const op = (o: '+' | '-' | '*' | '/' | '^'): Token => ({ kind: 'op', op: o });
const open: Token = { kind: 'open' };
const close: Token = { kind: 'close' };
const label = (ref: string) => ref;

describe('star navigator composer', () => {
  it('builds the wire tree with precedence, parentheses and a right-associative power', () => {
    const a = buildExpr([c('7S'), op('+'), c('8H'), op('*'), c('JD')]);
    expect(a.ok && exprText(a.expr, label)).toBe('7S + (8H × JD)');
    const b = buildExpr([open, c('JD'), op('-'), c('7S'), close, op('*'), c('8H')]);
    expect(b.ok && b.expr).toEqual({
      kind: 'op',
      op: '*',
      left: {
        kind: 'op',
        op: '-',
        left: { kind: 'leaf', ref: 'JD' },
        right: { kind: 'leaf', ref: '7S' },
      },
      right: { kind: 'leaf', ref: '8H' },
    });
    const p = buildExpr([c('2S'), op('^'), c('3H'), op('^'), c('phantom')]);
    expect(p.ok && exprText(p.expr, label)).toBe('2S ^ (3H ^ phantom)');
  });

  it('refuses unfinished calculations and never carries a value', () => {
    expect(buildExpr([]).ok).toBe(false);
    expect(buildExpr([c('7S'), op('+')]).ok).toBe(false);
    expect(buildExpr([open, c('7S')]).ok).toBe(false);
    expect(buildExpr([c('7S'), c('8H')]).ok).toBe(false);
    const ok = buildExpr([c('7S'), op('/'), c('8H')]);
    expect(JSON.stringify(ok)).not.toContain('value');
    expect(tokensText([open, c('7S'), op('-'), c('8H'), close], label)).toBe('(7S − 8H)');
  });

  it('only offers taps that can follow', () => {
    expect(canFollow([], 'op')).toBe(false);
    expect(canFollow([c('7S')], 'card')).toBe(false);
    expect(canFollow([c('7S')], 'close')).toBe(false);
    expect(canFollow([open, c('7S')], 'close')).toBe(true);
  });

  describe('typed entry', () => {
    const card = (id: string, rank: string, suit: string, value: number, ace = false): StarCard => ({
      id,
      rank,
      suit: suit as StarCard['suit'],
      value,
      aceChoice: ace,
    });
    const set: TypedCard[] = [
      { ref: 'c7S', card: card('c7S', '7', 'S', 7), value: null },
      { ref: 'cJH', card: card('cJH', 'J', 'H', 11), value: null },
      { ref: 'c7D', card: card('c7D', '7', 'D', 7), value: null },
      { ref: 'cAH', card: card('cAH', 'A', 'H', 1, true), value: 100 },
      { ref: 'phantom', card: null, value: 6 },
    ];
    const read = (text: string) => {
      const t = parseTyped(text, set);
      if (!t.ok) return t.error;
      const built = buildExpr(t.tokens);
      return built.ok ? exprText(built.expr, (ref) => ref) : built.error;
    };

    it('reads typed text into the tree the buttons build', () => {
      expect(read('(7♠ + J♥) × 7♦')).toBe('(c7S + cJH) × c7D');
      expect(read('7s+jh*7d')).toBe('c7S + (cJH × c7D)');
      expect(read('J - 7S ÷ ⟨6⟩')).toBe('cJH − (c7S ÷ phantom)');
      expect(read('A♥ as 100 ^ J')).toBe('cAH ^ cJH');
      const tapped = buildExpr([
        { kind: 'open' },
        c('c7S'),
        op('+'),
        c('cJH'),
        { kind: 'close' },
        op('*'),
        c('c7D'),
      ]);
      const typed = parseTyped('(7S+JH)*7D', set);
      expect(typed.ok && buildExpr(typed.tokens)).toEqual(tapped);
    });

    it('says what is wrong with a typed card', () => {
      expect(read('7 + J')).toContain('add the suit');
      expect(read('9♣ + J')).toContain('no “9♣”');
      expect(read('J + J♥')).toContain('each card is used once');
      expect(read('A♥ as 1 + J')).toContain('counts A♥ as 100');
      expect(read('J % 7S')).toContain('neither a card nor an operator');
    });

    const tarot: TypedCard[] = [
      { ref: 'tAC', card: card('tAC', 'A', 'cups', 100), value: null },
      { ref: 't7C', card: card('t7C', '7', 'cups', 7), value: null },
      { ref: 'tPW', card: card('tPW', 'P', 'wands', 1), value: null },
      { ref: 'T2', card: card('T2', '2', 'trumps', 2), value: null },
      { ref: 'T20', card: card('T20', '20', 'trumps', 20), value: null },
    ];

    it('reads a Tarot card or a trump as the table labels it ("Ace of cups (100)")', () => {
      const readTarot = (text: string) => {
        const t = parseTyped(text, tarot);
        if (!t.ok) return t.error;
        const built = buildExpr(t.tokens);
        return built.ok ? exprText(built.expr, (ref) => ref) : built.error;
      };
      // The labels the buttons and the cards show, as written.
      expect(cardLabel(tarot[0]!.card!)).toBe('Ace of cups (100)');
      expect(readTarot('Ace of cups (100) + 7 of cups')).toBe('tAC + t7C');
      expect(readTarot('(Ace of cups (100) − Page of wands (1)) × Trump 20')).toBe('(tAC − tPW) × T20');
      // Any case and spacing; the value in brackets may be left out; "Trump 2" is not "Trump 20".
      expect(readTarot('ace  of CUPS(100)*trump 2')).toBe('tAC × T2');
      expect(readTarot('Ace of cups ^ Trump 2 + Trump 20')).toBe('(tAC ^ T2) + T20');
      // The short names still read.
      expect(readTarot('Acups + 100')).toContain('already in the formula');
      expect(readTarot('Acups + T20')).toBe('tAC + T20');
      expect(readTarot('Ace of cups (100) + Acups')).toContain('already in the formula');
      expect(readTarot('Ace of cups (100) + Ace of cups')).toContain(
        '“Ace of cups” is already in the formula',
      );
    });

    it('writes a Tarot card or a trump as the table labels it, and reads it back', () => {
      expect(tarot.map(typedName)).toEqual([
        'Ace of cups (100)',
        '7 of cups',
        'Page of wands (1)',
        'Trump 2',
        'Trump 20',
      ]);
      expect(tarot.map(typedName)).toEqual(tarot.map((t) => cardLabel(t.card!)));
      let text = '';
      for (const piece of [
        '(',
        typedName(tarot[0]!),
        '−',
        typedName(tarot[2]!),
        ')',
        '×',
        typedName(tarot[4]!),
      ])
        text = appendTyped(text, piece);
      expect(text).toBe('( Ace of cups (100) − Page of wands (1) ) × Trump 20');
      const typed = parseTyped(text, tarot);
      const built = typed.ok ? buildExpr(typed.tokens) : null;
      expect(built?.ok && exprText(built.expr, (ref) => ref)).toBe('(tAC − tPW) × T20');
      // ⌫ takes the whole label off, never a piece of it.
      expect(dropLastTyped(text, typed)).toBe('( Ace of cups (100) − Page of wands (1) ) ×');
      // An ambiguous rank names the cards by their labels.
      expect(
        parseTyped('7 + Trump 20', [
          ...tarot,
          { ref: 't7W', card: card('t7W', '7', 'wands', 7), value: null },
        ]),
      ).toMatchObject({ ok: false, error: '“7” could be 7 of cups or 7 of wands: add the suit.' });
    });

    it('writes what the buttons add, an Ace with its value as a choice', () => {
      expect(typedName(set[3]!)).toBe('A♥ as 100');
      expect(typedName(set[4]!)).toBe('⟨6⟩');
      let text = '';
      for (const piece of ['(', '7♠', '+', typedName(set[3]!), ')']) text = appendTyped(text, piece);
      expect(read(text)).toBe('c7S + cAH');
      expect(dropLastTyped(text, parseTyped(text, set))).toBe('( 7♠ + A♥ as 100');
    });
  });
});
