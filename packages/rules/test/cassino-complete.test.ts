import { CassinoViewSchema, type CassinoIntent } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { MAX_LISTED, enumerateIntents } from '../src/cassino/legal.ts';
import { cassino, type CassinoState } from '../src/index.ts';
import { buildItem, candidateBruteForce, intentKey, loose, makeState } from './cassino-helpers.ts';
import { FULL_CEILING, Rng } from './cassino-playout.ts';

const keys = (intents: readonly CassinoIntent[]): string[] => intents.map(intentKey).sort();
const capturesOf = (intents: readonly CassinoIntent[], card: string) =>
  intents.filter((i) => i.type === 'capture' && i.card === card);

/** Plays `seed` with the seat to move always trailing its first card, `plays` times. */
function afterTrails(seed: string, plays: number): CassinoState {
  let s = cassino.setup({ match: 'single' }, 2, seed);
  for (let k = 0; k < plays; k++) {
    const seat = s.turn as number;
    const r = cassino.apply(s, seat, { type: 'trail', card: s.hands[seat]![0]!.id }, 0);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
  }
  return s;
}

describe('cassino: the legal list is complete on crowded tables', () => {
  it('a 13-card table: all 1,433 plays of 6♦ 6♣ 9♦ 10♠ are listed, 10♠ taking 10♣ among them', () => {
    const s = makeState({
      hands: ['2H', '6D 6C 9D 10S'],
      table: '7D 4C AD 2S 10C 7S 5S 7C 4D 3C KD AC AH'.split(' ').map(loose),
    });
    const e = enumerateIntents(s, 1, FULL_CEILING);
    expect(e.complete).toBe(true);
    expect(e.intents).toHaveLength(1433);
    expect(keys(e.intents)).toEqual(candidateBruteForce(s, 1));
    expect(keys(e.intents)).toContain('capture 10S [10C]');
  });

  it('seed cut-186 after nine trails: the dealer’s 10♦ lists all 286 captures of the 13-card table', () => {
    const s = afterTrails('cut-186', 9);
    expect(s.table).toHaveLength(13);
    expect(s.turn).toBe(s.dealer);
    const e = enumerateIntents(s, s.dealer, FULL_CEILING);
    expect(e.complete).toBe(true);
    expect(capturesOf(e.intents, '10D')).toHaveLength(286);
    expect(keys(e.intents)).toEqual(candidateBruteForce(s, s.dealer));
  });

  it('equals the brute force (apply over every candidate subset) on 40 trail-heavy positions of 13–15 items', () => {
    const rng = new Rng('complete-13');
    let compared = 0;
    let withBuilds = 0;
    for (let game = 0; compared < 40; game++) {
      let s = cassino.setup({ match: 'single' }, 2, `complete-13/${game}`);
      while (s.phase === 'playing' && compared < 40) {
        const seat = s.turn as number;
        const e = enumerateIntents(s, seat, FULL_CEILING);
        if (s.table.length >= 13 && s.table.length <= 15 && rng.int(3) === 0) {
          expect(e.complete).toBe(true);
          expect(keys(e.intents)).toEqual(candidateBruteForce(s, seat));
          compared++;
          if (s.table.some((i) => i.type === 'build')) withBuilds++;
        }
        const trails = e.intents.filter((i) => i.type === 'trail');
        const pick = trails.length > 0 && rng.int(10) < 6 ? rng.pick(trails) : rng.pick(e.intents);
        const r = cassino.apply(s, seat, pick, 0);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value;
      }
    }
    expect(withBuilds).toBeGreaterThan(5);
  });

  it('a controller holding only the capturing card always has its capture listed, however crowded the table', () => {
    // Seat 1 controls a build of 10 and holds 10♣ and nothing else: it may not trail, it must capture.
    const pool = '2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 6S 6H 6D 6C 7S 7H 8S 8H 9S 9H AS AH AD AC'.split(' ');
    let cut = 0;
    for (let n = 8; n <= pool.length; n++) {
      const s = makeState({
        hands: ['KD', '10C'],
        table: [buildItem('b1', 'simple', 10, ['5C', '5D'], 1), ...pool.slice(0, n).map(loose)],
      });
      const e = enumerateIntents(s, 1);
      expect(e.intents.length, `${n + 1} items`).toBeGreaterThan(0);
      expect(e.intents.every((i) => i.type === 'capture')).toBe(true);
      expect(keys(e.intents)).toContain('capture 10C [b1]');
      expect(cassino.apply(s, 1, { type: 'trail', card: '10C' }, 0).ok).toBe(false);
      for (const i of e.intents.slice(0, 50)) expect(cassino.apply(s, 1, i, 0).ok).toBe(true);
      if (!e.complete) {
        cut++;
        expect(e.intents.length).toBeLessThanOrEqual(MAX_LISTED);
        expect(e.freePlay).toEqual([{ card: '10C', capture: true, buildValues: [] }]);
      } else expect(e.freePlay).toEqual([]);
    }
    // Past about twenty items the captures outnumber the ceiling: the list is cut and says so.
    expect(cut).toBeGreaterThan(0);
  });

  it('absurd tables (everyone trails): never an empty list, every card keeps a listed play, and cut cards are named', () => {
    let cutPositions = 0;
    for (const seed of ['absurd-1', 'absurd-2']) {
      let s = cassino.setup({ match: 'single' }, 2, seed);
      while (s.phase === 'playing') {
        const seat = s.turn as number;
        const e = enumerateIntents(s, seat);
        const hand = s.hands[seat]!;
        expect(e.intents.length).toBeGreaterThan(0);
        expect(e.intents.length).toBeLessThanOrEqual(MAX_LISTED + 4 * 11);
        const listed = (card: string, kind: string) =>
          e.intents.filter((i) => i.type === kind && 'card' in i && i.card === card);
        for (const f of e.freePlay) {
          expect(hand.map((c) => c.id)).toContain(f.card);
          // What the free card may do is exactly what kinds of play it has listed.
          expect(listed(f.card, 'capture').length > 0).toBe(f.capture);
          const values = new Set(
            e.intents.flatMap((i) => (i.type === 'build' && i.card === f.card ? [i.value] : [])),
          );
          expect([...values].sort((a, b) => a - b)).toEqual(f.buildValues);
        }
        expect(e.complete).toBe(e.freePlay.length === 0);
        if (!e.complete) {
          cutPositions++;
          const view = CassinoViewSchema.parse(cassino.view(s, seat));
          expect(view.legalComplete).toBe(false);
          expect(view.freePlay).toEqual(e.freePlay);
          expect(cassino.view(s, 1 - seat)).toMatchObject({ legalComplete: true, freePlay: [] });
          expect(cassino.view(s, 'spectator')).toMatchObject({ legalComplete: true, freePlay: [] });
          expect(JSON.stringify(cassino.legalIntents(s, seat)) === JSON.stringify(e.intents)).toBe(true);
        }
        // Listed plays are accepted (a sample: the lists are long here).
        for (let k = 0; k < e.intents.length; k += Math.ceil(e.intents.length / 25))
          expect(cassino.apply(s, seat, e.intents[k]!, 0).ok).toBe(true);
        const r = cassino.apply(s, seat, { type: 'trail', card: hand[0]!.id }, 0);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value;
      }
    }
    expect(cutPositions).toBeGreaterThan(15);
  });

  it('when the list is cut, a kind of play with few moves keeps all of them (the ceiling is shared out)', () => {
    // 10♣ has far more captures than the ceiling; J♥ has one; 2♦ builds 10 in many ways.
    const pool = 'AS AH AD AC 2S 2H 2C 3S 3H 3D 3C 4S 4H 4D 4C 6S 6H 6D 6C 7S 7H 7D 8S 8H 9S 9H JS'.split(
      ' ',
    );
    const s = makeState({ hands: ['KD', '2D 10C JH'], table: pool.map(loose) });
    const e = enumerateIntents(s, 1);
    expect(e.complete).toBe(false);
    expect(capturesOf(e.intents, 'JH').map(intentKey)).toEqual(['capture JH [JS]']);
    expect(e.freePlay.map((f) => f.card).sort()).toEqual(['10C', '2D']);
    expect(capturesOf(e.intents, '10C').length).toBeGreaterThan(MAX_LISTED / 3);
    expect(e.intents.filter((i) => i.type === 'build').length).toBeGreaterThan(MAX_LISTED / 3);
    expect(e.intents.length).toBeLessThanOrEqual(MAX_LISTED + 3);
    expect(e.intents.filter((i) => i.type === 'trail')).toHaveLength(3);
  });

  it('the list is in canonical order: captures (by card), then builds (by card, value), then trails; item sets in table order', () => {
    const s = afterTrails('cut-186', 9);
    const e = enumerateIntents(s, s.dealer, FULL_CEILING).intents;
    const kinds = e.map((i) => i.type);
    expect(kinds.lastIndexOf('capture')).toBeLessThan(kinds.indexOf('build'));
    expect(kinds.lastIndexOf('build')).toBeLessThan(kinds.indexOf('trail'));
    const pos = (id: string) => s.table.findIndex((t) => t.id === id);
    const tens = capturesOf(e, '10D').map((i) => (i.type === 'capture' ? i.items.map(pos) : []));
    for (const set of tens) expect(set).toEqual([...set].sort((a, b) => a - b));
    for (let k = 1; k < tens.length; k++) {
      const [a, b] = [tens[k - 1]!, tens[k]!];
      const d = a.findIndex((x, j) => x !== b[j]);
      // Lexicographic, a prefix first.
      if (d === -1) expect(a.length).toBeLessThan(b.length);
      else {
        expect(b[d]).toBeDefined();
        expect(a[d]).toBeLessThan(b[d]!);
      }
    }
  });
});
