/**
 * A seeded playout policy: mostly sheds its lowest ordinary value (keeping 2, 3, 7, 10 and Jokers for
 * later), usually stops runs at the 6, rarely changes its field card, and now and then plays any legal
 * intent at random, so that every kind of move turns up.
 */
import type { CuntSoulIntent, CuntSoulOptions } from '@cards/schema';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';
import { JOKER, syn } from '../../src/cunt-soul/cards.ts';
import { cuntSoul as game } from '../../src/cunt-soul/index.ts';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';

const KEEP = new Set([2, 3, 7, 10, JOKER]);
const order = (v: number): number => (KEEP.has(v) ? 100 + v : v);

export class Policy {
  private prng: PrngState;
  constructor(seed: string) {
    this.prng = seedPrng(`policy-${seed}`);
  }
  int(bound: number): number {
    const [k, next] = nextInt(this.prng, bound);
    this.prng = next;
    return k;
  }
  pick(legal: readonly CuntSoulIntent[]): CuntSoulIntent {
    if (this.int(100) < 12) return legal[this.int(legal.length)] as CuntSoulIntent;
    const end = legal.find((i) => i.type === 'endChain');
    if (end !== undefined && this.int(10) < 7) return end;
    const plays = legal.filter((i) => i.type === 'playLink');
    if (plays.length > 0) {
      const best = Math.min(...plays.map((i) => order(syn(i.cards[0] as string))));
      const of = plays.filter((i) => order(syn(i.cards[0] as string)) === best);
      return of[of.length - 1] as CuntSoulIntent;
    }
    const calm = legal.filter((i) => i.type !== 'changeField' || this.int(30) === 0);
    return (calm[this.int(calm.length)] ?? legal[0]) as CuntSoulIntent;
  }
}

export type StepCheck = (
  before: CuntSoulState,
  after: CuntSoulState,
  seat: number,
  intent: CuntSoulIntent,
) => void;

/** Plays a whole game with the policy; the setup choices are random (so are the field cards). */
export function playGame(options: CuntSoulOptions, players: number, seed: string, onStep?: StepCheck) {
  const policy = new Policy(seed);
  let state = game.setup(options, players, seed);
  const log: { actor: number; intent: CuntSoulIntent; at: number }[] = [];
  while (game.outcome(state) === null) {
    const seat = game.actors(state)[0] as number;
    const legal = game.legalIntents(state, seat);
    let intent: CuntSoulIntent;
    if (state.phase === 'setup') {
      const hand = [...(state.seats[seat]?.hand ?? [])];
      const field = hand.splice(policy.int(hand.length), 1)[0] as string;
      const up = [0, 1, 2].map(() => hand.splice(policy.int(hand.length), 1)[0] as string);
      intent = { type: 'setupSelect', up, field };
    } else intent = policy.pick(legal);
    const r = game.apply(state, seat, intent, log.length * 1000);
    if (!r.ok) throw new Error(`seat ${seat} refused ${JSON.stringify(intent)}: ${r.error.code}`);
    onStep?.(state, r.value, seat, intent);
    log.push({ actor: seat, intent, at: log.length * 1000 });
    state = r.value;
  }
  return { state, log };
}
