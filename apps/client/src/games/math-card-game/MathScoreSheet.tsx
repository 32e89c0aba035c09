import { MatchWins, RematchButton } from '../../components/EndOfGame.tsx';
import type { MathCardGameView, MathSequenceCard, RoomInfo } from '@cards/schema';
import { useClosableSheet } from '../../table-kit/ClosableSheet.tsx';
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
  const { hidden, hideButton, showButton } = useClosableSheet();
  const final = view.final;
  if (final === null) return null;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const seats = view.colours.map((_, seat) => seat);

  let banner: string;
  if (final.winners.length === 1) {
    const w = final.winners[0] ?? 0;
    banner = w === me ? 'You win!' : `${seatName(info, w)} wins!`;
  } else {
    banner = `It's a tie between ${final.winners.map((s) => seatName(info, s)).join(' and ')}.`;
  }

  if (hidden) return showButton;

  return (
    <div className="mcg-sheet-backdrop">
      <div
        className="mcg-sheet"
        role="dialog"
        aria-modal="false"
        aria-labelledby="mcg-score-title"
        data-testid="score-sheet"
      >
        <p className="mcg-sheet__banner" data-testid="winner-banner">
          {banner}
        </p>
        <h2 id="mcg-score-title" className="mcg-sheet__title">
          Final score
        </h2>
        <p className="mcg-sheet__reason">{END_REASONS[final.reason] ?? ''}</p>
        <p className="mcg-sheet__summary" data-testid="score-summary">
          {seats.map((seat) => (
            <span key={seat} className={final.winners.includes(seat) ? 'is-winner' : ''}>
              <span className={`mcg__dot mcg__dot--${colourOf(view, seat)}`} aria-hidden="true" />
              {seatName(info, seat)} {final.scores[seat] ?? 0}
            </span>
          ))}
        </p>
        <div className="mcg-sheet__scroll" tabIndex={0} role="region" aria-label="Score table">
          <table className="mcg-sheet__table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Opened by</th>
                <th scope="col">Sequence</th>
                <th scope="col">Value</th>
              </tr>
            </thead>
            <tbody>
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
                  <td className="mcg-sheet__value">{line.value}</td>
                </tr>
              ))}
              {final.sequences.length === 0 && (
                <tr>
                  <td colSpan={4}>No sequence was opened.</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              {seats.map((seat) => (
                <tr
                  key={seat}
                  className={`mcg-sheet__total ${final.winners.includes(seat) ? 'is-winner' : ''}`}
                >
                  <th scope="row" colSpan={3}>
                    <span className={`mcg__dot mcg__dot--${colourOf(view, seat)}`} aria-hidden="true" />
                    {seatName(info, seat)}
                    {seat === me ? ' (you)' : ''}
                  </th>
                  <td data-testid={`score-total-${seat}`}>{final.scores[seat] ?? 0}</td>
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
        <div className="mcg-sheet__actions">
          <MatchWins info={info} className="mcg-sheet__wins" />
          <div className="row">
            {hideButton}
            <RematchButton seated={me !== null} />
          </div>
        </div>
      </div>
    </div>
  );
}
