import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { AnimatePresence, motion, useReducedMotion } from 'motion/react';
import type { RoomInfo, StarNavigatorView, StarPayment, StarShowdown } from '@cards/schema';
import { StarCardFace } from './StarCardFace.tsx';
import { seatName as kitSeatName } from '../../table-kit/seatName.ts';

export const seatName = (info: RoomInfo | null, seat: number): string =>
  kitSeatName(info, seat, `Navigator ${seat + 1}`);

const FORFEIT_TEXT: Readonly<Record<string, string>> = {
  timeout: 'Out of time',
  wrongDeclaration: 'Wrong declaration',
  illegalCalculation: 'Illegal calculation',
};

/** Milliseconds between two revealed lines, and the stagger and flight time of the chips. */
const LINE_MS = 900;
const STAGGER_S = 0.35;
const FLIGHT_S = 0.75;

/**
 * How far the showdown has been played out on this screen. The view arrives already settled (chips
 * paid, Initiative moved); the table shows the values from before the payments, reveals the lines
 * one by one in Initiative order, and only then moves the chips, seat to seat, as the payments land.
 */
export interface ShowdownReplay {
  readonly show: StarShowdown | null;
  readonly revealed: number;
  readonly allRevealed: boolean;
  readonly landed: readonly number[];
  readonly bountyLanded: boolean;
  readonly done: boolean;
  readonly land: (payment: number) => void;
  readonly landBounty: () => void;
  /** Chips, Bounty, Initiative and knock-outs as the table should show them right now. */
  readonly chips: (seat: number) => number;
  readonly bounty: number;
  readonly initiative: number;
  readonly eliminated: (seat: number) => boolean;
}

interface ReplayState {
  key: string;
  revealed: number;
  landed: number[];
  bountyLanded: boolean;
}

export function useShowdownReplay(view: StarNavigatorView): ShowdownReplay {
  const show = view.phase === 'showdown' || view.phase === 'over' ? view.lastShowdown : null;
  const key = show === null ? '' : `${show.round}:${show.target}:${show.chipsBefore.join(',')}`;
  const reduce = useReducedMotion() === true;
  const fresh = (k: string): ReplayState => ({ key: k, revealed: 1, landed: [], bountyLanded: false });
  const [st, setSt] = useState<ReplayState>(() => fresh(key));
  let cur = st;
  if (st.key !== key) {
    cur = fresh(key);
    setSt(cur);
  }
  const lines = show?.lines.length ?? 0;
  const revealed = reduce ? lines : Math.min(cur.revealed, lines);
  useEffect(() => {
    if (show === null || reduce || cur.revealed >= lines) return;
    const id = setTimeout(
      () => setSt((s) => (s.key === key ? { ...s, revealed: s.revealed + 1 } : s)),
      LINE_MS,
    );
    return () => clearTimeout(id);
  }, [show, reduce, cur.revealed, lines, key]);

  const land = useCallback(
    (k: number) =>
      setSt((s) => (s.key !== key || s.landed.includes(k) ? s : { ...s, landed: [...s.landed, k] })),
    [key],
  );
  const landBounty = useCallback(
    () => setSt((s) => (s.key === key ? { ...s, bountyLanded: true } : s)),
    [key],
  );

  const allRevealed = show !== null && revealed >= lines;
  const payments = show?.payments ?? [];
  const landed = reduce ? payments.map((_, k) => k) : allRevealed ? cur.landed : [];
  const bountyLanded = reduce || (allRevealed && cur.bountyLanded);
  const done =
    show === null ||
    (allRevealed &&
      landed.length === payments.length &&
      (show.bountyClaimedBy === null || show.bountyClaimed === 0 || bountyLanded));

  const chips = (seat: number): number => {
    const now = view.seats[seat]?.chips ?? 0;
    if (show === null || done) return now;
    let n = show.chipsBefore[seat] ?? now;
    for (const k of landed) {
      const p = payments[k] as StarPayment;
      if (p.from === seat) n -= p.amount;
      if (p.to === seat) n += p.amount;
    }
    if (bountyLanded && show.bountyClaimedBy === seat) n += show.bountyClaimed;
    return n;
  };
  return {
    show,
    revealed,
    allRevealed,
    landed,
    bountyLanded,
    done,
    land,
    landBounty,
    chips,
    bounty:
      show === null || done
        ? view.bounty
        : bountyLanded
          ? show.bountyBefore - show.bountyClaimed
          : show.bountyBefore,
    initiative: show === null || done ? view.initiative : show.initiative,
    eliminated: (seat) =>
      (view.seats[seat]?.eliminated ?? false) && (done || show === null || !show.eliminated.includes(seat)),
  };
}

