import type { KeyboardEvent } from 'react';

const STEP: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** What arrow keys move between: enabled buttons and focusable items that are not greyed out. */
const MOVABLE =
  'button:not(:disabled):not([aria-disabled="true"]), [tabindex="0"]:not([aria-disabled="true"])';

/**
 * Arrow keys within a hand, a row of table cards or a toolbar: ←/↑ and →/↓ move the focus to the
 * previous or next playable item (wrapping), Home and End to the first and last. Enter and Space
 * then choose it, as every button does. Put it as the container's onKeyDown.
 */
export function moveFocusWithArrows(e: KeyboardEvent<HTMLElement>): void {
  const step = STEP[e.key];
  if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(MOVABLE)];
  if (items.length === 0) return;
  const at = items.findIndex(
    (item) => item === document.activeElement || item.contains(document.activeElement),
  );
  let next: number;
  if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = items.length - 1;
  else next = at === -1 ? 0 : (at + (step ?? 0) + items.length) % items.length;
  e.preventDefault();
  items[next]?.focus();
}
