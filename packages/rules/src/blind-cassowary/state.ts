import type {
  BlindCassowaryCard,
  BlindCassowaryOptions,
  BlindCassowaryPhase,
  BlindCassowaryStanding,
  BlindCassowaryTarget,
  ClaimStatus,
  ExprJsonWire,
  Verdict,
} from '@cards/schema';
import type { PrngState } from '../core/prng.ts';

export interface ChameleonRead {
  readonly card: string;
  readonly copies: string;
  readonly rank: number;
}

export interface Claim {
  readonly id: string;
  readonly seat: number;
  /** Server arrival time. */
  readonly at: number;
  /** The cards, in the order of the formula's leaves; held by the claim while queued/review/stood. */
  readonly cards: readonly BlindCassowaryCard[];
  readonly chameleons: readonly ChameleonRead[];
  /** Leaf values rebuilt from the server's cards. */
  readonly expr: ExprJsonWire;
  readonly formula: string;
  /** The server's exact evaluation at claim time (hidden from the table unless challenged). */
  readonly valid: boolean;
  readonly reason: string | null;
  readonly status: ClaimStatus;
  readonly windowStartedAt: number | null;
  readonly approvals: readonly number[];
  readonly challengers: readonly number[];
  readonly spectatorChallengers: readonly string[];
  readonly challenged: boolean;
  readonly votes: readonly { readonly seat: number; readonly verdict: Verdict }[];
  readonly verdict: Verdict | null;
}

export type BlindSubmission =
  | { readonly pass: true }
  | {
      readonly pass: false;
      readonly cards: readonly string[];
      readonly formula: string;
      /** Exact value as "n" or "n/d", and its distance below the target. */
      readonly value: string;
      /** Null when it went over the target: it busts (scores nothing, no retry). */
      readonly distance: { readonly n: string; readonly d: string } | null;
    };

export interface TableEvent {
  readonly kind:
    | 'stuckDraw'
    | 'noCassowary'
    | 'blind'
    | 'stood'
    | 'returned'
    | 'nefarious'
    | 'reveal'
    | 'wrong'
    | 'preview';
  readonly text: string;
  readonly seat: number | null;
}

export interface BlindCassowaryState {
  readonly options: BlindCassowaryOptions;
  readonly players: number;
  readonly prng: PrngState;
  readonly phase: BlindCassowaryPhase;
  readonly target: BlindCassowaryTarget;
  /** Method Two cards set aside while drawing the target (out of play). */
  readonly setAside: readonly BlindCassowaryCard[];
  readonly hands: readonly (readonly BlindCassowaryCard[])[];
  /** Index 0 is the top. */
  readonly reserve: readonly BlindCassowaryCard[];
  /** Every claim in arrival order. */
  readonly claims: readonly Claim[];
  /** Ids of unsettled claims in arrival order; the first is under review (or being voted on). */
  readonly queue: readonly string[];
  readonly stuck: readonly boolean[];
  /** Target preview running (hands face down) and who has said ready. */
  readonly preview: boolean;
  readonly ready: readonly boolean[];
  /** Seats playing with their hand open to the table. */
  readonly openHands: readonly boolean[];
  /** Server referee: wrong claims per seat. */
  readonly wrongClaims: readonly number[];
  /** Hands changed since the solver last looked for a possible cassowary. */
  readonly proofDue: boolean;
  readonly nefarious: readonly number[];
  readonly events: readonly TableEvent[];
  readonly blind: readonly (BlindSubmission | null)[];
  readonly blindRevealed: boolean;
  readonly blindWinners: readonly number[];
  /** Best in Show: each seat's nominee (null: none or declined) and whether it has nominated yet. */
  readonly nominations: readonly (string | null)[];
  readonly nominated: readonly boolean[];
  readonly bestVotes: readonly (string | null)[];
  readonly spectatorBestVotes: readonly { readonly spectator: string; readonly claimId: string }[];
  readonly bestWinners: readonly string[];
  readonly standings: readonly BlindCassowaryStanding[] | null;
  readonly winners: readonly number[];
}

export const claimById = (s: BlindCassowaryState, id: string): Claim | undefined =>
  s.claims.find((c) => c.id === id);

export const currentClaim = (s: BlindCassowaryState): Claim | undefined => {
  const id = s.queue[0];
  return id === undefined ? undefined : claimById(s, id);
};

/** Claims that hold their cards (not in a hand). */
export const holdsCards = (c: Claim): boolean =>
  c.status === 'queued' || c.status === 'review' || c.status === 'stood';

export const nestOf = (s: BlindCassowaryState, seat: number): Claim[] =>
  s.claims.filter((c) => c.seat === seat && c.status === 'stood');

export const replaceClaim = (s: BlindCassowaryState, claim: Claim): BlindCassowaryState => ({
  ...s,
  claims: s.claims.map((c) => (c.id === claim.id ? claim : c)),
});

export const MAX_EVENTS = 8;
export const pushEvent = (s: BlindCassowaryState, e: TableEvent): BlindCassowaryState => ({
  ...s,
  events: [...s.events, e].slice(-MAX_EVENTS),
});

export const others = (s: BlindCassowaryState, seat: number): number[] =>
  Array.from({ length: s.players }, (_, i) => i).filter((i) => i !== seat);
