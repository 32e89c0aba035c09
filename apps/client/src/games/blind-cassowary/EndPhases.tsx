import type { BlindCassowaryIntent, BlindCassowaryView, RoomInfo } from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';
import { useStore } from '../../store.ts';
import type { BlindCassowaryGameState } from '../parse.ts';
import { BcCard } from './BcCard.tsx';
import { seatName, sendSpectatorIntent, useRemaining } from './labels.ts';

/** The 60-second decisions of the end of the game (the server's `timeUp` takes over when they run out). */
type Stage = 'blind' | 'nominate' | 'vote';
const AFTER: Readonly<Record<Stage, string>> = {
  blind: 'then you pass',
  nominate: 'then you nominate none',
  vote: 'then you abstain',
};

/**
 * The decision clock: your own (key `<stage>-<seat>`), or — once you have decided, and for spectators —
 * the time the others have left.
 */
export function DecisionClock({
  state,
  stage,
  me,
  compact = false,
  testId = 'decision-timer',
}: {
  state: BlindCassowaryGameState;
  stage: Stage;
  me: number | null;
  /** Just the seconds (beside the buttons); the others' time is always spelled out. */
  compact?: boolean;
  testId?: string;
}) {
  const mineKey = me === null ? null : `${stage}-${me}`;
  const mine = state.timers.some((t) => t.key === mineKey);
  const remaining = useRemaining(state, (t) => (mine ? t.key === mineKey : t.key.startsWith(`${stage}-`)));
  if (remaining === null) return null;
  const s = Math.ceil(remaining / 1000);
  const text = !mine ? `${s} s left for the others` : compact ? `${s} s` : `${s} s left — ${AFTER[stage]}`;
  return (
    <span
      className={`bc-clock ${s <= 10 ? 'is-low' : ''} ${compact ? 'bc-clock--compact' : ''}`}
      data-testid={testId}
      data-remaining-ms={remaining}
      data-mine={mine ? 'true' : 'false'}
      role="timer"
      aria-label={`${s} seconds left${mine ? `, ${AFTER[stage]}` : ''}`}
    >
      <span className="bc-clock__bar" style={{ width: `${Math.min(100, (remaining / 60_000) * 100)}%` }} />
      <span className="bc-clock__text">{text}</span>
    </span>
  );
}

/** Why the blind cassowary began: the last table event that started it (everyone stuck, or the proof). */
function blindReason(view: BlindCassowaryView): string {
  const start = view.events.findLast((e) => e.kind === 'noCassowary' || e.kind === 'stuckDraw');
  if (start?.kind === 'noCassowary')
    return `The reserve is empty and the server proved that no hand can make ${view.target.value}.`;
  if (start?.kind === 'stuckDraw') return 'The reserve is empty and everyone is stuck.';
  return 'The reserve is empty and the race is over.';
}

/** Who has submitted a blind cassowary, and after the simultaneous reveal what each one made. */
export function BlindPanel({
  state,
  info,
  me,
}: {
  state: BlindCassowaryGameState;
  info: RoomInfo | null;
  me: number | null;
}) {
  const { view } = state;
  const waiting = view.blind.filter((b) => !b.submitted).length;
  return (
    <div className="bc-blind" data-testid="blind-panel" data-revealed={view.blindRevealed ? 'true' : 'false'}>
      <div className="bc-blind__head">
        <h3 className="bc-blind__title">Blind cassowary</h3>
        <DecisionClock state={state} stage="blind" me={me} />
      </div>
      <p className="bc-blind__help" data-testid="blind-reason">
        {blindReason(view)} Each player secretly submits a formula from one or more cards, closest to{' '}
        {view.target.value} <strong>without going over</strong> — or passes. All are revealed at once; the
        closest scores 1. {waiting > 0 && `Waiting for ${waiting}…`}
      </p>
      <BlindResults view={view} info={info} me={me} />
    </div>
  );
}

