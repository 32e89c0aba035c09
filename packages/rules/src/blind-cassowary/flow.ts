/**
 * Table flow outside the review itself: setup, drawing after a claim stands, stuck resolution,
 * the blind cassowary, Best in Show and the end of the game.
 */
import type { BlindCassowaryCard, BlindCassowaryOptions } from '@cards/schema';
import { seedPrng, shuffle } from '../core/prng.ts';
import { blindCassowaryDeck, HAND_SIZE, isChameleon } from './deck.ts';
import { standingsOf } from './scoring.ts';
import { provable, searchHand } from './solver.ts';
import { drawTarget } from './target.ts';
import {
  currentClaim,
  nestOf,
  others,
  pushEvent,
  replaceClaim,
  type BlindCassowaryState,
  type Claim,
} from './state.ts';

/**
 * Shuffles and deals; with Method Two and many players the reserve can run out of 1–9 cards before the
 * target has two digits: then the whole deck is shuffled and dealt again (docs decision).
 */
function deal(options: BlindCassowaryOptions, players: number, seed: string) {
  let prng = seedPrng(seed);
  for (;;) {
    const [deck, next] = shuffle(blindCassowaryDeck(), prng);
    const hands = Array.from({ length: players }, (_, p) => deck.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE));
    const drawn = drawTarget(deck.slice(players * HAND_SIZE), options.targetMethod, next);
    if (drawn !== null) return { hands, drawn };
    prng = next;
  }
}

/**
 * Deals and draws the target. No search here: setup runs on the room's event loop, so the deal's
 * "no cassowary exists" proof is left pending (`proofDue`) for the clock's `prove` intent, which the
 * room runs as an ordinary logged transition in its match worker. Until then nobody may claim.
 */
export function setup(options: BlindCassowaryOptions, players: number, seed: string): BlindCassowaryState {
  const { hands, drawn } = deal(options, players, seed);
  return {
    options,
    players,
    prng: drawn.prng,
    phase: 'play',
    target: drawn.target,
    setAside: options.targetMethod === 'two' ? drawn.target.redrawn : [],
    hands,
    reserve: drawn.reserve,
    claims: [],
    queue: [],
    stuck: hands.map(() => false),
    preview: options.targetPreviewSeconds > 0,
    ready: hands.map(() => false),
    openHands: hands.map(() => false),
    wrongClaims: hands.map(() => 0),
    proofDue: true,
    nefarious: hands.map(() => 0),
    events: [],
    blind: hands.map(() => null),
    blindRevealed: false,
    blindWinners: [],
    nominations: hands.map(() => null),
    nominated: hands.map(() => false),
    bestVotes: hands.map(() => null),
    spectatorBestVotes: [],
    bestWinners: [],
    standings: null,
    winners: [],
  };
}

/**
 * The table waits for the proof: in play with no claim waiting, hands changed and not yet searched.
 * Every play intent settles (proves) before it returns, so outside a fresh deal this never holds.
 */
export const awaitingProof = (s: BlindCassowaryState): boolean =>
  s.phase === 'play' && s.proofDue && s.queue.length === 0;

/**
 * Whether applying this intent may run the solver (settle's "no cassowary exists" proof): only then
 * does the room send it to a match worker; every other transition runs on the room's thread. It
 * errs on the side of "may": a transition that can settle a claim, make everyone stuck or stand a
 * claim at once (server referee), and the deal's `prove`. At rest in play with no claim waiting the
 * proof has already run (`settle` clears `proofDue`), so nothing else reaches it. Where a transition
 * runs never changes its result.
 */
export function mayRunSolver(s: BlindCassowaryState, actor: number | null, intent: unknown): boolean {
  if (s.phase !== 'play' || typeof intent !== 'object' || intent === null) return false;
  const i = intent as { type?: unknown; on?: unknown };
  switch (i.type) {
    case 'prove':
    case 'approve':
    case 'challenge':
    case 'vote':
    case 'reviewExpired':
      return true;
    case 'claim':
      return s.options.referee === 'server';
    case 'stuck':
      return i.on === true && s.queue.length === 0 && s.stuck.every((x, seat) => x || seat === actor);
    default:
      return false;
  }
}

