import { useEffect, useRef, useState } from 'react';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import type {
  BlindCassowaryCard,
  BlindCassowaryClaimView,
  BlindCassowaryIntent,
  BlindCassowaryView,
  RoomInfo,
} from '@cards/schema';
import { rankText } from '../../cards/Card.tsx';
import { matchWinsText } from '../../lib/matchWins.ts';
import { useToastAboveDock } from '../../lib/toastAboveDock.ts';
import { sendIntent } from '../../net/connection.ts';
import { useStore } from '../../store.ts';
import { SeatBadges, SeatName } from '../../table-kit/seats.tsx';
import { BcCard, cardShort } from './BcCard.tsx';
import { BestInShowPanel, BlindPanel, BlindResults } from './EndPhases.tsx';
import { ExpressionBuilder, handSize } from './ExpressionBuilder.tsx';
import { gapText, plural, seatName, sendSpectatorIntent, useRemaining } from './labels.ts';
import { BcScoreSheet } from './BcScoreSheet.tsx';
import type { BlindCassowaryGameState } from '../parse.ts';
import './blind-cassowary.css';

/** A short buzz (and a chirp) when someone calls "Cassowary!". */
function useCassowaryCall(count: number): boolean {
  const seen = useRef(count);
  const [flash, setFlash] = useState(false);
  useEffect(() => {
    if (count <= seen.current) {
      seen.current = count;
      return;
    }
    seen.current = count;
    try {
      navigator.vibrate?.(80);
    } catch {
      // vibration is optional
    }
    setFlash(true);
    const id = window.setTimeout(() => setFlash(false), 700);
    return () => window.clearTimeout(id);
  }, [count]);
  return flash;
}

export function BlindCassowaryTable({ state }: { state: BlindCassowaryGameState }) {
  const info = useStore((s) => s.info);
  const judging = useStore((s) => s.judging);
  const { view, legal, version } = state;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const flash = useCassowaryCall(view.claims.length);
  const current = view.claims.find((c) => c.id === view.current) ?? null;
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const stuckCount = view.stuck.filter(Boolean).length;
  const dock = useRef<HTMLDivElement>(null);
  useToastAboveDock(dock);

  // Fixed regions (see blind-cassowary.css): the target on top, a stage whose slot shows what needs a
  // decision now (the claim under review, the blind submission, Best in Show) beside the feed (events,
  // claims), the nests, and the dock — hand, formula, "Cassowary!" — which never moves or scrolls away.
  return (
    <section
      className={`bc ${flash ? 'bc--call' : ''}`}
      data-testid="table"
      data-version={version}
      data-phase={view.phase}
      data-my-turn={me !== null && state.actors.includes(me) ? 'true' : 'false'}
      aria-label="Blind Cassowary table"
    >
      <div className="bc__board" data-testid="board">
        <div className="bc__top">
          <TargetPanel view={view} />
          <div className="bc__meta">
            <span className="bc__reserve" title="Cards left in the reserve">
              <span className="bc__reserve-stack" aria-hidden="true" />
              <span>
                <strong data-testid="reserve-count" data-count={view.reserveCount}>
                  {view.reserveCount}
                </strong>{' '}
                in the reserve
              </span>
            </span>
            {view.phase === 'play' && (
              <span className="bc__stuck-count" data-testid="stuck-count" data-count={stuckCount}>
                {stuckCount} of {view.players} stuck
              </span>
            )}
            <OpenHandSwitch legal={legal} me={me} />
            {info !== null && info.gameNumber > 1 && (
              <span className="bc__wins" data-testid="table-match-wins">
                Games won: {matchWinsText(info)}
              </span>
            )}
          </div>
        </div>

        <div className="bc__stage">
          <div className="bc__slot" data-testid="stage-slot">
            {view.phase === 'play' && judging && (
              <p className="bc-judging" data-testid="judging" role="status">
                Judging… claims that arrived together are put in the order they were sent.
              </p>
            )}
            {view.phase === 'play' &&
              (current ? (
                <ReviewPanel state={state} claim={current} info={info} me={me} legal={legal} />
              ) : (
                <p className="bc-idle" data-testid="stage-idle">
                  {view.checkingDeal
                    ? 'Checking the deal for a possible cassowary…'
                    : me === null
                      ? 'No claim under review. Claims show up here for checking.'
                      : `No claim under review. Find ${view.target.value} with your cards and call “Cassowary!”`}
                </p>
              ))}
            {view.phase === 'blind' && <BlindPanel state={state} info={info} me={me} />}
            {view.phase === 'bestInShow' && (
              <BestInShowPanel state={state} info={info} me={me} legal={legal} />
            )}
            {view.phase === 'over' && (
              <p className="bc-idle" data-testid="stage-idle">
                The game is over: the score sheet has the breakdown and the blind cassowary.
              </p>
            )}
          </div>
          <div className="bc__feed">
            <Events view={view} info={info} />
            {view.phase === 'play' && <ClaimQueue view={view} info={info} />}
            {view.phase === 'bestInShow' && (
              <div className="bc-blind">
                <h3 className="bc-blind__title">Blind cassowary, revealed</h3>
                <BlindResults view={view} info={info} me={me} />
              </div>
            )}
          </div>
        </div>

        <aside className="bc__nests" aria-label="Nests">
          {seats.map((seat) => (
            <Nest key={seat} view={view} info={info} seat={seat} me={me} />
          ))}
        </aside>
      </div>

      <div className="bc__dock" data-testid="dock" ref={dock}>
        {view.preview !== null ? (
          <PreviewDock state={state} me={me} legal={legal} />
        ) : me === null ? (
          <p className="bc__spectating" data-testid="hand" data-count={0}>
            You are watching. Closed hands are hidden (open ones show in the nests); you may challenge a claim
            under review.
          </p>
        ) : view.phase === 'play' || view.phase === 'blind' ? (
          // Keyed by mode: a formula left over from play does not carry into the blind submission.
          <ExpressionBuilder
            key={view.phase === 'play' ? 'claim' : 'blind'}
            state={state}
            legal={legal}
            mode={view.phase === 'play' ? 'claim' : 'blind'}
          />
        ) : (
          <HandOnly hand={view.hand} />
        )}
      </div>

      {view.phase === 'over' && <BcScoreSheet view={view} info={info} />}
    </section>
  );
}

