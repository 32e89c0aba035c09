/**
 * Seats that may act, and a deterministic sample of legal intents. Claims and blind submissions are
 * expressions, so they cannot all be listed: legalIntents offers one solver-found claim (when the
 * seat's hand has one within the solver budget) and one best blind submission besides pass.
 */
import type { BlindCassowaryIntent } from '@cards/schema';
import type { GameTimer, Seat } from '../core/game.ts';
import { windowMs } from './apply.ts';
import { nominating, voteChoices } from './flow.ts';
import { bestBlind, searchHand } from './solver.ts';
import { currentClaim, nestOf, type BlindCassowaryState } from './state.ts';

export function actors(s: BlindCassowaryState): Seat[] {
  const seats = Array.from({ length: s.players }, (_, i) => i);
  switch (s.phase) {
    case 'play':
      return seats;
    case 'blind':
      return seats.filter((i) => s.blind[i] === null);
    case 'bestInShow':
      return nominating(s)
        ? seats.filter((i) => s.nominated[i] !== true)
        : seats.filter((i) => s.bestVotes[i] === null);
    case 'over':
      return [];
  }
}

export function legalIntents(s: BlindCassowaryState, seat: Seat): BlindCassowaryIntent[] {
  if (!actors(s).includes(seat)) return [];
  const out: BlindCassowaryIntent[] = [];
  if (s.phase === 'play') {
    const head = currentClaim(s);
    if (head !== undefined && head.seat !== seat) {
      if (head.status === 'review' && !head.approvals.includes(seat) && !head.challengers.includes(seat))
        out.push({ type: 'approve', claimId: head.id }, { type: 'challenge', claimId: head.id });
      if (head.status === 'voting' && !head.votes.some((v) => v.seat === seat))
        out.push(
          { type: 'vote', claimId: head.id, verdict: 'honest' },
          { type: 'vote', claimId: head.id, verdict: 'nefarious' },
        );
    }
    const found = searchHand(s.hands[seat] ?? [], s.target.value);
    if (found.kind === 'found') out.push({ type: 'claim', ...found.found });
    out.push({ type: 'stuck', on: s.stuck[seat] !== true });
    return out;
  }
  if (s.phase === 'blind') {
    const best = bestBlind(s.hands[seat] ?? [], s.target.value);
    if (best !== null) out.push({ type: 'blindSubmit', expr: best.expr, chameleons: best.chameleons });
    out.push({ type: 'blindSubmit', expr: null, chameleons: [] });
    return out;
  }
  if (s.phase === 'bestInShow') {
    if (nominating(s)) {
      for (const c of nestOf(s, seat)) out.push({ type: 'nominate', claimId: c.id });
      out.push({ type: 'nominate', claimId: null });
      return out;
    }
    for (const id of voteChoices(s, seat)) out.push({ type: 'bestInShowVote', claimId: id });
  }
  return out;
}

/** The review (or vote) window of the claim at the head of the queue. */
export function timers(s: BlindCassowaryState): GameTimer<BlindCassowaryIntent>[] {
  if (s.phase !== 'play') return [];
  const head = currentClaim(s);
  if (head === undefined || (head.status !== 'review' && head.status !== 'voting')) return [];
  return [
    {
      key: `${head.status === 'review' ? 'review' : 'vote'}-${head.id}`,
      seat: head.seat,
      afterMs: windowMs(s),
      intent: { type: 'reviewExpired', claimId: head.id },
    },
  ];
}
