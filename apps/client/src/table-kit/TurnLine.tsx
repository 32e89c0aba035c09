import type { ReactNode } from 'react';
import './table-kit.css';

/**
 * The turn and prompt line above every table's play area ("Your turn", "Ana is playing…"), lit when
 * it is yours, with what happened last below it. `game` adds the table's own classes for its tweaks.
 */
export function TurnLine({
  game,
  mine,
  text,
  live = true,
  children,
}: {
  game: string;
  mine: boolean;
  text: ReactNode;
  /** Read out as it changes (the tables whose line is the prompt). */
  live?: boolean;
  /** The last move, below the line. */
  children?: ReactNode;
}) {
  return (
    <div className={`kit-status ${game}__status`}>
      <p
        className={`kit-turn ${game}__turn ${mine ? 'is-mine' : ''}`}
        data-testid="turn-indicator"
        aria-live={live ? 'polite' : undefined}
      >
        {text}
      </p>
      {children}
    </div>
  );
}
