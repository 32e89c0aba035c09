import type { StarNavigatorView, StarSeatView, StarShowdown, StarShowdownLine } from '@cards/schema';
import { type HistoryEvent, seatRef } from '../core/history.ts';
import { cardLabel } from './cards.ts';

const cards = (list: StarShowdown['targetCards']): string => list.map(cardLabel).join(', ');
const chips = (n: number): string => `${n} chip${n === 1 ? '' : 's'}`;

function lineText(line: StarShowdownLine): string {
  const who = seatRef(line.seat);
  const used = line.vectorSet.map(cardLabel).join(', ');
  if (line.forfeit !== null)
    return `${who} forfeited (${line.forfeitDetail ?? line.forfeit})${used ? ` with ${used}` : ''}.`;
  const phantom = line.phantom === null ? '' : ` and phantom ${line.phantom}`;
  return `${who} used ${used}${phantom}: ${line.formula ?? '?'} = ${line.result ?? '?'}, ${line.distance ?? '?'} from the target${line.winner ? ', a winner' : ''}.`;
}

function roundText(view: StarNavigatorView): string {
  const beacon = view.signpostBeacon === null ? '' : `, Signpost Beacon ${cardLabel(view.signpostBeacon)}`;
  return `Round ${view.round}: target ${view.target ?? '?'} (${cards(view.targetCards)})${beacon}.`;
}

function showdownEvents(s: StarShowdown): HistoryEvent[] {
  const events: HistoryEvent[] = [{ text: `Showdown of round ${s.round}, target ${s.target}:` }];
  for (const line of s.lines) events.push({ text: lineText(line) });
  for (const p of s.payments)
    events.push({ text: `${seatRef(p.from)} paid ${seatRef(p.to)} ${chips(p.amount)}.` });
  if (s.bountyClaimedBy !== null)
    events.push({ text: `${seatRef(s.bountyClaimedBy)} claimed the Bounty of ${chips(s.bountyClaimed)}.` });
  for (const seat of s.eliminated) events.push({ text: `${seatRef(seat)} is out of chips.` });
  return events;
}

function seatEvents(before: StarSeatView, after: StarSeatView, inShowdown: boolean): string[] {
  const who = seatRef(after.seat);
  const out: string[] = [];
  if (after.navMemoryCount > before.navMemoryCount) out.push(`${who} saved a card to the Nav Memory.`);
  if (after.hotshot && !before.hotshot) out.push(`${who} locked a card face down (Hotshot Spacer).`);
  if (after.corruptionRoll !== null && before.corruptionRoll === null)
    out.push(`${who} laid out the Nav Memory; the d4 rolled ${after.corruptionRoll}.`);
  if (after.submitted && !before.submitted) out.push(`${who} submitted a calculation.`);
  if (after.timedOut && !before.timedOut) out.push(`${who} ran out of time.`);
  if (inShowdown && before.choosing && !after.choosing) out.push(`${who} is ready for the next round.`);
  return out;
}

/**
 * Star Navigator's public history: the Pirate Map market, each deal's target and Beacon, who saved,
 * locked, laid out and submitted (never which card), every showdown line, payment and elimination.
 */
export function starHistory(previous: StarNavigatorView | null, after: StarNavigatorView): HistoryEvent[] {
  const events: HistoryEvent[] = [];
  if (previous === null) return after.target === null ? [] : [{ text: roundText(after) }];
  const before = previous;
  if (after.pirateMapOwner !== null && before.pirateMapOwner === null)
    events.push({
      text: `${seatRef(after.pirateMapOwner)} bought the Pirate Map for ${chips(before.pirateMapPrice)}.`,
    });
  else if (
    before.marketSeat !== null &&
    after.marketSeat !== before.marketSeat &&
    after.pirateMapOwner === null
  )
    events.push({ text: `${seatRef(before.marketSeat)} passed on the Pirate Map.` });
  if (after.phase === 'draft' && before.phase !== 'draft' && after.target !== null) {
    const beacon =
      after.signpostBeacon === null ? '' : `, Signpost Beacon ${cardLabel(after.signpostBeacon)}`;
    events.push({
      text: `Round ${after.round}: target ${after.target} (${cards(after.targetCards)})${beacon}.`,
    });
  }
  for (const seat of after.seats) {
    const was = before.seats[seat.seat];
    if (was !== undefined)
      for (const text of seatEvents(was, seat, before.phase === 'showdown' && after.phase === 'showdown'))
        events.push({ text });
  }
  const showdown = after.lastShowdown;
  if (showdown !== null && showdown.round !== before.lastShowdown?.round)
    events.push(...showdownEvents(showdown));
  if (after.phase === 'over' && before.phase !== 'over') {
    const names = after.winners.map(seatRef).join(' and ');
    events.push({
      text: after.winners.length > 0 ? `${names} won the game.` : 'The game ended with no winner.',
    });
  }
  return events;
}
