import { useStore } from '../store.ts';

const LABELS = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  closed: 'Disconnected',
} as const;

/** Always present in a room; it becomes a banner while the connection is not healthy. */
export function ConnectionStatus() {
  const status = useStore((s) => s.status);
  const restarting = useStore((s) => s.serverRestarting && s.status !== 'connected');
  const healthy = status === 'connected';
  return (
    <div
      className={`conn conn--${status} ${healthy ? '' : 'conn--banner'}`}
      data-testid="connection-status"
      data-status={status}
      role="status"
      aria-live="polite"
    >
      <span className="conn__dot" aria-hidden="true" />
      <span className="conn__text">{restarting ? 'The server is restarting…' : LABELS[status]}</span>
    </div>
  );
}
