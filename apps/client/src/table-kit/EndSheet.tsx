import type { ReactNode } from 'react';
import { motion } from 'motion/react';
import type { RoomInfo } from '@cards/schema';
import { MatchWins, RematchButton } from '../components/EndOfGame.tsx';
import { useClosableSheet } from './ClosableSheet.tsx';
import { seatName } from './seatName.ts';
import './table-kit.css';

/** "You win!", "Ana wins!" or "It's a tie between Ana and Ben." */
export function winnerBanner(
  winners: readonly number[],
  me: number | null,
  info: RoomInfo | null,
  name: (info: RoomInfo | null, seat: number) => string = seatName,
): string {
  if (winners.length === 1) {
    const w = winners[0] ?? 0;
    return w === me ? 'You win!' : `${name(info, w)} wins!`;
  }
  return `It's a tie between ${winners.map((s) => name(info, s)).join(' and ')}.`;
}

/**
 * The frame of every end-of-game (and Cassino's end-of-deal) sheet: a dialog over the table with the
 * winner banner, a title, the game's own body, and the actions — games won in the room, the replay,
 * "See the table" (the sheet closes to a "Show the score" button) and the rematch offer. `actions`
 * replaces the final actions (between deals); it receives the "See the table" button.
 * The banner, the title and the actions stay put; only the game's body scrolls when the screen is too
 * short, so the buttons are always in view; a game marks its decisive totals `kit-sheet__decisive`
 * to keep them at the top of the body as it scrolls.
 */
export function EndSheet({
  info,
  me,
  banner,
  title,
  className = '',
  animate = true,
  actions,
  children,
}: {
  info: RoomInfo | null;
  me: number | null;
  banner: string | null;
  title: string;
  /** The game's own sheet class (its width, its table). */
  className?: string;
  animate?: boolean;
  actions?: (hideButton: ReactNode) => ReactNode;
  children: ReactNode;
}) {
  const { hidden, hideButton, showButton } = useClosableSheet();
  if (hidden) return showButton;
  const motionProps = animate
    ? { initial: { opacity: 0, y: 24 }, animate: { opacity: 1, y: 0 }, transition: { duration: 0.25 } }
    : {};
  return (
    <div className="kit-sheet-backdrop">
      <motion.div
        className={`kit-sheet ${className}`}
        role="dialog"
        aria-modal="false"
        aria-labelledby="kit-sheet-title"
        data-testid="score-sheet"
        {...motionProps}
      >
        {banner !== null && (
          <p className="kit-sheet__banner" data-testid="winner-banner">
            {banner}
          </p>
        )}
        <h2 id="kit-sheet-title" className="kit-sheet__title">
          {title}
        </h2>
        <div className="kit-sheet__body">{children}</div>
        <div className="kit-sheet__actions">
          {actions ? (
            actions(hideButton)
          ) : (
            <>
              <MatchWins info={info} className="kit-sheet__wins" />
              <RematchButton seated={me !== null} lead={hideButton} />
            </>
          )}
        </div>
      </motion.div>
    </div>
  );
}

/**
 * A table on an end sheet, scrollable sideways (and focusable, so a keyboard can scroll it): the kit's
 * table look, whatever its rows. `list` is for a table of items, one a row (text reads left to right),
 * rather than a column per seat.
 */
export function SheetTable({
  className,
  list = false,
  head,
  foot,
  children,
}: {
  className: string;
  list?: boolean;
  head: ReactNode;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="kit-sheet__scroll" tabIndex={0} role="region" aria-label="Score table">
      <table className={`kit-sheet__table ${list ? 'kit-sheet__table--list' : ''} ${className}`}>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
        {foot !== undefined && <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

/** A score table with a column per seat: the game gives its rows. */
export function ScoreTable({
  info,
  seats,
  className,
  children,
}: {
  info: RoomInfo | null;
  seats: readonly number[];
  className: string;
  children: ReactNode;
}) {
  return (
    <SheetTable
      className={className}
      head={
        <tr>
          <th scope="col">
            <span className="visually-hidden">Category</span>
          </th>
          {seats.map((seat) => (
            <th scope="col" key={seat}>
              {seatName(info, seat)}
            </th>
          ))}
        </tr>
      }
    >
      {children}
    </SheetTable>
  );
}
