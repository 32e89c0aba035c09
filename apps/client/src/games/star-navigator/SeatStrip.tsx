import { useState } from 'react';
import { motion } from 'motion/react';
import type { RoomInfo, StarNavigatorView } from '@cards/schema';
import { SeatBadges, SeatName } from '../../table-kit/seats.tsx';
import { seatName, type ShowdownReplay } from './Showdown.tsx';

/** The navigators: name, badges, chips and what each is doing now. */
export function SeatStrip({
  view,
  info,
  replay,
}: {
  view: StarNavigatorView;
  info: RoomInfo | null;
  replay: ShowdownReplay;
}) {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  return (
    <ul className="sn__seats" aria-label="Navigators">
      {view.seats.map((s) => {
        const out = replay.eliminated(s.seat);
        const chips = replay.chips(s.seat);
        const flags: string[] = [];
        if (out) flags.push('eliminated');
        else if (view.phase === 'market') {
          if (view.marketSeat === s.seat) flags.push('deciding on the Pirate Map…');
        } else if (view.phase === 'draft' || view.phase === 'compose') {
          if (s.timedOut) flags.push('out of time');
          else if (s.submitted) flags.push('submitted');
          else if (s.choosing) flags.push('choosing…');
        }
        if (s.hotshot) flags.push('hotshot');
        if (s.corruptionRoll !== null) flags.push(`d4: ${s.corruptionRoll}`);
        if (view.pirateMapOwner === s.seat) flags.push('map owner: cannot claim the Bounty');
        return (
          <li
            key={s.seat}
            className={`sn__seat ${s.seat === me ? 'is-me' : ''} ${out ? 'is-out' : ''}`}
            data-testid={`sn-seat-${s.seat}`}
            data-choosing={s.choosing ? 'true' : 'false'}
          >
            <span className="sn__seat-name">
              {s.seat === replay.initiative && (
                <span className="sn__tag sn__tag--initiative" title="Initiative">
                  ⚑ Initiative
                </span>
              )}
              {view.pirateMapOwner === s.seat && (
                <span className="sn__tag sn__tag--map" title="Pirate Map owner" data-testid="map-owner-tag">
                  Map
                </span>
              )}
              <SeatName
                info={info}
                seat={s.seat}
                you={s.seat === me}
                className="sn__seat-who"
                fallback={seatName(info, s.seat)}
              />
              <SeatBadges info={info} seat={s.seat} />
            </span>
            <ChipCount seat={s.seat} chips={chips} />
            <span className="sn__seat-flags">{flags.join(' · ')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A seat's chip count; it pulses when chips land on it. */
function ChipCount({ seat, chips }: { seat: number; chips: number }) {
  const [first] = useState(chips);
  return (
    <span className="sn__chips" data-testid={`chips-${seat}`} data-value={chips}>
      <motion.span
        key={chips}
        className="sn__chips-n"
        initial={chips === first ? false : { scale: 1.6 }}
        animate={{ scale: 1 }}
        transition={{ duration: 0.4 }}
      >
        {chips}
      </motion.span>{' '}
      ◉
    </span>
  );
}
