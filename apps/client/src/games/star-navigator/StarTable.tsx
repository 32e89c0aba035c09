import { useEffect, useLayoutEffect, useState } from 'react';
import type { StarCard, StarNavigatorView } from '@cards/schema';
import { IntentButton } from '../../table-kit/buttons.tsx';
import { useStore } from '../../store.ts';
import { VARIANT_NAMES } from './StarOptions.tsx';
import { isOverride, StarCardFace } from './StarCardFace.tsx';
import { SUIT_NAME, suitMark } from './labels.ts';
import { ChipFlights, seatName, Showdown, useShowdownReplay } from './Showdown.tsx';
import { SeatStrip } from './SeatStrip.tsx';
import { Market } from './Market.tsx';
import { Draft, Memory } from './Draft.tsx';
import { Compose } from './Compose.tsx';
import { Standings } from './Standings.tsx';
import type { StarGameState } from '../parse.ts';
import './star-navigator.css';

export { seatName };

/** What the running clock is for, by phase (the short timers are the map offer and the acknowledgement). */
const TIMER_LABEL: Readonly<Record<StarNavigatorView['phase'], string>> = {
  market: 'Map offer',
  draft: 'Round time',
  compose: 'Round time',
  showdown: 'Next round in',
  over: 'Time',
};

/** Seconds left on the viewer's (or the earliest) running deadline, ticking locally. */
function useCountdown(state: StarGameState, seat: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  const mine = state.timers.filter((t) => seat === null || t.seat === seat);
  const list = mine.length > 0 ? mine : state.timers;
  if (list.length === 0) return null;
  const ms = Math.min(...list.map((t) => t.remainingMs)) - (now - state.receivedAt);
  return Math.max(0, Math.ceil(ms / 1000));
}

