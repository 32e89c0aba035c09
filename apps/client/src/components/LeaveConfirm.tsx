import { createPortal } from 'react-dom';
import { useEscape } from '../lib/useEscape.ts';

/** "Leave the game?" before ← takes a seated player away from a running game. */
export function LeaveConfirm({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  useEscape(onStay);
  return createPortal(
    <div className="panel-backdrop confirm-backdrop" onClick={onStay}>
      <div
        className="confirm"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        data-testid="leave-confirm"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="leave-title">Leave the game?</h2>
        <p id="leave-text">
          The game goes on without you. Your seat is kept: open the room again from this browser to take it
          back.
        </p>
        <div className="row">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="leave-stay"
            onClick={onStay}
            autoFocus
          >
            Stay
          </button>
          <button
            type="button"
            className="btn btn--ghost-dark"
            data-testid="leave-confirm-button"
            onClick={onLeave}
          >
            Leave
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
