/** apply(): every intent of a seated player, plus the seat-less spectator path. */
import type {
  BlindCassowaryIntent,
  BlindCassowarySpectatorIntent,
  ExprJsonWire,
  Verdict,
} from '@cards/schema';
import { err, ok, type Result } from '../core/result.ts';
import { toJson, type Expr } from '../arith/expr.ts';
import { compare, int, sub, toString } from '../arith/rational.ts';
import {
  afterNomination,
  awaitingProof,
  maybeReveal,
  ABSTAINED,
  maybeTally,
  nominating,
  nominees,
  settle,
  stand,
  startNext,
  voteChoices,
} from './flow.ts';
import { checkTarget, readPlay, valueOf } from './play.ts';
import { WRONG_CLAIM_COST } from './scoring.ts';
import {
  claimById,
  currentClaim,
  others,
  pushEvent,
  replaceClaim,
  type BlindCassowaryState,
  type Claim,
} from './state.ts';

/** The room's timer may fire a hair early against the clock it stamps intents with. */
export const TIMER_TOLERANCE_MS = 100;

export const windowMs = (s: BlindCassowaryState): number => s.options.reviewSeconds * 1000;

type R = Result<BlindCassowaryState>;

export function applyIntent(
  s: BlindCassowaryState,
  actor: number,
  intent: BlindCassowaryIntent,
  now: number,
): R {
  if (s.phase === 'over') return err('GAME_OVER', 'The game is over.');
  if (!Number.isInteger(actor) || actor < 0 || actor >= s.players)
    return err('NOT_A_PLAYER', 'Only seated players can play.');
  switch (intent.type) {
    case 'claim':
    case 'approve':
    case 'challenge':
    case 'vote':
    case 'stuck':
    case 'reviewExpired': {
      if (s.phase !== 'play') return err('WRONG_PHASE', 'The race for cassowaries is over.');
      // Nobody plays on a deal whose proof has not run: everyone starts from the same, settled table.
      if (awaitingProof(s))
        return err('CHECKING_DEAL', 'The deal is still being checked for a possible cassowary; a moment.');
      if (s.preview)
        return err('PREVIEW', 'Look at the target first: hands turn over once everyone is ready.');
      const r = playIntent(s, actor, intent, now);
      return r.ok ? ok(settle(r.value, now)) : r;
    }
    case 'ready':
    case 'previewOver':
      return endPreview(s, actor, intent.type === 'previewOver');
    case 'showHand':
      if (s.phase !== 'play' && s.phase !== 'blind')
        return err('WRONG_PHASE', 'The hands are no longer in play.');
      if (s.openHands[actor] === intent.open)
        return err('NO_CHANGE', intent.open ? 'Your hand is already open.' : 'Your hand is already closed.');
      return ok({ ...s, openHands: s.openHands.map((x, i) => (i === actor ? intent.open : x)) });
    case 'blindSubmit':
      return blindSubmit(s, actor, intent, now);
    case 'nominate':
      return nominate(s, actor, intent.claimId, now);
    case 'bestInShowVote':
      return bestVote(s, actor, intent.claimId);
    case 'timeUp':
      return timeUp(s, actor, now);
    case 'prove':
      // The clock's intent right after the deal: the no-cassowary proof, off the room's event loop.
      if (!awaitingProof(s)) return err('NOTHING_PENDING', 'The deal has already been checked.');
      return ok(settle(s, now));
  }
  return err('UNKNOWN_INTENT', 'That is not a move in this game.');
}

