/** CH-1, CH-2: changing the field card at the start of a turn, and what it costs. */
import { err, ok, type Result } from '../core/result.ts';
import { burnCards } from './burn.ts';
import { syncSourceFlip } from './fields.ts';
import { draftOf, seatOf, type CuntSoulState } from './state.ts';
import { chainRefusal } from './play.ts';

export const MAX_CHANGES = 3;

export function changeRefusal(state: CuntSoulState, seat: number): Result<never> | null {
  const refused = chainRefusal(state, seat);
  if (refused !== null) return refused;
  const me = seatOf(state, seat);
  if (state.turn.links > 0 || state.turn.changed)
    return err('START_OF_TURN', 'The field card is changed once, at the start of your turn.');
  if (state.source.length === 0)
    return err('NO_SOURCE', 'Field cards can only be changed while the source lasts.');
  if (me.field === null) return err('NO_FIELD', 'Your field card is already in your hand.');
  if (me.changes >= MAX_CHANGES)
    return err('NO_CHANGES_LEFT', 'You have changed your field card three times.');
  return null;
}

export function changeField(
  state: CuntSoulState,
  seat: number,
  card: unknown,
  slot: unknown,
): Result<CuntSoulState> {
  const refused = changeRefusal(state, seat);
  if (refused !== null) return refused;
  const me = seatOf(state, seat);
  if (typeof card !== 'string' || !me.hand.includes(card))
    return err('NOT_YOUR_CARD', 'The new field card comes from your hand.');
  const target = typeof slot === 'number' ? me.up[slot] : undefined;
  if (target === undefined || target.card === null || target.horizontal)
    return err('NOT_VERTICAL', 'Burn one of your upright face-up cards.');
  const d = draftOf(state);
  const p = seatOf(d, seat);
  const i = slot as number;
  // 1. the swap, under which the new field set applies at once (a field-6 flip included)
  p.hand.splice(p.hand.indexOf(card), 1, p.field as string);
  p.field = card;
  syncSourceFlip(d);
  // 2. the vertical face-up card burns, routed by the new field set; 3. a replacement, horizontal
  burnCards(d, [target.card]);
  p.up[i] = { card: d.source.shift() ?? null, horizontal: true };
  p.changes++;
  d.turn.changed = true;
  return ok(d);
}
