import type { BlindCassowaryClaimView, BlindCassowaryView } from '@cards/schema';
import { type HistoryEvent, seatRef } from '../core/history.ts';
import { cardName } from '../core/cards.ts';
import type { BlindCassowaryCard } from '@cards/schema';

type TableEvent = BlindCassowaryView['events'][number];

/** A card as the table shows it: "K♠", or "chameleon". */
export const bcCardName = (card: BlindCassowaryCard): string =>
  card.suit === null ? 'chameleon' : cardName({ id: card.id, rank: card.rank, suit: card.suit });

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The table events `after` added: its list is a sliding window, so skip the overlap with `before`. */
function newTableEvents(before: readonly TableEvent[], after: readonly TableEvent[]): TableEvent[] {
  for (let k = Math.min(before.length, after.length); k > 0; k--)
    if (same(before.slice(before.length - k), after.slice(0, k))) return after.slice(k);
  return [...after];
}

function claimEvents(before: BlindCassowaryClaimView | undefined, after: BlindCassowaryClaimView): string[] {
  const owner = seatRef(after.seat);
  if (before === undefined)
    return [`${owner} claimed a cassowary: ${after.formula} with ${after.cards.map(bcCardName).join(', ')}.`];
  const out: string[] = [];
  const whose = `${owner}'s ${after.formula}`;
  for (const seat of after.approvals)
    if (!before.approvals.includes(seat)) out.push(`${seatRef(seat)} approved ${whose}.`);
  for (const seat of after.challengers)
    if (!before.challengers.includes(seat)) out.push(`${seatRef(seat)} challenged ${whose}.`);
  if (after.spectatorChallenges > before.spectatorChallenges) out.push(`A spectator challenged ${whose}.`);
  for (const vote of after.votes)
    if (!before.votes.some((v) => v.seat === vote.seat))
      out.push(`${seatRef(vote.seat)} voted ${vote.verdict} on ${whose}.`);
  return out;
}

function blindEvents(before: BlindCassowaryView, after: BlindCassowaryView): string[] {
  const out: string[] = [];
  for (const line of after.blind) {
    const was = before.blind[line.seat];
    if (line.submitted && was?.submitted === false)
      out.push(`${seatRef(line.seat)} handed in a blind cassowary.`);
  }
  if (after.blindRevealed && !before.blindRevealed)
    for (const line of after.blind) {
      const what = line.pass === true ? 'passed' : `${line.formula ?? '?'} = ${line.value ?? '?'}`;
      out.push(`Blind cassowary of ${seatRef(line.seat)}: ${what}${line.winner ? ', the closest' : ''}.`);
    }
  return out;
}

function bestInShowEvents(before: BlindCassowaryView, after: BlindCassowaryView): string[] {
  const out: string[] = [];
  after.nominated.forEach((done, seat) => {
    if (done && before.nominated[seat] === false) out.push(`${seatRef(seat)} nominated for Best in Show.`);
  });
  after.bestInShowVoted.forEach((done, seat) => {
    if (done && before.bestInShowVoted[seat] === false) out.push(`${seatRef(seat)} voted for Best in Show.`);
  });
  return out;
}

/**
 * Blind Cassowary's public history: claims with their cards and formula, approvals, challenges,
 * votes, stuck declarations, the table's own events (claims standing or going back, draws, the proof
 * that no cassowary exists), the blind cassowary (hand-ins, then the reveal), Best in Show and the
 * final standings. A sliding window of table events that repeats itself exactly is read as no news.
 */
export function blindCassowaryHistory(
  previous: BlindCassowaryView | null,
  after: BlindCassowaryView,
): HistoryEvent[] {
  if (previous === null)
    return [{ text: `The target is ${after.target.value}: ${after.target.explanation}.` }];
  const before = previous;
  const texts: string[] = [];
  const earlier = new Map(before.claims.map((c) => [c.id, c]));
  for (const claim of after.claims) texts.push(...claimEvents(earlier.get(claim.id), claim));
  after.stuck.forEach((stuck, seat) => {
    if (stuck !== before.stuck[seat])
      texts.push(`${seatRef(seat)} ${stuck ? 'is stuck' : 'is no longer stuck'}.`);
  });
  for (const e of newTableEvents(before.events, after.events))
    texts.push(e.seat === null ? e.text : `${seatRef(e.seat)}: ${e.text}`);
  texts.push(...blindEvents(before, after), ...bestInShowEvents(before, after));
  if (after.standings !== null && before.standings === null) {
    const totals = after.standings.map((l) => `${seatRef(l.seat)} ${l.total}`).join(', ');
    texts.push(`Final standings: ${totals}; ${after.winners.map(seatRef).join(' and ')} won.`);
  }
  return texts.map((text) => ({ text }));
}
