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
        <span aria-hidden="true">👁 </span>
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
