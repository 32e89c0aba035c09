import { useEffect, useLayoutEffect, useState } from 'react';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import { motion } from 'motion/react';
import type {
  RoomInfo,
  StarAceChoice,
  StarCard,
  StarNavigatorIntent,
  StarNavigatorView,
} from '@cards/schema';
import { z } from 'zod';
import { sendIntent } from '../../net/connection.ts';
import { useTabDraft } from '../../lib/tabDraft.ts';
import { showToast, useStore } from '../../store.ts';
import { buildExpr, canFollow, exprText, OP_SYMBOL, OPS, tokensText, type Token } from './compose.ts';
import { VARIANT_NAMES } from './StarOptions.tsx';
import { cardLabel, StarCardFace, SUIT_NAME, suitMark } from './StarCardFace.tsx';
import { ChipFlights, seatName, Showdown, useShowdownReplay, type ShowdownReplay } from './Showdown.tsx';
import type { StarGameState } from '../parse.ts';
import './star-navigator.css';

type ChooseIntent = Extract<StarNavigatorIntent, { type: 'chooseVectorSet' }>;

export { seatName };

const isOverride = (view: StarNavigatorView, c: StarCard) =>
  view.overrideSuit !== null && c.suit === view.overrideSuit;

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
        <button
          type="button"
          className="btn btn--primary sn__continue"
          data-testid="continue"
          disabled={busy}
          onClick={() => void sendIntent({ type: 'continue' })}
        >
          Next round
        </button>
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

function SeatStrip({
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
              {seatName(info, s.seat)}
              {s.seat === me && ' (you)'}
              {info?.seats[s.seat]?.name != null && info.seats[s.seat]?.connected === false && (
                <span className="tag tag--warn" data-testid={`reconnecting-${s.seat}`}>
                  reconnecting…
                </span>
              )}
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

function Market({
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
          <button
            type="button"
            className="btn btn--primary"
            data-testid="buy-map"
            disabled={busy}
            onClick={() => void sendIntent({ type: 'buyMap' })}
          >
            Buy the map
          </button>
          <button
            type="button"
            className="btn"
            data-testid="decline-map"
            disabled={busy}
            onClick={() => void sendIntent({ type: 'declineMap' })}
          >
            Pass
          </button>
        </div>
      )}
    </div>
  );
}

function Draft({
  view,
  legal,
  busy,
}: {
  view: StarNavigatorView;
  legal: StarNavigatorIntent[];
  busy: boolean;
}) {
  const [lock, setLock] = useState(false);
  const picks = legal.filter((i) => i.type === 'draftPick');
  const canLock = picks.some((i) => i.type === 'draftPick' && i.lock === true);
  const canPick = picks.length > 0;
  const pick = (id: string) => {
    if (!canPick) {
      showToast('info', 'Wait for the next Data Packet.');
      return;
    }
    void sendIntent({ type: 'draftPick', card: id, ...(lock && canLock ? { lock: true } : {}) });
  };
  return (
    <div className="sn__panel">
      <h2 className="sn__h">
        Data Packet <span className="sn__sub">— save one card to your Nav Memory</span>
      </h2>
      {!canPick ? (
        // After a pick the rest of the packet is on its way to the left: it is not yours to look at.
        <p className="sn__hint" data-testid="waiting-packet">
          {view.dataPacket.length > 0
            ? `Passing ${view.dataPacket.length === 1 ? 'the other card' : `the other ${view.dataPacket.length} cards`} to the left. Waiting for the next Data Packet…`
            : 'Waiting for the next Data Packet…'}
        </p>
      ) : (
        <div
          className="sn__row"
          role="group"
          data-testid="hand"
          aria-label="Your Data Packet"
          onKeyDown={moveFocusWithArrows}
        >
          {view.dataPacket.map((c) => (
            <motion.button
              key={c.id}
              type="button"
              layout
              className="sn__pick"
              data-testid={`packet-card-${c.id}`}
              disabled={busy}
              onClick={() => pick(c.id)}
            >
              <StarCardFace card={c} size="lg" override={isOverride(view, c)} />
            </motion.button>
          ))}
        </div>
      )}
      {canPick && view.dataPacket.length === 2 && (
        <p className="sn__hint">
          The card you leave goes left; the last card that reaches you is kept for you.
        </p>
      )}
      {canLock && (
        <label className="field field--check sn__lock">
          <input
            type="checkbox"
            data-testid="hotshot-lock"
            checked={lock}
            onChange={(e) => setLock(e.target.checked)}
          />
          <span>Hotshot Spacer: lock the card I pick (it must be used; double stakes)</span>
        </label>
      )}
    </div>
  );
}

