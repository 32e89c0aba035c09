import type { BlindCassowaryIntent, BlindCassowaryView, RoomInfo } from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';
import { useStore } from '../../store.ts';
import { BcCard } from './BcCard.tsx';
import { seatName, sendSpectatorIntent } from './labels.ts';

/** Who has submitted a blind cassowary, and after the simultaneous reveal what each one made. */
export function BlindPanel({
  view,
  info,
  me,
}: {
  view: BlindCassowaryView;
  info: RoomInfo | null;
  me: number | null;
}) {
  const waiting = view.blind.filter((b) => !b.submitted).length;
  return (
    <div className="bc-blind" data-testid="blind-panel" data-revealed={view.blindRevealed ? 'true' : 'false'}>
      <h3 className="bc-blind__title">Blind cassowary</h3>
      <p className="bc-blind__help">
        The reserve is empty and everyone is stuck. Each player secretly submits a formula closest to{' '}
        {view.target.value} without going over — or passes. {waiting > 0 && `Waiting for ${waiting}…`}
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
                  : `${b.formula ?? ''} = ${b.value ?? '?'}`}
          </span>
          {b.winner && <span className="bc-blind__win">closest · +1</span>}
        </li>
      ))}
    </ul>
  );
}

/** Nominate one of your own cassowaries, then vote for another player's. */
export function BestInShowPanel({
  view,
  info,
  me,
  legal,
}: {
  view: BlindCassowaryView;
  info: RoomInfo | null;
  me: number | null;
  legal: readonly BlindCassowaryIntent[];
}) {
  const busy = useStore((s) => s.busy);
  const nominating = legal.some((i) => i.type === 'nominate');
  const voteIds = new Set(legal.flatMap((i) => (i.type === 'bestInShowVote' ? [i.claimId] : [])));
  const voting = view.nominated.every(Boolean);
  const nominees = view.nominations.flatMap((id, seat) => (id === null ? [] : [{ id, seat }]));
  const claimOf = (id: string) => view.claims.find((c) => c.id === id);
  const mine = me !== null ? (view.nests[me] ?? []) : [];
  return (
    <div className="bc-bis" data-testid="best-in-show">
      <h3 className="bc-blind__title">Best in Show</h3>
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