/**
 * The target preview: "only after this may players look at their hands". Hands stay face down until
 * every player is ready or the time is up.
 */
function PreviewDock({
  state,
  me,
  legal,
}: {
  state: BlindCassowaryGameState;
  me: number | null;
  legal: readonly BlindCassowaryIntent[];
}) {
  const busy = useStore((s) => s.busy);
  const preview = state.view.preview;
  const remaining = useRemaining(state, 'preview');
  if (preview === null) return null;
  const waiting = preview.ready.filter((r) => !r).length;
  const canReady = legal.some((i) => i.type === 'ready');
  return (
    <div className="bc-preview" data-testid="preview" data-waiting={waiting}>
      <p className="bc-preview__text">
        Look at the target: {state.view.target.value}. Hands turn over when everyone is ready
        {remaining !== null ? ` or in ${Math.ceil(remaining / 1000)} s` : ''}
        {me !== null && !canReady ? ` — waiting for ${waiting}…` : '.'}
      </p>
      {canReady && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="preview-ready"
          disabled={busy}
          onClick={() => void sendIntent({ type: 'ready' })}
        >
          Ready — show my hand
        </button>
      )}
    </div>
  );
}

/** "Hands may be played open or closed as individual players desire." */
function OpenHandSwitch({ legal, me }: { legal: readonly BlindCassowaryIntent[]; me: number | null }) {
  const busy = useStore((s) => s.busy);
  const intent = legal.find((i) => i.type === 'showHand');
  if (me === null || intent === undefined || intent.type !== 'showHand') return null;
  const open = !intent.open;
  return (
    <label
      className="bc__open-hand"
      htmlFor="bc-open-hand"
      title="An open hand is shown to everyone, spectators too"
    >
      <input
        id="bc-open-hand"
        type="checkbox"
        data-testid="show-my-hand"
        checked={open}
        disabled={busy}
        onChange={() => void sendIntent(intent)}
      />{' '}
      Play my hand open
    </label>
  );
}

function HandOnly({ hand }: { hand: readonly BlindCassowaryCard[] }) {
  return (
    <div
      className={`bc-hand ${handSize(hand.length)}`}
      role="group"
      data-testid="hand"
      data-count={hand.length}
      aria-label="Your hand"
      onKeyDown={moveFocusWithArrows}
    >
      {hand.length === 0 && <span className="bc-hand__empty">No cards left in your hand.</span>}
      {hand.map((card) => (
        <span key={card.id} className="bc-hand__card" data-testid={`hand-card-${card.id}`}>
          <BcCard card={card} size="md" />
        </span>
      ))}
    </div>
  );
}

const METHOD_TEXT: Readonly<Record<string, string>> = {
  digits: 'the two digits, in the order drawn',
  faceThenNumber: 'face card or 10 first: the sum',
  numberThenFace: 'number first: tens digit plus the face card',
  curse: 'the Curse: first × 10 + second',
  chameleon: 'doubly cursed: the card written twice',
};