function Memory({ view }: { view: StarNavigatorView }) {
  return (
    <div className="sn__panel sn__panel--memory">
      <h2 className="sn__h">Nav Memory ({view.navMemory.length}/4)</h2>
      <div
        className="sn__row"
        role="group"
        data-testid="memory"
        aria-label="Your Nav Memory"
        onKeyDown={moveFocusWithArrows}
      >
        {view.navMemory.map((c) => {
          const locked = view.lockedCard === c.id;
          return (
            <span
              key={c.id}
              data-testid={`memory-card-${c.id}`}
              data-override={isOverride(view, c) ? 'true' : 'false'}
              className={locked ? 'sn__locked' : ''}
            >
              <StarCardFace
                card={c}
                size="md"
                note={locked ? 'locked' : undefined}
                override={isOverride(view, c)}
                sideways={locked}
              />
            </span>
          );
        })}
      </div>
      {view.corruptedCard && (
        <p className="sn__hint">
          The Pirate Map's corruption discarded your {cardLabel(view.corruptedCard)}.
        </p>
      )}
    </div>
  );
}

/** A fresh random order for the face-down row (the owner can rearrange it before rolling). */
function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The Pirate Map lay-out: the owner arranges the Nav Memory in a row (it starts shuffled; tap two
 * cards to swap them) and rolls. The rules accept any order of one's own Nav Memory.
 */
function LayOut({
  view,
  busy,
  template,
}: {
  view: StarNavigatorView;
  busy: boolean;
  template: Extract<StarNavigatorIntent, { type: 'layOutMemory' }>;
}) {
  const [order, setOrder] = useState<string[]>(() => shuffled(template.order));
  const [held, setHeld] = useState<number | null>(null);
  const byId = new Map(view.navMemory.map((c) => [c.id, c]));
  // Keep the row to the Nav Memory the server holds (the same cards, in the owner's order).
  const row =
    order.length === template.order.length && order.every((id) => byId.has(id)) ? order : template.order;
  const tap = (k: number) => {
    if (held === null) return setHeld(k);
    if (held !== k) {
      const next = [...row];
      [next[held], next[k]] = [next[k] as string, next[held] as string];
      setOrder(next);
    }
    setHeld(null);
  };
  return (
    <div className="sn__panel" data-testid="layout-panel">
      <h2 className="sn__h">Pirate Map: lay out your Nav Memory</h2>
      <p className="sn__hint">
        Arrange your cards face down in a row, in any order: tap two cards to swap them. The d4 then picks a
        position and that card is corrupted (everyone sees the roll, nobody sees your row).
      </p>
      <ol className="sn__row sn__layout" data-testid="layout-row" data-order={row.join(',')}>
        {row.map((id, k) => {
          const c = byId.get(id);
          return (
            <li key={id}>
              <button
                type="button"
                className={`sn__pick ${held === k ? 'is-on' : ''}`}
                data-testid={`layout-card-${id}`}
                aria-pressed={held === k}
                aria-label={`Position ${k + 1}: ${c ? cardLabel(c) : id}`}
                onClick={() => tap(k)}
              >
                {c ? <StarCardFace card={c} size="md" override={isOverride(view, c)} /> : id}
              </button>
              <span className="sn__pos">{k + 1}</span>
            </li>
          );
        })}
      </ol>
      <div className="row sn__buttons">
        <button
          type="button"
          className="btn"
          data-testid="layout-shuffle"
          onClick={() => {
            setHeld(null);
            setOrder(shuffled(row));
          }}
        >
          Shuffle
        </button>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="lay-out"
          disabled={busy}
          onClick={() => void sendIntent({ type: 'layOutMemory', order: row })}
        >
          Lay out and roll the d4
        </button>
      </div>
    </div>
  );
}

