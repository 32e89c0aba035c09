import { CassinoViewSchema } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { standardDeck } from '../src/core/cards.ts';
import { seedPrng, shuffle } from '../src/core/prng.ts';
import { dealSeed, sortHand } from '../src/cassino/deal.ts';
import { InvariantError } from '../src/core/result.ts';
import { cassino, type CassinoState } from '../src/index.ts';
import { scoreDeal } from '../src/cassino/scoring.ts';
import { allCardIds, cards, loose, makeState, must, refused } from './cassino-helpers.ts';

describe('cassino: setup and dealing', () => {
  it('setup needs exactly two players', () => {
    expect(() => cassino.setup({ match: 'single' }, 3, 's')).toThrow(InvariantError);
    expect(() => cassino.setup({ match: 'single' }, 1, 's')).toThrow(InvariantError);
  });

  it('deal 1: seat 0 deals four cards to each player and four face up to the table; seat 1 leads', () => {
    const s = cassino.setup({ match: 'single' }, 2, 'deal-1');
    expect(s.dealer).toBe(0);
    expect(s.turn).toBe(1);
    expect(cassino.actors(s)).toEqual([1]);
    expect(s.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(s.table).toHaveLength(4);
    expect(s.table.every((i) => i.type === 'card')).toBe(true);
    expect(s.deck).toHaveLength(40);
    expect(s.round).toBe(1);
    expect(new Set(allCardIds(s))).toEqual(new Set(standardDeck().map((c) => c.id)));
    expect(allCardIds(s)).toHaveLength(52);
  });

  it('decision 7: the non-dealer gets the first four cards, the dealer the next four, the table the four after', () => {
    const s = cassino.setup({ match: 'single' }, 2, 'deal-order');
    const [order] = shuffle(standardDeck(), seedPrng('deal-order'));
    const ids = (cards: readonly { id: string }[]) => cards.map((c) => c.id);
    expect(s.dealer).toBe(0);
    expect(ids(s.hands[1]!)).toEqual(ids(sortHand(order.slice(0, 4))));
    expect(ids(s.hands[0]!)).toEqual(ids(sortHand(order.slice(4, 8))));
    expect(s.table.map((i) => i.id)).toEqual(ids(order.slice(8, 12)));
    expect(ids(s.deck)).toEqual(ids(order.slice(12)));
    // Later rounds: again the non-dealer first, from the top of the deck.
    let t = s;
    for (let k = 0; k < 8; k++) {
      const seat = t.turn as number;
      t = must(t, seat, { type: 'trail', card: t.hands[seat]![0]!.id });
    }
    expect(t.round).toBe(2);
    expect(ids(t.hands[1]!)).toEqual(ids(sortHand(order.slice(12, 16))));
    expect(ids(t.hands[0]!)).toEqual(ids(sortHand(order.slice(16, 20))));
  });

  it('each deal of a match is shuffled from its own seed: deal 2 does not continue deal 1’s generator', () => {
    // Deal 1 uses the match seed; deal n uses a seed derived from (match seed, n). Knowing deal 1's
    // order (and so the generator state after it) tells nothing about deal 2.
    const [, after1] = shuffle(standardDeck(), seedPrng('m-seed'));
    const [continued] = shuffle(standardDeck(), after1);
    const [own] = shuffle(standardDeck(), seedPrng(dealSeed('m-seed', 2)));
    const deal2 = (seed: string) => {
      const end = must({ ...finalState({ match: 'to21' }, [0, 0]), seed }, 0, { type: 'trail', card: 'KC' });
      return must(must(end, 1, { type: 'continue' }), 0, { type: 'continue' });
    };
    const d = deal2('m-seed');
    expect(d.dealNumber).toBe(2);
    expect(d.dealer).toBe(1);
    // Deal 2: seat 0 (now the non-dealer) gets the first four cards of deal 2's own shuffle.
    expect(d.hands[0]!.map((c) => c.id)).toEqual(sortHand(own.slice(0, 4)).map((c) => c.id));
    expect(d.table.map((i) => i.id)).toEqual(own.slice(8, 12).map((c) => c.id));
    expect(own.map((c) => c.id)).not.toEqual(continued.map((c) => c.id));
    // Replayable: the same match seed gives the same deal 2.
    expect(deal2('m-seed')).toEqual(d);
    expect(deal2('other-seed').table).not.toEqual(d.table);
    expect(JSON.stringify(cassino.view(d, 0))).not.toContain('m-seed');
  });

  it('setup is deterministic per seed and the state is plain JSON', () => {
    const a = cassino.setup({ match: 'to21' }, 2, 'same');
    expect(cassino.setup({ match: 'to21' }, 2, 'same')).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(cassino.setup({ match: 'to21' }, 2, 'other').hands).not.toEqual(a.hands);
  });

  it('when both hands are empty and cards remain, four more each are dealt (none to the table); non-dealer leads', () => {
    const s = makeState({ hands: ['9C', '5H'], table: [loose('2C')], round: 2 });
    const afterOne = must(s, 1, { type: 'trail', card: '5H' });
    expect(afterOne.turn).toBe(0);
    const afterTwo = must(afterOne, 0, { type: 'trail', card: '9C' });
    expect(afterTwo.round).toBe(3);
    expect(afterTwo.hands.map((h) => h.length)).toEqual([4, 4]);
    expect(afterTwo.table).toHaveLength(3);
    expect(afterTwo.deck).toHaveLength(s.deck.length - 8);
    expect(afterTwo.turn).toBe(1);
  });

  it('a deal is six rounds: all 52 cards are played and the game ends', () => {
    let s = cassino.setup({ match: 'single' }, 2, 'six-rounds');
    let plays = 0;
    const rounds = new Set<number>();
    while (cassino.outcome(s) === null) {
      rounds.add(s.round);
      const seat = cassino.actors(s)[0]!;
      s = must(s, seat, cassino.legalIntents(s, seat).at(-1)!);
      plays++;
    }
    expect(plays).toBe(48);
    expect([...rounds].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.captured.flat()).toHaveLength(52);
    expect(s.phase).toBe('matchOver');
    expect(cassino.actors(s)).toEqual([]);
    expect(cassino.legalIntents(s, 0)).toEqual([]);
    expect(cassino.legalIntents(s, 1)).toEqual([]);
  });
});

describe('cassino: end of the deal', () => {
  // Last round, last play: the dealer (seat 0) plays its last card; the deck is empty.
  const lastPlay = (
    table: string[],
    hand0: string,
    lastCapturer: number | null,
    extra: Partial<Parameters<typeof makeState>[0]> = {},
  ) =>
    makeState({
      hands: [hand0, ''],
      table: table.map(loose),
      deck: '',
      dealer: 0,
      turn: 0,
      round: 6,
      lastCapturer,
      ...extra,
    });

  it('last cards go to the last capturer and are not a sweep', () => {
    const s = lastPlay(['3C', '4D'], 'KS', 1);
    const next = must(s, 0, { type: 'trail', card: 'KS' });
    expect(next.captured[1]!.map((c) => c.id)).toEqual(['3C', '4D', 'KS']);
    expect(next.sweeps).toEqual([0, 0]);
    expect(next.table).toEqual([]);
    expect(next.lastAction).toMatchObject({
      seat: 0,
      kind: 'lastCards',
      text: 'trailed K♠; the last cards on the table (3♣ + 4♦ + K♠) go to the last player to capture',
    });
    expect(next.dealScores[0]![1]!.sweeps).toBe(0);
  });

  it('a capture that clears the table on the very last play is a sweep', () => {
    const s = lastPlay(['3C', '4D'], '7S', 1);
    const next = must(s, 0, { type: 'capture', card: '7S', items: ['3C', '4D'] });
    expect(next.sweeps).toEqual([1, 0]);
    expect(next.dealScores[0]![0]!.sweeps).toBe(1);
    expect(next.lastAction?.kind).toBe('sweep');
  });

  it('after a last capture that leaves cards, the capturer also takes the rest (no sweep)', () => {
    const s = lastPlay(['3C', '4D', '9H'], '7S', 1);
    const next = must(s, 0, { type: 'capture', card: '7S', items: ['3C', '4D'] });
    expect(next.captured[0]!.map((c) => c.id)).toEqual(['3C', '4D', '7S', '9H']);
    expect(next.sweeps).toEqual([0, 0]);
    expect(next.lastAction?.text).toBe(
      'captured 3♣ + 4♦ with 7♠, and takes the last cards from the table (9♥)',
    );
  });

  it('decision: if nobody captured during the deal, the table goes to the dealer', () => {
    const s = lastPlay(['3C', 'QD'], 'KS', null);
    const next = must(s, 0, { type: 'trail', card: 'KS' });
    expect(next.captured[0]!.map((c) => c.id)).toEqual(['3C', 'QD', 'KS']);
    expect(next.captured[1]).toEqual([]);
    // Dealer 1 this time.
    const t = makeState({ hands: ['', 'KS'], table: [loose('3C')], deck: '', dealer: 1, turn: 1, round: 6 });
    expect(must(t, 1, { type: 'trail', card: 'KS' }).captured[1]).toHaveLength(2);
  });
});

describe('cassino: scoring', () => {
  const pile = (ids: string) => cards(ids);

  it('scores most cards 3, most spades 1, big cassino 2, little cassino 1, each ace 1, sweeps 1', () => {
    const deck = standardDeck();
    // Seat 0: all spades and hearts (26 + 1 more = 27 cards incl. 10♦); seat 1: the rest.
    const a = deck.filter((c) => c.suit === 'S' || c.suit === 'H' || c.id === '10D');
    const b = deck.filter((c) => !a.includes(c));
    const [l0, l1] = scoreDeal([a, b], [2, 1]);
    expect(l0).toEqual({
      cards: 27,
      spades: 13,
      mostCards: 3,
      mostSpades: 1,
      bigCassino: 2,
      littleCassino: 1,
      aces: 2,
      sweeps: 2,
      total: 11,
    });
    expect(l1).toEqual({
      cards: 25,
      spades: 0,
      mostCards: 0,
      mostSpades: 0,
      bigCassino: 0,
      littleCassino: 0,
      aces: 2,
      sweeps: 1,
      total: 3,
    });
  });

  it('26–26 cards: nobody scores most cards', () => {
    const deck = standardDeck();
    const a = deck.filter((c) => c.suit === 'S' || c.suit === 'D');
    const b = deck.filter((c) => c.suit === 'H' || c.suit === 'C');
    const [l0, l1] = scoreDeal([a, b], [0, 0]);
    expect([l0!.cards, l1!.cards]).toEqual([26, 26]);
    expect([l0!.mostCards, l1!.mostCards]).toEqual([0, 0]);
    expect(l0!.total).toBe(1 + 2 + 1 + 2); // spades, 10♦, 2♠, A♠ + A♦
    expect(l1!.total).toBe(2);
  });

  it('most spades: a tie scores nothing', () => {
    const [l0, l1] = scoreDeal([pile('3S 4S'), pile('5S 6S')], [0, 0]);
    expect([l0!.mostSpades, l1!.mostSpades]).toEqual([0, 0]);
    expect(scoreDeal([pile('3S 4S 7S'), pile('5S 6S')], [0, 0])[0]!.mostSpades).toBe(1);
  });
});

/** The last play of a deal with captured piles prepared so the deal totals are known. */
function finalState(
  options: CassinoState['options'],
  matchTotals: [number, number],
  tie = false,
): CassinoState {
  const deck = standardDeck().filter((c) => c.id !== 'KC');
  // Seat 0 takes spades + hearts (+ K♣ by the last play) = 27 cards: 3 + 1 + 1 + 2 = 7 points.
  // Seat 1 the rest: 10♦ 2 + two aces 2 = 4 points. With `tie`, seat 1 also has 3 sweeps: 7 each.
  const s0 = deck.filter((c) => c.suit === 'S' || c.suit === 'H');
  const s1 = deck.filter((c) => c.suit === 'D' || c.suit === 'C');
  return {
    ...makeState({
      hands: ['KC', ''],
      deck: '',
      dealer: 0,
      turn: 0,
      round: 6,
      lastCapturer: 0,
      options,
      matchTotals,
    }),
    captured: [s0, s1],
    sweeps: [0, tie ? 3 : 0],
  };
}

describe('cassino: match', () => {
  it('single deal: the higher deal total wins and the game is over', () => {
    const end = must(finalState({ match: 'single' }, [0, 0]), 0, { type: 'trail', card: 'KC' });
    expect(end.dealScores[0]!.map((l) => l.total)).toEqual([7, 4]);
    expect(cassino.outcome(end)).toEqual({ winners: [0], scores: [7, 4] });
    expect(refused(end, 0, { type: 'continue' }).code).toBe('NOT_ACCEPTING_CONTINUE');
    expect(refused(end, 1, { type: 'trail', card: 'KC' }).code).toBe('WRONG_PHASE');
  });

  it('single deal: a tie makes both players winners', () => {
    const end = must(finalState({ match: 'single' }, [0, 0], true), 0, { type: 'trail', card: 'KC' });
    expect(cassino.outcome(end)).toEqual({ winners: [0, 1], scores: [7, 7] });
  });

  it('match to 21: below 21 another deal follows once both players continue; the dealer alternates', () => {
    const end = must(finalState({ match: 'to21' }, [5, 9]), 0, { type: 'trail', card: 'KC' });
    expect(end.phase).toBe('dealOver');
    expect(end.matchTotals).toEqual([12, 13]);
    expect(cassino.outcome(end)).toBeNull();
    expect(cassino.actors(end)).toEqual([0, 1]);
    expect(cassino.legalIntents(end, 1)).toEqual([{ type: 'continue' }]);
    expect(refused(end, 0, { type: 'trail', card: 'KC' }).code).toBe('WRONG_PHASE');
    const one = must(end, 1, { type: 'continue' });
    expect(one.phase).toBe('dealOver');
    expect(cassino.actors(one)).toEqual([0]);
    expect(cassino.legalIntents(one, 1)).toEqual([]);
    expect(refused(one, 1, { type: 'continue' }).code).toBe('NOT_ACCEPTING_CONTINUE');
    const next = must(one, 0, { type: 'continue' });
    expect(next.phase).toBe('playing');
    expect(next.dealNumber).toBe(2);
    expect(next.dealer).toBe(1);
    expect(next.turn).toBe(0);
    expect(next.round).toBe(1);
    expect(next.table).toHaveLength(4);
    expect(next.captured).toEqual([[], []]);
    expect(next.sweeps).toEqual([0, 0]);
    expect(next.matchTotals).toEqual([12, 13]);
    expect(new Set(allCardIds(next)).size).toBe(52);
    expect(next.lastAction).toMatchObject({ seat: 1, kind: 'deal' });
  });

  it('match to 21: reaching 21 with the higher total wins', () => {
    const end = must(finalState({ match: 'to21' }, [14, 16]), 0, { type: 'trail', card: 'KC' });
    expect(end.matchTotals).toEqual([21, 20]);
    expect(cassino.outcome(end)).toEqual({ winners: [0], scores: [21, 20] });
  });

  it('match to 21: both over 21 in one deal, the higher total wins', () => {
    const end = must(finalState({ match: 'to21' }, [15, 19]), 0, { type: 'trail', card: 'KC' });
    expect(end.matchTotals).toEqual([22, 23]);
    expect(cassino.outcome(end)).toEqual({ winners: [1], scores: [22, 23] });
  });

  it('match to 21: both over 21 and equal, another deal', () => {
    const end = must(finalState({ match: 'to21' }, [16, 19]), 0, { type: 'trail', card: 'KC' });
    expect(end.matchTotals).toEqual([23, 23]);
    expect(cassino.outcome(end)).toBeNull();
    expect(end.phase).toBe('dealOver');
    expect(end.awaitingContinue).toEqual([0, 1]);
  });

  it('the view carries every deal score sheet and parses with the schema', () => {
    const end = must(finalState({ match: 'to21' }, [16, 19]), 0, { type: 'trail', card: 'KC' });
    const view = CassinoViewSchema.parse(cassino.view(end, 0));
    expect(view.phase).toBe('dealOver');
    expect(view.dealScores).toHaveLength(1);
    expect(view.matchTotals).toEqual([23, 23]);
    expect(view.turn).toBeNull();
  });
});
