/** The prompts card and field abilities give: 5-swaps (C-5, F-5), 7's choice (C-7), who is next (C-J, F-J). */
import { err, ok, type Result } from '../core/result.ts';
import { canSwap } from './placement.ts';
import { activeSeats, draftOf, seatOf, type CuntSoulState, type Prompt } from './state.ts';
import { settle } from './turn.ts';

function promptFor(state: CuntSoulState, seat: number, kinds: readonly Prompt['kind'][]): Prompt | null {
  const pending = state.turn.pending;
  return state.phase === 'play' && state.current === seat && pending !== null && kinds.includes(pending.kind)
    ? pending
    : null;
}

export function declare7(state: CuntSoulState, seat: number, choice: unknown): Result<CuntSoulState> {
  const prompt = promptFor(state, seat, ['declare7']);
  if (prompt?.kind !== 'declare7') return err('NOT_ASKED', 'There is no 7 waiting for higher or lower.');
  if (choice !== 'higher' && choice !== 'lower') return err('BAD_INTENT', 'Say higher or lower.');
  const d = draftOf(state);
  d.pile = d.pile.map((l) => (l.id === prompt.linkId ? { ...l, choice } : l));
  d.turn.pending = null;
  settle(d);
  return ok(d);
}

export function chooseNext(state: CuntSoulState, seat: number, target: unknown): Result<CuntSoulState> {
  if (promptFor(state, seat, ['chooseNext', 'fieldJ']) === null)
    return err('NOT_ASKED', 'You are not choosing who plays next.');
  if (typeof target !== 'number' || target === seat || !activeSeats(state).includes(target))
    return err('BAD_CHOICE', 'Choose another player who is still playing.');
  const d = draftOf(state);
  d.turn.queue.push({ kind: 'moveTo', seat: target });
  d.turn.pending = null;
  settle(d);
  return ok(d);
}

export function swap5(
  state: CuntSoulState,
  seat: number,
  card: unknown,
  slot: unknown,
): Result<CuntSoulState> {
  const prompt = promptFor(state, seat, ['swap5']);
  if (prompt?.kind !== 'swap5') return err('NOT_ASKED', 'There is no swap to make.');
  const me = seatOf(state, seat);
  if (typeof card !== 'string' || !me.hand.includes(card))
    return err('NOT_YOUR_CARD', 'Swap a card from your hand.');
  const i = typeof slot === 'number' ? slot : -1;
  const inSlot = prompt.zone === 'up' ? me.up[i]?.card : me.down[i];
  if (inSlot === undefined || inSlot === null)
    return err('EMPTY_SLOT', `There is no ${prompt.zone === 'up' ? 'face-up' : 'face-down'} card there.`);
  const d = draftOf(state);
  const p = seatOf(d, seat);
  p.hand.splice(p.hand.indexOf(card), 1, inSlot);
  if (prompt.zone === 'up') p.up[i] = { card, horizontal: p.up[i]?.horizontal ?? false };
  else {
    p.down[i] = card;
    p.knownDown[i] = card;
  }
  const record = { zone: prompt.zone, slot: i, fromHand: card, fromSlot: inSlot };
  d.step.swaps.push({ zone: prompt.zone, slot: i });
  d.pile = d.pile.map((l) => (l.id === prompt.linkId ? { ...l, swaps: [...l.swaps, record] } : l));
  const left = prompt.left - 1;
  d.turn.pending = left > 0 && canSwap(d, seat, prompt.zone) ? { ...prompt, left } : null;
  settle(d);
  return ok(d);
}

export function endSwaps(state: CuntSoulState, seat: number): Result<CuntSoulState> {
  if (promptFor(state, seat, ['swap5']) === null) return err('NOT_ASKED', 'There is no swap to make.');
  const d = draftOf(state);
  d.turn.pending = null;
  settle(d);
  return ok(d);
}
