/** Cunt-Soul: whole games per second by player count, and legalIntents time for a large hand. */
import { nextInt, seedPrng, type PrngState } from '../packages/rules/src/core/prng.ts';
import { JOKER, deckIds, syn } from '../packages/rules/src/cunt-soul/cards.ts';
import { cuntSoul as game } from '../packages/rules/src/cunt-soul/index.ts';
import type { CuntSoulState } from '../packages/rules/src/cunt-soul/state.ts';
import type { CuntSoulIntent } from '../packages/schema/src/index.ts';

const KEEP = new Set([2, 3, 7, 10, JOKER]);
const order = (v: number): number => (KEEP.has(v) ? 100 + v : v);

/** Sheds the lowest ordinary value most of the time, any legal intent otherwise (seeded). */
function playOne(players: number, seed: string): { intents: number; turns: number; byLimit: boolean } {
  let prng: PrngState = seedPrng(`bench-${seed}`);
  const int = (bound: number): number => {
    const [k, next] = nextInt(prng, bound);
    prng = next;
    return k;
  };
  let state = game.setup({ dealer: 'random', turnLimit: 1000 }, players, seed);
  let intents = 0;
  while (game.outcome(state) === null) {
    const seat = game.actors(state)[0] as number;
    const legal = game.legalIntents(state, seat);
    let intent = legal[int(legal.length)] as CuntSoulIntent;
    const plays = legal.filter((i) => i.type === 'playLink');
    if (state.phase === 'play' && plays.length > 0 && int(10) < 9) {
      const best = Math.min(...plays.map((i) => order(syn(i.cards[0] as string))));
      intent = plays.filter((i) => order(syn(i.cards[0] as string)) === best).at(-1) as CuntSoulIntent;
    } else if (intent.type === 'changeField' && int(10) < 9)
      intent = legal.find((i) => i.type !== 'changeField') ?? intent;
    const r = game.apply(state, seat, intent, 0);
    if (!r.ok) throw new Error(`bench: refused ${r.error.code}`);
    state = r.value;
    intents++;
  }
  return { intents, turns: state.turnsPlayed, byLimit: state.result?.byLimit ?? false };
}

/** A table where seat 0 holds `size` cards of every value on an active 9 (every value is legal). */
function largeHand(size: number): CuntSoulState {
  let s = game.setup({ dealer: 0, turnLimit: 1000 }, 8, 'large');
  for (let seat = 0; seat < 8; seat++) {
    const h = s.seats[seat]!.hand;
    const r = game.apply(s, seat, { type: 'setupSelect', up: h.slice(0, 3), field: h[3]! }, 0);
    if (!r.ok) throw new Error(r.error.code);
    s = r.value;
  }
  const used = new Set(s.seats.flatMap((x) => [...x.up.map((u) => u.card), ...x.down, x.field]));
  const free = deckIds(2).filter((c) => !used.has(c) && syn(c) !== 9);
  const nine = deckIds(2).find((c) => syn(c) === 9 && !used.has(c))!;
  const hand = free.slice(0, size);
  return {
    ...s,
    current: 0,
    source: free.slice(size, size + 5),
    seats: s.seats.map((x, i) => (i === 0 ? { ...x, hand } : { ...x, hand: [] })),
    pile: [
      {
        id: 1,
        cards: [nine],
        syn: 9,
        sem: 9,
        av: 9,
        m: 1,
        player: 1,
        runLink: false,
        runStartId: null,
        choice: null,
        swaps: [],
      },
    ],
  };
}

export function benchCuntSoul(): void {
  console.log('\nCunt-Soul — whole games (mostly lowest-value shedding, seeded), one core');
  console.log('players  games  games/s  intents/s  mean turns  at turn limit');
  for (const players of [2, 3, 4, 5, 6, 7, 8]) {
    const games = 60;
    let intents = 0;
    let turns = 0;
    let limit = 0;
    const t0 = performance.now();
    for (let g = 0; g < games; g++) {
      const r = playOne(players, `${players}-${g}`);
      intents += r.intents;
      turns += r.turns;
      if (r.byLimit) limit++;
    }
    const s = (performance.now() - t0) / 1000;
    console.log(
      `${String(players).padStart(7)}  ${String(games).padStart(5)}  ${(games / s).toFixed(1).padStart(7)}  ${Math.round(
        intents / s,
      )
        .toString()
        .padStart(9)}  ${(turns / games).toFixed(0).padStart(10)}  ${String(limit).padStart(13)}`,
    );
  }
  console.log('\nCunt-Soul — legalIntents for a large hand on an active 9 (every value legal)');
  console.log('hand  intents  µs/call');
  for (const size of [5, 20, 45]) {
    const s = largeHand(size);
    const calls = 2000;
    let listed = 0;
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) listed = game.legalIntents(s, 0).length;
    const us = ((performance.now() - t0) * 1000) / calls;
    console.log(
      `${String(s.seats[0]!.hand.length).padStart(4)}  ${String(listed).padStart(7)}  ${us.toFixed(1).padStart(7)}`,
    );
  }
}