/** Seat `seat` takes the top card of the reserve (nothing if it is empty). */
function drawOne(s: BlindCassowaryState, seat: number): BlindCassowaryState {
  const [top, ...rest] = s.reserve;
  if (top === undefined) return s;
  return {
    ...s,
    reserve: rest,
    hands: s.hands.map((h, i) => (i === seat ? [...h, top] : h)),
    stuck: s.stuck.map((x, i) => (i === seat ? false : x)),
    proofDue: true,
  };
}

/** The window of the claim now at the head of the queue starts at `now`. */
export function startNext(s: BlindCassowaryState, now: number): BlindCassowaryState {
  const head = currentClaim(s);
  if (head === undefined || head.status !== 'queued') return s;
  return replaceClaim(s, { ...head, status: 'review', windowStartedAt: now });
}

/** A claim stands: into the nest; the others draw one each from the claimant's left, then the claimant up to five. */
export function stand(s: BlindCassowaryState, claim: Claim, now: number): BlindCassowaryState {
  let next: BlindCassowaryState = replaceClaim(s, { ...claim, status: 'stood', windowStartedAt: null });
  next = { ...next, queue: next.queue.filter((id) => id !== claim.id), proofDue: true };
  for (let k = 1; k < s.players; k++) next = drawOne(next, (claim.seat + k) % s.players);
  while ((next.hands[claim.seat]?.length ?? 0) < HAND_SIZE && next.reserve.length > 0)
    next = drawOne(next, claim.seat);
  // An unchallenged claim was never checked (its check stays hidden): say what was claimed, not that it
  // is true — and whether the table approved it or let the window run out.
  const everyone = others(s, claim.seat).every((seat) => claim.approvals.includes(seat));
  const text =
    claim.challenged || s.options.referee === 'server'
      ? `${claim.formula} = ${s.target.value} (checked)`
      : `${claim.formula}, claimed as ${s.target.value}, ${everyone ? 'approved by everyone' : 'stands unchallenged'}`;
  next = pushEvent(next, { kind: 'stood', seat: claim.seat, text });
  return startNext(next, now);
}

/**
 * Whether no hand can make the target. Every hand is decided exactly (solver.ts); a hand over the
 * size the solver always decides, or whose search hit the safety budget, proves nothing.
 */
export function noCassowary(hands: readonly (readonly BlindCassowaryCard[])[], target: number): boolean {
  if (!hands.every(provable)) return false;
  return hands.every((h) => searchHand(h, target).kind === 'none');
}

/**
 * After every change in the play phase, with no claim waiting: everyone stuck, or a proof that no
 * hand can make the target, means each player draws one (seat order from seat 0) — or, with an
 * empty reserve, the blind cassowary begins.
 */
export function settle(s: BlindCassowaryState, now: number): BlindCassowaryState {
  let next = s;
  for (let guard = 0; guard < 64 && next.phase === 'play' && next.queue.length === 0; guard++) {
    let why: 'stuckDraw' | 'noCassowary' | null = null;
    if (next.stuck.every((x) => x)) why = 'stuckDraw';
    else if (next.proofDue) {
      const proven = noCassowary(next.hands, next.target.value);
      next = { ...next, proofDue: false };
      if (proven) why = 'noCassowary';
    }
    if (why === null) break;
    const reason = why === 'stuckDraw' ? 'Everyone is stuck' : 'No cassowary exists in any hand';
    if (next.reserve.length === 0) {
      next = pushEvent(next, { kind: why, seat: null, text: `${reason}: the blind cassowary begins.` });
      return startBlind(next, now);
    }
    next = pushEvent(next, { kind: why, seat: null, text: `${reason}: every player draws a card.` });
    for (let seat = 0; seat < next.players; seat++) next = drawOne(next, seat);
    next = { ...next, stuck: next.stuck.map(() => false), proofDue: true };
  }
  return next;
}

/** A hand that can submit nothing (no card, or only chameleons with nothing to copy) passes by itself. */
const canSubmit = (hand: readonly BlindCassowaryCard[]): boolean => hand.some((c) => !isChameleon(c));

function startBlind(s: BlindCassowaryState, now: number): BlindCassowaryState {
  const next: BlindCassowaryState = {
    ...s,
    phase: 'blind',
    blind: s.hands.map((h) => (canSubmit(h) ? null : { pass: true as const })),
  };
  return maybeReveal(next, now);
}

