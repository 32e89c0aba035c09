import { describe, expect, it } from 'vitest';
import { blindCassowarySpectator } from '../../src/blind-cassowary/index.ts';
import type { BlindCassowaryState } from '../../src/blind-cassowary/index.ts';
import { act, claimOf, formula, game, ids, table } from './helpers.ts';

const blind = (
  s: BlindCassowaryState,
  seat: number,
  text: string | null,
  chameleons: { card: string; copies: string }[] = [],
) =>
  act(s, seat, {
    type: 'blindSubmit',
    expr: text === null ? null : formula(s.hands[seat] ?? [], text).expr,
    chameleons,
  });

describe('blind-cassowary: stuck', () => {
  it('declare and take back; when everyone is stuck each player draws one (seat order)', () => {
    // K + K makes 26, so only the declarations count here (no proof of "no cassowary").
    let s = table({ hands: ['KS KH', 'QS QH'], target: 26, reserve: '2S 3S 4S' });
    s = act(s, 0, { type: 'stuck', on: true });
    expect(s.stuck).toEqual([true, false]);
    s = act(s, 0, { type: 'stuck', on: false });
    expect(s.stuck).toEqual([false, false]);
    s = act(s, 0, { type: 'stuck', on: true });
    s = act(s, 1, { type: 'stuck', on: true });
    expect(ids(s.hands[0]!)).toEqual(['KS', 'KH', '2S']);
    expect(ids(s.hands[1]!)).toEqual(['QS', 'QH', '3S']);
    expect(s.stuck).toEqual([false, false]);
    expect(s.events.at(-1)!.kind).toBe('stuckDraw');
  });

  it('the server proves "no cassowary exists" and everyone draws without declaring', () => {
    let s = table({ hands: ['AS AH', 'AD AC'], target: 97, reserve: '2S 3S 9S 9H', proofDue: true });
    s = act(s, 0, { type: 'prove' });
    // 1,1 and 1,1 cannot make 97; after drawing 2 and 3 still not; then 9 and 9 … still not → blind
    expect(s.events.some((e) => e.kind === 'noCassowary')).toBe(true);
    expect(s.reserve).toHaveLength(0);
    expect(s.phase).toBe('blind');
  });

  it('the proof completes for full hands too: five and six cards that cannot make the target', () => {
    // Neither hand can make 1313 exactly; the solver's search must run to the end to prove it.
    let s = table({
      hands: ['AS AH AD AC 2S', '2H 2D 2C 3S 3H'],
      target: 1313,
      reserve: '4S 4H',
      proofDue: true,
    });
    s = act(s, 0, { type: 'prove' });
    // Proven at five cards (everyone draws), again at six; the reserve is then empty: blind phase.
    expect(s.events.map((e) => e.kind)).toEqual(['noCassowary', 'noCassowary']);
    expect(ids(s.hands[0]!)).toEqual(['AS', 'AH', 'AD', 'AC', '2S', '4S']);
    expect(ids(s.hands[1]!)).toEqual(['2H', '2D', '2C', '3S', '3H', '4H']);
    expect(s.phase).toBe('blind');
  });

  it('a possible cassowary blocks the proof; everyone stuck with an empty reserve starts the blind phase', () => {
    let s = table({ hands: ['4S 6H', '2S QH'], target: 24, proofDue: true });
    s = act(s, 0, { type: 'prove' });
    expect(s.proofDue).toBe(false);
    s = act(s, 0, { type: 'stuck', on: true });
    expect(s.phase).toBe('play');
    s = act(s, 1, { type: 'stuck', on: true });
    expect(s.phase).toBe('blind');
  });

  it('no resolution while a claim is waiting for review', () => {
    let s = table({ hands: ['4S 6H 2D', '2S QH'], target: 24, reserve: '9S 9H' });
    s = act(s, 0, claimOf(s, 0, '4*6'));
    s = act(s, 0, { type: 'stuck', on: true });
    s = act(s, 1, { type: 'stuck', on: true });
    expect(s.reserve).toHaveLength(2);
  });
});