export function BlindResults({
  view,
  info,
  me,
}: {
  view: BlindCassowaryView;
  info: RoomInfo | null;
  me: number | null;
}) {
  return (
    <ul className="bc-blind__list" data-testid="blind-results">
      {view.blind.map((b) => (
        <li
          key={b.seat}
          className={`bc-blind__row ${b.winner ? 'is-winner' : ''}`}
          data-testid={`blind-row-${b.seat}`}
          data-submitted={b.submitted ? 'true' : 'false'}
          data-winner={b.winner ? 'true' : 'false'}
        >
          <span className="bc-blind__who">
            {seatName(info, b.seat)}
            {b.seat === me && ' (you)'}
          </span>
          <span className="bc-blind__what">
            {!b.submitted
              ? 'thinking…'
              : b.pass === null
                ? 'submitted ✓ (hidden)'
                : b.pass
                  ? 'passed'
                  : `${b.formula ?? ''}${b.value !== null ? ` = ${b.value}` : ''}${b.bust ? ' · over: busts' : ''}`}
          </span>
          {b.winner && <span className="bc-blind__win">closest · +1</span>}
        </li>
      ))}
    </ul>
  );
}

/** Nominate one of your own cassowaries, then vote for another player's. */
export function BestInShowPanel({
  state,
  info,
  me,
  legal,
}: {
  state: BlindCassowaryGameState;
  info: RoomInfo | null;
  me: number | null;
  legal: readonly BlindCassowaryIntent[];
}) {
  const { view } = state;
  const busy = useStore((s) => s.busy);
  const nominating = legal.some((i) => i.type === 'nominate');
  const voteIds = new Set(legal.flatMap((i) => (i.type === 'bestInShowVote' ? [i.claimId] : [])));
  const voting = view.nominated.every(Boolean);
  const nominees = view.nominations.flatMap((id, seat) => (id === null ? [] : [{ id, seat }]));
  const claimOf = (id: string) => view.claims.find((c) => c.id === id);
  const mine = me !== null ? (view.nests[me] ?? []) : [];
  return (
    <div className="bc-bis" data-testid="best-in-show">
      <div className="bc-blind__head">
        <h3 className="bc-blind__title">Best in Show</h3>
        <DecisionClock state={state} stage={voting ? 'vote' : 'nominate'} me={me} />
      </div>
      {!voting ? (
        <>
          <p className="bc-blind__help">
            Each player nominates one cassowary from their own nest. {view.nominated.filter((n) => !n).length}{' '}
            still to nominate.
          </p>
          {nominating && (
            <div className="bc-bis__choices">
              {mine.map((e) => (
                <button
                  key={e.claimId}
                  type="button"
                  className="btn btn--ghost-dark bc-bis__choice"
                  data-testid={`nominate-${e.claimId}`}
                  disabled={busy}
                  onClick={() => void sendIntent({ type: 'nominate', claimId: e.claimId })}
                >
                  <span className="bc-claim-cards">
                    {e.cards.map((c) => (
                      <BcCard key={c.id} card={c} size="xs" />
                    ))}
                  </span>
                  <span>{e.formula}</span>
                </button>
              ))}
              <button
                type="button"
                className="btn btn--ghost-dark"
                data-testid="nominate-none"
                disabled={busy}
                onClick={() => void sendIntent({ type: 'nominate', claimId: null })}
              >
                No nomination
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="bc-blind__help">Vote for the finest cassowary (not your own).</p>
          <div className="bc-bis__choices">
            {nominees.map(({ id, seat }) => {
              const c = claimOf(id);
              const can = voteIds.has(id);
              return (
                <button
                  key={id}
                  type="button"
                  className="btn btn--ghost-dark bc-bis__choice"
                  data-testid={`bis-vote-${id}`}
                  disabled={busy || !can || (me !== null && view.bestInShowVoted[me] === true)}
                  onClick={() =>
                    void (me === null
                      ? sendSpectatorIntent({ type: 'bestInShowVote', claimId: id })
                      : sendIntent({ type: 'bestInShowVote', claimId: id }))
                  }
                >
                  <strong>{seatName(info, seat)}</strong>
                  {c && (
                    <span className="bc-claim-cards">
                      {c.cards.map((card) => (
                        <BcCard key={card.id} card={card} size="xs" />
                      ))}
                    </span>
                  )}
                  <span>{c?.formula ?? id}</span>
                </button>
              );
            })}
          </div>
          {me !== null && view.bestInShowVoted[me] === true && (
            <p className="bc-blind__help">You voted. Waiting for the others…</p>
          )}
        </>
      )}
    </div>
  );
}
