import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { sendIntent } from '../net/connection.ts';
import { showToast } from '../store.ts';
import './table-kit.css';

type Native = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'type' | 'children'>;

interface KitButtonProps extends Native {
  testId: string;
  /** What a screen reader says where the face is a symbol ("plus", "Undo"). */
  label?: string;
  /** Off: nothing to do now. */
  off: boolean;
  /** Why it is off, for a player: its tooltip, and what a tap or Enter on it says. */
  why?: string;
  /** A request is under way: off for that moment, no reason needed. */
  busy?: boolean;
  /** No `btn` look: the face is the game's own (a slice of a fanned deck). */
  plain?: boolean;
  onPress: () => void;
  children: ReactNode;
}

/**
 * Every table's button. Off with a reason, it stays focusable and greyed (`aria-disabled`): a tap,
 * a click or Enter tells the reason instead of doing nothing, so a phone player learns it too. Off
 * without one (busy, nothing to undo), it is simply disabled.
 */
export function KitButton({
  testId,
  label,
  off,
  why,
  busy = false,
  plain = false,
  onPress,
  className = '',
  children,
  ...native
}: KitButtonProps) {
  const saysWhy = off && !busy && why !== undefined;
  return (
    <button
      {...native}
      type="button"
      className={`${plain ? '' : 'btn '}${className}`.trim()}
      data-testid={testId}
      aria-label={label}
      disabled={busy || (off && !saysWhy)}
      aria-disabled={saysWhy || undefined}
      title={saysWhy ? why : native.title}
      onClick={() => {
        if (saysWhy) showToast('info', why);
        else if (!off && !busy) onPress();
      }}
    >
      {children}
    </button>
  );
}

/** A key of a calculation pad: a card, an operator, a bracket, undo or clear. */
export function TokenButton({
  disabled,
  onClick,
  className = '',
  ...rest
}: Omit<KitButtonProps, 'off' | 'onPress' | 'busy'> & { disabled: boolean; onClick: () => void }) {
  return <KitButton {...rest} off={disabled} onPress={onClick} className={`kit-token ${className}`.trim()} />;
}

/**
 * A button that sends one intent: off while a request is under way, or while there is none to send
 * (say `why`). `onSent` runs once the server took it.
 */
export function IntentButton<Intent>({
  intent,
  primary = false,
  className = '',
  onSent,
  ...rest
}: Omit<KitButtonProps, 'off' | 'onPress'> & {
  intent: Intent | null;
  primary?: boolean;
  onSent?: () => void;
}) {
  return (
    <KitButton
      {...rest}
      off={intent === null}
      className={`${primary ? 'btn--primary ' : ''}${className}`.trim()}
      onPress={() => {
        if (intent !== null) void sendIntent(intent).then((ok) => ok && onSent?.());
      }}
    />
  );
}