describe('blind-cassowary: blind cassowary', () => {
  const start = (): BlindCassowaryState => {
    let s = table({ hands: ['9S 5H', 'KS 2D', 'X1'], target: 50 });
    s = act(s, 0, { type: 'stuck', on: true });
    s = act(s, 1, { type: 'stuck', on: true });
    return act(s, 2, { type: 'stuck', on: true });
  };
  it('secret submissions, revealed together; closest not over scores (ties each)', () => {
    let s = start();
    expect(s.phase).toBe('blind');
    expect(game.actors(s)).toEqual([0, 1]); // a lone chameleon has nothing to copy: passes
    s = blind(s, 0, '9*5'); // 45
    const v1 = game.view(s, 1);
    expect(v1.blind[0]).toMatchObject({ submitted: true, formula: null, value: null, pass: null });
    expect(game.view(s, 0).blind[0]).toMatchObject({ formula: '9 × 5', value: '45' });
    s = blind(s, 1, 'K*2'); // 26
    expect(s.blindRevealed).toBe(true);
    expect(s.blindWinners).toEqual([0]);
    expect(s.phase).toBe('over');
    expect(game.view(s, 2).blind.map((b) => b.value)).toEqual(['45', '26', null]);
    expect(s.standings!.map((l) => l.blind)).toEqual([1, 0, 0]);
    expect(s.standings![2]!.drunkChameleon).toBe(-2);
  });
  it('ties each score, a single card is allowed, pass scores nothing', () => {
    let s = start();
    s = blind(s, 0, '9*5');
    s = act(s, 1, { type: 'blindSubmit', expr: null, chameleons: [] });
    expect(s.blindWinners).toEqual([0]);
    let t = table({ hands: ['9S 5H', '9D 5C'], target: 50 });
    t = act(t, 0, { type: 'stuck', on: true });
    t = act(t, 1, { type: 'stuck', on: true });
    t = blind(t, 0, '9');
    t = blind(t, 1, '9');
    expect(t.blindWinners).toEqual([0, 1]);
  });
});

describe('blind-cassowary: blind cassowary with fractions', () => {
  it('fractional values are scored by exact distance; equal rational distances tie', () => {
    let s = table({ hands: ['KS 3H', '9S 2D', 'AC 8D 2H', 'JS 2C 5H'], target: 5 });
    for (const seat of [0, 1, 2, 3]) s = act(s, seat, { type: 'stuck', on: true });
    expect(s.phase).toBe('blind');
    s = blind(s, 0, 'K/3'); // 13/3: 2/3 below
    s = blind(s, 1, '9/2'); // 9/2: 1/2 below
    s = blind(s, 2, '(A+8)/2'); // 9/2 again, other cards: a tie
    s = blind(s, 3, 'J*2/5'); // 22/5: 3/5 below, between the two
    expect(s.blindRevealed).toBe(true);
    expect(game.view(s, 'spectator').blind.map((b) => b.value)).toEqual(['13/3', '9/2', '9/2', '22/5']);
    expect(s.blindWinners).toEqual([1, 2]);
    expect(s.standings!.map((l) => l.blind)).toEqual([0, 1, 1, 0]);
  });
});

