import { ConfirmDialog } from './ConfirmDialog.tsx';

/** "Leave the game?" before ← takes a seated player away from a running game. */
export function LeaveConfirm({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  return (
    <ConfirmDialog
      id="leave"
      title="Leave the game?"
      text="The game goes on without you. Your seat is kept: open the room again from this browser to take it back."
      onCancel={onStay}
    >
      <button type="button" className="btn btn--primary" data-testid="leave-stay" onClick={onStay} autoFocus>
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
    </ConfirmDialog>
  );
}
