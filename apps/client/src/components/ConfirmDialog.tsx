import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useEscape } from '../lib/useEscape.ts';

/**
 * A question before something that cannot be undone at once (leaving a game, removing a player):
 * a modal alert dialog over the page; Escape or a click beside it cancels.
 */
export function ConfirmDialog({
  id,
  title,
  text,
  onCancel,
  children,
}: {
  /** Prefix of the title and text ids, and the dialog's test id (`${id}-confirm`). */
  id: string;
  title: string;
  text: ReactNode;
  onCancel: () => void;
  /** The dialog's buttons. */
  children: ReactNode;
}) {
  useEscape(onCancel);
  return createPortal(
    <div className="panel-backdrop confirm-backdrop" onClick={onCancel}>
      <div
        className="confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid={`${id}-confirm`}
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`}>{text}</p>
        <div className="row">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
