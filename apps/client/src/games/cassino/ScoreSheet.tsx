import { motion } from 'motion/react';
import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import type { CassinoIntent, CassinoView, RoomInfo } from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';
import { useStore } from '../../store.ts';
import { useClosableSheet } from '../../table-kit/ClosableSheet.tsx';
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
  const { hidden, hideButton, showButton } = useClosableSheet();
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

  let banner = '';
  if (over) {
    if (view.winners.length === 1) {
      const w = view.winners[0] ?? 0;
      banner = w === me ? 'You win!' : `${seatName(info, w)} wins!`;
    } else {
      banner = `It's a tie between ${view.winners.map((s) => seatName(info, s)).join(' and ')}.`;
    }
  }

  if (hidden) return showButton;

  return (
    <div className="sheet-backdrop">
      <motion.div
        className="sheet"
        role="dialog"
        aria-modal="false"
        aria-labelledby="score-title"
        data-testid="score-sheet"
        initial={{ opacity: 0, y: 24 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.25 }}
      >
        {over && (
          <p className="sheet__banner" data-testid="winner-banner">
            {banner}
          </p>
        )}
        <h2 id="score-title" className="sheet__title">
          {to21 ? `Deal ${view.dealNumber} score` : 'Final score'}
        </h2>
        {to21 && (
          // The decisive total first, so it is in view whatever the height of the screen.
          <p className="sheet__match-line" data-testid="match-summary">
            Match to 21:{' '}
            {seats.map((seat) => `${seatName(info, seat)} ${view.matchTotals[seat] ?? 0}`).join(' · ')}
          </p>
        )}
        {/* Focusable: the table can scroll, and a keyboard must be able to scroll it. */}
        <div className="sheet__scroll" tabIndex={0} role="region" aria-label="Score table">
          <table className="sheet__table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Category</span>
                </th>
                {seats.map((seat) => (
                  <th scope="col" key={seat}>
                    {seatName(info, seat)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SCORE_ROWS.map((row) => (
                <tr key={row.key} className={row.hint === 'count' ? 'sheet__count-row' : undefined}>
                  <th scope="row">
                    {row.label}
                    <span className="sheet__hint">{row.hint === 'count' ? '' : row.hint}</span>
                  </th>
                  {seats.map((seat) => (
                    <td key={seat}>{lines[seat]?.[row.key] ?? 0}</td>
                  ))}
                </tr>
              ))}
              <tr className="sheet__total">
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
            </tbody>
          </table>
        </div>

        {!over && (
          <div className="sheet__actions">
            {hideButton}
            {canContinue ? (
              <button
                type="button"
                className="btn btn--primary"
                data-testid="next-deal"
                disabled={busy}
                onClick={() => void sendIntent(canContinue)}
              >
                Next deal
              </button>
            ) : null}
            {/* Until you press Next deal yourself, nobody is waiting for the other player. */}
            {!canContinue && waitingFor.length > 0 && (
              <p className="sheet__wait">Waiting for {waitingFor.join(' and ')} to continue…</p>
            )}
            {canContinue && readyOthers.length > 0 && (
              <p className="sheet__wait">{readyOthers.join(' and ')} is ready for the next deal.</p>
            )}
          </div>
        )}

        {over && (
          <div className="sheet__actions">
            <MatchWins info={info} className="sheet__wins" />
            {hideButton}
            <RematchButton seated={me !== null} />
          </div>
        )}
      </motion.div>
    </div>
  );
}
