import { EndSheet, ScoreTable, winnerBanner } from '../../table-kit/EndSheet.tsx';
import type { BlindCassowaryStanding, BlindCassowaryView, RoomInfo } from '@cards/schema';
import { BlindResults } from './EndPhases.tsx';

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
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const seats = Array.from({ length: view.players }, (_, s) => s);
  const standings = view.standings ?? [];
  const bySeat = new Map(standings.map((l) => [l.seat, l]));
  return (
    <EndSheet
      info={info}
      me={me}
      banner={winnerBanner(view.winners, me, info)}
      title={`Final score · target ${view.target.value}`}
      className="bc-sheet"
    >
      <ScoreTable info={info} seats={seats} className="bc-sheet__table">
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
        <tr className="kit-sheet__total bc-sheet__total">
          <th scope="row">Total</th>
          {seats.map((seat) => (
            <td key={seat} data-testid={`score-total-${seat}`}>
              {String(bySeat.get(seat)?.total ?? 0).replace('-', '−')}
            </td>
          ))}
        </tr>
      </ScoreTable>
      <h3 className="bc-sheet__sub">Blind cassowary</h3>
      <BlindResults view={view} info={info} me={me} />
    </EndSheet>
  );
}
