import type { MathCardGameIntent, MathCardGameOptions, MathPlay } from '@cards/schema';
import { describe, expect, it } from 'vitest';
import { startMatch, submitIntent, type Match } from '../../src/core/engine.ts';
import { nextInt, seedPrng, type PrngState } from '../../src/core/prng.ts';
import { legalPlacements } from '../../src/math-card-game/index.ts';
import type { MathCardGameState } from '../../src/math-card-game/state.ts';
import { ALL_IDS, deepFreeze, game, locations } from './helpers.ts';
import { ModelTurn, modelValue, outcomeKey, tableOf } from './model.ts';

type M = Match<MathCardGameOptions, MathCardGameState, MathCardGameIntent>;

const GAMES = 1000;
/** Played in chunks, so no single test runs long; a chunk takes a few seconds, more on a busy machine. */
const CHUNK = 250;
const CHUNK_TIMEOUT_MS = 180_000;
/** The first games also apply every legal intent and deep-freeze every state. */
const FULL = 60;
/** Deep turns: every turn of the first games, then every DEEP_EVERY-th turn. */
const DEEP_GAMES = 5;
const DEEP_EVERY = 25;

/** What a turn left, in the model's terms: the table, and the player's hand and pile. */
const outcomeOf = (state: MathCardGameState, seat: number) =>
  outcomeKey({ table: tableOf(state), hand: state.hands[seat] ?? [], pile: state.piles[seat] ?? [] });

const keysOf = (chains: readonly (readonly MathPlay[])[]) =>
  chains.map((plays) => JSON.stringify(plays)).sort();

interface Totals {
  games: number;
  turns: number;
  legalChecked: number;
  playTurns: number;
  deepTurns: number;
  probes: number;
  reasons: Record<string, number>;
}

/**
 * Checks one play-phase turn against the independent model (model.ts): every listed intent checked
 * plays the model's maximum and leaves exactly what the model says, and the sequence values agree.
 * On deep turns also: every probe turn is accepted by the rules iff the model accepts it; the listed
 * intents reach every outcome the model allows (and nothing else); `legalPlacements` gives exactly
 * the single cards and two-card chains that fit the table by the model.
 */
function checkAgainstModel(
  state: MathCardGameState,
  seat: number,
  listed: readonly MathCardGameIntent[],
  deep: boolean,
  totals: Totals,
): ModelTurn {
  const model = new ModelTurn(state, seat);
  const spectatorView = game.view(state, 'spectator');
  const values = spectatorView.sequences.map((s) => s.value);
  const live = [0, 0];
  for (const [slot, seq] of state.sequences.entries()) {
    if (values[slot] !== modelValue(seq.cards))
      throw new Error(
        `sequence ${slot + 1} is worth ${values[slot]}, the model says ${modelValue(seq.cards)}`,
      );
    live[seq.owner] = (live[seq.owner] ?? 0) + modelValue(seq.cards);
  }
  // The live score each view carries is each owner's sequences summed, as the model counts them.
  if (JSON.stringify(spectatorView.scores) !== JSON.stringify(live))
    throw new Error(
      `live scores ${JSON.stringify(spectatorView.scores)}, the model says ${JSON.stringify(live)}`,
    );
  const reached = new Set<string>();
  for (const intent of listed) {
    const r = game.apply(state, seat, intent, 0);
    const want = model.outcome(intent);
    if (!r.ok || want === null)
      throw new Error(
        `listed ${JSON.stringify(intent)}: rules ${r.ok ? 'OK' : r.error.code}, model ${want ? 'OK' : 'refuses'}`,
      );
    const got = outcomeOf(r.value, seat);
    if (got !== outcomeKey(want)) expect(got).toBe(outcomeKey(want));
    reached.add(got);
  }
  totals.legalChecked += listed.length;
  if (!deep) return model;
  totals.deepTurns++;
  for (const plays of model.probes()) {
    const rest = model.hand.filter((id) => !plays.some((p) => p.card === id));
    const intent: MathCardGameIntent = {
      type: 'turn',
      plays,
      under: rest.slice(0, model.underCount(plays.length)),
    };
    const rules = game.apply(state, seat, intent, 0).ok;
    const mine = model.outcome(intent) !== null;
    if (rules !== mine)
      throw new Error(
        `${JSON.stringify(intent)}: rules ${rules ? 'accept' : 'refuse'}, model ${mine ? 'accepts' : 'refuses'}`,
      );
    totals.probes++;
  }
  expect([...reached].sort()).toEqual([...model.outcomes()].sort());
  const singles = legalPlacements(state, seat);
  expect(keysOf(singles.map((p) => [p]))).toEqual(keysOf(model.fitting(1)));
  const pairs = singles.flatMap((p) => legalPlacements(state, seat, [p]).map((q) => [p, q]));
  expect(keysOf(pairs)).toEqual(keysOf(model.fitting(2)));
  return model;
}