function playIntent(
  s: BlindCassowaryState,
  actor: number,
  intent: Extract<
    BlindCassowaryIntent,
    { type: 'claim' | 'approve' | 'challenge' | 'vote' | 'stuck' | 'reviewExpired' }
  >,
  now: number,
): R {
  switch (intent.type) {
    case 'claim':
      return claim(s, actor, intent, now);
    case 'stuck':
      return ok({ ...s, stuck: s.stuck.map((x, i) => (i === actor ? intent.on : x)) });
    case 'reviewExpired':
      return expire(s, intent.claimId, now);
  }
  const head = reviewed(s, intent.claimId);
  if (!head.ok) return head;
  const c = head.value;
  if (c.seat === actor) return err('OWN_CLAIM', 'The other players review your claim.');
  if (intent.type === 'vote') {
    if (c.status !== 'voting') return err('NOT_VOTING', 'There is no vote on this claim.');
    if (c.votes.some((v) => v.seat === actor)) return err('ALREADY_VOTED', 'You have already voted.');
    return ok(
      resolveVote(s, { ...c, votes: [...c.votes, { seat: actor, verdict: intent.verdict }] }, now, false),
    );
  }
  if (c.status !== 'review') return err('NOT_IN_REVIEW', 'This claim is no longer being reviewed.');
  if (c.approvals.includes(actor) || c.challengers.includes(actor))
    return err('ALREADY_REVIEWED', 'You have already reviewed this claim.');
  if (intent.type === 'challenge')
    return ok(challenge({ ...c, challengers: [...c.challengers, actor] }, s, now));
  const approved: Claim = { ...c, approvals: [...c.approvals, actor] };
  if (others(s, c.seat).every((seat) => approved.approvals.includes(seat)))
    return ok(stand(s, approved, now));
  return ok(replaceClaim(s, approved));
}

/** The claim at the head of the queue, if it is `claimId`. */
function reviewed(s: BlindCassowaryState, claimId: string): Result<Claim> {
  const c = currentClaim(s);
  if (c === undefined || c.id !== claimId) {
    return claimById(s, claimId) === undefined
      ? err('NO_SUCH_CLAIM', 'There is no such claim.')
      : err('NOT_CURRENT', 'That claim is not the one under review.');
  }
  return ok(c);
}

function claim(
  s: BlindCassowaryState,
  actor: number,
  intent: Extract<BlindCassowaryIntent, { type: 'claim' }>,
  now: number,
): R {
  const hand = s.hands[actor] ?? [];
  const play = readPlay(hand, intent.expr, intent.chameleons, intent.cards, 2);
  if (!play.ok) return play;
  const check = checkTarget(play.value, s.target.value);
  const c: Claim = {
    id: `c${s.claims.length + 1}`,
    seat: actor,
    at: now,
    cards: play.value.cards,
    chameleons: play.value.chameleons,
    expr: toWire(play.value.expr),
    formula: play.value.formula,
    valid: check.valid,
    reason: check.reason,
    status: 'queued',
    windowStartedAt: null,
    approvals: [],
    challengers: [],
    spectatorChallengers: [],
    challenged: false,
    votes: [],
    verdict: null,
  };
  if (s.options.referee === 'server' && !check.valid) return ok(wrongClaim(s, c));
  const used = new Set(play.value.cards.map((c) => c.id));
  const next: BlindCassowaryState = {
    ...s,
    hands: s.hands.map((h, i) => (i === actor ? h.filter((x) => !used.has(x.id)) : h)),
    claims: [...s.claims, c],
    queue: [...s.queue, c.id],
    stuck: s.stuck.map((x, i) => (i === actor ? false : x)),
  };
  // Server referee: the claim is proven right, so it stands at once (in arrival order).
  if (s.options.referee === 'server') return ok(stand(next, c, now));
  return ok(startNext(next, now));
}

/**
 * The server referee is not a free calculator: a wrong claim is not answered with its value. It is
 * recorded (the table sees it in the claims list, "does not make 18"), its cards stay in the hand, and
 * it costs WRONG_CLAIM_COST at the end of the game.
 */
function wrongClaim(s: BlindCassowaryState, c: Claim): BlindCassowaryState {
  const reason = doesNotMake(s);
  const next: BlindCassowaryState = {
    ...s,
    claims: [...s.claims, { ...c, status: 'returned', valid: false, reason }],
    wrongClaims: s.wrongClaims.map((n, i) => (i === c.seat ? n + 1 : n)),
  };
  return pushEvent(next, {
    kind: 'wrong',
    seat: c.seat,
    text: `${c.formula} ${reason}: −${WRONG_CLAIM_COST}.`,
  });
}

export const doesNotMake = (s: BlindCassowaryState): string => `does not make ${s.target.value}`;

