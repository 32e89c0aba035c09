import { useEffect, useState } from 'react';
import type { RoomInfo } from '@cards/schema';
import { IntentButton } from '../../table-kit/buttons.tsx';
import { useStore } from '../../store.ts';
import { colourOf, seatName } from './labels.ts';
import { MathCardBack } from './MathCardFace.tsx';
import type { MathGameState } from '../parse.ts';

const DECK = 35;

/** Milliseconds left on a timer the server reported, counting down locally from when it arrived. */
function useRemaining(state: MathGameState, key: string): number | null {
  const timer = state.timers.find((t) => t.key === key);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const id = window.setInterval(() => setNow(Date.now()), 200);
    return () => window.clearInterval(id);
  }, [timer]);
  if (!timer) return null;
  return Math.max(0, timer.remainingMs - Math.max(0, now - state.receivedAt));
}

/**
 * Both players cut the opponent's deck at once: pick where on the fanned deck (1–34 cards go from
 * the top to the bottom), or let the countdown run out and the room cuts at random.
 */
export function CutStep({ state, info }: { state: MathGameState; info: RoomInfo | null }) {
  const busy = useStore((s) => s.busy);
  const { view, legal } = state;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const cutting = me !== null && legal.some((i) => i.type === 'cut');
  // The server's own cut intents: one per position, and "anywhere" (position null).
  const cuts = new Map(legal.flatMap((i) => (i.type === 'cut' ? [[i.position, i] as const] : [])));
  const [hover, setHover] = useState<number | null>(null);
  const mine = useRemaining(state, `cut-${me ?? -1}`);
  const waitingFor = view.cutters.filter((s) => s !== me);

  return (
    <div className="mcg__cut" data-testid="cut-step">
      {cutting && me !== null ? (
        <>
          <h2 className="mcg__cut-title">Cut {seatName(info, 1 - me)}'s deck</h2>
          <p className="mcg__cut-help">
            Tap the deck where you want to cut it: the cards above go to the bottom.
            {hover !== null && <strong className="mcg__cut-pick"> {hover} on top go under.</strong>}
          </p>
          <div
            className={`mcg__fan mcg__fan--${colourOf(view, 1 - me)}`}
            role="group"
            aria-label="Cut position"
            onPointerLeave={() => setHover(null)}
          >
            {Array.from({ length: DECK - 1 }, (_, k) => k + 1).map((n) => (
              <IntentButton
                key={n}
                intent={cuts.get(n) ?? null}
                busy={busy}
                plain
                className={`mcg__fan-slice ${hover !== null && n <= hover ? 'is-lifted' : ''}`}
                testId={`cut-position-${n}`}
                label={`Cut ${n} card${n === 1 ? '' : 's'} from the top`}
                onPointerEnter={() => setHover(n)}
                onFocus={() => setHover(n)}
              >
                <MathCardBack colour={colourOf(view, 1 - me)} size="sm" />
              </IntentButton>
            ))}
            <span className="mcg__fan-slice mcg__fan-slice--last" aria-hidden="true">
              <MathCardBack colour={colourOf(view, 1 - me)} size="sm" />
            </span>
          </div>
          <div className="mcg__cut-actions">
            <IntentButton intent={cuts.get(null) ?? null} busy={busy} primary testId="cut-random">
              Cut anywhere
            </IntentButton>
            {mine !== null && (
              <span className="mcg__timer" data-testid="cut-timer" data-remaining-ms={mine} role="timer">
                <span className="mcg__timer-bar" style={{ width: `${barWidth(mine, view.options)}%` }} />
                <span className="mcg__timer-text">{Math.ceil(mine / 1000)} s, then a random cut</span>
              </span>
            )}
          </div>
        </>
      ) : (
        <>
          <h2 className="mcg__cut-title">Cutting the decks</h2>
          {me !== null && !view.cutters.includes(me) && view.cutters.length > 0 && (
            <p className="mcg__cut-help">You have cut. Waiting for the other cut…</p>
          )}
          {waitingFor.map((seat) => (
            <WaitTimer key={seat} state={state} seat={seat} info={info} />
          ))}
        </>
      )}
    </div>
  );
}

const barWidth = (ms: number, options: { cutTimeoutSeconds: number }) =>
  Math.max(0, Math.min(100, (ms / (options.cutTimeoutSeconds * 1000)) * 100));

function WaitTimer({ state, seat, info }: { state: MathGameState; seat: number; info: RoomInfo | null }) {
  const remaining = useRemaining(state, `cut-${seat}`);
  return (
    <p className="mcg__cut-help" data-testid="cut-wait" data-seat={seat}>
      {seatName(info, seat)} is cutting {seatName(info, 1 - seat)}'s deck
      {remaining !== null && <> — random cut in {Math.ceil(remaining / 1000)} s</>}.
    </p>
  );
}