function pick<T>(items: readonly T[], prng: PrngState): [T, PrngState] {
  const [k, next] = nextInt(prng, items.length);
  return [items[k] as T, next];
}

function checkViews(state: MathCardGameState) {
  for (const viewer of [0, 1, 'spectator'] as const) {
    const view = game.view(state, viewer);
    const shown = new Set(JSON.stringify(view).match(/"[rb]-[a-z0-9-]+"/g));
    const hidden = [...state.piles.flat(), ...state.hands.flatMap((h, s) => (s === viewer ? [] : h))];
    for (const id of hidden) if (shown.has(`"${id}"`)) throw new Error(`view for ${viewer} shows ${id}`);
    expect(view.hand.length).toBe(viewer === 'spectator' ? 0 : state.hands[viewer]?.length);
  }
}

function illegalVariants(state: MathCardGameState, seat: number, chosen: MathCardGameIntent, max: number) {
  const out: { intent: MathCardGameIntent; code: string }[] = [];
  if (state.phase === 'cut') {
    out.push({ intent: { type: 'cut', position: 35 }, code: 'MALFORMED_INTENT' });
    return out;
  }
  const stranger = state.hands[1 - seat]?.[0] ?? state.piles[seat]?.[0];
  if (chosen.type === 'turn') {
    out.push({ intent: { type: 'mulligan' }, code: 'MULLIGAN_NOT_ALLOWED' });
    if (max > 0)
      out.push({ intent: { ...chosen, plays: chosen.plays.slice(0, -1) }, code: 'MUST_PLAY_MORE' });
    const hand = state.hands[seat] ?? [];
    const spare = hand.find((id) => !chosen.plays.some((p) => p.card === id) && !chosen.under.includes(id));
    // At most two cards go under (the wire schema's bound): a third is refused as malformed.
    if (spare !== undefined)
      out.push({
        intent: { ...chosen, under: [...chosen.under, spare] },
        code: chosen.under.length >= 2 ? 'MALFORMED_INTENT' : 'WRONG_UNDER_COUNT',
      });
    if (stranger !== undefined && chosen.plays[0] !== undefined)
      out.push({
        intent: { ...chosen, plays: [{ ...chosen.plays[0], card: stranger }, ...chosen.plays.slice(1)] },
        code: 'CARD_NOT_IN_HAND',
      });
  } else {
    out.push({
      intent: { type: 'turn', plays: [], under: (state.hands[seat] ?? []).slice(0, 2) },
      code: 'MUST_MULLIGAN',
    });
  }
  return out;
}

