/**
 * Blind Cassowary's computer player: it solves its own hand with the rules' solver (never anyone
 * else's), and races the table like a person — a claim comes after a think time that grows with the
 * cassowary's size and shrinks with the level, and it may not spot a cassowary at all (Easy often,
 * Hard rarely). It reads other players' claims from the view and, at Normal and Hard, challenges the
 * wrong ones; it votes a wrong claim an honest slip; in the blind phase it submits its best not
 * over the target; in Best in Show it nominates its largest cassowary and votes for the largest other.
 */
import {
  arith,
  blindCassowarySearchHand,
  blindCassowaryBestBlind,
  type BlindCassowaryProof,
} from '@cards/rules';
import type {
  BlindCassowaryCard,
  BlindCassowaryClaimView,
  BlindCassowaryIntent,
  BlindCassowaryView,
} from '@cards/schema';
import { argmax, Rng, type BotFactory, type Level } from '../core/policy.ts';

/** Chance a level does not see a cassowary its hand holds, for a 2-card one; each card more adds `perCard`. */
const MISS: Readonly<Record<Level, { base: number; perCard: number }>> = {
  easy: { base: 0.35, perCard: 0.15 },
  normal: { base: 0.1, perCard: 0.08 },
  hard: { base: 0.02, perCard: 0.02 },
};
/** Seconds to find a 2-card cassowary; each card more multiplies by `perCard`. */
const FIND_SECONDS: Readonly<Record<Level, { min: number; max: number; perCard: number }>> = {
  easy: { min: 9, max: 20, perCard: 1.6 },
  normal: { min: 5, max: 11, perCard: 1.4 },
  hard: { min: 2, max: 5, perCard: 1.25 },
};
/** Seconds before declaring itself stuck when it sees nothing. */
const STUCK_SECONDS: Readonly<Record<Level, readonly [number, number]>> = {
  easy: [20, 35],
  normal: [12, 22],
  hard: [6, 12],
};

const handKey = (hand: readonly BlindCassowaryCard[], target: number): string =>
  `${target}:${hand
    .map((c) => c.id)
    .sort()
    .join(',')}`;

/** The claim's value, read from its formula as shown to everyone (null: cannot read it). */
export function claimValue(claim: BlindCassowaryClaimView): arith.Rational | null {
  const text = claim.formula.replace(/C\((\w+)\)/g, '$1');
  const parsed = arith.parse(text, { names: arith.RANK_NAMES });
  if (!parsed.ok) return null;
  const value = arith.evaluate(parsed.value, 'rational');
  return value.ok ? value.value : null;
}

/** Whether the claim makes the target; null when the formula cannot be read (then it is trusted). */
export function claimMakesTarget(claim: BlindCassowaryClaimView, target: number): boolean | null {
  const value = claimValue(claim);
  return value === null ? null : value.d === 1n && value.n === BigInt(target);
}

/** What the player's own hand holds (the solver, with its step budget; cached per hand and target). */
export class HandReader {
  private readonly cache = new Map<string, BlindCassowaryProof>();
  read(hand: readonly BlindCassowaryCard[], target: number): BlindCassowaryProof {
    const key = handKey(hand, target);
    let proof = this.cache.get(key);
    if (proof === undefined) {
      proof = blindCassowarySearchHand(hand, target);
      if (this.cache.size > 200) this.cache.clear();
      this.cache.set(key, proof);
    }
    return proof;
  }
}

export class BlindCassowaryPlayer {
  private readonly reader = new HandReader();
  /** Per hand and target: whether this player noticed the cassowary, and how long it took. */
  private readonly noticed = new Map<string, { seen: boolean; afterMs: number }>();
  constructor(
    readonly level: Level,
    private readonly rng: Rng,
  ) {}

  decide(
    view: BlindCassowaryView,
    legal: readonly BlindCassowaryIntent[],
  ): { intent: BlindCassowaryIntent; delayMs: number } | null {
    const me = view.viewer;
    if (me === 'spectator' || legal.length === 0) return null;
    const rng = this.rng;
    const seconds = (min: number, max: number) => Math.round((min + rng.float() * (max - min)) * 1000);
    switch (view.phase) {
      case 'play': {
        const review = this.review(view, legal);
        if (review !== null) return { intent: review, delayMs: seconds(1.5, 4) };
        const vote = legal.find((i) => i.type === 'vote' && i.verdict === 'honest');
        if (vote !== undefined) return { intent: vote, delayMs: seconds(1, 3) };
        if (view.checkingDeal) return null;
        return this.claimOrStuck(view, legal);
      }
      case 'blind':
        return { intent: this.blind(view), delayMs: seconds(3, 10) };
      case 'bestInShow': {
        const intent = this.bestInShow(view, legal);
        return intent === null ? null : { intent, delayMs: seconds(2, 6) };
      }
      default:
        return null;
    }
  }

