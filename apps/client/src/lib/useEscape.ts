import { useEffect } from 'react';

/** Calls `onEscape` when Escape is pressed anywhere (dialogs and panels close, or cancel, with it). */
export function useEscape(onEscape: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEscape();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onEscape]);
}