interface Point {
  x: number;
  y: number;
}

function centreOf(testId: string): Point | null {
  const el = document.querySelector(`[data-testid="${testId}"]`);
  if (el === null) return null;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return null;
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/** Chips flying from one place on the table to another (fixed to the screen; the seat strip is sticky). */
function Flight({
  from,
  to,
  amount,
  delay,
  onLand,
  testId,
}: {
  from: string;
  to: string;
  amount: number;
  delay: number;
  onLand: () => void;
  testId: string;
}) {
  const [path, setPath] = useState<{ a: Point; b: Point } | null>(null);
  useLayoutEffect(() => {
    const a = centreOf(from);
    const b = centreOf(to);
    if (a === null || b === null) onLand();
    else setPath({ a, b });
  }, [from, to, onLand]);
  if (path === null) return null;
  const tokens = Math.min(amount, 5);
  return (
    <>
      {Array.from({ length: tokens }, (_, i) => (
        <motion.span
          key={i}
          className="sn__flying-chip"
          data-testid={i === 0 ? testId : undefined}
          aria-hidden="true"
          style={{ left: path.a.x, top: path.a.y }}
          initial={{ x: 0, y: 0, scale: 0.6, opacity: 0 }}
          animate={{
            x: path.b.x - path.a.x,
            y: path.b.y - path.a.y,
            scale: [0.6, 1.25, 1],
            opacity: [0, 1, 1, 0.9],
          }}
          transition={{ duration: FLIGHT_S, delay: delay + i * 0.09, ease: 'easeInOut' }}
          onAnimationComplete={i === tokens - 1 ? onLand : undefined}
        >
          ◉
        </motion.span>
      ))}
    </>
  );
}

/** The chips in the air: every payment from payer to winner, then the Bounty to its claimer. */
export function ChipFlights({ replay }: { replay: ShowdownReplay }) {
  const { show, allRevealed, done, landed, land, landBounty } = replay;
  const count = show?.payments.length ?? 0;
  // Stable per-payment landing callbacks: a Flight measures its path once per callback.
  const landers = useMemo(() => Array.from({ length: count }, (_, k) => () => land(k)), [count, land]);
  if (show === null || !allRevealed || done) return null;
  const paid = landed.length === show.payments.length;
  return (
    <div className="sn__flights" aria-hidden="true">
      {show.payments.map((p, k) =>
        landed.includes(k) ? null : (
          <Flight
            key={`p${k}`}
            from={`chips-${p.from}`}
            to={`chips-${p.to}`}
            amount={p.amount}
            delay={k * STAGGER_S}
            onLand={landers[k] as () => void}
            testId="flying-chip"
          />
        ),
      )}
      {paid && show.bountyClaimedBy !== null && show.bountyClaimed > 0 && (
        <Flight
          from="bounty"
          to={`chips-${show.bountyClaimedBy}`}
          amount={show.bountyClaimed}
          delay={0.1}
          onLand={landBounty}
          testId="flying-bounty"
        />
      )}
    </div>
  );
}

export function Showdown({
  replay,
  info,
  me,
  overrideSuit,
  gameOver,
}: {
  replay: ShowdownReplay;
  info: RoomInfo | null;
  me: number | null;
  overrideSuit: string | null;
  gameOver: boolean;
}) {
  const { show, revealed, allRevealed, landed, bountyLanded, done } = replay;
  if (show === null) return null;
  const stage = done ? 'done' : allRevealed ? 'paying' : 'reveal';
  return (
    <div
      className="sn__panel sn__showdown"
      data-testid="showdown"
      data-revealed={allRevealed ? 'true' : 'false'}
      data-stage={stage}
    >
      <h2 className="sn__h">
        Showdown — round {show.round}: target {show.target}
      </h2>
      <ol className="sn__lines">
        {show.lines.slice(0, revealed).map((l) => {
          const winner = allRevealed && l.winner;
          return (
            <motion.li
              key={l.seat}
              initial={{ opacity: 0, y: 12 }}
              animate={{ opacity: 1, y: 0 }}
              className={`sn__line ${winner ? 'is-winner' : ''} ${l.forfeit ? 'is-forfeit' : ''}`}
              data-testid={`showdown-line-${l.seat}`}
            >
              <div className="sn__line-head">
                <b>
                  {seatName(info, l.seat)}
                  {l.seat === me && ' (you)'}
                </b>
                {winner && <span className="sn__badge">Winner</span>}
                {l.hotshot && (
                  <span
                    className="sn__badge sn__badge--plain"
                    title="A locked card was used: stakes are doubled"
                  >
                    Hotshot <span className="sn__badge-why">double stakes</span>
                  </span>
                )}
                {l.slingshot && (
                  <span className="sn__badge sn__badge--plain" title="A one-suit Vector Set counts 2 closer">
                    Slingshot <span className="sn__badge-why">one suit: 2 closer</span>
                  </span>
                )}
              </div>
              <div className="sn__row sn__row--tight">
                {l.vectorSet.map((c, k) => (
                  <StarCardFace
                    key={c.id}
                    card={c}
                    size="sm"
                    note={c.aceChoice ? String(l.values[k]) : undefined}
                    override={overrideSuit !== null && c.suit === overrideSuit}
                  />
                ))}
                {l.phantom !== null && <span className="sn__phantom-chip">⟨{l.phantom}⟩</span>}
              </div>
              <p>
                {l.formula ?? 'No calculation'}{' '}
                {l.declared !== null && (
                  <>
                    → declared <b>{l.declared}</b> (Jump Coordinates)
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
          );
        })}
      </ol>
      {allRevealed && (
        <div className="sn__payments" data-testid="payments">
          {show.winners.length === 0 && <p>Nobody wins this round.</p>}
          {show.payments.length > 0 && !done && <p className="sn__hint">Paying out…</p>}
          <AnimatePresence>
            {show.payments.map((p, k) =>
              landed.includes(k) ? (
                <motion.p
                  key={k}
                  className="sn__payment"
                  initial={{ opacity: 0, x: -8 }}
                  animate={{ opacity: 1, x: 0 }}
                >
                  {seatName(info, p.from)}
                  <span className="sn__chip">◉ {p.amount}</span>→ {seatName(info, p.to)}
                  {p.reason !== 'win' && ` (${p.reason === 'hotshotWin' ? 'Hotshot win' : 'Hotshot loss'})`}
                </motion.p>
              ) : null,
            )}
          </AnimatePresence>
          {show.bountyClaimedBy !== null && bountyLanded && (
            <p data-testid="bounty-claim">
              {seatName(info, show.bountyClaimedBy)} claims the Bounty: {show.bountyClaimed} chips!
            </p>
          )}
          {done && show.eliminated.length > 0 && (
            <p>Out of chips: {show.eliminated.map((s) => seatName(info, s)).join(', ')}</p>
          )}
          {done && !gameOver && (
            <p data-testid="initiative-passes">
              The Initiative passes to {seatName(info, replay.initiative)}.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
