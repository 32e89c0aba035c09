import type { CassinoTableItem } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { cassino, type CassinoState } from '../src/index.ts';
import { buildItem, ids, intentKey, loose, makeState, must, refused } from './cassino-helpers.ts';

/** The build on the table with that id, groups as sorted card-id lists (group order ignored). */
function buildOf(state: CassinoState, id: string) {
  const item = state.table.find((i): i is Extract<CassinoTableItem, { type: 'build' }> => i.id === id);
  if (!item || item.type !== 'build') throw new Error(`no build ${id}`);
  const b = item.build;
  return {
    kind: b.kind,
    value: b.value,
    controller: b.controller,
    groups: b.groups.map((g) => g.map((c) => c.id).sort()).sort((x, y) => x.join().localeCompare(y.join())),
  };
}

const isLegal = (state: CassinoState, seat: number, key: string): boolean =>
  cassino.legalIntents(state, seat).map(intentKey).includes(key);

describe('cassino: simple builds (rule text examples)', () => {
  it('2 on the table, holding 5 and 7: play the 5 onto the 2 to build 7', () => {
    const s = makeState({ hands: ['9C 4D', '5H 7S'], table: [loose('2C')] });
    expect(isLegal(s, 1, 'build 5H [2C] 7')).toBe(true);
    const next = must(s, 1, { type: 'build', card: '5H', items: ['2C'], value: 7 });
    expect(ids(next)).toEqual(['b1']);
    expect(buildOf(next, 'b1')).toEqual({ kind: 'simple', value: 7, controller: 1, groups: [['2C', '5H']] });
    expect(next.lastAction).toMatchObject({ kind: 'build', text: 'built 7 with 5♥ (2♣ + 5♥)' });
  });

  it('A and 6 on the table, holding 2 and 9: group them and play the 2 to build 9', () => {
    const s = makeState({ hands: ['9C 4D', '2H 9S'], table: [loose('AC'), loose('6D')] });
    expect(isLegal(s, 1, 'build 2H [6D,AC] 9')).toBe(true);
    const next = must(s, 1, { type: 'build', card: '2H', items: ['6D', 'AC'], value: 9 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'simple',
      value: 9,
      controller: 1,
      groups: [['2H', '6D', 'AC']],
    });
  });

  it('simple build 2+3 (5) on the table, holding 3 and 8: play the 3 onto it to raise it to 8', () => {
    const s = makeState({
      hands: ['9C 4D', '3H 8S'],
      table: [buildItem('b1', 'simple', 5, ['2C 3D'], 0)],
      nextBuildId: 2,
    });
    const next = must(s, 1, { type: 'build', card: '3H', items: ['b1'], value: 8 });
    // The raised pile keeps its id (and place); no new build id is used up.
    expect(ids(next)).toEqual(['b1']);
    expect(next.nextBuildId).toBe(2);
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'simple',
      value: 8,
      controller: 1,
      groups: [['2C', '3D', '3H']],
    });
    expect(next.lastAction?.text).toBe('raised the build of 5 (2♣ + 3♦) to 8 with 3♥');
  });

  it('simple build of two aces (2) and a 5 on the table, holding 3 and 10: add the 5 and the 3 to build 10', () => {
    const s = makeState({
      hands: ['9C 4D', '3S 10C'],
      table: [buildItem('b1', 'simple', 2, ['AC AD'], 0), loose('5H')],
      nextBuildId: 2,
    });
    expect(isLegal(s, 1, 'build 3S [5H,b1] 10')).toBe(true);
    const next = must(s, 1, { type: 'build', card: '3S', items: ['b1', '5H'], value: 10 });
    expect(ids(next)).toEqual(['b1']);
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'simple',
      value: 10,
      controller: 1,
      groups: [['3S', '5H', 'AC', 'AD']],
    });
  });
});

