/** The intents of a chain: play a link (T-2), flip a face-down card (Z-4), end a run, pick up (U-1). */
import { err, ok, type Result } from '../core/result.ts';
import { isCardId, syn } from './cards.ts';
import { fieldFlags } from './fields.ts';
import { fieldToHandIfDownEmpty, endChain, placeLink } from './placement.ts';
import { draftOf, seatOf, zoneCards, zoneOf, type CuntSoulState } from './state.ts';
import { pickUp, settle } from './turn.ts';
import { placeable, placementRefusal } from './values.ts';

/** Whether a chain is waiting for this player's next link (own turn, no prompt pending). */
export function chainRefusal(state: CuntSoulState, seat: number): Result<never> | null {
  if (state.phase !== 'play') return err('NOT_NOW', 'The game is not being played now.');
  if (state.current !== seat) return err('NOT_YOUR_TURN', 'It is not your turn.');
  if (state.turn.pending !== null) return err('ANSWER_FIRST', 'Answer the question in front of you first.');
  return null;
}

/** Values in the accessible zone that have a legal link now. */
export function playableValues(state: CuntSoulState, seat: number): number[] {
  const zone = zoneOf(state, seat);
  const values = new Set(zoneCards(state, seat, zone).map(syn));
  const f = fieldFlags(state);
  return [...values].filter((v) => placeable(state, v, f)).sort((a, b) => a - b);
}

export function playLink(state: CuntSoulState, seat: number, cards: unknown): Result<CuntSoulState> {
  const refused = chainRefusal(state, seat);
  if (refused !== null) return refused;
  if (!Array.isArray(cards) || cards.length === 0 || !cards.every(isCardId))
    return err('BAD_INTENT', 'Choose the cards of your link.');
  if (new Set(cards).size !== cards.length) return err('DUPLICATE_CARD', 'A card can only be played once.');
  const zone = zoneOf(state, seat);
  if (zone === 'down') return err('FACE_DOWN', 'You are on your face-down cards: turn one over.');
  if (zone === 'none') return err('NO_ZONE', 'You have no cards you may play now.');
  const accessible = zoneCards(state, seat, zone);
  if (!cards.every((c) => accessible.includes(c)))
    return err(
      'NOT_ACCESSIBLE',
      zone === 'hand'
        ? 'Play from your hand: face-up cards come when the hand and the source are empty.'
        : 'Play from your face-up cards.',
    );
  const u = syn(cards[0] as string);
  if (!cards.every((c) => syn(c) === u)) return err('MIXED_VALUES', 'A link is made of cards of one value.');
  if (cards.length > 1 && fieldFlags(state).f4)
    return err('ONE_CARD', 'Field 4 (I’m so Lonely): a link is a single card.');
  const refusal = placementRefusal(state, u);
  if (refusal !== null) return err(refusal.code, refusal.message);
  const d = draftOf(state);
  const p = seatOf(d, seat);
  if (zone === 'hand') p.hand = p.hand.filter((c) => !cards.includes(c));
  else
    p.up = p.up.map((slot) =>
      slot.card !== null && cards.includes(slot.card) ? { ...slot, card: null } : slot,
    );
  placeLink(d, cards, false);
  settle(d);
  return ok(d);
}

export function playFaceDown(state: CuntSoulState, seat: number, slot: unknown): Result<CuntSoulState> {
  const refused = chainRefusal(state, seat);
  if (refused !== null) return refused;
  if (zoneOf(state, seat) !== 'down')
    return err('NOT_FACE_DOWN', 'Your face-down cards are not in play yet.');
  const card = typeof slot === 'number' ? seatOf(state, seat).down[slot] : undefined;
  if (card === undefined || card === null) return err('EMPTY_SLOT', 'There is no face-down card there.');
  const d = draftOf(state);
  const p = seatOf(d, seat);
  p.down[slot as number] = null;
  p.knownDown[slot as number] = null;
  const valid = placeable(d, syn(card));
  d.lastFlip = { seat, card, valid };
  if (valid) placeLink(d, [card], true);
  else {
    pickUp(d, [card]);
    fieldToHandIfDownEmpty(d, seat);
  }
  settle(d);
  return ok(d);
}

export function endRun(state: CuntSoulState, seat: number): Result<CuntSoulState> {
  const refused = chainRefusal(state, seat);
  if (refused !== null) return refused;
  if (state.turn.oblig !== 'runMay')
    return err(
      'CANNOT_END',
      state.turn.oblig === 'runMust' ? 'A run goes at least up to the 6.' : 'There is no run to end.',
    );
  const d = draftOf(state);
  endChain(d);
  settle(d);
  return ok(d);
}

/** U-1: only from the hand or the face-up cards, and only when no link can be played. */
export function pickUpIntent(state: CuntSoulState, seat: number): Result<CuntSoulState> {
  const refused = chainRefusal(state, seat);
  if (refused !== null) return refused;
  const zone = zoneOf(state, seat);
  if (zone === 'down') return err('FACE_DOWN', 'On face-down cards you turn one over instead of picking up.');
  if (state.turn.oblig === 'runMay')
    return err('CANNOT_PICK_UP', 'Your run is long enough: end the chain instead.');
  if (zone !== 'none' && playableValues(state, seat).length > 0)
    return err('CAN_PLAY', 'You can play, so you may not pick up.');
  const d = draftOf(state);
  pickUp(d);
  settle(d);
  return ok(d);
}
