import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

/**
 * The host's Remove asks first, and offers the two kinds: Remove (they may come back, to watch or to
 * sit) or Ban (their browser stays out of this room).
 */
export function RemoveConfirm({
  name,
  onRemove,
  onCancel,
}: {
  name: string;
  onRemove: (ban: boolean) => void;
  onCancel: () => void;
}) {
  const text = (
    <>
      <strong>Remove</strong>: {name} leaves the room but may come back to watch or take a free seat.{' '}
      <strong>Ban</strong>: {name} cannot come back to this room, not even to watch.
    </>
  );
  return (
    <ConfirmDialog id="remove" title={`Remove ${name}?`} text={text} onCancel={onCancel}>
      <button
        type="button"
        className="btn btn--ghost-dark"
        data-testid="remove-cancel"
        onClick={onCancel}
        autoFocus
      >
        Cancel
      </button>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="remove-only"
        onClick={() => onRemove(false)}
      >
        Remove
      </button>
      <button
        type="button"
        className="btn btn--danger"
        data-testid="remove-ban"
        onClick={() => onRemove(true)}
      >
        Ban
      </button>
    </ConfirmDialog>
  );
}