export function StarTable({ state }: { state: StarGameState }) {
  const info = useStore((s) => s.info);
  const busy = useStore((s) => s.busy);
  const { view, legal, version, actors } = state;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const myTurn = me !== null && actors.includes(me);
  const seconds = useCountdown(state, me);
  const replay = useShowdownReplay(view);
  const stickyTop = useTopbarHeight();
  const cards = new Map<string, StarCard>();
  for (const c of [...view.dataPacket, ...view.navMemory, ...view.targetCards]) cards.set(c.id, c);
  if (view.signpostBeacon) cards.set(view.signpostBeacon.id, view.signpostBeacon);
  const showdown = view.phase === 'showdown' || view.phase === 'over';
  const last = view.lastShowdown;

  return (
    <section
      className={`sn ${myTurn ? 'sn--my-turn' : ''} ${showdown ? 'sn--showdown' : ''}`}
      style={{ '--sn-sticky-top': `${stickyTop}px` } as React.CSSProperties}
      data-testid="table"
      data-version={version}
      data-my-turn={myTurn ? 'true' : 'false'}
      data-phase={view.phase}
      aria-label="Star Navigator table"
    >
      {me !== null && view.seats[me]?.eliminated && view.phase !== 'over' && (
        <p className="sn__out-notice" role="status" data-testid="eliminated-notice">
          You are out of chips, so you are out of the game: you can watch the rest of it.
        </p>
      )}
      <header className="sn__sky">
        <div className="sn__target" data-testid="target" data-value={view.target ?? ''}>
          <span className="sn__label">Target</span>
          <span className="sn__target-value">{view.target ?? '—'}</span>
          <span className="sn__target-cards">
            {view.targetCards.map((c) => (
              <StarCardFace key={c.id} card={c} size="sm" override={isOverride(view, c)} />
            ))}
          </span>
          {view.targetCards.length === 1 && view.targetCards[0] && isOverride(view, view.targetCards[0]) && (
            <span className="sn__hint sn__target-note" data-testid="override-target-note">
              An Override card drawn for the target is the whole target by itself.
            </span>
          )}
          {view.phase === 'market' && (
            <span className="sn__hint sn__target-note" data-testid="target-note">
              Dealt after the Pirate Map offer
              {last !== null && ` (last round: ${last.target})`}
            </span>
          )}
        </div>
        <div className="sn__beacon" data-testid="beacon" data-card={view.signpostBeacon?.id ?? ''}>
          <span className="sn__label">Signpost Beacon</span>
          {view.signpostBeacon ? (
            <StarCardFace
              card={view.signpostBeacon}
              size="lg"
              override={isOverride(view, view.signpostBeacon)}
            />
          ) : (
            <span>—</span>
          )}
        </div>
        <div className="sn__facts">
          <span>Round {view.round}</span>
          <span data-testid="initiative" data-seat={replay.initiative}>
            Initiative: {seatName(info, replay.initiative)}
          </span>
          <span data-testid="bounty" data-value={replay.bounty}>
            Bounty: {replay.bounty} ◉
          </span>
          {view.options.pirateMap && (
            <span data-testid="pirate-map">
              Pirate Map: {view.pirateMapOwner === null ? 'unowned' : seatName(info, view.pirateMapOwner)} ·
              price {view.pirateMapPrice}
            </span>
          )}
          {view.options.pirateMap && (
            <span data-testid="bounty-eligible" data-seats={view.bountyEligible.join(',')}>
              {view.bountyEligible.length === 0
                ? 'Nobody can claim the Bounty'
                : `Bounty goes to a sole winner: ${view.bountyEligible.map((s) => seatName(info, s)).join(', ')}`}
              {view.pirateMapOwner !== null && ` (not ${seatName(info, view.pirateMapOwner)}, the map owner)`}
            </span>
          )}
          {view.overrideSuit !== null && (
            <span
              data-testid="override-suit"
              title={
                view.options.variant === 'selectCommandOverride'
                  ? 'Holding an Override card in your Nav Memory, you must use at least one of them.'
                  : 'Every Override card in your Nav Memory must be used in your Vector Set.'
              }
            >
              Override: {suitMark(view.overrideSuit)} {SUIT_NAME[view.overrideSuit]}
            </span>
          )}
          {view.options.variant !== 'none' && <span>{VARIANT_NAMES[view.options.variant]}</span>}
          {seconds !== null && (
            <span
              className={`sn__timer ${seconds <= 15 ? 'is-low' : ''}`}
              data-testid="round-timer"
              data-seconds={seconds}
            >
              {TIMER_LABEL[view.phase]} {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}
            </span>
          )}
        </div>
      </header>

      <SeatStrip view={view} info={info} replay={replay} />
      <ChipFlights replay={replay} />

      {view.phase === 'market' && <Market view={view} info={info} legal={legal} busy={busy} />}
      {view.phase === 'draft' && me !== null && <Draft view={view} legal={legal} busy={busy} />}
      {(view.phase === 'draft' || view.phase === 'compose') && me !== null && <Memory view={view} />}
      {view.phase === 'compose' && me !== null && (
        <Compose key={view.round} view={view} legal={legal} busy={busy} cards={cards} />
      )}
      {me === null && (view.phase === 'draft' || view.phase === 'compose') && (
        <p className="sn__hint">
          You are watching: the navigators are {view.phase === 'draft' ? 'drafting' : 'calculating'}.
        </p>
      )}
      {showdown && (
        <Showdown
          replay={replay}
          info={info}
          me={me}
          overrideSuit={view.overrideSuit}
          gameOver={view.phase === 'over'}
        />
      )}
      {legal.some((i) => i.type === 'continue') && (
        <IntentButton
          intent={{ type: 'continue' }}
          testId="continue"
          busy={busy}
          primary
          className="sn__continue"
        >
          Next round
        </IntentButton>
      )}
      {view.phase === 'showdown' && me !== null && !legal.some((i) => i.type === 'continue') && (
        <p className="sn__hint">Waiting for the others to continue…</p>
      )}
      {view.phase === 'over' && replay.done && <Standings view={view} info={info} me={me} />}
    </section>
  );
}

/** Height of the room's sticky top bar, so the seat strip can stick just below it. */
function useTopbarHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const bar = document.querySelector('.topbar');
    if (bar === null) return;
    const measure = () => setHeight(Math.round(bar.getBoundingClientRect().height));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(bar);
    return () => ro.disconnect();
  }, []);
  return height;
}
