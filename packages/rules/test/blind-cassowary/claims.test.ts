import { describe, expect, it } from 'vitest';
import { act, cards, claimOf, game, ids, table } from './helpers.ts';

const HAND24 = '4S 6H 3D QC 2S';

describe('blind-cassowary: claims (target 24, hand 4 6 3 Q 2)', () => {
  for (const text of ['4*6', '2*Q', '2*3*4', '6*3+4+2'])
    it(`accepts ${text} as a claim and it stands once the others approve`, () => {
      let s = table({ hands: [HAND24, 'AS AH'], target: 24, reserve: '5S 5H 5D 5C 7S 7H' });
      s = act(s, 0, claimOf(s, 0, text), 1000);
      const c = s.claims[0]!;
      expect(c.valid).toBe(true);
      expect(c.status).toBe('review');
      expect(game.timers!(s)).toEqual([
        { key: 'review-c1', seat: 0, afterMs: 10_000, intent: { type: 'reviewExpired', claimId: 'c1' } },
      ]);
      s = act(s, 1, { type: 'approve', claimId: 'c1' }, 1500);
      expect(s.claims[0]!.status).toBe('stood');
      expect(game.view(s, 0).nests[0]![0]!.orientation).toBe('horizontal');
      // Approved by every other player: the log says so (not "unchallenged"), still without "= 24".
      const said = s.events.find((e) => e.kind === 'stood')!.text;
      expect(said).toMatch(/, claimed as 24, approved by everyone$/);
    });

  it('one approval of two is not everyone: the window ends and the claim stands unchallenged', () => {
    let s = table({ hands: [HAND24, 'AS AH', '2H 2C'], target: 24 });
    s = act(s, 0, claimOf(s, 0, '4*6'), 0);
    s = act(s, 1, { type: 'approve', claimId: 'c1' }, 10);
    expect(s.claims[0]!.status).toBe('review');
    s = act(s, 2, { type: 'reviewExpired', claimId: 'c1' }, 10_000);
    expect(s.events.find((e) => e.kind === 'stood')!.text).toBe('4 × 6, claimed as 24, stands unchallenged');
  });

  it('legal intents name what may be done, never a solution (no claim, no blind formula)', () => {
    const s = table({ hands: [HAND24, 'AS AH'], target: 24, reserve: '5S 5H 5D 5C 7S 7H' });
    const openHand = { type: 'showHand', open: true };
    expect(game.legalIntents(s, 0)).toEqual([{ type: 'stuck', on: true, hand: ids(s.hands[0]!) }, openHand]);
    const blind = { ...s, phase: 'blind' as const, blind: [null, null] };
    expect(game.legalIntents(blind, 0)).toEqual([
      { type: 'blindSubmit', expr: null, chameleons: [] },
      openHand,
    ]);
  });

  it('refuses cards not in hand, a card used twice, a single card, and mismatched card lists', () => {
    const s = table({ hands: [HAND24, 'AS AH'], target: 24 });
    const bad = (intent: Parameters<typeof game.apply>[2]) => {
      const r = game.apply(s, 0, intent, 0);
      return r.ok ? 'ok' : r.error.code;
    };
    const leaf = (ref: string) => ({ kind: 'leaf' as const, ref });
    expect(
      bad({
        type: 'claim',
        cards: ['4S', 'AS'],
        expr: { kind: 'op', op: '*', left: leaf('4S'), right: leaf('AS') },
        chameleons: [],
      }),
    ).toBe('NOT_IN_HAND');
    expect(
      bad({
        type: 'claim',
        cards: ['4S', '4S'],
        expr: { kind: 'op', op: '*', left: leaf('4S'), right: leaf('4S') },
        chameleons: [],
      }),
    ).toBe('CARD_TWICE');
    expect(bad({ type: 'claim', cards: ['4S', '6H'], expr: leaf('4S') as never, chameleons: [] })).toBe(
      'CARDS_MISMATCH',
    );
    expect(
      bad({
        type: 'claim',
        cards: ['4S', '6H'],
        expr: { kind: 'op', op: '*', left: leaf('4S'), right: leaf('2S') },
        chameleons: [],
      }),
    ).toBe('CARDS_MISMATCH');
  });

  it('reviews two claims 1 ms apart in arrival order and shows the gap', () => {
    let s = table({ hands: [HAND24, '8S 3H 9D'], target: 24, reserve: '5S 5H 5D 5C 7S 7H 7D 7C' });
    s = act(s, 1, claimOf(s, 1, '8*3'), 5000);
    s = act(s, 0, claimOf(s, 0, '4*6'), 5001);
    const v = game.view(s, 0);
    expect(v.claims.map((c) => [c.id, c.seat, c.order, c.status, c.gapMs, c.afterSeat])).toEqual([
      ['c1', 1, 1, 'review', null, null],
      ['c2', 0, 2, 'queued', 1, 1],
    ]);
    expect(v.current).toBe('c1');
    // The queued claim cannot be reviewed yet.
    const early = game.apply(s, 1, { type: 'approve', claimId: 'c2' }, 5002);
    expect(early.ok ? '' : early.error.code).toBe('NOT_CURRENT');
    s = act(s, 0, { type: 'approve', claimId: 'c1' }, 5003);
    expect(s.claims.map((c) => c.status)).toEqual(['stood', 'review']);
    expect(s.claims[1]!.windowStartedAt).toBe(5003);
    s = act(s, 1, { type: 'approve', claimId: 'c2' }, 5004);
    expect(s.claims.map((c) => c.status)).toEqual(['stood', 'stood']);
  });

  it('a challenged wrong claim returns its cards; the table votes (majority nefarious costs the penalty)', () => {
    let s = table({ hands: [HAND24, 'AS AH', 'AD AC'], target: 24, reserve: '5S 5H 5D' });
    s = act(s, 0, claimOf(s, 0, '4+6'), 0);
    expect(ids(s.hands[0]!)).toEqual(['3D', 'QC', '2S']);
    s = act(s, 1, { type: 'challenge', claimId: 'c1' }, 10);
    expect(s.claims[0]!.status).toBe('voting');
    expect(ids(s.hands[0]!).sort()).toEqual(['2S', '3D', '4S', '6H', 'QC']);
    expect(game.view(s, 2).claims[0]!.reason).toBe('4 + 6 = 10, not 24');
    expect(game.timers!(s)[0]!.key).toBe('vote-c1');
    const own = game.apply(s, 0, { type: 'vote', claimId: 'c1', verdict: 'honest' }, 11);
    expect(own.ok ? '' : own.error.code).toBe('OWN_CLAIM');
    s = act(s, 1, { type: 'vote', claimId: 'c1', verdict: 'nefarious' }, 12);
    expect(s.claims[0]!.verdict).toBeNull();
    s = act(s, 2, { type: 'vote', claimId: 'c1', verdict: 'nefarious' }, 13);
    expect(s.claims[0]!.verdict).toBe('nefarious');
    expect(s.nefarious).toEqual([1, 0, 0]);
    expect(s.reserve).toHaveLength(3); // nobody drew
  });

  it('a vote tie is honest; a silent vote deadline is honest', () => {
    let s = table({ hands: [HAND24, 'AS AH', 'AD AC'], target: 24 });
    s = act(s, 0, claimOf(s, 0, '4+6'), 0);
    s = act(s, 2, { type: 'challenge', claimId: 'c1' }, 0);
    s = act(s, 1, { type: 'vote', claimId: 'c1', verdict: 'nefarious' }, 1);
    const tie = act(s, 2, { type: 'vote', claimId: 'c1', verdict: 'honest' }, 2);
    expect(tie.claims[0]!.verdict).toBe('honest');
    expect(tie.nefarious).toEqual([0, 0, 0]);
    const early = game.apply(s, 0, { type: 'reviewExpired', claimId: 'c1' }, 5000);
    expect(early.ok ? '' : early.error.code).toBe('TOO_EARLY');
    const late = act(s, 0, { type: 'reviewExpired', claimId: 'c1' }, 10_000);
    expect(late.claims[0]!.verdict).toBe('honest');
  });

  it('a challenged right claim stands', () => {
    let s = table({ hands: [HAND24, 'AS AH'], target: 24 });
    s = act(s, 0, claimOf(s, 0, '2*Q'), 0);
    s = act(s, 1, { type: 'challenge', claimId: 'c1' }, 1);
    expect(s.claims[0]!.status).toBe('stood');
    expect(game.view(s, 1).claims[0]!.checked).toBe(true);
  });

  it('table referee: an unchallenged wrong claim stands when the window ends', () => {
    let s = table({ hands: [HAND24, 'AS AH'], target: 24 });
    s = act(s, 0, claimOf(s, 0, '4+6'), 100);
    expect(game.view(s, 1).claims[0]!.checked).toBeNull(); // nobody sees the server's check
    s = act(s, 1, { type: 'reviewExpired', claimId: 'c1' }, 10_100);
    expect(s.claims[0]!.status).toBe('stood');
    // The log says what was claimed, never the false "4 + 6 = 24", and does not reveal the check.
    const said = s.events.find((e) => e.kind === 'stood')!.text;
    expect(said).toMatch(/claimed as 24, stands unchallenged/);
    expect(said).not.toMatch(/= 24/);
    const stale = game.apply(s, 1, { type: 'reviewExpired', claimId: 'c1' }, 20_000);
    expect(stale.ok ? '' : stale.error.code).toBe('STALE_TIMER');
  });

  it('spectators may challenge (seat-less path)', async () => {
    const { blindCassowarySpectator } = await import('../../src/blind-cassowary/index.ts');
    let s = table({ hands: [HAND24, 'AS AH'], target: 24 });
    s = act(s, 0, claimOf(s, 0, '4+6'), 0);
    const r = blindCassowarySpectator(s, 'watcher-1', { type: 'challenge', claimId: 'c1' }, 5);
    expect(r.ok && r.value.claims[0]!.status).toBe('voting');
  });

  it('server referee: a wrong claim says only "does not make 24", never its value; the table sees it; each costs 1', () => {
    let s = table({ hands: [HAND24, 'AS AH'], target: 24, options: { referee: 'server' } });
    s = act(s, 0, claimOf(s, 0, '4+6'), 0);
    s = act(s, 0, claimOf(s, 0, '4/(Q-6*2)'), 10); // division by zero: no value either
    expect(ids(s.hands[0]!)).toEqual(ids(cards(HAND24))); // the cards stay in the hand
    expect(s.wrongClaims).toEqual([2, 0]);
    for (const viewer of [0, 1, 'spectator'] as const) {
      const v = game.view(s, viewer);
      expect(v.claims.map((c) => [c.status, c.checked, c.reason])).toEqual([
        ['returned', false, 'does not make 24'],
        ['returned', false, 'does not make 24'],
      ]);
      expect(v.wrongClaims).toEqual([2, 0]);
      expect(JSON.stringify(v)).not.toMatch(/= 10|not 24|Division/);
    }
    expect(s.events.at(-1)!.text).toBe('4 ÷ (Q − 6 × 2) does not make 24: −1.');
    const good = act(s, 0, claimOf(s, 0, '4*6'), 0);
    expect(good.claims[2]!.status).toBe('stood');
    expect(game.timers!(good)).toEqual([]);
  });

  it('exact rationals: division need not be whole, the result must be exact', () => {
    let s = table({ hands: ['3S 8H 3D 8C', 'AS AH'], target: 24, options: { referee: 'server' } });
    s = act(s, 0, claimOf(s, 0, '8/(3-8/3)'), 0);
    expect(s.claims[0]!.formula).toBe('8 ÷ (3 − 8 ÷ 3)');
  });
});

