import { useState } from 'react';
import type { StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { IntentButton } from '../../table-kit/buttons.tsx';
import { isOverride, StarCardFace } from './StarCardFace.tsx';
import { cardLabel } from './labels.ts';

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
export function LayOut({
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
        <IntentButton intent={{ type: 'layOutMemory', order: row }} testId="lay-out" busy={busy} primary>
          Lay out and roll the d4
        </IntentButton>
      </div>
    </div>
  );
}
