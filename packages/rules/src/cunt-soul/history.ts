/**
 * Cunt-Soul's public history, in words, from the spectator views before and after one step: links
 * (with the value they play as when it differs from the printed one), burns and why, skips, direction
 * changes, pick-ups, public swaps, field changes, finishes and the end. Nothing a spectator cannot see.
 */
import type { CsLinkView, CsSeatView, CsValue, CuntSoulView, PlayingCard } from '@cards/schema';
import { playingCardName } from '../core/cards.ts';
import { type HistoryEvent, seatRef } from '../core/history.ts';

type Step = NonNullable<CuntSoulView['step']>;

const names = (cards: readonly PlayingCard[]): string => cards.map(playingCardName).join(' ');

const BURN_WHY: Readonly<Record<NonNullable<Step['burn']>, string>> = {
  ten: 'a 10',
  fourOfAKind: 'four of a kind',
  paradox: 'a paradox',
};

/** What an ability does at once, for the link's sentence (the rest shows as its own event). */
const ABILITY_NOTE: Partial<Record<CsValue, string>> = {
  '3': 'the next link must be a 3 or a Joker',
  '4': 'a run may follow',
  '8': 'skip',
  Q: 'the chain must go on',
  A: 'whoever plays on it draws',
};

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

function linkText(l: CsLinkView): string {
  const as = l.value !== l.printed ? ` as ${l.value}` : '';
  const note = l.ability === null ? undefined : ABILITY_NOTE[l.ability];
  const tail = l.run ? ' (run)' : note === undefined ? '' : ` (${note})`;
  return `${seatRef(l.player)} played ${names(l.cards)}${as}${tail}.`;
}

function setupEvents(before: CuntSoulView, after: CuntSoulView): string[] {
  const out: string[] = [];
  after.seats.forEach((s, i) => {
    if (before.seats[i]?.choosing === true && !s.choosing) out.push(`${seatRef(i)} has chosen.`);
  });
  if (before.phase === 'setup' && after.phase !== 'setup') {
    out.push('Everyone has chosen: the face-up and field cards are revealed.');
    if (after.current !== null) out.push(`${seatRef(after.current)} plays first.`);
    for (const s of after.seats) {
      const up = names(s.up.flatMap((u) => (u.card === null ? [] : [u.card])));
      const field = s.field === null ? 'none' : playingCardName(s.field);
      out.push(`${seatRef(s.seat)}: face-up ${up}, field card ${field}.`);
    }
  }
  return out;
}

function swapEvents(seat: number, was: CsSeatView, now: CsSeatView, swaps: Step['swaps']): string[] {
  return swaps.map(({ zone, slot }) => {
    if (zone === 'down') return `${seatRef(seat)} swapped a hand card with face-down card ${slot + 1}.`;
    const gone = was.up[slot]?.card ?? null;
    const came = now.up[slot]?.card ?? null;
    return gone === null || came === null
      ? `${seatRef(seat)} swapped a hand card with a face-up card.`
      : `${seatRef(seat)} swapped ${playingCardName(came)} from the hand for the face-up ${playingCardName(gone)}.`;
  });
}

/** A field change: the field card, the face-up card it burned and the sideways replacement (CH-1). */
function fieldEvents(seat: number, was: CsSeatView, now: CsSeatView): string[] {
  if (was.field === null) return [];
  if (now.field === null)
    return [`${seatRef(seat)}'s field card ${playingCardName(was.field)} goes into the hand.`];
  if (was.field.id === now.field.id) return [];
  const slot = now.up.findIndex((u, k) => u.horizontal && !(was.up[k]?.horizontal ?? false));
  const burned = was.up[slot]?.card ?? null;
  const fresh = now.up[slot]?.card ?? null;
  const cost =
    burned === null
      ? ''
      : `, burning the face-up ${playingCardName(burned)}` +
        (fresh === null ? '' : `; ${playingCardName(fresh)} lies sideways in its place`);
  return [
    `${seatRef(seat)} changed the field card from ${playingCardName(was.field)} to ${playingCardName(now.field)}${cost}.`,
  ];
}

