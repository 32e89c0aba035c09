/**
 * Seats that may act, and their legal intents. Claims and blind submissions are free-form expressions
 * over the seat's own cards: they are never listed (listing one would hand the player a solution);
 * the phase says they may be sent — `claim` in play, `blindSubmit` (pass shown as the listed one) in
 * the blind phase.
 */
import type { BlindCassowaryIntent, BlindCassowarySpectatorIntent } from '@cards/schema';
import type { GameTimer, Seat } from '../core/game.ts';
import { windowMs } from './apply.ts';
import { awaitingProof, nominating, nominees, voteChoices } from './flow.ts';
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

const handIds = (s: BlindCassowaryState, seat: Seat): string[] => (s.hands[seat] ?? []).map((c) => c.id);
const showHand = (s: BlindCassowaryState, seat: Seat): BlindCassowaryIntent => ({
  type: 'showHand',
  open: s.openHands[seat] !== true,
});

export function legalIntents(s: BlindCassowaryState, seat: Seat): BlindCassowaryIntent[] {
  if (!actors(s).includes(seat)) return [];
  const out: BlindCassowaryIntent[] = [];
  if (s.phase === 'play') {
    if (s.preview) {
      if (s.ready[seat] !== true) out.push({ type: 'ready' });
      out.push(showHand(s, seat));
      return out;
    }
    if (awaitingProof(s)) return out;
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
    out.push({ type: 'stuck', on: s.stuck[seat] !== true, hand: handIds(s, seat) }, showHand(s, seat));
    return out;
  }
  if (s.phase === 'blind') {
    out.push({ type: 'blindSubmit', expr: null, chameleons: [] }, showHand(s, seat));
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

/** How long each player has for a blind submission, a nomination or a Best in Show vote. */
export const DECISION_SECONDS = 60;

/**
 * In play: right after the deal, the proof (at once: 0 ms, so the room runs it as a logged transition
 * in its match worker rather than in setup on its event loop); then the review (or vote) window of
 * the claim at the head of the queue. In the blind phase and Best in Show: each pending seat's
 * decision time, so nobody can stall the end of the game.
 */
export function timers(s: BlindCassowaryState): GameTimer<BlindCassowaryIntent>[] {
  if (s.phase === 'blind' || s.phase === 'bestInShow') {
    const stage = s.phase === 'blind' ? 'blind' : nominating(s) ? 'nominate' : 'vote';
    return actors(s).map((seat) => ({
      key: `${stage}-${seat}`,
      seat,
      afterMs: DECISION_SECONDS * 1000,
      intent: { type: 'timeUp' },
    }));
  }
  if (s.phase !== 'play') return [];
  const preview: GameTimer<BlindCassowaryIntent>[] = s.preview
    ? [
        {
          key: 'preview',
          seat: 0,
          afterMs: s.options.targetPreviewSeconds * 1000,
          intent: { type: 'previewOver' },
        },
      ]
    : [];
  if (awaitingProof(s))
    return [{ key: `prove-${s.reserve.length}`, seat: 0, afterMs: 0, intent: { type: 'prove' } }, ...preview];
  if (s.preview) return preview;
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

/**
 * Turnless play: every intent names what it acts on (own cards, a claim id), so one made on a view
 * another seat's move has since replaced is still applied in arrival order. "I'm stuck" declares
 * something about a hand: it counts when the hand it names is the hand the seat holds now (another
 * player's "stuck" landing first changes nothing), not when a card was drawn meanwhile. Taking it
 * back is always what the player meant.
 */
export function acceptsStale(s: BlindCassowaryState, seat: Seat, intent: BlindCassowaryIntent): boolean {
  if (intent.type !== 'stuck' || !intent.on) return true;
  const seen = intent.hand;
  const held = handIds(s, seat);
  return seen !== undefined && seen.length === held.length && held.every((id) => seen.includes(id));
}

/** A spectator may challenge the claim under review, and vote once in Best in Show. */
export function spectatorLegalIntents(
  s: BlindCassowaryState,
  spectator: string,
): BlindCassowarySpectatorIntent[] {
  if (s.phase === 'play') {
    const head = currentClaim(s);
    return head !== undefined && head.status === 'review' ? [{ type: 'challenge', claimId: head.id }] : [];
  }
  if (
    s.phase !== 'bestInShow' ||
    nominating(s) ||
    s.spectatorBestVotes.some((v) => v.spectator === spectator)
  )
    return [];
  return nominees(s).map((claimId) => ({ type: 'bestInShowVote', claimId }));
}
