import type { RoomInfo, StarNavigatorView } from '@cards/schema';
import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import { seatName } from './Showdown.tsx';

/** The final standings, under the last showdown. */
export function Standings({
  view,
  info,
  me,
}: {
  view: StarNavigatorView;
  info: RoomInfo | null;
  me: number | null;
}) {
  const order = [...view.seats].sort((a, b) => b.chips - a.chips);
  const banner =
    view.winners.length === 1
      ? view.winners[0] === me
        ? 'You win!'
        : `${seatName(info, view.winners[0]!)} wins!`
      : `Shared victory: ${view.winners.map((s) => seatName(info, s)).join(' and ')}`;
  return (
    <div className="sn__panel sn__standings" data-testid="score-sheet">
      <p className="sn__banner" data-testid="winner-banner">
        {banner}
      </p>
      <ol>
        {order.map((s) => (
          <li key={s.seat}>
            {seatName(info, s.seat)} — {s.chips} chips{s.eliminated ? ' (eliminated)' : ''}
          </li>
        ))}
      </ol>
      <MatchWins info={info} className="sn__wins" />
      <RematchButton seated={me !== null} />
    </div>
  );
}