/** Who passed the turn to whom: a J's choice, skipped players, or playing again. */
function turnEvents(before: CuntSoulView, after: CuntSoulView): string[] {
  if (after.turnsPlayed === before.turnsPlayed || before.current === null || after.current === null)
    return [];
  const from = before.current;
  const to = after.current;
  const prompt = before.turn.prompt?.kind;
  if (prompt === 'chooseNext' || prompt === 'fieldJ')
    return [`${seatRef(from)} chose ${seatRef(to)} to play next.`];
  const step = after.direction === 'clockwise' ? 1 : -1;
  const skipped: number[] = [];
  for (let k = 1, s = from; k <= after.players; k++) {
    s = (((s + step) % after.players) + after.players) % after.players;
    if (s === to) break;
    if (!(after.seats[s]?.finished ?? true)) skipped.push(s);
  }
  const out = skipped.map((s) => `${seatRef(s)} is skipped.`);
  if (to === from) out.push(`${seatRef(to)} plays again.`);
  return out;
}

function endEvents(before: CuntSoulView, after: CuntSoulView): string[] {
  const out: string[] = [];
  after.seats.forEach((s, i) => {
    const was = before.seats[i]?.place ?? null;
    if (s.finished && !(before.seats[i]?.finished ?? false))
      out.push(`${seatRef(i)} finished ${ORDINAL[after.finishOrder.indexOf(i)] ?? ''}.`);
    else if (was !== null && s.place === null) out.push(`${seatRef(i)} is back in the game.`);
  });
  if (after.result !== null && before.result === null) {
    if (after.result.byLimit)
      out.push(
        `The turn limit (${after.options.turnLimit}) is reached: the players still in rank by cards held.`,
      );
    const last = after.result.order[after.result.order.length - 1];
    const first = after.result.order[0];
    if (first !== undefined) out.push(`${seatRef(first)} wins.`);
    if (last !== undefined) out.push(`${seatRef(last)} is the sole-cunt.`);
  }
  return out;
}

function playEvents(before: CuntSoulView, after: CuntSoulView): string[] {
  const step: Step = after.step ?? { placed: [], pickedUp: 0, burn: null, swaps: [] };
  const actor = before.current;
  const out: string[] = [];
  const flip = after.lastFlip;
  if (flip !== null && JSON.stringify(flip) !== JSON.stringify(before.lastFlip))
    out.push(
      `${seatRef(flip.seat)} turned over ${playingCardName(flip.card)} from the face-down cards` +
        (flip.valid ? '.' : ': it cannot be played.'),
    );
  out.push(...step.placed.map(linkText));
  const returned = before.pile.filter((l) => l.run && !after.pile.some((a) => a.id === l.id));
  if (returned.length > 0 && step.burn === null && step.pickedUp === 0)
    out.push(`A Joker sends the run back: ${names(returned.flatMap((l) => l.cards))} return to the hand.`);
  for (const l of after.pile) {
    const was = before.pile.find((b) => b.id === l.id);
    if (l.choice !== null && (was === undefined || was.choice === null))
      out.push(`${seatRef(l.player)} called ${l.choice} than 7.`);
  }
  if (step.burn !== null && after.lastBurn !== null) {
    const where = after.out.length > before.out.length ? 'out of the game' : 'under the source';
    out.push(`The pile burns (${BURN_WHY[step.burn]}): ${after.lastBurn.cards} cards go ${where}.`);
  }
  if (actor !== null) {
    const was = before.seats[actor];
    const now = after.seats[actor];
    if (was !== undefined && now !== undefined) {
      out.push(...swapEvents(actor, was, now, step.swaps));
      if (step.pickedUp > 0) out.push(`${seatRef(actor)} picked up the pile (${step.pickedUp} cards).`);
      out.push(...fieldEvents(actor, was, now));
    }
  }
  if (after.direction !== before.direction) out.push(`Play now goes ${after.direction}.`);
  return out;
}

export function cuntSoulHistory(previous: CuntSoulView | null, after: CuntSoulView): HistoryEvent[] {
  if (previous === null)
    return [{ text: `${seatRef(after.dealer)} dealt; everyone chooses face-up and field cards.` }];
  const texts =
    previous.phase === 'setup'
      ? setupEvents(previous, after)
      : [...playEvents(previous, after), ...turnEvents(previous, after), ...endEvents(previous, after)];
  return texts.map((text) => ({ text }));
}
