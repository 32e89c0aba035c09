import { useLayoutEffect, type RefObject } from 'react';

/**
 * While the element (a table's bottom dock: hand and controls) is mounted, phone-width toasts sit
 * just above it instead of under the top bar, where they would hide what the player is racing for
 * (Blind Cassowary's target). The dock's height is tracked as it changes.
 */
export function useToastAboveDock(dock: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = dock.current;
    if (el === null) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--dock-height', `${Math.round(el.offsetHeight)}px`);
    measure();
    root.dataset.toastAboveDock = 'true';
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      delete root.dataset.toastAboveDock;
      root.style.removeProperty('--dock-height');
    };
  }, [dock]);
}