describe('cassino: compound builds (rule text examples)', () => {
  it('7 on the table, holding two 7s: play one onto the 7 to build 7s', () => {
    const s = makeState({ hands: ['9C 4D', '7H 7S'], table: [loose('7C')] });
    const next = must(s, 1, { type: 'build', card: '7H', items: ['7C'], value: 7 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'compound',
      value: 7,
      controller: 1,
      groups: [['7C'], ['7H']],
    });
  });

  it('3 and 6 on the table, holding two 9s: group the 3 and 6 and play a 9 to build 9s', () => {
    const s = makeState({ hands: ['9C 4D', '9H 9S'], table: [loose('3C'), loose('6D')] });
    const next = must(s, 1, { type: 'build', card: '9H', items: ['3C', '6D'], value: 9 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'compound',
      value: 9,
      controller: 1,
      groups: [['3C', '6D'], ['9H']],
    });
  });

  it('8 and 10 on the table, holding 2 and 10: play the 2 onto the 8 and add the 10 to build 10s', () => {
    const s = makeState({ hands: ['9C 4D', '2H 10S'], table: [loose('8C'), loose('10D')] });
    const next = must(s, 1, { type: 'build', card: '2H', items: ['8C', '10D'], value: 10 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'compound',
      value: 10,
      controller: 1,
      groups: [['10D'], ['2H', '8C']],
    });
  });

  it('A, 2 and 5 on the table, holding 4 and 6: play the 4 onto the 2 and combine A and 5 to build 6s', () => {
    const s = makeState({ hands: ['9C 4D', '4S 6C'], table: [loose('AC'), loose('2D'), loose('5H')] });
    expect(isLegal(s, 1, 'build 4S [2D,5H,AC] 6')).toBe(true);
    const next = must(s, 1, { type: 'build', card: '4S', items: ['AC', '2D', '5H'], value: 6 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'compound',
      value: 6,
      controller: 1,
      groups: [
        ['2D', '4S'],
        ['5H', 'AC'],
      ],
    });
  });

  it('a compound build can be added to, with a card alone or with table cards', () => {
    const s = makeState({
      hands: ['9C 4D', '7S 7D 4H'],
      table: [buildItem('b1', 'compound', 7, ['3C 4S', '7C'], 0), loose('3H')],
      nextBuildId: 2,
    });
    const alone = must(s, 1, { type: 'build', card: '7S', items: ['b1'], value: 7 });
    expect(buildOf(alone, 'b1')).toEqual({
      kind: 'compound',
      value: 7,
      controller: 1,
      groups: [['3C', '4S'], ['7C'], ['7S']],
    });
    const withTable = must(s, 1, { type: 'build', card: '4H', items: ['b1', '3H'], value: 7 });
    expect(buildOf(withTable, 'b1').groups).toEqual([['3C', '4S'], ['3H', '4H'], ['7C']]);
    expect(ids(withTable)).toEqual(['b1']);
  });

  it('a simple build of the same value joins a compound build as a whole group', () => {
    const s = makeState({
      hands: ['9C 4D', '9H 9S'],
      table: [buildItem('b1', 'simple', 9, ['3C 6D'], 0)],
      nextBuildId: 2,
    });
    const next = must(s, 1, { type: 'build', card: '9H', items: ['b1'], value: 9 });
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'compound',
      value: 9,
      controller: 1,
      groups: [['3C', '6D'], ['9H']],
    });
  });

  it('compound cannot be raised, nor used as part of a simple build', () => {
    const s = makeState({
      hands: ['9C 4D', '2S 9D'],
      table: [buildItem('b1', 'compound', 7, ['7C', '7H'], 0), loose('AC')],
    });
    const e = refused(s, 1, { type: 'build', card: '2S', items: ['b1'], value: 9 });
    expect(e.code).toBe('COMPOUND_BUILD_CANNOT_BE_RAISED');
    expect(refused(s, 1, { type: 'build', card: '2S', items: ['b1', 'AC'], value: 9 }).code).toBe(
      'COMPOUND_BUILD_CANNOT_BE_RAISED',
    );
    expect(cassino.legalIntents(s, 1).some((i) => i.type === 'build' && i.items.includes('b1'))).toBe(false);
  });
});

