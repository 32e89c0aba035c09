import { motion } from 'motion/react';
import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import { useClosableSheet } from '../../table-kit/ClosableSheet.tsx';
import type { BlindCassowaryStanding, BlindCassowaryView, RoomInfo } from '@cards/schema';
import { BlindResults } from './EndPhases.tsx';
import { seatName } from './labels.ts';

type Row = { key: keyof BlindCassowaryStanding; label: string; hint: string; sign?: boolean };

function rowsFor(view: BlindCassowaryView): Row[] {
  const o = view.options;
  const rows: Row[] = [
    { key: 'cassowaries', label: 'Cassowaries', hint: 'count', sign: false },
    { key: 'nestCards', label: 'Cards in nest', hint: 'count', sign: false },
    {
      key: 'nest',
      label: 'Nest',
      hint: o.scoring === 'composite' ? 'composite: cards' : 'simple: cassowaries',
    },
  ];
  if (o.bigCassowary) rows.push({ key: 'bigCassowary', label: 'Big Cassowary', hint: 'largest one' });
  rows.push({ key: 'blind', label: 'Blind cassowary', hint: 'closest' });
  if (o.drunkChameleon) rows.push({ key: 'drunkChameleon', label: 'Drunk Chameleon', hint: '−2' });
  rows.push({ key: 'nefarious', label: 'Nefarious', hint: `−${o.nefariousPenalty} each` });
  if (o.referee === 'server') rows.push({ key: 'wrongClaims', label: 'Wrong claims', hint: '−1 each' });
  if (o.bestInShow) rows.push({ key: 'bestInShow', label: 'Best in Show', hint: '+3' });
  return rows;
}

export function BcScoreSheet({ view, info }: { view: BlindCassowaryView; info: RoomInfo | null }) {
  const { hidden, hideButton, showButton } = useClosableSheet();
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const standings = view.standings ?? [];
  const bySeat = new Map(standings.map((l) => [l.seat, l]));
  const banner =
    view.winners.length === 1
      ? view.winners[0] === me
        ? 'You win!'
        : `${seatName(info, view.winners[0] ?? 0)} wins!`
      : `It's a tie between ${view.winners.map((s) => seatName(info, s)).join(' and ')}.`;

  if (hidden) return showButton;

  return (
    <div className="bc-sheet-backdrop">
      <motion.div
        className="bc-sheet"
        role="dialog"
        aria-modal="false"
        aria-labelledby="bc-score-title"
        data-testid="score-sheet"
        initial={{ opacity: 0, y: 24 }}
        animate={{ opacity: 1, y: 0 }}
        transition={{ duration: 0.25 }}
      >
        <p className="bc-sheet__banner" data-testid="winner-banner">
          {banner}
        </p>
        <h2 id="bc-score-title" className="bc-sheet__title">
          Final score · target {view.target.value}
        </h2>
        <div className="bc-sheet__scroll" tabIndex={0} role="region" aria-label="Score table">
          <table className="bc-sheet__table">
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
              {rowsFor(view).map((row) => (
                <tr key={row.key} className={row.sign === false ? 'bc-sheet__count-row' : undefined}>
                  <th scope="row">
                    {row.label}
                    {row.hint !== 'count' && <span className="bc-sheet__hint">{row.hint}</span>}
                  </th>
                  {seats.map((seat) => {
                    const v = Number(bySeat.get(seat)?.[row.key] ?? 0);
                    return (
                      <td key={seat} data-testid={`score-${row.key}-${seat}`}>
                        {row.sign === false || v <= 0 ? String(v).replace('-', '−') : `+${v}`}
                      </td>
                    );
                  })}
                </tr>
              ))}
              <tr className="bc-sheet__total">
                <th scope="row">Total</th>
                {seats.map((seat) => (
                  <td key={seat} data-testid={`score-total-${seat}`}>
                    {String(bySeat.get(seat)?.total ?? 0).replace('-', '−')}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <h3 className="bc-sheet__sub">Blind cassowary</h3>
        <BlindResults view={view} info={info} me={me} />
        <div className="bc-sheet__actions">
          <MatchWins info={info} className="bc-sheet__wins" />
          {hideButton}
          <RematchButton seated={me !== null} />
        </div>
      </motion.div>
    </div>
  );
}
