import { useEffect, useState } from 'react';
import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import { motion } from 'motion/react';
import type {
  RoomInfo,
  StarAceChoice,
  StarCard,
  StarNavigatorIntent,
  StarNavigatorView,
  StarShowdown,
} from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';
import { showToast, useStore } from '../../store.ts';
import { buildExpr, canFollow, exprText, OP_SYMBOL, OPS, tokensText, type Token } from './compose.ts';
import { VARIANT_NAMES } from './StarOptions.tsx';
import type { StarGameState } from '../parse.ts';
import './star-navigator.css';

type ChooseIntent = Extract<StarNavigatorIntent, { type: 'chooseVectorSet' }>;

const SUIT_SYMBOL: Readonly<Record<string, string>> = {
  S: '♠',
  H: '♥',
  D: '♦',
  C: '♣',
  wands: '🜂',
  cups: '🜄',
  swords: '⚔',
  coins: '⛀',
  trumps: '★',
  joker: '',
};
const SUIT_NAME: Readonly<Record<string, string>> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
  wands: 'wands',
  cups: 'cups',
  swords: 'swords',
  coins: 'coins',
  trumps: 'trumps',
  joker: 'joker',
};
const RED = new Set(['H', 'D', 'cups', 'coins']);

export const cardLabel = (c: StarCard) =>
  c.suit === 'joker' ? 'Joker' : `${c.rank}${SUIT_SYMBOL[c.suit] ?? ''}`;
const spoken = (c: StarCard) =>
  c.suit === 'joker'
    ? 'Joker'
    : `${c.rank} of ${SUIT_NAME[c.suit] ?? c.suit}, value ${c.aceChoice ? '1 or 100' : c.value}`;

export function seatName(info: RoomInfo | null, seat: number): string {
  return info?.seats.find((s) => s.seat === seat)?.name ?? `Navigator ${seat + 1}`;
}

const FORFEIT_TEXT: Readonly<Record<string, string>> = {
  timeout: 'Out of time',
  wrongDeclaration: 'Wrong declaration',
  illegalCalculation: 'Illegal calculation',
};

