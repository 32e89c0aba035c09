import type { BlindCassowaryClaimView, BlindCassowaryView, BlindSubmissionView } from '@cards/schema';
import type { Viewer } from '../core/game.ts';
import { lastStateMemo } from '../core/shared.ts';
import { windowMs } from './apply.ts';
import { awaitingProof, tally } from './flow.ts';
import { nestOf, type BlindCassowaryState, type Claim } from './state.ts';

/**
 * A chameleon may copy a card that stays in the claimant's hand: others learn only its rank (all a
 * check needs), never which card it is, so no hidden card's identity leaves that hand.
 */
function chameleonReads(c: Claim, viewer: Viewer): BlindCassowaryClaimView['chameleons'] {
  const inClaim = new Set(c.cards.map((card) => card.id));
  return c.chameleons.map((r) => ({
    ...r,
    copies: viewer === c.seat || inClaim.has(r.copies) ? r.copies : '',
  }));
}

function claimView(s: BlindCassowaryState, c: Claim, i: number, viewer: Viewer): BlindCassowaryClaimView {
  const prev = i > 0 ? s.claims[i - 1] : undefined;
  return {
    id: c.id,
    seat: c.seat,
    order: i + 1,
    at: c.at,
    gapMs: prev === undefined ? null : c.at - prev.at,
    afterSeat: prev === undefined ? null : prev.seat,
    status: c.status,
    cards: [...c.cards],
    chameleons: chameleonReads(c, viewer),
    formula: c.formula,
    approvals: [...c.approvals],
    challengers: [...c.challengers],
    spectatorChallenges: c.spectatorChallengers.length,
    windowStartedAt: c.windowStartedAt,
    windowMs: windowMs(s),
    // The server's check is public only once a challenge (or the server referee) asked for it; the
    // server referee's refusal says only "does not make 18" (it is not a calculator).
    checked: c.challenged || s.options.referee === 'server' ? c.valid : null,
    reason: (c.challenged || s.options.referee === 'server') && !c.valid ? c.reason : null,
    votes: c.votes.map((v) => ({ ...v })),
    verdict: c.verdict,
  };
}

function blindView(s: BlindCassowaryState, viewer: Viewer): BlindSubmissionView[] {
  return s.blind.map((b, seat) => {
    const shown = b !== null && (s.blindRevealed || viewer === seat);
    const bust = shown && !b.pass && b.distance === null;
    return {
      seat,
      submitted: b !== null,
      pass: shown ? b.pass : null,
      formula: shown && !b.pass ? b.formula : null,
      // A bust's value waits for the reveal (before it, "goes over 14" is all its sender learns).
      value: shown && !b.pass && (s.blindRevealed || !bust) ? b.value : null,
      winner: s.blindRevealed && s.blindWinners.includes(seat),
      bust,
    };
  });
}

/** The parts of the view that are the same for every viewer of one state. */
type SharedView = Omit<
  BlindCassowaryView,
  'game' | 'phase' | 'players' | 'viewer' | 'hand' | 'claims' | 'blind' | 'blindRevealed' | 'nominations'
>;

/** The shared parts, worked out once per state for all its viewers (see lastStateMemo). */
const sharedView = lastStateMemo((s: BlindCassowaryState): SharedView => {
  const players = tally(s.bestVotes);
  const audience = tally(s.spectatorBestVotes.map((v) => v.claimId));
  return {
    options: { ...s.options },
    target: {
      ...s.target,
      cards: [...s.target.cards],
      redrawn: [...s.target.redrawn],
    },
    preview: s.preview ? { seconds: s.options.targetPreviewSeconds, ready: [...s.ready] } : null,
    openHands: s.hands.map((h, p) => (s.openHands[p] === true && !s.preview ? [...h] : null)),
    wrongClaims: [...s.wrongClaims],
    handCounts: s.hands.map((h) => h.length),
    reserveCount: s.reserve.length,
    checkingDeal: awaitingProof(s),
    nests: Array.from({ length: s.players }, (_, p) =>
      nestOf(s, p).map((c, k) => ({
        claimId: c.id,
        cards: [...c.cards],
        formula: c.formula,
        orientation: k % 2 === 0 ? ('horizontal' as const) : ('vertical' as const),
      })),
    ),
    current: s.queue[0] ?? null,
    stuck: [...s.stuck],
    nefariousCounts: [...s.nefarious],
    events: s.events.map((e) => ({ ...e })),
    nominated: [...s.nominated],
    bestInShowVotes:
      s.phase === 'over'
        ? [...new Set([...players.keys(), ...audience.keys()])].map((claimId) => ({
            claimId,
            votes: players.get(claimId) ?? 0,
            spectatorVotes: audience.get(claimId) ?? 0,
          }))
        : [],
    bestInShowVoted: s.bestVotes.map((v) => v !== null),
    standings: s.standings === null ? null : s.standings.map((l) => ({ ...l })),
    winners: [...s.winners],
  };
});

export function viewOf(s: BlindCassowaryState, viewer: Viewer): BlindCassowaryView {
  const seat = typeof viewer === 'number' ? viewer : null;
  const voting = s.phase !== 'bestInShow' || s.nominated.every((n) => n);
  const shared = sharedView(s);
  // The fields in the order they always had (the encoded update is byte for byte the same).
  return {
    game: 'blind-cassowary',
    phase: s.phase,
    players: s.players,
    viewer,
    options: shared.options,
    target: shared.target,
    // During the target preview every hand stays face down, the viewer's own too.
    hand: seat === null || s.preview ? [] : [...(s.hands[seat] ?? [])],
    preview: shared.preview,
    openHands: shared.openHands,
    wrongClaims: shared.wrongClaims,
    handCounts: shared.handCounts,
    reserveCount: shared.reserveCount,
    checkingDeal: shared.checkingDeal,
    nests: shared.nests,
    claims: s.claims.map((c, i) => claimView(s, c, i, viewer)),
    current: shared.current,
    stuck: shared.stuck,
    nefariousCounts: shared.nefariousCounts,
    events: shared.events,
    blind: blindView(s, viewer),
    blindRevealed: s.blindRevealed,
    // Nominations are shown once everyone has nominated (your own always).
    nominations: s.nominations.map((n, i) => (voting || i === seat ? n : null)),
    nominated: shared.nominated,
    bestInShowVotes: shared.bestInShowVotes,
    bestInShowVoted: shared.bestInShowVoted,
    standings: shared.standings,
    winners: shared.winners,
  };
}
