/** Values and placement: the orderings (O-1), overruling (OV-1) and the placement rule (P-2). */
import { JOKER, NONE, TABLE } from './cards.ts';
import { fieldFlags, type FieldFlags } from './fields.ts';
import { topLink, type CuntSoulState, type Draft, type Link } from './state.ts';

/** O-1: may a link of rank `u` normally be placed on semantic value `v`? */
export function allowedByOrdering(u: number, v: number, f: FieldFlags): boolean {
  if (v === TABLE) return true;
  if (!f.bifurcated) return f.reversed ? u <= v : u >= v;
  if (!f.reversed) {
    if (v === 7) return true;
    return v < 7 ? u <= v : u >= v;
  }
  if (v === 7) return u === 7;
  return v < 7 ? v <= u && u <= 7 : 7 <= u && u <= v;
}

/** OV-1: 2 always; 6, 7 and 10 unless field 2; nothing under field Joker. */
export const overrules = (u: number, f: FieldFlags): boolean =>
  !f.fJoker && (u === 2 || ((u === 6 || u === 7 || u === 10) && !f.f2));

/** Whether the top link's own power is active now ("active power of T", §0.3). */
export const activePower = (t: Link | null, f: FieldFlags): boolean =>
  t !== null && t.av !== NONE && t.av !== JOKER && !f.fJoker;

export type Refusal = { readonly code: string; readonly message: string };

/** P-2: may a link of syntactic value `u` be placed now, in the current context? null = yes. */
export function placementRefusal(
  s: CuntSoulState | Draft,
  u: number,
  f: FieldFlags = fieldFlags(s),
): Refusal | null {
  const { oblig, run } = s.turn;
  if ((oblig === 'runMust' || oblig === 'runMay') && run !== null) {
    if (u !== JOKER && u === run.last + 1) return null;
    return {
      code: 'RUN_NEXT',
      message: `A run goes up one value at a time: play the next value of the run.`,
    };
  }
  const t = topLink(s);
  if (t === null || u === JOKER) return null;
  const active = activePower(t, f);
  if (active && t.av === 3)
    return u === 3 ? null : { code: 'THREE_LOCK', message: 'A 3 is on top: only a 3 or a Joker may follow.' };
  if (active && t.av === 7) {
    if (u === 7 || (t.choice === 'higher' && u > 7) || (t.choice === 'lower' && u < 7)) return null;
    return {
      code: 'SEVEN_CHOICE',
      message: `The 7 says ${t.choice === 'higher' ? 'higher' : 'lower'}: play ${t.choice === 'higher' ? 'above' : 'below'} 7, a 7 or a Joker.`,
    };
  }
  if (active && t.av === 9) return null;
  if (overrules(u, f)) return null;
  if (allowedByOrdering(u, t.sem, f)) return null;
  return { code: 'TOO_LOW', message: 'That value may not be played on the top of the pile.' };
}

export const placeable = (s: CuntSoulState | Draft, u: number, f?: FieldFlags): boolean =>
  placementRefusal(s, u, f) === null;
