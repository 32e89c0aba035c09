import type { ReactNode } from 'react';
import type { StarNavigatorIntent } from '@cards/schema';
import { sendIntent } from '../../net/connection.ts';

/** A key of the calculation pad: a card, an operator, a bracket, undo or clear. */
export function TokenButton({
  testId,
  label,
  disabled,
  onClick,
  children,
}: {
  testId: string;
  /** What a screen reader says where the key's face is a symbol ("plus", "Undo"). */
  label?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn sn__token"
      data-testid={testId}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A button that sends one intent; off while a request is under way or while there is none to send. */
export function IntentButton({
  intent,
  testId,
  busy,
  primary = false,
  className = '',
  children,
}: {
  intent: StarNavigatorIntent | null;
  testId: string;
  busy: boolean;
  primary?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`btn ${primary ? 'btn--primary' : ''} ${className}`.trim()}
      data-testid={testId}
      disabled={busy || intent === null}
      onClick={() => intent !== null && void sendIntent(intent)}
    >
      {children}
    </button>
  );
}