/** The target preview ends when every player is ready, or when the clock says its time is up. */
function endPreview(s: BlindCassowaryState, actor: number, byClock: boolean): R {
  if (s.phase !== 'play' || !s.preview) return err('NOTHING_PENDING', 'The hands are already turned over.');
  if (byClock)
    return ok(pushEvent({ ...s, preview: false }, { kind: 'preview', seat: null, text: 'Hands up!' }));
  if (s.ready[actor] === true) return err('ALREADY_READY', 'You are ready; waiting for the others.');
  const ready = s.ready.map((x, i) => (i === actor ? true : x));
  if (!ready.every((x) => x)) return ok({ ...s, ready });
  return ok(pushEvent({ ...s, ready, preview: false }, { kind: 'preview', seat: null, text: 'Hands up!' }));
}

const toWire = (e: Expr): ExprJsonWire => toJson(e) as ExprJsonWire;

/** A challenge is settled by exact evaluation: right → it stands; wrong → cards back, then the vote. */
function challenge(c: Claim, s: BlindCassowaryState, now: number): BlindCassowaryState {
  const marked: Claim = { ...c, challenged: true };
  if (c.valid) return stand(s, marked, now);
  const voting: Claim = { ...marked, status: 'voting', windowStartedAt: now };
  const next: BlindCassowaryState = {
    ...replaceClaim(s, voting),
    hands: s.hands.map((h, i) => (i === c.seat ? [...h, ...c.cards] : h)),
    stuck: s.stuck.map((x, i) => (i === c.seat ? false : x)),
    proofDue: true,
  };
  return pushEvent(next, {
    kind: 'returned',
    seat: c.seat,
    text: `${c.reason ?? 'Wrong'}: the cards go back.`,
  });
}

/** Majority of the other players says nefarious → penalty; a tie (or silence at the deadline) is honest. */
function resolveVote(s: BlindCassowaryState, c: Claim, now: number, deadline: boolean): BlindCassowaryState {
  const voters = others(s, c.seat).length;
  const nef = c.votes.filter((v) => v.verdict === 'nefarious').length;
  const honest = c.votes.filter((v) => v.verdict === 'honest').length;
  let verdict: Verdict | null = null;
  if (nef * 2 > voters) verdict = 'nefarious';
  else if (honest * 2 >= voters || deadline) verdict = 'honest';
  if (verdict === null) return replaceClaim(s, c);
  let next = replaceClaim(s, { ...c, verdict, status: 'returned', windowStartedAt: null });
  next = { ...next, queue: next.queue.filter((id) => id !== c.id) };
  if (verdict === 'nefarious') {
    next = { ...next, nefarious: next.nefarious.map((n, i) => (i === c.seat ? n + 1 : n)) };
    next = pushEvent(next, { kind: 'nefarious', seat: c.seat, text: 'The table found the claim nefarious.' });
  }
  return startNext(next, now);
}

function expire(s: BlindCassowaryState, claimId: string, now: number): R {
  const head = reviewed(s, claimId);
  if (!head.ok) return err('STALE_TIMER', 'That window has already closed.');
  const c = head.value;
  if (c.windowStartedAt === null || now < c.windowStartedAt + windowMs(s) - TIMER_TOLERANCE_MS)
    return err('TOO_EARLY', 'The window is still open.');
  if (c.status === 'review') return ok(stand(s, c, now));
  return ok(resolveVote(s, c, now, true));
}

function blindSubmit(
  s: BlindCassowaryState,
  actor: number,
  intent: Extract<BlindCassowaryIntent, { type: 'blindSubmit' }>,
  now: number,
): R {
  if (s.phase !== 'blind') return err('WRONG_PHASE', 'The blind cassowary has not begun.');
  if (s.blind[actor] !== null) return err('ALREADY_SUBMITTED', 'You have already submitted.');
  const set = (b: NonNullable<BlindCassowaryState['blind'][number]>): BlindCassowaryState => ({
    ...s,
    blind: s.blind.map((x, i) => (i === actor ? b : x)),
  });
  if (intent.expr === null) return ok(maybeReveal(set({ pass: true }), now));
  const play = readPlay(s.hands[actor] ?? [], intent.expr, intent.chameleons, null, 1);
  if (!play.ok) return play;
  const v = valueOf(play.value);
  if (!v.ok) return v;
  // Over the target busts: one submission each, so "goes over" cannot be used to measure a hand.
  const t = int(s.target.value);
  const gap = compare(v.value, t) > 0 ? null : sub(t, v.value);
  if (gap !== null && !gap.ok) return gap;
  return ok(
    maybeReveal(
      set({
        pass: false,
        cards: play.value.cards.map((c) => c.id),
        formula: play.value.formula,
        value: toString(v.value),
        distance: gap === null ? null : { n: gap.value.n.toString(), d: gap.value.d.toString() },
      }),
      now,
    ),
  );
}