/** The heading for the seat's own Vector Set rule ("3 cards: the Signpost Beacon + 2 from …"). */
function ruleText(view: StarNavigatorView): string {
  const rule = view.vectorRule;
  if (rule === null) return 'two Nav Memory cards and the Signpost Beacon';
  const beacon = view.signpostBeacon?.id ?? '';
  const overrides = rule.required.filter(
    (id) => id !== beacon && id !== view.lockedCard && view.navMemory.some((c) => c.id === id),
  );
  const must: string[] = [];
  if (rule.required.includes(beacon)) must.push('the Signpost Beacon');
  if (view.lockedCard !== null && rule.required.includes(view.lockedCard)) must.push('your locked card');
  if (overrides.length > 0)
    must.push(
      overrides.length === 1 ? 'your Override card' : `all ${overrides.length} of your Override cards`,
    );
  // Select variants: one of these Override cards (already met if a must-use card is one of them).
  const oneOf = rule.oneOf.length > 0 && !rule.oneOf.some((id) => rule.required.includes(id));
  if (oneOf) must.push(rule.oneOf.length === 1 ? 'your Override card' : 'one of your Override cards');
  const chosen = rule.required.length + (oneOf ? 1 : 0);
  const free = rule.size - chosen;
  const from = rule.beaconOptional ? 'your Nav Memory or the Signpost Beacon' : 'your Nav Memory';
  const parts = [
    must.length > 0 ? must.join(', ') : null,
    free > 0
      ? `${must.length > 0 ? '+ ' : ''}${free} ${free === 1 ? 'card' : 'cards'} of your choice from ${from}`
      : null,
  ].filter((x): x is string => x !== null);
  const note = rule.beaconOptional ? ' (Pirate Map: the Beacon is optional for you)' : '';
  return `${rule.size} cards: ${parts.join(' ')}${note}`;
}

interface ComposeDraft {
  picked: string[];
  aces: Record<string, 1 | 100>;
  phantom: number | null;
  tokens: Token[];
  declared: string;
  /** The Vector Set (as the server holds it) the tokens were tapped for. */
  tokensFor: string;
}

