import { useEffect, useRef } from 'react';
import type { HistoryEntry } from '@cards/schema';
import { historyText } from './historyText.ts';

/**
 * The public history, oldest first, in a scrolling list that follows the newest entry unless the
 * reader has scrolled up. `upTo` (a replay's move) dims what has not happened yet.
 */
export function HistoryList({
  entries,
  names,
  upTo,
}: {
  entries: readonly HistoryEntry[];
  names: readonly (string | null | undefined)[];
  upTo?: number;
}) {
  const list = useRef<HTMLOListElement>(null);
  const shown = upTo === undefined ? entries : entries.filter((e) => e.move <= upTo);
  useEffect(() => {
    const el = list.current;
    if (el === null) return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (nearEnd || upTo !== undefined) el.scrollTop = el.scrollHeight;
  }, [shown.length, upTo]);
  if (shown.length === 0) return <p className="history__empty">Nothing has happened yet.</p>;
  return (
    <ol className="history__list" ref={list} data-testid="history-list">
      {shown.map((entry, i) => (
        <li key={i} className="history__entry" data-move={entry.move}>
          <span className="history__move" aria-label={`move ${entry.move}`}>
            {entry.move}
          </span>
          <span className="history__text">{historyText(entry.text, names)}</span>
        </li>
      ))}
    </ol>
  );
}