describe('cassino: build restrictions', () => {
  it('keep-a-capturing-card: a build needs a card of its value left in hand', () => {
    const s = makeState({ hands: ['9C 4D', '5H 6S'], table: [loose('2C')] });
    const e = refused(s, 1, { type: 'build', card: '5H', items: ['2C'], value: 7 });
    expect(e).toMatchObject({
      code: 'MUST_KEEP_CAPTURING_CARD',
      message: 'You must keep a 7 in your hand to build 7.',
    });
    // The card played does not count: one 7 cannot build 7s on a table 7.
    const t = makeState({ hands: ['9C 4D', '7H 6S'], table: [loose('7C')] });
    expect(refused(t, 1, { type: 'build', card: '7H', items: ['7C'], value: 7 }).code).toBe(
      'MUST_KEEP_CAPTURING_CARD',
    );
    expect(cassino.legalIntents(t, 1).some((i) => i.type === 'build')).toBe(false);
    // Raising someone else's build needs the new value in hand too.
    const u = makeState({ hands: ['9C 4D', '2H 6S'], table: [buildItem('b1', 'simple', 6, ['2C 4C'], 0)] });
    expect(refused(u, 1, { type: 'build', card: '2H', items: ['b1'], value: 8 }).code).toBe(
      'MUST_KEEP_CAPTURING_CARD',
    );
  });

  it('face cards never in builds, neither played nor from the table', () => {
    const s = makeState({ hands: ['9C 4D', 'QH 2H 9S'], table: [loose('KC'), loose('7D')] });
    expect(refused(s, 1, { type: 'build', card: 'QH', items: ['7D'], value: 9 }).code).toBe(
      'FACE_CARD_IN_BUILD',
    );
    expect(refused(s, 1, { type: 'build', card: '2H', items: ['KC', '7D'], value: 9 }).code).toBe(
      'FACE_CARD_IN_BUILD',
    );
    expect(must(s, 1, { type: 'build', card: '2H', items: ['7D'], value: 9 }).table).toHaveLength(2);
  });

  it('a build must add up: otherwise INVALID_BUILD', () => {
    const s = makeState({ hands: ['9C 4D', '2H 9S 8S'], table: [loose('5C'), loose('4H')] });
    expect(refused(s, 1, { type: 'build', card: '2H', items: ['5C'], value: 9 }).code).toBe('INVALID_BUILD');
    // 2 + 5 + 4 = 11: not 9, and it does not split into 9s either.
    expect(refused(s, 1, { type: 'build', card: '2H', items: ['5C', '4H'], value: 9 }).code).toBe(
      'INVALID_BUILD',
    );
    // Builds are worth 1 to 10 and take at least one item: outside the wire schema, refused as malformed.
    expect(refused(s, 1, { type: 'build', card: '2H', items: ['5C'], value: 11 }).code).toBe(
      'MALFORMED_INTENT',
    );
    expect(refused(s, 1, { type: 'build', card: '2H', items: [], value: 7 }).code).toBe('MALFORMED_INTENT');
  });

  it('the builder controls the build; raising an opponent build takes control', () => {
    const s = makeState({
      hands: ['9C 4D', '2H 8S'],
      table: [buildItem('b1', 'simple', 6, ['2C 4C'], 0), loose('5D')],
      nextBuildId: 2,
    });
    const next = must(s, 1, { type: 'build', card: '2H', items: ['b1'], value: 8 });
    expect(buildOf(next, 'b1').controller).toBe(1);
    // Seat 0 no longer controls anything and may trail; seat 1 now may not.
    expect(must(next, 0, { type: 'trail', card: '4D' }).table).toHaveLength(3);
  });

  it('raising your own simple build: allowed with the new value in hand; you keep control', () => {
    const s = makeState({
      hands: ['9C 4D', '3H 8S 5S'],
      table: [buildItem('b1', 'simple', 5, ['2C 3D'], 1), loose('KH')],
      nextBuildId: 2,
    });
    expect(isLegal(s, 1, 'build 3H [b1] 8')).toBe(true);
    // Controlling a build forbids trailing, not raising it.
    expect(cassino.legalIntents(s, 1).some((i) => i.type === 'trail')).toBe(false);
    const next = must(s, 1, { type: 'build', card: '3H', items: ['b1'], value: 8 });
    expect(ids(next)).toEqual(['b1', 'KH']);
    expect(buildOf(next, 'b1')).toEqual({
      kind: 'simple',
      value: 8,
      controller: 1,
      groups: [['2C', '3D', '3H']],
    });
    expect(next.lastAction?.text).toBe('raised the build of 5 (2♣ + 3♦) to 8 with 3♥');
    // Raising your own build still needs a card of the new value.
    const t = makeState({
      hands: ['9C 4D', '3H 5S'],
      table: [buildItem('b1', 'simple', 5, ['2C 3D'], 1)],
    });
    expect(refused(t, 1, { type: 'build', card: '3H', items: ['b1'], value: 8 }).code).toBe(
      'MUST_KEEP_CAPTURING_CARD',
    );
  });

  it('joining two builds keeps the first one’s id and place; the other pile is gone', () => {
    const s = makeState({
      hands: ['9C 4D', '6S 6H'],
      table: [
        loose('KH'),
        buildItem('b3', 'simple', 6, ['2C 4C'], 0),
        buildItem('b5', 'simple', 6, ['AD 5D'], 0),
      ],
      nextBuildId: 6,
    });
    const next = must(s, 1, { type: 'build', card: '6S', items: ['b5', 'b3'], value: 6 });
    expect(ids(next)).toEqual(['KH', 'b3']);
    expect(buildOf(next, 'b3')).toEqual({
      kind: 'compound',
      value: 6,
      controller: 1,
      groups: [['2C', '4C'], ['5D', 'AD'], ['6S']],
    });
    expect(next.nextBuildId).toBe(6);
  });

  it('legal builds list one intent per (card, item set, value), both simple and compound', () => {
    // Hand 2, 2, 4, 8 … table 2: with 2♥ one can build 4 (simple, keeping 4♠) or 2s (compound,
    // keeping 2♦); 2♦ likewise; 4♠ can build 8 with 2♣? no: 4 + 2 = 6, no 6 held. So exactly four.
    const s = makeState({ hands: ['9C 4D', '2H 2D 4S 8S'], table: [loose('2C')] });
    const builds = cassino
      .legalIntents(s, 1)
      .filter((i) => i.type === 'build')
      .map(intentKey);
    expect(builds).toEqual(['build 2H [2C] 2', 'build 2H [2C] 4', 'build 2D [2C] 2', 'build 2D [2C] 4']);
  });
});