/** When every submission is in: reveal them together and score the closest (ties: each). */
export function maybeReveal(s: BlindCassowaryState, now: number): BlindCassowaryState {
  if (s.phase !== 'blind' || s.blind.some((b) => b === null)) return s;
  let best: { n: bigint; d: bigint } | null = null;
  for (const b of s.blind) {
    if (b === null || b.pass || b.distance === null) continue;
    const n = BigInt(b.distance.n);
    const d = BigInt(b.distance.d);
    if (best === null || n * best.d < best.n * d) best = { n, d };
  }
  const winners: number[] = [];
  s.blind.forEach((b, seat) => {
    if (
      b !== null &&
      !b.pass &&
      b.distance !== null &&
      best !== null &&
      BigInt(b.distance.n) * best.d === best.n * BigInt(b.distance.d)
    )
      winners.push(seat);
  });
  const revealed = pushEvent(
    { ...s, blindRevealed: true, blindWinners: winners },
    {
      kind: 'reveal',
      seat: null,
      text: winners.length === 0 ? 'Everyone passed.' : 'Blind cassowary revealed.',
    },
  );
  return startBestInShow(revealed, now);
}

function startBestInShow(s: BlindCassowaryState, now: number): BlindCassowaryState {
  if (!s.options.bestInShow || !s.claims.some((c) => c.status === 'stood')) return finish(s);
  const next: BlindCassowaryState = {
    ...s,
    phase: 'bestInShow',
    nominated: s.hands.map((_, seat) => nestOf(s, seat).length === 0),
  };
  return afterNomination(next, now);
}

export const nominating = (s: BlindCassowaryState): boolean => s.nominated.some((n) => !n);
export const nominees = (s: BlindCassowaryState): string[] =>
  s.nominations.filter((n): n is string => typeof n === 'string');

/** Once everyone has nominated: fewer than two nominees need no vote. */
export function afterNomination(s: BlindCassowaryState, _now: number): BlindCassowaryState {
  if (nominating(s)) return s;
  const list = nominees(s);
  if (list.length < 2) return finish({ ...s, bestWinners: list });
  return maybeTally(s);
}

/** Seats whose nominee is the only one cannot vote for anything else: they do not vote. */
export const voteChoices = (s: BlindCassowaryState, seat: number): string[] =>
  nominees(s).filter((id) => s.nominations[seat] !== id);

/** A Best in Show vote left blank because the voter's time ran out (counted for nobody). */
export const ABSTAINED = '';

/** Votes per nominee. */
export function tally(votes: readonly (string | null)[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const v of votes) if (v !== null && v !== ABSTAINED) count.set(v, (count.get(v) ?? 0) + 1);
  return count;
}

/** The nominees with the most votes in `count`, among `among`. */
function leaders(among: readonly string[], count: Map<string, number>): string[] {
  const top = Math.max(0, ...among.map((id) => count.get(id) ?? 0));
  return top === 0 ? [...among] : among.filter((id) => count.get(id) === top);
}

/**
 * The players' votes decide; spectators' votes only break a tie among the players' leaders (any
 * number of spectators, or of spectator tabs, never outweighs one player's vote). Still tied after
 * that: every leader wins. Nobody voted at all: nobody wins.
 */
export function maybeTally(s: BlindCassowaryState): BlindCassowaryState {
  if (s.bestVotes.some((v) => v === null)) return s;
  const players = tally(s.bestVotes);
  if (players.size === 0 && s.spectatorBestVotes.length === 0) return finish({ ...s, bestWinners: [] });
  const tied = leaders(nominees(s), players);
  const winners = tied.length > 1 ? leaders(tied, tally(s.spectatorBestVotes.map((v) => v.claimId))) : tied;
  return finish({ ...s, bestWinners: winners });
}

export function finish(s: BlindCassowaryState): BlindCassowaryState {
  const done: BlindCassowaryState = { ...s, phase: 'over' };
  const standings = standingsOf(done);
  const top = Math.max(...standings.map((l) => l.total));
  return { ...done, standings, winners: standings.filter((l) => l.total === top).map((l) => l.seat) };
}