function TargetPanel({ view }: { view: BlindCassowaryView }) {
  const t = view.target;
  return (
    <div
      className="bc-target"
      role="group"
      data-testid="target"
      data-value={t.value}
      aria-label={`Target ${t.value}`}
    >
      <div className="bc-target__cards" role="group" aria-label="Target cards, in the order drawn">
        {t.cards.map((card, i) => (
          <span key={card.id} className="bc-target__card">
            <BcCard card={card} size="sm" />
            <span className="bc-target__nth">{i === 0 ? '1st' : '2nd'}</span>
          </span>
        ))}
      </div>
      <div className="bc-target__body">
        <span className="bc-target__num">
          <span className="bc-target__label">Target</span>
          <strong className="bc-target__value" data-testid="target-value">
            {t.value}
          </strong>
        </span>
        <span className="bc-target__why">
          <span className="bc-target__how" data-testid="target-explanation">
            {t.explanation}
            <span className="bc-target__method">
              {' '}
              · Method {t.method === 'one' ? 'One' : 'Two'}: {METHOD_TEXT[t.rule] ?? t.rule}
            </span>
          </span>
          {t.redrawn.length > 0 && (
            <span className="bc-target__redrawn">
              {t.method === 'one' ? 'Sent back and redrawn' : 'Set aside'}:{' '}
              {t.redrawn.map((c) => cardShort(c)).join(', ')}
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

function Events({ view, info }: { view: BlindCassowaryView; info: RoomInfo | null }) {
  const last = view.events.slice(-2);
  if (last.length === 0) return null;
  return (
    <ul className="bc-events" data-testid="events" aria-live="polite">
      {last.map((e, i) => (
        <li
          key={`${view.events.length - last.length + i}`}
          className={`bc-events__item bc-events--${e.kind}`}
        >
          {e.seat !== null && <strong>{seatName(info, e.seat)}: </strong>}
          {e.text}
        </li>
      ))}
    </ul>
  );
}

function ClaimCards({ claim }: { claim: BlindCassowaryClaimView }) {
  return (
    <span className="bc-claim-cards">
      {claim.cards.map((card) => (
        <BcCard
          key={card.id}
          card={card}
          size="sm"
          copiesRank={claim.chameleons.find((r) => r.card === card.id)?.rank ?? null}
        />
      ))}
    </span>
  );
}

function ReviewPanel({
  state,
  claim,
  info,
  me,
  legal,
}: {
  state: BlindCassowaryGameState;
  claim: BlindCassowaryClaimView;
  info: RoomInfo | null;
  me: number | null;
  legal: readonly BlindCassowaryIntent[];
}) {
  const busy = useStore((s) => s.busy);
  const { view } = state;
  const key = `${claim.status === 'voting' ? 'vote' : 'review'}-${claim.id}`;
  const remaining = useRemaining(state, key);
  const can = (type: BlindCassowaryIntent['type']) =>
    legal.some((i) => i.type === type && 'claimId' in i && i.claimId === claim.id);
  const mine = claim.seat === me;
  const name = mine ? 'You' : seatName(info, claim.seat);
  const names = (seats: readonly number[]) => seats.map((s) => seatName(info, s)).join(', ');
  // Spectators get their own legal list (challenge the claim under review).
  const spectatorCanChallenge = me === null && can('challenge');
  const windowMs = claim.windowMs;

  return (
    <div
      className={`bc-review bc-review--${claim.status}`}
      data-testid="review-panel"
      data-claim={claim.id}
      data-status={claim.status}
      aria-live="polite"
    >
      <div className="bc-review__head">
        <span className="bc-review__call">
          {name} {mine ? 'call' : 'calls'} <em>“Cassowary!”</em>
        </span>
        <span className="bc-review__order">claim #{claim.order}</span>
        {remaining !== null && (
          <span
            className="bc-review__timer"
            data-testid="review-timer"
            data-remaining-ms={remaining}
            aria-label={`${Math.ceil(remaining / 1000)} seconds left`}
          >
            <span
              className="bc-review__timer-bar"
              style={{ width: `${Math.min(100, (remaining / Math.max(1, windowMs)) * 100)}%` }}
            />
            <span className="bc-review__timer-text">{Math.ceil(remaining / 1000)} s</span>
          </span>
        )}
      </div>
      <div className="bc-review__body">
        <ClaimCards claim={claim} />
        <p className="bc-review__formula" data-testid="review-formula">
          {claim.formula} <span className="bc-review__eq">= {view.target.value}?</span>
        </p>
      </div>
      {claim.status === 'review' && (
        <>
          {(can('approve') || spectatorCanChallenge) && (
            <div className="bc-review__actions">
              {can('approve') && (
                <button
                  type="button"
                  className="btn btn--ok bc-review__btn"
                  data-testid="review-approve"
                  disabled={busy}
                  onClick={() => void sendIntent({ type: 'approve', claimId: claim.id })}
                >
                  ✓ Approve
                </button>
              )}
              <button
                type="button"
                className="btn btn--danger bc-review__btn"
                data-testid="review-challenge"
                disabled={busy}
                onClick={() =>
                  void (me === null
                    ? sendSpectatorIntent({ type: 'challenge', claimId: claim.id })
                    : sendIntent({ type: 'challenge', claimId: claim.id }))
                }
              >
                ✗ Challenge
              </button>
            </div>
          )}
          <p className="bc-review__state">
            {claim.approvals.length > 0 ? `Approved by ${names(claim.approvals)}. ` : ''}
            {mine
              ? 'The others are checking your cassowary…'
              : can('approve')
                ? 'Check it: does it make the target?'
                : me === null
                  ? 'Spot a mistake? Spectators may challenge.'
                  : 'You reviewed it; waiting for the others.'}
          </p>
        </>
      )}
      {claim.status === 'voting' && (
        <>
          <p className="bc-review__state bc-review__wrong" data-testid="review-verdict">
            Challenged{claim.challengers.length > 0 ? ` by ${names(claim.challengers)}` : ''}
            {claim.spectatorChallenges > 0
              ? `${claim.challengers.length > 0 ? ' and' : ' by'} a spectator`
              : ''}
            : the server says it is wrong{claim.reason ? ` — ${claim.reason}` : ''}. The cards go back to{' '}
            {mine ? 'your' : `${seatName(info, claim.seat)}'s`} hand.
          </p>
          {can('vote') && (
            <div className="bc-review__actions">
              <button
                type="button"
                className="btn btn--ok bc-review__btn"
                data-testid="vote-honest"
                disabled={busy}
                onClick={() => void sendIntent({ type: 'vote', claimId: claim.id, verdict: 'honest' })}
              >
                Honest slip
              </button>
              <button
                type="button"
                className="btn btn--danger bc-review__btn"
                data-testid="vote-nefarious"
                disabled={busy}
                onClick={() => void sendIntent({ type: 'vote', claimId: claim.id, verdict: 'nefarious' })}
              >
                Nefarious (−{view.options.nefariousPenalty})
              </button>
            </div>
          )}
          <p className="bc-review__state">
            {mine
              ? 'The table votes: honest slip or nefarious?'
              : can('vote')
                ? 'Was it an honest slip, or nefarious?'
                : 'Waiting for the vote…'}{' '}
            {claim.votes.length > 0 && `(${plural(claim.votes.length, 'vote')} in)`}
          </p>
        </>
      )}
      {claim.status === 'queued' && <p className="bc-review__state">Waiting for its review…</p>}
    </div>
  );
}

const STATUS_TEXT: Readonly<Record<string, string>> = {
  queued: 'waiting',
  review: 'under review',
  voting: 'vote',
  stood: 'stands',
  returned: 'returned',
};

/**
 * A claim that stands says how: checked (challenged, or the server referee), approved by every other
 * player, or unchallenged (the window ran out) — the same words as the table's event. A returned claim
 * says who challenged it, or that the server referee refused it.
 */
export function claimStatusText(
  c: BlindCassowaryView['claims'][number],
  view: BlindCassowaryView,
  info: RoomInfo | null,
): string {
  const by = (seats: readonly number[], spectators: number) =>
    [...seats.map((s) => seatName(info, s)), ...(spectators > 0 ? ['a spectator'] : [])].join(', ');
  if (c.status === 'stood') {
    if (c.checked === true) return 'stands · checked';
    return c.approvals.length >= view.players - 1 ? 'stands · approved by everyone' : 'stands · unchallenged';
  }
  if (c.status === 'returned' || c.status === 'voting') {
    if (c.challengers.length === 0 && c.spectatorChallenges === 0) return `${c.reason ?? 'wrong'} · −1`; // the server referee's refusal
    const who = `challenged by ${by(c.challengers, c.spectatorChallenges)}`;
    if (c.status === 'voting') return `${who} · vote`;
    return `${who} · ${c.verdict === 'nefarious' ? `nefarious −${view.options.nefariousPenalty}` : 'honest slip'}`;
  }
  return STATUS_TEXT[c.status] ?? c.status;
}

/**
 * A gap is shown only where it decided something: another player's claim arrived less than a review
 * window before, so the arrival order decided which was reviewed (and could stand) first.
 */
const gapDecides = (c: BlindCassowaryClaimView): boolean =>
  c.gapMs !== null && c.gapMs < c.windowMs && c.afterSeat !== c.seat;

function ClaimQueue({ view, info }: { view: BlindCassowaryView; info: RoomInfo | null }) {
  const shown = view.claims.slice(-6);
  return (
    <div className="bc-queue" data-testid="claim-queue" data-count={view.claims.length}>
      <h3 className="bc-queue__title">Claims, in order of arrival</h3>
      {shown.length === 0 ? (
        <p className="bc-queue__empty">No claims yet. Find a cassowary and call it!</p>
      ) : (
        <ol className="bc-queue__list">
          {shown.map((c) => (
            <li
              key={c.id}
              className={`bc-queue__item bc-queue__item--${c.status} ${c.id === view.current ? 'is-current' : ''}`}
              data-testid={`claim-${c.id}`}
              data-status={c.status}
              data-seat={c.seat}
            >
              <span className="bc-queue__order">#{c.order}</span>
              <span className="bc-queue__who">{seatName(info, c.seat)}</span>
              {gapDecides(c) && (
                <span className="bc-queue__gap" data-testid={`claim-gap-${c.id}`}>
                  {gapText(c, info)}
                </span>
              )}
              <span className="bc-queue__formula">{c.formula}</span>
              <span className={`bc-queue__status bc-queue__status--${c.status}`}>
                {claimStatusText(c, view, info)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Nest({
  view,
  info,
  seat,
  me,
}: {
  view: BlindCassowaryView;
  info: RoomInfo | null;
  seat: number;
  me: number | null;
}) {
  const nest = view.nests[seat] ?? [];
  const cards = nest.reduce((n, e) => n + e.cards.length, 0);
  const stuck = view.phase === 'play' && view.stuck[seat] === true;
  const nef = view.nefariousCounts[seat] ?? 0;
  const wrong = view.wrongClaims[seat] ?? 0;
  const open = seat === me ? null : (view.openHands[seat] ?? null);
  return (
    <div
      className={`bc-nest ${seat === me ? 'bc-nest--me' : ''}`}
      data-testid={`nest-${seat}`}
      data-cassowaries={nest.length}
      data-cards={cards}
    >
      <div className="bc-nest__head">
        <SeatName info={info} seat={seat} you={seat === me} className="bc-nest__name" />
        <span className="bc-nest__tags">
          {stuck && <span className="tag tag--warn">stuck</span>}
          <SeatBadges info={info} seat={seat} />
          {nef > 0 && <span className="tag bc-tag--nef">nefarious ×{nef}</span>}
          {wrong > 0 && (
            <span className="tag bc-tag--nef" data-testid={`wrong-claims-${seat}`}>
              wrong ×{wrong}
            </span>
          )}
          {view.openHands[seat] !== null && <span className="tag">open hand</span>}
          <span className="bc-nest__hand" title="Cards in hand" data-testid={`hand-count-${seat}`}>
            {plural(view.handCounts[seat] ?? 0, 'card')} in hand
          </span>
        </span>
      </div>
      {open !== null && (
        <div
          className="bc-nest__open"
          data-testid={`open-hand-${seat}`}
          aria-label={`${seatName(info, seat)}'s open hand`}
        >
          {open.map((c) => (
            <BcCard key={c.id} card={c} size="sm" />
          ))}
        </div>
      )}
      <div className="bc-nest__entries" aria-label={`${seatName(info, seat)}'s nest`}>
        {nest.length === 0 ? (
          <span className="bc-nest__empty">empty nest</span>
        ) : (
          nest.map((e) => {
            const reads = view.claims.find((c) => c.id === e.claimId)?.chameleons ?? [];
            return (
              <span
                key={e.claimId}
                className={`bc-nest__entry bc-nest__entry--${e.orientation}`}
                title={e.formula}
                data-testid={`nest-entry-${e.claimId}`}
              >
                {e.cards.map((c) => (
                  <span
                    key={c.id}
                    className={`bc-nest__card ${c.suit === 'H' || c.suit === 'D' ? 'is-red' : ''}`}
                  >
                    {cardShort(c)}
                    {reads.some((r) => r.card === c.id) &&
                      `=${rankText(reads.find((r) => r.card === c.id)?.rank ?? 0)}`}
                  </span>
                ))}
              </span>
            );
          })
        )}
      </div>
      <div className="bc-nest__foot">
        {plural(nest.length, 'cassowary', 'cassowaries')} · {plural(cards, 'card')}
      </div>
    </div>
  );
}
