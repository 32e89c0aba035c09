/** F-0: the field cards in play and the flags they set. */
import { ACE, JACK, JOKER, KING, QUEEN, syn } from './cards.ts';
import type { CuntSoulState, Draft, SeatState } from './state.ts';

/** Every field card in a field position plus the current player's lingering card (Z-5), in seat order. */
export function fieldCards(s: CuntSoulState | Draft): string[] {
  const out: string[] = [];
  s.seats.forEach((seat, i) => {
    if (seat.field !== null) out.push(seat.field);
    if (i === s.current && seat.lingering !== null) out.push(seat.lingering);
  });
  return out;
}

export interface FieldFlags {
  readonly f2: boolean;
  readonly f3: boolean;
  readonly f4: boolean;
  readonly f5: boolean;
  /** Odd number of field 6s: the source is flipped, its top public. */
  readonly f6: boolean;
  /** Odd number of field 7s: the ordering is bifurcated. */
  readonly bifurcated: boolean;
  /** Number of field 8s: multiplicity doubles for each. */
  readonly eights: number;
  readonly f9: boolean;
  readonly f10: boolean;
  readonly fJ: boolean;
  readonly fQ: boolean;
  /** Odd number of field Ks: the ordering is reversed. */
  readonly reversed: boolean;
  readonly aces: number;
  readonly fJoker: boolean;
}

export function fieldFlags(s: CuntSoulState | Draft): FieldFlags {
  const cnt = new Uint8Array(JOKER + 1);
  for (let i = 0; i < s.seats.length; i++) {
    const seat = s.seats[i] as SeatState;
    if (seat.field !== null) cnt[syn(seat.field)] = cnt[syn(seat.field)]! + 1;
    if (i === s.current && seat.lingering !== null) cnt[syn(seat.lingering)] = cnt[syn(seat.lingering)]! + 1;
  }
  return {
    f2: cnt[2]! > 0,
    f3: cnt[3]! > 0,
    f4: cnt[4]! > 0,
    f5: cnt[5]! > 0,
    f6: cnt[6]! % 2 === 1,
    bifurcated: cnt[7]! % 2 === 1,
    eights: cnt[8]!,
    f9: cnt[9]! > 0,
    f10: cnt[10]! > 0,
    fJ: cnt[JACK]! > 0,
    fQ: cnt[QUEEN]! > 0,
    reversed: cnt[KING]! % 2 === 1,
    aces: cnt[ACE]!,
    fJoker: cnt[JOKER]! > 0,
  };
}

/** H-1: 5 plus one per field Ace. */
export const handSize = (s: CuntSoulState | Draft): number => 5 + fieldFlags(s).aces;

/** F-6: whenever the parity of field 6s changes, the source is turned over. */
export function syncSourceFlip(d: Draft): void {
  const flipped = fieldFlags(d).f6;
  if (flipped !== d.sourceFlipped) {
    d.source.reverse();
    d.sourceFlipped = flipped;
  }
}