  /** Approve or challenge the claim under review (Easy never challenges). */
  private review(
    view: BlindCassowaryView,
    legal: readonly BlindCassowaryIntent[],
  ): BlindCassowaryIntent | null {
    const approve = legal.find((i) => i.type === 'approve');
    const challenge = legal.find((i) => i.type === 'challenge');
    if (approve === undefined || challenge === undefined) return null;
    const claim = view.claims.find((c) => c.id === view.current);
    if (claim === undefined || this.level === 'easy') return approve;
    return claimMakesTarget(claim, view.target.value) === false ? challenge : approve;
  }

  private claimOrStuck(
    view: BlindCassowaryView,
    legal: readonly BlindCassowaryIntent[],
  ): { intent: BlindCassowaryIntent; delayMs: number } | null {
    const target = view.target.value;
    const me = view.viewer as number;
    const proof = this.reader.read(view.hand, target);
    if (proof.kind === 'found') {
      const key = handKey(view.hand, target);
      let noticed = this.noticed.get(key);
      if (noticed === undefined) {
        const cards = proof.found.cards.length;
        const miss = MISS[this.level];
        const time = FIND_SECONDS[this.level];
        const seen = !this.rng.chance(Math.min(0.9, miss.base + miss.perCard * (cards - 2)));
        const base = time.min + this.rng.float() * (time.max - time.min);
        noticed = { seen, afterMs: Math.round(base * time.perCard ** (cards - 2) * 1000) };
        this.noticed.set(key, noticed);
      }
      if (noticed.seen)
        return {
          intent: {
            type: 'claim',
            cards: proof.found.cards,
            expr: proof.found.expr,
            chameleons: proof.found.chameleons,
          },
          delayMs: noticed.afterMs,
        };
    }
    const stuck = legal.find((i) => i.type === 'stuck' && i.on);
    if (stuck === undefined || view.stuck[me] === true) return null;
    const [min, max] = STUCK_SECONDS[this.level];
    return { intent: stuck, delayMs: Math.round((min + this.rng.float() * (max - min)) * 1000) };
  }

  private blind(view: BlindCassowaryView): BlindCassowaryIntent {
    const pass: BlindCassowaryIntent = { type: 'blindSubmit', expr: null, chameleons: [] };
    const hand = this.level === 'easy' ? this.rng.shuffle(view.hand).slice(0, 3) : view.hand;
    const best = blindCassowaryBestBlind(hand, view.target.value);
    return best === null ? pass : { type: 'blindSubmit', expr: best.expr, chameleons: best.chameleons };
  }

  /** Nominate its largest cassowary; vote for the largest other nominee (most cards, longest formula). */
  private bestInShow(
    view: BlindCassowaryView,
    legal: readonly BlindCassowaryIntent[],
  ): BlindCassowaryIntent | null {
    const size = (id: string | null): number => {
      const claim = view.claims.find((c) => c.id === id);
      return claim === undefined ? -1 : claim.cards.length * 100 + claim.formula.length;
    };
    const options = legal.filter((i) => i.type === 'nominate' || i.type === 'bestInShowVote');
    if (options.length === 0) return null;
    if (this.level === 'easy') return this.rng.pick(options);
    return argmax(options, (i) => ('claimId' in i ? size(i.claimId) : -1)) ?? null;
  }
}

export const blindCassowaryBot: BotFactory<BlindCassowaryView, BlindCassowaryIntent> = ({ level, seed }) => {
  const player = new BlindCassowaryPlayer(level, new Rng(seed));
  return { level, decide: (view, legal) => player.decide(view, legal) };
};

/** The hint for a hand: first whether a cassowary exists in it, then (on a second tap) one of them. */
export type BlindCassowaryHint =
  | {
      readonly exists: 'yes';
      readonly cards: string[];
      readonly formula: string;
      readonly claim: BlindCassowaryIntent;
    }
  | { readonly exists: 'no' | 'unknown' };

const LABELS: Readonly<Record<number, string>> = { 0: 'C', 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** A pure function of the seat's view: what its own hand can make (the solver, with its budget). */
export function blindCassowaryHint(view: BlindCassowaryView, reader = new HandReader()): BlindCassowaryHint {
  const proof = reader.read(view.hand, view.target.value);
  if (proof.kind !== 'found') return { exists: proof.kind === 'none' ? 'no' : 'unknown' };
  const { cards, expr, chameleons } = proof.found;
  const byId = new Map(view.hand.map((c) => [c.id, c]));
  const rankOf = (id: string): number => {
    const copied = chameleons.find((ch) => ch.card === id)?.copies;
    return byId.get(copied ?? id)?.rank ?? 0;
  };
  const built = arith.fromJson(expr, (ref) => arith.int(rankOf(ref)));
  const label = (ref: string): string => {
    const text = LABELS[rankOf(ref)] ?? String(rankOf(ref));
    return chameleons.some((ch) => ch.card === ref) ? `C(${text})` : text;
  };
  const formula = built.ok
    ? arith.formatDisplay(built.value, { label: (l) => label(l.ref), spaces: true })
    : '';
  return { exists: 'yes', cards, formula, claim: { type: 'claim', cards, expr, chameleons } };
}
