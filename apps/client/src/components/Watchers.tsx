import type { RoomInfo } from '@cards/schema';

/**
 * At the table: a spectator sees "Watching"; everyone sees how many watch and, opened, who.
 */
export function Watchers({ info }: { info: RoomInfo }) {
  const spectating = info.you.seat === null;
  const count = info.spectators.length;
  if (!spectating && count === 0) return null;

  return (
    <details className="watchers" data-testid="watchers" data-count={count}>
      <summary className="watchers__summary" data-testid={spectating ? 'watching-label' : undefined}>
        <svg className="watchers__eye" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8z" />
        </svg>
        {spectating ? (
          <>Watching · {count}</>
        ) : (
          <>
            {count}
            {/* Narrow screens show the eye and the number; the word stays for screen readers. */}
            <span className="watchers__word"> watching</span>
          </>
        )}
      </summary>
      <ul className="watchers__list" aria-label="Watchers" data-testid="watchers-list">
        {info.spectators.map((s) => (
          <li key={s.id}>
            {s.name}
            {spectating && s.name === info.you.name && ' (you)'}
          </li>
        ))}
      </ul>
    </details>
  );
}