describe('blind-cassowary: scoring', () => {
  /** Seat 0 lays 4×6 and 2×3×4; seat 1 lays 8×3; then the game ends by stuck. */
  function played(options: Parameters<typeof table>[0]['options'], nefarious = false): BlindCassowaryState {
    let s = table({
      hands: ['4S 6H 2D 3C 4H X1', '8S 3H AD', nefarious ? 'AC KS' : 'AC'],
      target: 24,
      options: { referee: 'table', ...options },
    });
    if (nefarious) {
      s = act(s, 2, claimOf(s, 2, 'A+K'));
      s = act(s, 0, { type: 'challenge', claimId: 'c1' });
      s = act(s, 0, { type: 'vote', claimId: 'c1', verdict: 'nefarious' });
      s = act(s, 1, { type: 'vote', claimId: 'c1', verdict: 'nefarious' });
    }
    const standNow = (seat: number, text: string) => {
      s = act(s, seat, claimOf(s, seat, text));
      const id = s.claims.at(-1)!.id;
      for (const o of [0, 1, 2]) if (o !== seat) s = act(s, o, { type: 'approve', claimId: id });
    };
    standNow(0, '4*6');
    standNow(0, '2*3*4');
    standNow(1, '8*3');
    for (const seat of [0, 1, 2]) if (s.phase === 'play') s = act(s, seat, { type: 'stuck', on: true });
    for (const seat of game.actors(s))
      if (s.phase === 'blind') s = act(s, seat, { type: 'blindSubmit', expr: null, chameleons: [] });
    return s;
  }
  it('composite: cards in the nest, plus Big Cassowary for the largest', () => {
    const s = played({});
    expect(s.phase).toBe('over');
    expect(s.standings!.map((l) => [l.nest, l.bigCassowary, l.drunkChameleon, l.total])).toEqual([
      [5, 3, -2, 6],
      [2, 0, 0, 2],
      [0, 0, 0, 0],
    ]);
    expect(game.outcome(s)).toEqual({ winners: [0], scores: [6, 2, 0] });
  });
  it('simple: cassowaries in the nest; options off', () => {
    const s = played({ scoring: 'simple', bigCassowary: false, drunkChameleon: false });
    expect(s.standings!.map((l) => [l.cassowaries, l.nest, l.total])).toEqual([
      [2, 2, 2],
      [1, 1, 1],
      [0, 0, 0],
    ]);
  });
  it('nefarious costs the penalty', () => {
    const s = played({ nefariousPenalty: 7 }, true);
    expect(s.standings![2]!.nefarious).toBe(-7);
  });
  it('Big Cassowary ties: each holder adds the count', () => {
    let s = table({ hands: ['4S 6H', '8S 3H'], target: 24, options: { referee: 'server' } });
    s = act(s, 0, claimOf(s, 0, '4*6'));
    s = act(s, 1, claimOf(s, 1, '8*3'));
    expect(s.phase).toBe('over'); // empty hands: the proof ends play, both pass by themselves
    expect(s.standings!.map((l) => l.bigCassowary)).toEqual([2, 2]);
  });
  it('Best in Show: own nominations, votes of players and spectators, winner +3', () => {
    let s = played({ bestInShow: true });
    expect(s.phase).toBe('bestInShow');
    expect(game.actors(s)).toEqual([0, 1]); // seat 2 has no cassowary
    const wrong = game.apply(s, 0, { type: 'nominate', claimId: 'c3' }, 0);
    expect(wrong.ok ? '' : wrong.error.code).toBe('NOT_YOUR_CASSOWARY');
    s = act(s, 0, { type: 'nominate', claimId: 'c2' });
    expect(game.view(s, 1).nominations).toEqual([null, null, null]); // hidden until all nominated
    s = act(s, 1, { type: 'nominate', claimId: 'c3' });
    expect(game.actors(s)).toEqual([0, 1, 2]);
    const own = game.apply(s, 0, { type: 'bestInShowVote', claimId: 'c2' }, 0);
    expect(own.ok ? '' : own.error.code).toBe('NOT_A_NOMINEE');
    const sp = blindCassowarySpectator(s, 'fan', { type: 'bestInShowVote', claimId: 'c2' }, 0);
    expect(sp.ok).toBe(true);
    if (sp.ok) s = sp.value;
    s = act(s, 0, { type: 'bestInShowVote', claimId: 'c3' });
    s = act(s, 1, { type: 'bestInShowVote', claimId: 'c2' });
    s = act(s, 2, { type: 'bestInShowVote', claimId: 'c2' });
    expect(s.phase).toBe('over');
    expect(s.bestWinners).toEqual(['c2']);
    expect(s.standings!.map((l) => l.bestInShow)).toEqual([3, 0, 0]);
  });
  it('the clock: a seat that runs out of time passes, nominates none, abstains — the game still ends', () => {
    let b = table({ hands: ['9S 5H', 'KS 2D', 'X1'], target: 50 });
    for (const seat of [0, 1, 2]) b = act(b, seat, { type: 'stuck', on: true });
    b = blind(b, 0, '9*5');
    // Seat 2 holds only a chameleon and passed by itself; seat 1 still has to decide.
    expect(game.timers!(b).map((t) => [t.key, t.seat, t.afterMs])).toEqual([['blind-1', 1, 60_000]]);
    expect(game.timers!(b)[0]!.intent).toEqual({ type: 'timeUp' });
    b = act(b, 1, { type: 'timeUp' });
    expect(b.blind.map((x) => x?.pass ?? null)).toEqual([false, true, true]);
    expect(b.blindRevealed).toBe(true);

    const n = played({ bestInShow: true });
    expect(game.timers!(n).map((t) => t.key)).toEqual(['nominate-0', 'nominate-1']);
    const single = act(act(n, 0, { type: 'timeUp' }), 1, { type: 'nominate', claimId: 'c3' });
    expect(single.nominations).toEqual([null, 'c3', null]);
    expect(single.bestWinners).toEqual(['c3']); // a single nominee wins without a vote

    let s = act(act(n, 0, { type: 'nominate', claimId: 'c2' }), 1, { type: 'nominate', claimId: 'c3' });
    expect(game.timers!(s).map((t) => t.key)).toEqual(['vote-0', 'vote-1', 'vote-2']);
    s = act(s, 1, { type: 'bestInShowVote', claimId: 'c2' });
    s = act(s, 0, { type: 'timeUp' });
    expect(s.phase).toBe('bestInShow');
    s = act(s, 2, { type: 'timeUp' });
    expect(s.phase).toBe('over');
    expect(s.bestWinners).toEqual(['c2']);
    const again = game.apply(s, 2, { type: 'timeUp' }, 0);
    expect(again.ok ? '' : again.error.code).toBe('GAME_OVER');
  });
});
