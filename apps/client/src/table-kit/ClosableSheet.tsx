import { useState } from 'react';
import './table-kit.css';

/**
 * Every end-of-game (or end-of-deal) sheet can be closed to look at the table and opened again:
 * `hidden` says which, `hideButton` goes among the sheet's actions, `showButton` replaces the sheet.
 */
export function useClosableSheet() {
  const [hidden, setHidden] = useState(false);
  const button = (testId: string, className: string, label: string, hide: boolean) => (
    <button type="button" className={`btn ${className}`} data-testid={testId} onClick={() => setHidden(hide)}>
      {label}
    </button>
  );
  return {
    hidden,
    hideButton: button('hide-score-sheet', 'btn--ghost-dark', 'See the table', true),
    showButton: button('show-score-sheet', 'btn--primary kit__sheet-reopen', 'Show the score', false),
  };
}
