import { describe, expect, it } from 'vitest';
import { cassino } from '../src/index.ts';
import { buildItem, card, ids, intentKey, loose, makeState, must, refused } from './cassino-helpers.ts';

const legalKeys = (state: ReturnType<typeof makeState>, seat: number): string[] =>
  cassino.legalIntents(state, seat).map(intentKey);

describe('cassino: trailing', () => {
  it('trail places the card face up at the end of the table and passes the turn', () => {
    const s = makeState({ hands: ['9C 4D', '5H 6S'], table: [loose('2C')] });
    const next = must(s, 1, { type: 'trail', card: '5H' });
    expect(ids(next)).toEqual(['2C', '5H']);
    expect(next.hands[1]).toEqual([card('6S')]);
    expect(next.turn).toBe(0);
    expect(next.lastAction).toMatchObject({ seat: 1, kind: 'trail', text: 'trailed 5♥', cardIds: ['5H'] });
  });

  it('control forbids trailing while a capture or build is available', () => {
    const s = makeState({
      hands: ['9C 4D', '9H 4S'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 1), loose('5C')],
    });
    expect(refused(s, 1, { type: 'trail', card: '4S' }).code).toBe('CANNOT_TRAIL_WHILE_CONTROLLING');
    expect(cassino.legalIntents(s, 1).some((i) => i.type === 'trail')).toBe(false);
    // The opponent of the controller may trail freely.
    const theirs = makeState({
      hands: ['9C 4D', '9H 4S'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 0)],
    });
    expect(must(theirs, 1, { type: 'trail', card: '4S' }).table).toHaveLength(2);
  });

  it('decision: a controller with no capture or build at all may trail', () => {
    // Seat 1 built 9 earlier but has since used its 9; now it holds 2♥ and K♠ and can do nothing else.
    const s = makeState({
      hands: ['9C 4D', '2H KS'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 1), loose('QC')],
    });
    expect(legalKeys(s, 1)).toEqual(['trail 2H', 'trail KS']);
    expect(ids(must(s, 1, { type: 'trail', card: 'KS' }))).toEqual(['b1', 'QC', 'KS']);
  });
});

describe('cassino: using the capturing card elsewhere (decision 3)', () => {
  it('while controlling a build you may play its capturing card on another capture or build', () => {
    // Seat 1 controls a build of 9 and holds 9♥ (its only 9), 4♠ and 5♦; a 9♣ lies loose.
    const s = makeState({
      hands: ['8C 4D', '9H 4S 5D'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 1), loose('9C'), loose('AC')],
    });
    const keys = legalKeys(s, 1);
    expect(keys).toContain('capture 9H [9C]');
    expect(keys).toContain('capture 9H [9C,b1]');
    // 4♠ + A♣ builds 5 keeping 5♦: the 9 need not stay in hand for the old build.
    expect(keys).toContain('build 4S [AC] 5');
    const elsewhere = must(s, 1, { type: 'capture', card: '9H', items: ['9C'] });
    expect(ids(elsewhere)).toEqual(['b1', 'AC']);
    expect(elsewhere.table[0]).toMatchObject({ type: 'build', build: { controller: 1, value: 9 } });
    expect(elsewhere.captured[1]!.map((c) => c.id).sort()).toEqual(['9C', '9H']);
    // The build stays under seat 1's control although no 9 is left; once there is nothing to
    // capture or build, decision 1 lets seat 1 trail.
    const later = makeState({
      hands: ['8C 4D', '4S KS'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 1), loose('QH')],
    });
    expect(legalKeys(later, 1)).toEqual(['trail 4S', 'trail KS']);
  });
});

