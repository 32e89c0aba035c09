import type { RoomInfo, StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { IntentButton } from '../../table-kit/buttons.tsx';
import { seatName } from './Showdown.tsx';

/** What the Pirate Map does and what its d4 does, where the offer is made. */
export const MAP_EXPLAINED =
  'The map lets its owner leave the Signpost Beacon out of their Vector Set. After the draft the owner lays out their Nav Memory face down; a d4 is rolled and the card in that position is discarded. The owner cannot take the Bounty.';

/** Why the offer passes this seat by this round (the map goes round in Initiative order, owner excluded). */
export function skippedOfferReason(view: StarNavigatorView, seat: number): string | null {
  if (!view.options.pirateMap || view.phase !== 'market') return null;
  if (view.pirateMapOwner === seat) return 'You own the map, so it is not offered to you.';
  const chips = view.seats.find((s) => s.seat === seat)?.chips ?? 0;
  if (chips <= view.pirateMapPrice)
    return `Not offered to you this round: it costs ${view.pirateMapPrice} chips and you must keep at least one (you have ${chips}).`;
  return null;
}

/** The Pirate Map offer, explained where it is made. */
export function Market({
  view,
  info,
  legal,
  busy,
}: {
  view: StarNavigatorView;
  info: RoomInfo | null;
  legal: StarNavigatorIntent[];
  busy: boolean;
}) {
  const offered = legal.some((i) => i.type === 'buyMap');
  const skipped = view.viewer === 'spectator' ? null : skippedOfferReason(view, view.viewer);
  return (
    <div className="sn__panel" data-testid="map-offer">
      <p>
        {view.marketSeat === null
          ? 'The Pirate Map market is closing.'
          : offered
            ? `Buy the Pirate Map for ${view.pirateMapPrice} chips? The price goes into the Bounty.`
            : `${seatName(info, view.marketSeat)} is deciding on the Pirate Map (${view.pirateMapPrice} chips).`}
      </p>
      <p className="sn__hint" data-testid="map-explained">
        {MAP_EXPLAINED}
      </p>
      {skipped && (
        <p className="sn__hint" data-testid="map-skipped">
          {skipped}
        </p>
      )}
      {offered && (
        <div className="row">
          <IntentButton intent={{ type: 'buyMap' }} testId="buy-map" busy={busy} primary>
            Buy the map
          </IntentButton>
          <IntentButton intent={{ type: 'declineMap' }} testId="decline-map" busy={busy}>
            Pass
          </IntentButton>
        </div>
      )}
    </div>
  );
}
