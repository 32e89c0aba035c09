import type { MathCardGameView, MathSequenceCard, RoomInfo } from '@cards/schema';
import { EndSheet, SheetTable, winnerBanner } from '../../table-kit/EndSheet.tsx';
import {
  cardSymbol,
  colourOf,
  END_REASONS,
  OP_SYMBOL,
  seatName,
  spokenMathCard,
  turnedInto,
} from './labels.ts';

/**
 * A sequence as it was played, card by card: cancelled pairs struck through, an operator an invert or
 * swap changed shown with what it became (`× → ÷`).
 */
function PlayedRow({ cards, slot }: { cards: readonly MathSequenceCard[]; slot: number }) {
  return (
    <span className="mcg-sheet__played" data-testid={`score-played-${slot}`} data-count={cards.length}>
      {cards.map((placed) => {
        const turned = turnedInto(placed);
        const wild =
          placed.card.kind === 'operator' && placed.card.operator === '?' && placed.chosen !== null;
        const symbol = `${wild ? '?→' : ''}${cardSymbol(placed.card, placed.chosen)}`;
        const text =
          placed.card.kind === 'starter'
            ? `[${symbol}]`
            : turned !== null
              ? `${symbol}→${OP_SYMBOL[turned] ?? turned}`
              : symbol;
        const kind = placed.card.kind === 'modifier' ? 'mcg-sheet__tok--mod' : '';
        const spoken = `${spokenMathCard(placed.card, placed.chosen)}${placed.cancelled ? ', cancelled' : ''}${
          turned !== null ? `, now ${OP_SYMBOL[turned] ?? turned}` : ''
        }`;
        return placed.cancelled ? (
          <del key={placed.card.id} className={`mcg-sheet__tok ${kind}`} title={spoken} data-cancelled="true">
            {text}
          </del>
        ) : (
          <span key={placed.card.id} className={`mcg-sheet__tok ${kind}`} title={spoken}>
            {text}
          </span>
        );
      })}
    </span>
  );
}

/** The final score: every sequence as played, what of it counts and its value; the totals. */
export function MathScoreSheet({ view, info }: { view: MathCardGameView; info: RoomInfo | null }) {
  const final = view.final;
  if (final === null) return null;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const seats = view.colours.map((_, seat) => seat);

  return (
    <EndSheet
      info={info}
      me={me}
      banner={winnerBanner(final.winners, me, info, seatName)}
      title="Final score"
      className="mcg-sheet"
      animate={false}
    >
      <p className="mcg-sheet__reason">{END_REASONS[final.reason] ?? ''}</p>
      <p className="mcg-sheet__summary kit-sheet__decisive" data-testid="score-summary">
        {seats.map((seat) => (
          <span key={seat} className={final.winners.includes(seat) ? 'is-winner' : ''}>
            <span className={`mcg__dot mcg__dot--${colourOf(view, seat)}`} aria-hidden="true" />
            {seatName(info, seat)} {final.scores[seat] ?? 0}
          </span>
        ))}
      </p>
      <SheetTable
        className="mcg-sheet__table"
        list
        head={
          <tr>
            <th scope="col">#</th>
            <th scope="col">Opened by</th>
            <th scope="col">Sequence</th>
            <th scope="col" className="kit-sheet__num">
              Value
            </th>
          </tr>
        }
        foot={seats.map((seat) => (
          <tr
            key={seat}
            className={`kit-sheet__total ${final.winners.includes(seat) ? 'kit-sheet__winner' : ''}`}
          >
            <th scope="row" colSpan={3}>
              <span className={`mcg__dot mcg__dot--${colourOf(view, seat)}`} aria-hidden="true" />
              {seatName(info, seat)}
              {seat === me ? ' (you)' : ''}
            </th>
            <td className="kit-sheet__num" data-testid={`score-total-${seat}`}>
              {final.scores[seat] ?? 0}
            </td>
          </tr>
        ))}
      >
        {final.sequences.map((line) => (
          <tr key={line.slot} data-testid={`score-line-${line.slot}`} data-owner={line.owner}>
            <td>{line.slot + 1}</td>
            <td className="mcg-sheet__owner">
              <span className={`mcg__dot mcg__dot--${colourOf(view, line.owner)}`} aria-hidden="true" />
              {seatName(info, line.owner)}
            </td>
            <td className="mcg-sheet__expr">
              <PlayedRow cards={view.sequences[line.slot]?.cards ?? []} slot={line.slot} />
              {(view.sequences[line.slot]?.cards ?? []).some((c) => c.card.kind === 'modifier') && (
                <span className="mcg-sheet__effect" data-testid={`score-effect-${line.slot}`}>
                  counts as {line.expression}
                </span>
              )}
            </td>
            <td className="kit-sheet__num">{line.value}</td>
          </tr>
        ))}
        {final.sequences.length === 0 && (
          <tr>
            <td colSpan={4}>No sequence was opened.</td>
          </tr>
        )}
      </SheetTable>
    </EndSheet>
  );
}