describe('blind-cassowary: chameleons in a claim', () => {
  it('copies another card of the same hand (in the claim or left in hand)', () => {
    const s = table({ hands: ['X1 QS 2H 7D', 'AS AH'], target: 24, options: { referee: 'server' } });
    // C copies Q, which stays in hand: C × 2 = 24
    const a = act(s, 0, claimOf(s, 0, 'C*2', [{ card: 'X1', copies: 'QS' }]));
    expect(a.claims[0]!.chameleons).toEqual([{ card: 'X1', copies: 'QS', rank: 12 }]);
    expect(a.claims[0]!.formula).toBe('C(Q) × 2');
    // Others learn the rank the chameleon took, never which hidden card of the hand it copied.
    const ownView = game.view(a, 0).claims[0]!.chameleons;
    expect(ownView).toEqual([{ card: 'X1', copies: 'QS', rank: 12 }]);
    for (const viewer of [1, 'spectator'] as const) {
      expect(game.view(a, viewer).claims[0]!.chameleons).toEqual([{ card: 'X1', copies: '', rank: 12 }]);
      expect(JSON.stringify(game.view(a, viewer))).not.toContain('"QS"');
    }
    // C copies 2, which stays in hand: Q × C
    act(s, 0, claimOf(s, 0, 'Q*C', [{ card: 'X1', copies: '2H' }]));
    // C copies Q, which is in the claim too: C + Q (the Q is shown anyway, so its id may be too)
    const b = act(s, 0, claimOf(s, 0, 'C+Q', [{ card: 'X1', copies: 'QS' }]));
    expect(game.view(b, 1).claims[0]!.chameleons).toEqual([{ card: 'X1', copies: 'QS', rank: 12 }]);
  });
  it('cannot copy a card outside the hand or another chameleon; must be read', () => {
    const s = table({ hands: ['X1 X2 QS 2H', '7S AH'], target: 24, options: { referee: 'server' } });
    const code = (ch: { card: string; copies: string }[]) => {
      const r = game.apply(s, 0, claimOf(s, 0, 'C*2', ch), 0);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code([{ card: 'X1', copies: '7S' }])).toBe('BAD_COPY');
    expect(code([{ card: 'X1', copies: 'X2' }])).toBe('BAD_COPY');
    expect(code([])).toBe('CHAMELEON_UNREAD');
    expect(code([{ card: 'X1', copies: 'QS' }])).toBe('ok');
  });
  it('with nothing to copy it cannot be played', () => {
    const s = table({ hands: ['X1 X2', '7S AH'], target: 0 });
    const r = game.apply(s, 0, claimOf(s, 0, 'C-C'), 0);
    expect(r.ok ? '' : r.error.code).toBe('NOTHING_TO_COPY');
  });
});

