import type { RoomInfo, StarNavigatorView } from '@cards/schema';
import { EndSheet, ScoreTable, winnerBanner } from '../../table-kit/EndSheet.tsx';
import { seatName } from './Showdown.tsx';

/**
 * The final standings, in the kit's end sheet over the last showdown (it closes to show the table):
 * each navigator's chips, the decisive total, against what they started with.
 */
export function Standings({
  view,
  info,
  me,
}: {
  view: StarNavigatorView;
  info: RoomInfo | null;
  me: number | null;
}) {
  const seats = view.seats.map((s) => s.seat);
  const anyOut = view.seats.some((s) => s.eliminated);
  return (
    <EndSheet
      info={info}
      me={me}
      banner={winnerBanner(view.winners, me, info, seatName)}
      title={`Final standings · ${view.round} ${view.round === 1 ? 'round' : 'rounds'}`}
    >
      <ScoreTable info={info} seats={seats} className="sn-sheet__table">
        <tr className="kit-sheet__count-row">
          <th scope="row">Chips at the start</th>
          {seats.map((seat) => (
            <td key={seat}>{view.options.startingChips}</td>
          ))}
        </tr>
        {anyOut && (
          <tr className="kit-sheet__count-row">
            <th scope="row">Out of chips</th>
            {view.seats.map((s) => (
              <td key={s.seat} data-testid={`score-out-${s.seat}`}>
                {s.eliminated ? 'eliminated' : '—'}
              </td>
            ))}
          </tr>
        )}
        <tr className="kit-sheet__total">
          <th scope="row">Chips</th>
          {view.seats.map((s) => (
            <td key={s.seat} data-testid={`score-total-${s.seat}`}>
              {s.chips}
            </td>
          ))}
        </tr>
      </ScoreTable>
    </EndSheet>
  );
}
