import { TopbarIcon } from '../components/TopbarIcon.tsx';
import { useState } from 'react';
import { useStore } from '../store.ts';
import { HistoryList } from './HistoryList.tsx';
import './history.css';

/**
 * Every table's history: a button in the top bar opens a panel (beside the table on a wide screen,
 * over its lower part on a phone) with every public event, oldest first.
 */
export function HistoryPanel() {
  const [open, setOpen] = useState(false);
  const history = useStore((s) => s.history);
  const seats = useStore((s) => s.info?.seats);
  const names = (seats ?? []).map((s) => s.name);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost history__toggle"
        aria-expanded={open}
        aria-controls="history-panel"
        data-testid="history-toggle"
        onClick={() => setOpen((o) => !o)}
      >
        <TopbarIcon name="history" />
        <span className="topbar__word">History</span>
      </button>
      {open && (
        <aside className="history" id="history-panel" aria-label="History" data-testid="history-panel">
          <header className="history__header">
            <h2 className="history__title">History</h2>
            <button
              type="button"
              className="btn btn--ghost"
              aria-label="Close the history"
              onClick={() => setOpen(false)}
            >
              ✕
            </button>
          </header>
          <HistoryList entries={history} names={names} />
        </aside>
      )}
    </>
  );
}
