import { describe, expect, it } from 'vitest';
import { cassino } from '../src/index.ts';
import { bruteForceLegal, intentKey } from './cassino-helpers.ts';
import { Rng } from './cassino-playout.ts';

const firstMove = (seed: string) => cassino.setup({ match: 'single' }, 2, seed);
const legalKeys = (s: ReturnType<typeof firstMove>, seat: number): string[] =>
  cassino.legalIntents(s, seat).map(intentKey).sort();

describe('cassino: perft', () => {
  it('first move of seed perft-1: 5 legal intents', () => {
    // Seat 1 holds 7♠ 8♣ J♣ K♦; table 9♥ 5♠ 5♦ J♦. J♣ takes J♦ (1 capture). 7 and 8 find no sum
    // (5+5 = 10, 9 alone). No build: 7 would need a 1 to make 8, and 8 > 7. Plus 4 trails = 5.
    const s = firstMove('perft-1');
    expect(s.hands[1]!.map((c) => c.id)).toEqual(['7S', '8C', 'JC', 'KD']);
    expect(s.table.map((i) => i.id)).toEqual(['9H', '5S', '5D', 'JD']);
    expect(cassino.legalIntents(s, 1)).toHaveLength(5);
    expect(legalKeys(s, 1)).toEqual(bruteForceLegal(s, 1));
  });

  it('first move of seed perft-2: 9 legal intents', () => {
    // Seat 1 holds A♦ 2♥ 5♠ 10♦; table 2♠ 6♠ 7♦ 8♦.
    // Captures: 2♥ takes 2♠; 10♦ takes 2♠+8♦ (6 and 7 have no partner) = 2.
    // Builds: A♦ onto 2♠+7♦ = 10 (keeping 10♦); 2♥ onto 8♦ = 10 and onto 2♠+6♠ = 10; nothing makes 2 or 5,
    // and no compound 10s (the other two cards never make another 10) = 3. Trails: 4. Total 9.
    const s = firstMove('perft-2');
    expect(s.hands[1]!.map((c) => c.id)).toEqual(['AD', '2H', '5S', '10D']);
    expect(s.table.map((i) => i.id)).toEqual(['2S', '6S', '7D', '8D']);
    expect(cassino.legalIntents(s, 1)).toHaveLength(9);
    expect(legalKeys(s, 1)).toEqual(bruteForceLegal(s, 1));
  });

  it('first move of seed perft-4: 16 legal intents', () => {
    // Seat 1 holds 7♥ 7♦ 8♦ 8♣; table 7♠ 4♠ 3♣ J♠. Each 7 captures {7♠}, {4♠,3♣}, {7♠,4♠,3♣} (6),
    // and, keeping the other 7, builds 7s on the same three sets (6). The 8s find no 8. Trails: 4.
    const s = firstMove('perft-4');
    expect(s.hands[1]!.map((c) => c.id)).toEqual(['7H', '7D', '8D', '8C']);
    expect(s.table.map((i) => i.id)).toEqual(['7S', '4S', '3C', 'JS']);
    expect(cassino.legalIntents(s, 1)).toHaveLength(16);
    expect(legalKeys(s, 1)).toEqual(bruteForceLegal(s, 1));
  });

  it('legalIntents equals an independent brute force on 150 random mid-game positions', () => {
    const rng = new Rng('perft-brute');
    let compared = 0;
    let withBuilds = 0;
    for (let game = 0; compared < 150; game++) {
      let s = cassino.setup({ match: 'single' }, 2, `perft-brute/${game}`);
      while (cassino.outcome(s) === null && compared < 150) {
        const seat = cassino.actors(s)[0]!;
        const legal = cassino.legalIntents(s, seat);
        if (s.table.length >= 3 && s.table.length <= 6 && rng.int(4) === 0) {
          expect(legal.map(intentKey).sort()).toEqual(bruteForceLegal(s, seat));
          compared++;
          if (s.table.some((i) => i.type === 'build')) withBuilds++;
        }
        const r = cassino.apply(s, seat, rng.pick(legal), 0);
        if (!r.ok) throw new Error(r.error.code);
        s = r.value;
      }
    }
    expect(withBuilds).toBeGreaterThan(10);
  });
});