function nominate(s: BlindCassowaryState, actor: number, claimId: string | null, now: number): R {
  if (s.phase !== 'bestInShow' || !nominating(s)) return err('WRONG_PHASE', 'Nominations are not open.');
  if (s.nominated[actor] === true) return err('ALREADY_NOMINATED', 'You have already nominated.');
  if (claimId !== null) {
    const c = claimById(s, claimId);
    if (c === undefined || c.seat !== actor || c.status !== 'stood')
      return err('NOT_YOUR_CASSOWARY', 'Nominate one of the cassowaries in your own nest.');
  }
  return ok(
    afterNomination(
      {
        ...s,
        nominations: s.nominations.map((n, i) => (i === actor ? claimId : n)),
        nominated: s.nominated.map((n, i) => (i === actor ? true : n)),
      },
      now,
    ),
  );
}

/** The clock ran out on this seat's decision: pass, nominate none, or abstain. */
function timeUp(s: BlindCassowaryState, actor: number, now: number): R {
  if (s.phase === 'blind' && s.blind[actor] === null)
    return blindSubmit(s, actor, { type: 'blindSubmit', expr: null, chameleons: [] }, now);
  if (s.phase === 'bestInShow' && nominating(s) && s.nominated[actor] !== true)
    return nominate(s, actor, null, now);
  if (s.phase === 'bestInShow' && !nominating(s) && s.bestVotes[actor] === null)
    return ok(maybeTally({ ...s, bestVotes: s.bestVotes.map((v, i) => (i === actor ? ABSTAINED : v)) }));
  return err('NOTHING_PENDING', 'Nothing of yours is waiting on the clock.');
}

function bestVote(s: BlindCassowaryState, actor: number, claimId: string): R {
  if (s.phase !== 'bestInShow' || nominating(s))
    return err('WRONG_PHASE', 'The Best in Show vote is not open.');
  if (s.bestVotes[actor] !== null) return err('ALREADY_VOTED', 'You have already voted.');
  if (!voteChoices(s, actor).includes(claimId))
    return err('NOT_A_NOMINEE', 'Vote for a nominated cassowary other than your own.');
  return ok(maybeTally({ ...s, bestVotes: s.bestVotes.map((v, i) => (i === actor ? claimId : v)) }));
}

/**
 * Spectators have no seat, so the engine's submitIntent does not take their actions: the room calls
 * this directly with a stable spectator id (and should log it to keep replays whole).
 */
export function applySpectator(
  s: BlindCassowaryState,
  spectator: string,
  intent: BlindCassowarySpectatorIntent,
  now: number,
): R {
  if (spectator.length === 0 || spectator.length > 64) return err('BAD_SPECTATOR', 'Unknown spectator.');
  if (intent.type === 'challenge') {
    if (s.phase !== 'play') return err('WRONG_PHASE', 'The race for cassowaries is over.');
    const head = reviewed(s, intent.claimId);
    if (!head.ok) return head;
    if (head.value.status !== 'review')
      return err('NOT_IN_REVIEW', 'This claim is no longer being reviewed.');
    const c = { ...head.value, spectatorChallengers: [...head.value.spectatorChallengers, spectator] };
    return ok(settle(challenge(c, s, now), now));
  }
  if (s.phase !== 'bestInShow' || nominating(s))
    return err('WRONG_PHASE', 'The Best in Show vote is not open.');
  if (s.spectatorBestVotes.some((v) => v.spectator === spectator))
    return err('ALREADY_VOTED', 'You have already voted.');
  if (!nominees(s).includes(intent.claimId)) return err('NOT_A_NOMINEE', 'Vote for a nominated cassowary.');
  return ok({ ...s, spectatorBestVotes: [...s.spectatorBestVotes, { spectator, claimId: intent.claimId }] });
}