/** One random game through the engine, every turn checked; returns how it ended. */
function playGame(g: number, totals: Totals): void {
  const full = g < FULL;
  let prng = seedPrng(`policy-${g}`);
  let match: M = startMatch(game, game.defaultConfig, 2, `playout-${g}`);
  for (let step = 0; game.outcome(match.state) === null; step++) {
    if (step > 3000) throw new Error(`game ${g} did not end`);
    const state = full ? deepFreeze(match.state) : match.state;
    // 70 cards, each in exactly one place; hands never above 6
    const where = locations(state);
    expect(where.length).toBe(70);
    expect(new Set(where).size).toBe(70);
    if (state.hands.some((h) => h.length > 6)) throw new Error('hand above 6');
    if (state.phase === 'play' && state.piles[state.turn]?.length && state.hands[state.turn]?.length !== 6)
      throw new Error('a player with a pile must start the turn with 6 cards');
    const actors = game.actors(state);
    expect(actors.length).toBeGreaterThan(0);
    for (const seat of [0, 1])
      if (!actors.includes(seat)) {
        expect(game.legalIntents(state, seat)).toEqual([]);
        expect(legalPlacements(state, seat)).toEqual([]);
      }
    let seat: number;
    [seat, prng] = pick(actors, prng);
    const legal = game.legalIntents(state, seat);
    expect(legal.length).toBeGreaterThan(0);
    let chosen: MathCardGameIntent;
    [chosen, prng] = pick(legal, prng);
    let model: ModelTurn | null = null;
    if (state.phase === 'play') {
      const deep = g < DEEP_GAMES || totals.playTurns++ % DEEP_EVERY === 0;
      const ends = [legal[0], legal[legal.length - 1]] as MathCardGameIntent[];
      model = checkAgainstModel(state, seat, deep ? legal : ends, deep, totals);
      if (full && !deep) {
        for (const intent of legal) expect(game.apply(state, seat, intent, 0).ok).toBe(true);
        totals.legalChecked += legal.length;
      }
      for (const intent of legal)
        if (
          model.mulligan
            ? intent.type !== 'mulligan'
            : intent.type !== 'turn' || intent.plays.length !== model.max
        )
          throw new Error(
            `game ${g}: legal intent not playing the maximum ${model.max}: ${JSON.stringify(intent)}`,
          );
    } else {
      for (const intent of legal) expect(game.apply(state, seat, intent, 0).ok).toBe(true);
      totals.legalChecked += legal.length;
    }
    // illegal intents are refused and change nothing
    const before = full ? JSON.stringify(state) : '';
    for (const { intent, code } of illegalVariants(state, seat, chosen, model?.max ?? 0)) {
      const r = game.apply(state, seat, intent, 0);
      if (r.ok || r.error.code !== code)
        throw new Error(
          `game ${g}: expected ${code} for ${JSON.stringify(intent)}, got ${r.ok ? 'OK' : r.error.code}`,
        );
    }
    if (state.phase === 'play') {
      const other = submitIntent(game, match, 1 - seat, chosen, match.version, step);
      expect(!other.ok && other.error.code).toBe('NOT_YOUR_TURN');
    }
    // Only the simultaneous cut may land on another version.
    const stale = submitIntent(game, match, seat, chosen, match.version + 1, step);
    if (chosen.type === 'cut') expect(stale.ok).toBe(true);
    else expect(!stale.ok && stale.error.code).toBe('STALE_VERSION');
    if (full) expect(JSON.stringify(state)).toBe(before);
    if (full || step % 7 === 0) checkViews(state);
    const result = submitIntent(game, match, seat, chosen, match.version, step);
    if (!result.ok) throw new Error(`game ${g}: chosen intent refused ${result.error.code}`);
    // every accepted turn played the maximum, as the model counts it, and left what the model says
    if (model !== null) {
      if (chosen.type === 'turn') expect(chosen.plays.length).toBe(model.max);
      const want = model.outcome(chosen);
      if (want === null)
        throw new Error(`game ${g}: the model refuses the accepted ${JSON.stringify(chosen)}`);
      expect(outcomeOf(result.value.state, seat)).toBe(outcomeKey(want));
    }
    match = result.value;
    totals.turns++;
  }
  const end = match.state;
  expect(new Set(locations(end)).size).toBe(70);
  expect([...locations(end)].sort()).toEqual([...ALL_IDS].sort());
  checkViews(end);
  const outcome = game.outcome(end);
  expect(outcome?.scores.length).toBe(2);
  expect(game.view(end, 'spectator').final?.scores).toEqual(outcome?.scores);
  expect(game.view(end, 'spectator').scores).toEqual(outcome?.scores);
  totals.reasons[end.endReason ?? '?'] = (totals.reasons[end.endReason ?? '?'] ?? 0) + 1;
  totals.games++;
}

describe('seeded random playouts', () => {
  const totals: Totals = {
    games: 0,
    turns: 0,
    legalChecked: 0,
    playTurns: 0,
    deepTurns: 0,
    probes: 0,
    reasons: {},
  };
  const chunks = Array.from({ length: GAMES / CHUNK }, (_, k) => ({
    from: k * CHUNK,
    to: (k + 1) * CHUNK - 1,
  }));

  it.each(chunks)(
    'playouts: random games $from–$to keep every invariant, agree with the independent model and end',
    ({ from, to }) => {
      const turns = totals.turns;
      for (let g = from; g <= to; g++) playGame(g, totals);
      expect(totals.turns - turns).toBeGreaterThan(CHUNK * 20);
    },
    CHUNK_TIMEOUT_MS,
  );

  it(`playouts: all ${GAMES} games played; the model was consulted in depth; every end reason occurred`, () => {
    expect(totals.games).toBe(GAMES);
    expect(totals.legalChecked).toBeGreaterThan(totals.turns);
    expect(totals.deepTurns).toBeGreaterThan(totals.playTurns / DEEP_EVERY);
    expect(totals.probes).toBeGreaterThan(totals.deepTurns * 50);
    expect(Object.keys(totals.reasons).sort()).toEqual(['allOut', 'frozen', 'stuck']);
  });
});
