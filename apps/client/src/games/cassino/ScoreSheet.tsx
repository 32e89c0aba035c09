import type { ReactNode } from 'react';
import type { CassinoIntent, CassinoView, RoomInfo } from '@cards/schema';
import { IntentButton } from '../../table-kit/buttons.tsx';
import { useStore } from '../../store.ts';
import { EndSheet, ScoreTable, winnerBanner } from '../../table-kit/EndSheet.tsx';
import { SCORE_ROWS, seatName } from './labels.ts';

/** Score sheet shown between deals and at the end of the game. */
export function ScoreSheet({
  view,
  legal,
  info,
}: {
  view: CassinoView;
  legal: readonly CassinoIntent[];
  info: RoomInfo | null;
}) {
  const busy = useStore((s) => s.busy);
  const seats = Array.from({ length: view.players }, (_, seat) => seat);
  const lines = view.dealScores[view.dealScores.length - 1] ?? [];
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const canContinue = legal.find((i) => i.type === 'continue');
  const over = view.phase === 'matchOver';
  const to21 = view.options.match === 'to21';
  const waitingFor = view.awaitingContinue.filter((s) => s !== me).map((s) => seatName(info, s));
  const readyOthers = seats
    .filter((s) => s !== me && !view.awaitingContinue.includes(s))
    .map((s) => seatName(info, s));

  // Between deals: the next deal instead of the rematch.
  const nextDeal = (hideButton: ReactNode) => (
    <>
      {hideButton}
      {canContinue ? (
        <IntentButton intent={canContinue} busy={busy} primary testId="next-deal">
          Next deal
        </IntentButton>
      ) : null}
      {/* Until you press Next deal yourself, nobody is waiting for the other player. */}
      {!canContinue && waitingFor.length > 0 && (
        <p className="sheet__wait">Waiting for {waitingFor.join(' and ')} to continue…</p>
      )}
      {canContinue && readyOthers.length > 0 && (
        <p className="sheet__wait">{readyOthers.join(' and ')} is ready for the next deal.</p>
      )}
    </>
  );

  return (
    <EndSheet
      info={info}
      me={me}
      banner={over ? winnerBanner(view.winners, me, info) : null}
      title={to21 ? `Deal ${view.dealNumber} score` : 'Final score'}
      className="sheet"
      actions={over ? undefined : nextDeal}
    >
      {to21 && (
        // The decisive total first: it stays in view while the rest of the sheet scrolls.
        <p className="sheet__match-line kit-sheet__decisive" data-testid="match-summary">
          Match to 21:{' '}
          {seats.map((seat) => `${seatName(info, seat)} ${view.matchTotals[seat] ?? 0}`).join(' · ')}
        </p>
      )}
      <ScoreTable info={info} seats={seats} className="sheet__table">
        {SCORE_ROWS.map((row) => (
          <tr key={row.key} className={row.hint === 'count' ? 'kit-sheet__count-row' : undefined}>
            <th scope="row">
              {row.label}
              <span className="sheet__hint">{row.hint === 'count' ? '' : row.hint}</span>
            </th>
            {seats.map((seat) => (
              <td key={seat}>{lines[seat]?.[row.key] ?? 0}</td>
            ))}
          </tr>
        ))}
        <tr className="kit-sheet__total sheet__total">
          <th scope="row">{to21 ? 'Deal points' : 'Points'}</th>
          {seats.map((seat) => (
            <td key={seat} data-testid={`score-total-${seat}`}>
              {lines[seat]?.total ?? 0}
            </td>
          ))}
        </tr>
        {to21 && (
          <tr className="sheet__match">
            <th scope="row">Match total (to 21)</th>
            {seats.map((seat) => (
              <td key={seat} data-testid={`match-total-${seat}`}>
                {view.matchTotals[seat] ?? 0}
              </td>
            ))}
          </tr>
        )}
      </ScoreTable>
    </EndSheet>
  );
}
