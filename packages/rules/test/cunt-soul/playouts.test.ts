import { CuntSoulViewSchema, type CuntSoulIntent } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../src/core/game.ts';
import { fieldFlags } from '../../src/cunt-soul/fields.ts';
import type { CuntSoulState } from '../../src/cunt-soul/state.ts';
import { game } from './helpers.ts';
import { playGame } from './policy.ts';

/** Every card id in the state, each place counted (the lingering field card is also in the hand). */
function allPlaces(s: CuntSoulState): string[] {
  const out = [...s.source, ...s.out, ...s.pile.flatMap((l) => l.cards)];
  for (const seat of s.seats) {
    out.push(...seat.hand, ...seat.up.flatMap((u) => (u.card === null ? [] : [u.card])));
    out.push(...seat.down.flatMap((c) => (c === null ? [] : [c])));
    if (seat.field !== null) out.push(seat.field);
    if (seat.selection !== null) out.push(...seat.selection.up, seat.selection.field);
  }
  return out;
}

/** The cards a viewer may see (§21.4). */
function visibleTo(s: CuntSoulState, viewer: Viewer): Set<string> {
  const ok = new Set<string>([...s.out, ...s.pile.flatMap((l) => l.cards)]);
  s.seats.forEach((seat, i) => {
    for (const u of seat.up) if (u.card !== null) ok.add(u.card);
    if (seat.field !== null) ok.add(seat.field);
    if (seat.lingering !== null) ok.add(seat.lingering);
    if (i === viewer) {
      seat.hand.forEach((c) => ok.add(c));
      seat.down.forEach((c, k) => c !== null && seat.knownDown[k] === c && ok.add(c));
      if (seat.selection !== null) [...seat.selection.up, seat.selection.field].forEach((c) => ok.add(c));
    }
  });
  if (s.phase === 'play' && fieldFlags(s).f6 && s.source[0] !== undefined) ok.add(s.source[0]);
  if (s.lastFlip !== null) ok.add(s.lastFlip.card);
  // a link placed face-up this move was seen by all, even if it burned under the source or was picked up
  for (const l of s.step.placed) l.cards.forEach((c) => ok.add(c));
  return ok;
}

const idsIn = (json: string): string[] => [...json.matchAll(/"id":"([^"]+)"/g)].map((m) => m[1] as string);

/** Malformed and out-of-turn intents that must be refused without a change. */
const JUNK: unknown[] = [
  null,
  42,
  { type: 'nope' },
  { type: 'playLink', cards: [] },
  { type: 'playLink', cards: ['ZZ'] },
  { type: 'playLink', cards: 'AS' },
  { type: 'playFaceDown', slot: 7 },
  { type: 'swap5', card: 'AS', slot: -1 },
  { type: 'chooseNext', seat: 99 },
  { type: 'declare7', choice: 'sideways' },
  { type: 'changeField', card: 'AS', slot: 'x' },
  { type: 'setupSelect', up: 'x', field: 3 },
];

const GAMES = Number(process.env.CS_PLAYOUT_GAMES ?? 286);
let checks = 0;
function check(
  before: CuntSoulState,
  after: CuntSoulState,
  seat: number,
  intent: CuntSoulIntent,
  decks: number,
) {
  // bounded runtime: conservation on every third step, the costly checks on every 41st
  checks++;
  if (checks % 3 === 0) {
    // cards conserved, never in two places
    const places = allPlaces(after);
    expect(places.length).toBe(54 * decks);
    expect(new Set(places).size).toBe(places.length);
  }
  if (checks % 41 !== 0) return;
  const snapshot = JSON.stringify(before);
  // every listed legal intent is accepted; refusals change nothing
  for (const legal of game.legalIntents(before, seat))
    expect(game.apply(before, seat, legal, 0).ok, JSON.stringify(legal)).toBe(true);
  for (const junk of JUNK) expect(game.apply(before, seat, junk as CuntSoulIntent, 0).ok).toBe(false);
  const other = (seat + 1) % before.players;
  if (!game.actors(before).includes(other)) expect(game.apply(before, other, intent, 0).ok).toBe(false);
  expect(JSON.stringify(before)).toBe(snapshot);
  // no view holds a card its viewer may not see
  for (const viewer of [seat, other, 'spectator' as const]) {
    const allowed = visibleTo(after, viewer);
    for (const id of idsIn(JSON.stringify(game.view(after, viewer))))
      expect(allowed.has(id), `${id} leaked to ${viewer}`).toBe(true);
  }
}

describe('seeded random playouts', () => {
  it.each([2, 3, 4, 5, 6, 7, 8])(
    'playouts: %i players, 286 games with random setup choices end with cards conserved, legal intents accepted, refusals inert and no hidden card in a view',
    (players) => {
      const decks = players <= 4 ? 1 : 2;
      let finished = 0;
      let byLimit = 0;
      for (let g = 0; g < GAMES; g++) {
        const { state } = playGame(
          { dealer: 'random', turnLimit: 40 * players },
          players,
          `p${players}-${g}`,
          (b, a, seat, intent) => check(b, a, seat, intent, decks),
        );
        expect(state.phase).toBe('over');
        expect(game.outcome(state)?.winners).toHaveLength(1);
        expect([...(state.result?.order ?? [])].sort()).toEqual(Array.from({ length: players }, (_, i) => i));
        if (state.result?.byLimit) byLimit++;
        else finished++;
      }
      expect(finished + byLimit).toBe(GAMES);
      expect(finished).toBeGreaterThan(GAMES / 6);
    },
  );

  it('playouts: views parse with the wire schema for every viewer', () => {
    playGame({ dealer: 'random', turnLimit: 200 }, 5, 'schema', (_b, after) => {
      for (const viewer of [0, 4, 'spectator' as const])
        expect(CuntSoulViewSchema.safeParse(game.view(after, viewer)).success).toBe(true);
    });
  });
});
