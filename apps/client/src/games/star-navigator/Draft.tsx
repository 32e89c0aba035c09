import { useState, type ReactNode } from 'react';
import { motion } from 'motion/react';
import type { StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import { sendIntent } from '../../net/connection.ts';
import { showToast } from '../../store.ts';
import { isOverride, StarCardFace } from './StarCardFace.tsx';
import { cardLabel } from './labels.ts';

/** The Data Packet: save one card (Hotshot Spacer: and lock it). */
export function Draft({
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
        <CardRow testId="hand" label="Your Data Packet">
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
        </CardRow>
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

/** The seat's own Nav Memory. */
export function Memory({ view }: { view: StarNavigatorView }) {
  return (
    <div className="sn__panel sn__panel--memory">
      <h2 className="sn__h">Nav Memory ({view.navMemory.length}/4)</h2>
      <CardRow testId="memory" label="Your Nav Memory">
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
      </CardRow>
      {view.corruptedCard && (
        <p className="sn__hint">
          The Pirate Map's corruption discarded your {cardLabel(view.corruptedCard)}.
        </p>
      )}
    </div>
  );
}

/** A row of the seat's cards; arrow keys move between them. */
function CardRow({ testId, label, children }: { testId: string; label: string; children: ReactNode }) {
  return (
    <div
      className="sn__row"
      role="group"
      data-testid={testId}
      aria-label={label}
      onKeyDown={moveFocusWithArrows}
    >
      {children}
    </div>
  );
}