describe('cassino: capturing', () => {
  it('capture a loose card of the same rank', () => {
    const s = makeState({ hands: ['9C 4D', '7S 2H'], table: [loose('7H'), loose('3C')] });
    const next = must(s, 1, { type: 'capture', card: '7S', items: ['7H'] });
    expect(ids(next)).toEqual(['3C']);
    expect(next.captured[1]!.map((c) => c.id)).toEqual(['7H', '7S']);
    expect(next.lastCapturer).toBe(1);
    expect(next.lastAction).toMatchObject({ kind: 'capture', text: 'captured 7♥ with 7♠' });
  });

  it('capture every loose card of the same rank at once', () => {
    const s = makeState({ hands: ['9C 4D', '5S 2H'], table: [loose('5H'), loose('3C'), loose('5D')] });
    expect(ids(must(s, 1, { type: 'capture', card: '5S', items: ['5D', '5H'] }))).toEqual(['3C']);
  });

  it('face cards capture by rank only, and only loose cards', () => {
    const s = makeState({
      hands: ['9C 4D', 'QH 2H'],
      table: [loose('QS'), loose('QD'), loose('KC'), loose('2C')],
    });
    expect(ids(must(s, 1, { type: 'capture', card: 'QH', items: ['QS', 'QD'] }))).toEqual(['KC', '2C']);
    expect(refused(s, 1, { type: 'capture', card: 'QH', items: ['KC'] }).code).toBe('INVALID_CAPTURE');
    expect(refused(s, 1, { type: 'capture', card: 'QH', items: ['2C'] }).code).toBe('INVALID_CAPTURE');
    // A number card never captures a face card.
    expect(refused(s, 1, { type: 'capture', card: '2H', items: ['2C', 'KC'] }).code).toBe('INVALID_CAPTURE');
    expect(legalKeys(s, 1).filter((k) => k.startsWith('capture'))).toEqual([
      'capture QH [QS]',
      'capture QH [QD,QS]',
      'capture QH [QD]',
      'capture 2H [2C]',
    ]);
  });

  it('capture a combination of number cards adding up to the card', () => {
    const s = makeState({ hands: ['9C 4D', '7S 2H'], table: [loose('3C'), loose('4D'), loose('5H')] });
    const next = must(s, 1, { type: 'capture', card: '7S', items: ['4D', '3C'] });
    expect(ids(next)).toEqual(['5H']);
    expect(next.lastAction?.text).toBe('captured 3♣ + 4♦ with 7♠');
    expect(refused(s, 1, { type: 'capture', card: '7S', items: ['3C', '5H'] }).code).toBe('INVALID_CAPTURE');
  });

  it('capture several groups at once: same rank plus two sums', () => {
    const s = makeState({
      hands: ['9C 4D', '7S 2H'],
      table: [loose('7H'), loose('AC'), loose('2S'), loose('6D'), loose('5H'), loose('9D')],
    });
    const next = must(s, 1, { type: 'capture', card: '7S', items: ['5H', '7H', 'AC', '6D', '2S'] });
    expect(ids(next)).toEqual(['9D']);
    expect(next.captured[1]).toHaveLength(6);
    expect(next.lastAction?.text).toBe('captured 7♥, A♣ + 6♦, 2♠ + 5♥ with 7♠');
    // A set that does not split into 7s is refused even though its total (14) is a multiple of 7.
    const t = makeState({ hands: ['9C 4D', '7S 2H'], table: [loose('4C'), loose('4H'), loose('6D')] });
    expect(refused(t, 1, { type: 'capture', card: '7S', items: ['4C', '4H', '6D'] }).code).toBe(
      'INVALID_CAPTURE',
    );
  });

  it('capture a simple build of the same value', () => {
    const s = makeState({
      hands: ['9C 4D', '9S 2H'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 0), loose('4C')],
    });
    const next = must(s, 1, { type: 'capture', card: '9S', items: ['b1'] });
    expect(ids(next)).toEqual(['4C']);
    expect(next.captured[1]!.map((c) => c.id)).toEqual(['3C', '6D', '9S']);
  });

  it('capture a compound build of the same value, but never with another value', () => {
    const s = makeState({
      hands: ['9C 4D', '8S 4H'],
      table: [buildItem('b1', 'compound', 8, ['3C 5D', '8H'], 0), loose('4C')],
    });
    expect(ids(must(s, 1, { type: 'capture', card: '8S', items: ['b1'] }))).toEqual(['4C']);
    const t = makeState({
      hands: ['9C 4D', 'AS 7H'],
      table: [buildItem('b1', 'compound', 3, ['AC 2D', '3H'], 0), loose('4C')],
    });
    // A compound build counts only as a whole group of its own value: 3s + 4 is not a 7.
    expect(refused(t, 1, { type: 'capture', card: '7H', items: ['b1', '4C'] }).code).toBe('INVALID_CAPTURE');
  });

  it('capture a simple build together with number cards adding up to the card', () => {
    const s = makeState({
      hands: ['9C 4D', '9S 2H'],
      table: [buildItem('b1', 'simple', 5, ['2C 3D'], 0), loose('4C'), loose('9H')],
    });
    const next = must(s, 1, { type: 'capture', card: '9S', items: ['4C', 'b1', '9H'] });
    expect(next.table).toEqual([]);
    expect(next.lastAction?.text).toBe('captured the build of 5 (2♣ + 3♦) + 4♣, 9♥ with 9♠, a sweep');
  });

  it('capture items is a set: order is irrelevant, repeats and unknown ids are refused', () => {
    const s = makeState({ hands: ['9C 4D', '7S 2H'], table: [loose('3C'), loose('4D')] });
    expect(must(s, 1, { type: 'capture', card: '7S', items: ['4D', '3C'] })).toEqual(
      must(s, 1, { type: 'capture', card: '7S', items: ['3C', '4D'] }),
    );
    expect(refused(s, 1, { type: 'capture', card: '7S', items: ['3C', '3C', '4D'] }).code).toBe(
      'DUPLICATE_ITEM',
    );
    expect(refused(s, 1, { type: 'capture', card: '7S', items: ['3C', 'b9'] }).code).toBe('UNKNOWN_ITEM');
    expect(refused(s, 1, { type: 'capture', card: '7S', items: [] }).code).toBe('MALFORMED_INTENT');
    expect(refused(s, 1, { type: 'capture', card: '8S', items: ['3C'] }).code).toBe('NOT_IN_HAND');
  });

  it('sweep: a capture that clears the table scores 1 at once', () => {
    const s = makeState({ hands: ['9C 4D', '7S 2H'], table: [loose('3C'), loose('4D')], sweeps: [0, 2] });
    const next = must(s, 1, { type: 'capture', card: '7S', items: ['3C', '4D'] });
    expect(next.table).toEqual([]);
    expect(next.sweeps).toEqual([0, 3]);
    expect(next.lastAction).toMatchObject({ kind: 'sweep', text: 'captured 3♣ + 4♦ with 7♠, a sweep' });
    // The next player faces an empty table and can only trail.
    expect(legalKeys(next, 0)).toEqual(['trail 9C', 'trail 4D']);
  });

  it('legal captures list one intent per distinct item set, items in table order', () => {
    const s = makeState({
      hands: ['9C 4D', '5S KH'],
      table: [loose('2C'), loose('3D'), loose('2H'), loose('3S'), loose('5H')],
    });
    // Groups making 5: 2C+3D, 2C+3S, 2H+3D, 2H+3S, 5H. Disjoint unions of the four pairs:
    // 4 single pairs + the four cards together ({2C,3D,2H,3S} has two splits but is listed once) = 5;
    // times 5H in or out = 10, plus 5H alone = 11.
    const captures = legalKeys(s, 1).filter((k) => k.startsWith('capture 5S'));
    expect(captures).toHaveLength(11);
    expect(new Set(captures).size).toBe(11);
    const first = cassino.legalIntents(s, 1)[0];
    expect(first).toEqual({ type: 'capture', card: '5S', items: ['2C', '3D'] });
  });
});