describe('blind-cassowary: drawing after a claim stands', () => {
  it('others draw one each in seat order from the claimant’s left, then the claimant up to five', () => {
    let s = table({
      hands: ['AS AH', HAND24, 'AD AC', '2H 2D'],
      target: 24,
      reserve: '5S 5H 5D 5C 7S 7H 7D 7C 8S',
      options: { referee: 'server' },
    });
    s = act(s, 1, claimOf(s, 1, '4*6'));
    expect(ids(s.hands[2]!)).toEqual(['AD', 'AC', '5S']);
    expect(ids(s.hands[3]!)).toEqual(['2H', '2D', '5H']);
    expect(ids(s.hands[0]!)).toEqual(['AS', 'AH', '5D']);
    expect(ids(s.hands[1]!)).toEqual(['3D', 'QC', '2S', '5C', '7S']);
    expect(ids(s.reserve)).toEqual(['7H', '7D', '7C', '8S']);
  });
  it('a nest alternates direction, horizontal first, for each player on its own', () => {
    let s = table({
      hands: ['4S 6H 2D QC 3C 8H AS 3H', '8S 3D 4H 6D'],
      target: 24,
      options: { referee: 'server' },
    });
    s = act(s, 0, claimOf(s, 0, '4*6'));
    s = act(s, 1, claimOf(s, 1, '8*3'));
    s = act(s, 0, claimOf(s, 0, '2*Q'));
    s = act(s, 0, claimOf(s, 0, '8*3'));
    s = act(s, 1, claimOf(s, 1, '4*6'));
    const nests = game.view(s, 'spectator').nests;
    expect(nests[0]!.map((e) => [e.formula, e.orientation])).toEqual([
      ['4 × 6', 'horizontal'],
      ['2 × Q', 'vertical'],
      ['8 × 3', 'horizontal'],
    ]);
    expect(nests[1]!.map((e) => [e.formula, e.orientation])).toEqual([
      ['8 × 3', 'horizontal'],
      ['4 × 6', 'vertical'],
    ]);
  });

  it('a hand above five does not replenish', () => {
    let s = table({
      hands: ['4S 6H AD AC 2H 2D 3S 3H', 'AS AH'],
      target: 24,
      reserve: '5S 5H',
      options: { referee: 'server' },
    });
    s = act(s, 0, claimOf(s, 0, '4*6'));
    expect(s.hands[0]).toHaveLength(6);
    expect(ids(s.reserve)).toEqual(['5H']);
  });
  it('the reserve running out: draws stop, then nobody draws', () => {
    let s = table({
      hands: ['4S 6H 8D 3C', 'AS AH', 'AD AC'],
      target: 24,
      reserve: '5S',
      options: { referee: 'server' },
    });
    s = act(s, 0, claimOf(s, 0, '4*6'));
    expect(s.hands.map((h) => h.length)).toEqual([2, 3, 2]);
    expect(s.reserve).toHaveLength(0);
    s = act(s, 0, claimOf(s, 0, '8*3'));
    expect(s.hands.map((h) => h.length)).toEqual([0, 3, 2]);
  });
});