function StarCardFace({
  card,
  size = 'md',
  note,
}: {
  card: StarCard;
  size?: 'sm' | 'md' | 'lg';
  note?: string;
}) {
  return (
    <span
      className={`sn-card sn-card--${size} ${RED.has(card.suit) ? 'sn-card--red' : ''} ${card.suit === 'trumps' ? 'sn-card--trump' : ''}`}
      role="img"
      aria-label={spoken(card)}
    >
      <span className="sn-card__rank">{card.suit === 'joker' ? '🃏' : card.rank}</span>
      <span className="sn-card__suit">{SUIT_SYMBOL[card.suit]}</span>
      {note !== undefined && <span className="sn-card__note">{note}</span>}
    </span>
  );
}

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
  const cards = new Map<string, StarCard>();
  for (const c of [...view.dataPacket, ...view.navMemory, ...view.targetCards]) cards.set(c.id, c);
  if (view.signpostBeacon) cards.set(view.signpostBeacon.id, view.signpostBeacon);

  return (
    <section
      className={`sn ${myTurn ? 'sn--my-turn' : ''}`}
      data-testid="table"
      data-version={version}
      data-my-turn={myTurn ? 'true' : 'false'}
      data-phase={view.phase}
      aria-label="Star Navigator table"
    >
      <header className="sn__sky">
        <div className="sn__target" data-testid="target" data-value={view.target ?? ''}>
          <span className="sn__label">Jump Coordinates</span>
          <span className="sn__target-value">{view.target ?? '—'}</span>
          <span className="sn__target-cards">
            {view.targetCards.map((c) => (
              <StarCardFace key={c.id} card={c} size="sm" />
            ))}
          </span>
        </div>
        <div className="sn__beacon" data-testid="beacon" data-card={view.signpostBeacon?.id ?? ''}>
          <span className="sn__label">Signpost Beacon</span>
          {view.signpostBeacon ? <StarCardFace card={view.signpostBeacon} size="lg" /> : <span>—</span>}
        </div>
        <div className="sn__facts">
          <span>Round {view.round}</span>
          <span>Initiative: {seatName(info, view.initiative)}</span>
          <span data-testid="bounty" data-value={view.bounty}>
            Bounty: {view.bounty} ◉
          </span>
          {view.options.pirateMap && (
            <span data-testid="pirate-map">
              Pirate Map: {view.pirateMapOwner === null ? 'unowned' : seatName(info, view.pirateMapOwner)} ·
              price {view.pirateMapPrice}
            </span>
          )}
          {view.overrideSuit !== null && (
            <span>
              Override: {SUIT_SYMBOL[view.overrideSuit]} {SUIT_NAME[view.overrideSuit]}
            </span>
          )}
          {view.options.variant !== 'none' && <span>{VARIANT_NAMES[view.options.variant]}</span>}
          {seconds !== null && (
            <span
              className={`sn__timer ${seconds <= 15 ? 'is-low' : ''}`}
              data-testid="round-timer"
              data-seconds={seconds}
            >
              Time {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}
            </span>
          )}
        </div>
      </header>

      <SeatStrip view={view} info={info} />

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
      {(view.phase === 'showdown' || view.phase === 'over') && view.lastShowdown && (
        <Showdown key={view.lastShowdown.round} show={view.lastShowdown} info={info} me={me} />
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
      {view.phase === 'over' && <Standings view={view} info={info} me={me} />}
    </section>
  );
}

function SeatStrip({ view, info }: { view: StarNavigatorView; info: RoomInfo | null }) {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  return (
    <ul className="sn__seats" aria-label="Navigators">
      {view.seats.map((s) => {
        const flags: string[] = [];
        if (s.eliminated) flags.push('eliminated');
        else if (view.phase === 'draft' || view.phase === 'compose') {
          if (s.timedOut) flags.push('out of time');
          else if (s.submitted) flags.push('submitted');
          else if (s.choosing) flags.push('choosing…');
        }
        if (s.hotshot) flags.push('hotshot');
        if (s.corruptionRoll !== null) flags.push(`d4: ${s.corruptionRoll}`);
        return (
          <li
            key={s.seat}
            className={`sn__seat ${s.seat === me ? 'is-me' : ''} ${s.eliminated ? 'is-out' : ''}`}
            data-testid={`sn-seat-${s.seat}`}
            data-choosing={s.choosing ? 'true' : 'false'}
          >
            <span className="sn__seat-name">
              {s.seat === view.initiative && <span title="Initiative">⚑ </span>}
              {view.pirateMapOwner === s.seat && <span title="Pirate Map">🗺 </span>}
              {seatName(info, s.seat)}
              {s.seat === me && ' (you)'}
            </span>
            <span className="sn__chips" data-testid={`chips-${s.seat}`} data-value={s.chips}>
              {s.chips} ◉
            </span>
            <span className="sn__seat-flags">{flags.join(' · ')}</span>
          </li>
        );
      })}
    </ul>
  );
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
  return (
    <div className="sn__panel" data-testid="map-offer">
      <p>
        {view.marketSeat === null
          ? 'The Pirate Map market is closing.'
          : offered
            ? `Buy the Pirate Map for ${view.pirateMapPrice} chips? The price goes into the Bounty.`
            : `${seatName(info, view.marketSeat)} is deciding on the Pirate Map (${view.pirateMapPrice} chips).`}
      </p>
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
      {view.dataPacket.length === 0 || !canPick ? (
        <p className="sn__hint" data-testid="waiting-packet">
          Waiting for the next Data Packet…
        </p>
      ) : null}
      <div className="sn__row" data-testid="hand" aria-label="Your Data Packet">
        {view.dataPacket.map((c) => (
          <motion.button
            key={c.id}
            type="button"
            layout
            className="sn__pick"
            data-testid={`packet-card-${c.id}`}
            disabled={busy || !canPick}
            onClick={() => pick(c.id)}
          >
            <StarCardFace card={c} size="lg" />
          </motion.button>
        ))}
      </div>
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
      <div className="sn__row" data-testid="memory" aria-label="Your Nav Memory">
        {view.navMemory.map((c) => (
          <span
            key={c.id}
            data-testid={`memory-card-${c.id}`}
            className={view.lockedCard === c.id ? 'sn__locked' : ''}
          >
            <StarCardFace card={c} size="md" note={view.lockedCard === c.id ? 'locked' : undefined} />
          </span>
        ))}
      </div>
      {view.corruptedCard && (
        <p className="sn__hint">
          The Pirate Map's corruption discarded your {cardLabel(view.corruptedCard)}.
        </p>
      )}
    </div>
  );
}

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
  const required =
    options.length > 0 ? options[0]!.cards.filter((id) => options.every((o) => o.cards.includes(id))) : [];
  const [picked, setPicked] = useState<string[]>(required);
  const [aces, setAces] = useState<Record<string, 1 | 100>>({});
  const [phantom, setPhantom] = useState<number | null>(null);
  const [tokens, setTokens] = useState<Token[]>([]);
  const [declared, setDeclared] = useState('');
  const [tokensFor, setTokensFor] = useState('');

  const layOut = legal.find((i) => i.type === 'layOutMemory');
  if (view.mustLayOut && layOut)
    return (
      <div className="sn__panel">
        <p>You own the Pirate Map: lay out your Nav Memory face down; a d4 corrupts one card.</p>
        <button
          type="button"
          className="btn btn--primary"
          data-testid="lay-out"
          disabled={busy}
          onClick={() => void sendIntent(layOut)}
        >
          Lay out and roll
        </button>
      </div>
    );

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
    setPicked(selected.includes(id) ? selected.filter((p) => p !== id) : [...selected, id]);
    setPhantom(null);
  };

  // The composer follows the Vector Set the server holds; a new set starts a fresh calculation.
  const vs = view.vectorSet;
  const vsKey = vs ? JSON.stringify(vs) : '';
  if (vsKey !== tokensFor) {
    setTokensFor(vsKey);
    setTokens([]);
  }
  const refs = vs ? [...vs.cards, ...(vs.phantom !== null ? ['phantom'] : [])] : [];
  const used = new Set(tokens.flatMap((t) => (t.kind === 'card' ? [t.ref] : [])));
  const built = buildExpr(tokens);
  const missing = refs.filter((r) => !used.has(r));
  const declaredNumber = /^-?\d+$/.test(declared.trim()) ? Number(declared.trim()) : null;
  const ready = vs !== null && built.ok && missing.length === 0 && declaredNumber !== null;
  const label = (ref: string) => labelFor(ref, view, cards);

  const submit = async () => {
    if (!ready || !built.ok || declaredNumber === null) return;
    await sendIntent({ type: 'submit', expr: built.expr, declared: declaredNumber });
  };

  return (
    <>
      <div className="sn__panel" data-testid="vector-chooser">
        <h2 className="sn__h">
          Vector Set <span className="sn__sub">— two Nav Memory cards and the Signpost Beacon</span>
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
                  note={c.id === view.signpostBeacon?.id ? 'beacon' : undefined}
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
            <span>Phantom (Extrapolative Computation)</span>
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
            <span className="field__label">Your result (work it out yourself — no calculators)</span>
            <input
              id="sn-declared"
              className="input"
              data-testid="declared-input"
              inputMode="numeric"
              autoComplete="off"
              value={declared}
              onChange={(e) => setDeclared(e.target.value)}
              placeholder="e.g. 31"
            />
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

function Showdown({ show, info, me }: { show: StarShowdown; info: RoomInfo | null; me: number | null }) {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= show.lines.length) return;
    const id = setTimeout(() => setShown(shown + 1), 900);
    return () => clearTimeout(id);
  }, [shown, show.lines.length]);
  const all = shown >= show.lines.length;
  return (
    <div className="sn__panel sn__showdown" data-testid="showdown" data-revealed={all ? 'true' : 'false'}>
      <h2 className="sn__h">
        Showdown — round {show.round}: Jump Coordinates {show.target}
      </h2>
      <ol className="sn__lines">
        {show.lines.slice(0, shown).map((l) => (
          <motion.li
            key={l.seat}
            initial={{ opacity: 0, y: 12 }}
            animate={{ opacity: 1, y: 0 }}
            className={`sn__line ${l.winner ? 'is-winner' : ''} ${l.forfeit ? 'is-forfeit' : ''}`}
            data-testid={`showdown-line-${l.seat}`}
          >
            <div className="sn__line-head">
              <b>
                {seatName(info, l.seat)}
                {l.seat === me && ' (you)'}
              </b>
              {l.winner && <span className="sn__badge">Winner</span>}
              {l.hotshot && <span className="sn__badge">Hotshot</span>}
              {l.slingshot && <span className="sn__badge">Slingshot</span>}
            </div>
            <div className="sn__row sn__row--tight">
              {l.vectorSet.map((c, k) => (
                <StarCardFace
                  key={c.id}
                  card={c}
                  size="sm"
                  note={c.aceChoice ? String(l.values[k]) : undefined}
                />
              ))}
              {l.phantom !== null && <span className="sn__phantom-chip">⟨{l.phantom}⟩</span>}
            </div>
            <p>
              {l.formula ?? 'No calculation'}{' '}
              {l.declared !== null && (
                <>
                  → declared <b>{l.declared}</b>
                </>
              )}
            </p>
            {l.forfeit ? (
              <p className="sn__forfeit">
                Forfeit: {FORFEIT_TEXT[l.forfeit] ?? l.forfeit}
                {l.forfeitDetail ? ` — ${l.forfeitDetail}` : ''}
              </p>
            ) : (
              <p>
                Distance: <b>{l.distance}</b>
              </p>
            )}
            {l.best && (
              <p className="sn__best">
                Best possible was {l.best.result} ({l.best.formula}), {l.best.distance} away.
              </p>
            )}
          </motion.li>
        ))}
      </ol>
      {all && (
        <div className="sn__payments" data-testid="payments">
          {show.winners.length === 0 && <p>Nobody wins this round.</p>}
          {show.payments.map((p, k) => (
            <p key={k} className="sn__payment">
              {seatName(info, p.from)}
              <motion.span
                className="sn__chip"
                initial={{ x: -40, opacity: 0 }}
                animate={{ x: 0, opacity: 1 }}
                transition={{ duration: 0.6, delay: k * 0.15 }}
              >
                ◉ {p.amount}
              </motion.span>
              → {seatName(info, p.to)}
              {p.reason !== 'win' && ` (${p.reason === 'hotshotWin' ? 'Hotshot win' : 'Hotshot loss'})`}
            </p>
          ))}
          {show.bountyClaimedBy !== null && (
            <p>
              {seatName(info, show.bountyClaimedBy)} claims the Bounty: {show.bountyClaimed} chips!
            </p>
          )}
          {show.eliminated.length > 0 && (
            <p>Out of chips: {show.eliminated.map((s) => seatName(info, s)).join(', ')}</p>
          )}
        </div>
      )}
    </div>
  );
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