const ComposeDraftSchema: z.ZodType<ComposeDraft> = z.object({
  picked: z.array(z.string()),
  aces: z.record(z.string(), z.union([z.literal(1), z.literal(100)])),
  phantom: z.number().int().nullable(),
  tokens: z.array(
    z.union([
      z.object({ kind: z.literal('card'), ref: z.string() }),
      z.object({ kind: z.literal('op'), op: z.enum(OPS) }),
      z.object({ kind: z.literal('open') }),
      z.object({ kind: z.literal('close') }),
    ]),
  ),
  declared: z.string().max(20),
  tokensFor: z.string(),
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function Compose({
  view,
  legal,
  busy,
  cards,
}: {
  view: StarNavigatorView;
  legal: StarNavigatorIntent[];
  busy: boolean;
  cards: Map<string, StarCard>;
}) {
  const options = legal.filter((i): i is ChooseIntent => i.type === 'chooseVectorSet');
  // Must-use cards, and a Select variant's only Override card (it must be used too).
  const rule = view.vectorRule;
  const required =
    rule === null
      ? options.length > 0
        ? options[0]!.cards.filter((id) => options.every((o) => o.cards.includes(id)))
        : []
      : rule.oneOf.length === 1 && !rule.required.includes(rule.oneOf[0]!)
        ? [...rule.required, rule.oneOf[0]!]
        : rule.required;
  // The half-built Vector Set and calculation are kept in the tab (per round), so a reload keeps them.
  const [draft, setDraft] = useTabDraft(
    `sn-compose-${view.round}`,
    (): ComposeDraft => ({
      picked: required,
      aces: {},
      phantom: null,
      tokens: [],
      declared: '',
      tokensFor: '',
    }),
    ComposeDraftSchema,
  );
  const { picked, aces, phantom, tokens, declared, tokensFor } = draft;
  const patch = (next: Partial<ComposeDraft>) => setDraft({ ...draft, ...next });
  const setAces = (next: Record<string, 1 | 100>) => patch({ aces: next });
  const setPhantom = (next: number | null) => patch({ phantom: next });
  const setTokens = (next: Token[]) => patch({ tokens: next });
  const setDeclared = (next: string) => patch({ declared: next });

  const layOut = legal.find((i) => i.type === 'layOutMemory');
  if (view.mustLayOut && layOut) return <LayOut view={view} busy={busy} template={layOut} />;

  if (view.submission)
    return (
      <div className="sn__panel" data-testid="submitted">
        <p>
          Submitted: <b>{exprText(view.submission.expr, (ref) => labelFor(ref, view, cards))}</b> ={' '}
          {view.submission.declared}
        </p>
        <p className="sn__hint">Waiting for the showdown…</p>
      </div>
    );
  if (options.length === 0 && !view.vectorSet)
    return <p className="sn__hint">Your time ran out this round.</p>;

  const pool = [...view.navMemory, ...(view.signpostBeacon ? [view.signpostBeacon] : [])];
  // Must-use cards are always in the set, even when they became known after this mounted (the
  // Pirate Map owner's choices only arrive once the Nav Memory is laid out).
  const selected = [...required.filter((id) => !picked.includes(id)), ...picked];
  const sameCards = options.filter((o) => sameSet(o.cards, selected));
  const phantoms = [...new Set(sameCards.map((o) => o.phantom))].filter((p): p is number => p !== null);
  const aceIds = selected.filter((id) => cards.get(id)?.aceChoice === true);
  const acesWanted: StarAceChoice[] = aceIds.map((id) => ({ card: id, value: aces[id] ?? 1 }));
  const match = sameCards.find(
    (o) =>
      o.phantom === phantom &&
      o.aces.length === acesWanted.length &&
      acesWanted.every((a) => o.aces.some((b) => b.card === a.card && b.value === a.value)),
  );
  const toggle = (id: string) => {
    if (required.includes(id)) {
      showToast('info', 'This card must be in your Vector Set.');
      return;
    }
    patch({
      picked: selected.includes(id) ? selected.filter((p) => p !== id) : [...selected, id],
      phantom: null,
    });
  };

  // The composer follows the Vector Set the server holds; a new set starts a fresh calculation.
  const vs = view.vectorSet;
  const vsKey = vs ? JSON.stringify(vs) : '';
  if (vsKey !== tokensFor) {
    patch({ tokensFor: vsKey, tokens: [] });
  }
  const refs = vs ? [...vs.cards, ...(vs.phantom !== null ? ['phantom'] : [])] : [];
  const used = new Set(tokens.flatMap((t) => (t.kind === 'card' ? [t.ref] : [])));
  const built = buildExpr(tokens);
  const missing = refs.filter((r) => !used.has(r));
  const declaredNumber = /^-?\d+$/.test(declared.trim()) ? Number(declared.trim()) : null;
  const declaredProblem =
    declared.trim() === '' || declaredNumber !== null
      ? null
      : 'Your Jump Coordinates must be a whole number.';
  const ready = vs !== null && built.ok && missing.length === 0 && declaredNumber !== null;
  const label = (ref: string) => labelFor(ref, view, cards);

  const submit = async () => {
    if (!ready || !built.ok || declaredNumber === null) return;
    await sendIntent({ type: 'submit', expr: built.expr, declared: declaredNumber });
  };

  return (
    <>
      <div
        className="sn__panel"
        data-testid="vector-chooser"
        data-size={view.vectorRule?.size ?? ''}
        data-required={required.join(',')}
        data-one-of={view.vectorRule?.oneOf.join(',') ?? ''}
      >
        <h2 className="sn__h">
          Vector Set{' '}
          <span className="sn__sub" data-testid="vector-rule">
            — {ruleText(view)}
          </span>
        </h2>
        <div className="sn__row">
          {pool.map((c) => {
            const on = selected.includes(c.id);
            return (
              <button
                key={c.id}
                type="button"
                className={`sn__pick ${on ? 'is-on' : ''}`}
                data-testid={`vector-card-${c.id}`}
                data-selected={on ? 'true' : 'false'}
                aria-pressed={on}
                onClick={() => toggle(c.id)}
              >
                <StarCardFace
                  card={c}
                  size="md"
                  note={
                    c.id === view.signpostBeacon?.id
                      ? 'beacon'
                      : c.id === view.lockedCard
                        ? 'locked'
                        : undefined
                  }
                  override={isOverride(view, c)}
                />
              </button>
            );
          })}
        </div>
        {aceIds.map((id) => (
          <div key={id} className="sn__ace" role="group" aria-label={`Value of ${label(id)}`}>
            <span>{cardLabel(cards.get(id)!)} counts as</span>
            {([1, 100] as const).map((v) => (
              <button
                key={v}
                type="button"
                className={`btn btn--small ${(aces[id] ?? 1) === v ? 'btn--primary' : ''}`}
                data-testid={`ace-${id}-${v}`}
                onClick={() => setAces({ ...aces, [id]: v })}
              >
                {v}
              </button>
            ))}
          </div>
        ))}
        {view.options.extrapolativeComputation && phantoms.length > 0 && (
          <label className="field sn__phantom">
            <span>
              Phantom (Extrapolative Computation: three numbers in a row in your set let you add the next or
              previous number)
            </span>
            <select
              className="select"
              data-testid="phantom-select"
              value={phantom ?? ''}
              onChange={(e) => setPhantom(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">None</option>
              {phantoms.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="btn btn--primary"
          data-testid="choose-vector-set"
          disabled={busy || !match}
          onClick={() => match && void sendIntent(match)}
        >
          {vs ? 'Change Vector Set' : 'Use this Vector Set'}
        </button>
        {!match && (
          <p className="sn__hint">
            Pick a legal Vector Set ({sameCards.length > 0 ? 'choose the options' : 'tap cards'}).
          </p>
        )}
      </div>

      {vs && (
        <div className="sn__panel" data-testid="composer">
          <h2 className="sn__h">Calculation</h2>
          <p className="sn__formula" data-testid="formula" aria-live="polite">
            {tokens.length === 0 ? 'Tap cards and operators…' : tokensText(tokens, label)}
          </p>
          <div className="sn__row">
            {refs.map((ref) => (
              <button
                key={ref}
                type="button"
                className="btn sn__token"
                data-testid={`expr-card-${ref}`}
                disabled={used.has(ref) || !canFollow(tokens, 'card')}
                onClick={() => setTokens([...tokens, { kind: 'card', ref }])}
              >
                {label(ref)}
              </button>
            ))}
          </div>
          <div className="sn__row">
            {OPS.map((op) => (
              <button
                key={op}
                type="button"
                className="btn sn__token"
                data-testid={`expr-op-${op}`}
                aria-label={
                  { '+': 'plus', '-': 'minus', '*': 'times', '/': 'divided by', '^': 'to the power of' }[op]
                }
                disabled={!canFollow(tokens, 'op')}
                onClick={() => setTokens([...tokens, { kind: 'op', op }])}
              >
                {OP_SYMBOL[op]}
              </button>
            ))}
            <button
              type="button"
              className="btn sn__token"
              data-testid="expr-op-("
              disabled={!canFollow(tokens, 'open')}
              onClick={() => setTokens([...tokens, { kind: 'open' }])}
            >
              (
            </button>
            <button
              type="button"
              className="btn sn__token"
              data-testid="expr-op-)"
              disabled={!canFollow(tokens, 'close')}
              onClick={() => setTokens([...tokens, { kind: 'close' }])}
            >
              )
            </button>
            <button
              type="button"
              className="btn sn__token"
              data-testid="expr-op-back"
              aria-label="Undo"
              disabled={tokens.length === 0}
              onClick={() => setTokens(tokens.slice(0, -1))}
            >
              ⌫
            </button>
            <button
              type="button"
              className="btn sn__token"
              data-testid="expr-op-clear"
              disabled={tokens.length === 0}
              onClick={() => setTokens([])}
            >
              Clear
            </button>
          </div>
          {built.ok ? (
            <p className="sn__hint" data-testid="formula-parenthesised">
              Reads as: {exprText(built.expr, label)}
              {missing.length > 0 && ` — still to use: ${missing.map(label).join(', ')}`}
            </p>
          ) : (
            tokens.length > 0 && <p className="sn__hint">{built.error}</p>
          )}
          <label className="field sn__declare" htmlFor="sn-declared">
            <span className="field__label">
              Your Jump Coordinates (your result: work it out yourself — no calculators)
            </span>
            <input
              id="sn-declared"
              className="input"
              data-testid="declared-input"
              inputMode="numeric"
              autoComplete="off"
              value={declared}
              onChange={(e) => setDeclared(e.target.value)}
              placeholder="e.g. 31"
              aria-invalid={declaredProblem !== null}
            />
            {declaredProblem !== null && (
              <span className="field-error" role="alert" data-testid="declared-problem">
                {declaredProblem}
              </span>
            )}
          </label>
          <button
            type="button"
            className="btn btn--primary sn__submit"
            data-testid="submit-calculation"
            disabled={busy || !ready}
            onClick={() => void submit()}
          >
            Submit calculation
          </button>
        </div>
      )}
    </>
  );
}

function labelFor(ref: string, view: StarNavigatorView, cards: Map<string, StarCard>): string {
  if (ref === 'phantom') return `⟨${view.vectorSet?.phantom ?? '?'}⟩`;
  const card = cards.get(ref);
  if (!card) return ref;
  const ace = view.vectorSet?.aces.find((a) => a.card === ref);
  return ace ? `${cardLabel(card)}=${ace.value}` : cardLabel(card);
}

function Standings({
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
