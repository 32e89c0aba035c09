import { describe, expect, it } from 'vitest';
import { type LoggedIntent, startMatch, submitIntent } from '../src/core/engine.ts';
import { type AnyGameModule, SPECTATOR } from '../src/core/game.ts';
import { type HistoryEvent, replaySteps } from '../src/core/history.ts';
import { cardName, standardDeck } from '../src/core/cards.ts';
import { blindCassowary, cassino, mathCardGame, starNavigator } from '../src/index.ts';
import { blindCassowaryDeck } from '../src/blind-cassowary/deck.ts';
import { bcCardName } from '../src/blind-cassowary/history.ts';
import { DECKS, cardLabel as mathLabel } from '../src/math-card-game/cards.ts';
import { cardLabel as starLabel, deckOf } from '../src/star-navigator/cards.ts';
import { playPolicyGame } from './blind-cassowary/policy.ts';
import { playGreedy } from './math-card-game/policy.ts';
import { playMatch } from './star-navigator/policy.ts';
import { opts } from './star-navigator/helpers.ts';
import { nextInt, seedPrng } from '../src/core/prng.ts';

/** A card of the game's deck and the words history uses for it. */
interface Named {
  readonly id: string;
  readonly name: string;
}

/** Every card id a view shows: card objects and bare ids (a played card's id, animation lists). */
function visibleIds(view: unknown, deckIds: ReadonlySet<string>, out = new Set<string>()): Set<string> {
  if (typeof view === 'string') {
    if (deckIds.has(view)) out.add(view);
  } else if (Array.isArray(view)) for (const v of view) visibleIds(v, deckIds, out);
  else if (typeof view === 'object' && view !== null)
    for (const v of Object.values(view)) visibleIds(v, deckIds, out);
  return out;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Names of cards the text mentions (a whole name: "7♠" does not match inside "17♠"). */
function mentioned(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`(?<![\\w\\[])${escape(name)}(?![\\w♠♥♦♣\\]])`).test(text));
}

/**
 * The leak check: every card an event names must be visible to a spectator before or after the step
 * (by name: decks with look-alike cards, a joker or a Math "+", count as named when any copy shows).
 */
function leaks(
  events: readonly HistoryEvent[],
  before: unknown,
  after: unknown,
  deck: readonly Named[],
  find: (text: string, names: readonly string[]) => string[] = mentioned,
): string[] {
  const ids = new Set(deck.map((c) => c.id));
  const seen = new Set([...visibleIds(before, ids), ...visibleIds(after, ids)]);
  const shown = new Set(deck.filter((c) => seen.has(c.id)).map((c) => c.name));
  const names = [...new Set(deck.map((c) => c.name))];
  return events.flatMap((e) =>
    find(e.text, names)
      .filter((n) => !shown.has(n))
      .map((n) => `${n} in "${e.text}"`),
  );
}

/**
 * The Math Card Game's cards are named by kind ("2", "+", "[4]"), and numbers are also counts: a
 * card is named where a card is played ("with [4]", "played 2 on").
 */
function mathMentions(text: string, names: readonly string[]): string[] {
  const played = [...text.matchAll(/(?:with|played) (\S+?)(?= on|[.,]|$)/g)].map((m) => m[1] ?? '');
  return names.filter((name) => played.includes(name));
}

interface Case {
  readonly game: AnyGameModule;
  readonly config: unknown;
  readonly players: number;
  readonly seed: string;
  readonly log: readonly LoggedIntent<unknown>[];
  readonly deck: readonly Named[];
  /** The names that a seat holds hidden in this state (for the positive control). */
  readonly hidden: (state: unknown) => string[];
  readonly find?: (text: string, names: readonly string[]) => string[];
}

function randomCassino(seed: string): LoggedIntent<unknown>[] {
  let m = startMatch(cassino, cassino.defaultConfig, 2, seed);
  let prng = seedPrng(`history-${seed}`);
  for (let n = 0; cassino.outcome(m.state) === null && n < 500; n++) {
    const seat = cassino.actors(m.state)[0] as number;
    const legal = cassino.legalIntents(m.state, seat);
    const [k, p] = nextInt(prng, legal.length);
    prng = p;
    const r = submitIntent(cassino, m, seat, legal[k]!, m.version, n);
    if (!r.ok) throw new Error(r.error.code);
    m = r.value;
  }
  return [...m.log];
}

const cassinoDeck = standardDeck().map((c) => ({ id: c.id, name: cardName(c) }));
const bcDeck = blindCassowaryDeck().map((c) => ({ id: c.id, name: bcCardName(c) }));
const mathDeck = DECKS.flat().map((c) => ({ id: c.id, name: mathLabel(c) }));
const starDeck = deckOf('standard').map((c) => ({ id: c.id, name: starLabel(c) }));
const byId = (deck: readonly Named[]) => new Map(deck.map((c) => [c.id, c.name]));

type Hands = { hands: readonly (readonly ({ id: string } | string)[])[] };
const handNames = (deck: readonly Named[]) => {
  const names = byId(deck);
  return (state: unknown): string[] =>
    ((state as Hands).hands[0] ?? []).map((c) => names.get(typeof c === 'string' ? c : c.id) ?? '?');
};

function cases(seed: string): Case[] {
  const star = playMatch(opts({ startingChips: 3 }), 3, seed, 'random');
  const bc = playPolicyGame(blindCassowary.defaultConfig, 3, seed);
  const math = playGreedy(seed, [5, 9]);
  const starNames = byId(starDeck);
  return [
    {
      game: cassino,
      config: cassino.defaultConfig,
      players: 2,
      seed,
      log: randomCassino(seed),
      deck: cassinoDeck,
      hidden: handNames(cassinoDeck),
    },
    {
      game: blindCassowary,
      config: blindCassowary.defaultConfig,
      players: 3,
      seed,
      log: bc.log,
      deck: bcDeck,
      hidden: handNames(bcDeck),
    },
    {
      game: mathCardGame,
      config: mathCardGame.defaultConfig,
      players: 2,
      seed,
      log: math.log,
      deck: mathDeck,
      find: mathMentions,
      hidden: handNames(mathDeck),
    },
    {
      game: starNavigator,
      config: star.config,
      players: 3,
      seed,
      log: star.log,
      deck: starDeck,
      hidden: (state) => {
        const s = state as { seats: { navMemory: readonly string[]; packet: readonly string[] }[] };
        const seat = s.seats[0];
        return [...(seat?.navMemory ?? []), ...(seat?.packet ?? [])].map((id) => starNames.get(id) ?? '?');
      },
    },
  ];
}

describe('public history names only cards a spectator can see', () => {
  for (const seed of ['h1', 'h2']) {
    it.each(cases(seed).map((c) => [c.game.slug, c] as const))(`%s, seed ${seed}`, (_slug, c) => {
      const steps = replaySteps(c.game, c.config, c.players, c.seed, c.log);
      expect(steps).toHaveLength(c.log.length + 1);
      let events = 0;
      let controls = 0;
      for (let i = 1; i < steps.length; i++) {
        const before = c.game.view(steps[i - 1]!.state, SPECTATOR);
        const after = c.game.view(steps[i]!.state, SPECTATOR);
        events += steps[i]!.events.length;
        expect(leaks(steps[i]!.events, before, after, c.deck, c.find)).toEqual([]);
        // Positive control: an event naming a card the seat holds hidden is caught.
        const secret = c
          .hidden(steps[i]!.state)
          .find(
            (name) => leaks([{ text: `x played ${name} on x` }], before, after, c.deck, c.find).length > 0,
          );
        if (secret !== undefined) {
          expect(leaks([{ text: `{p0} played ${secret}.` }], before, after, c.deck, c.find)).toHaveLength(1);
          controls++;
        }
      }
      expect(events).toBeGreaterThanOrEqual(c.log.length / 4);
      expect(controls).toBeGreaterThan(0);
    });
  }
});

describe('each game tells its story', () => {
  const texts = (c: Case): string[][] =>
    replaySteps(c.game, c.config, c.players, c.seed, c.log).map((s) => s.events.map((e) => e.text));
  const [cassinoCase, bcCase, mathCase, starCase] = cases('h1') as [Case, Case, Case, Case];

  it("Cassino: every play in its player's words, the deal scores and the result", () => {
    const story = texts(cassinoCase);
    expect(story[0]?.[0]).toMatch(/^\{p[01]\} dealt deal 1$/);
    expect(story[1]?.[0]).toMatch(/^\{p[01]\} (trailed|captured|built|raised|added) /);
    const all = story.flat();
    expect(all.some((t) => /^Deal 1 scored: \{p0\} \d+, \{p1\} \d+\.$/.test(t))).toBe(true);
    expect(all.at(-1)).toMatch(/won the game\.$|^The game is a tie/);
  });

  it('Blind Cassowary: claims with their cards, the table events and the final standings', () => {
    const all = texts(bcCase).flat();
    expect(all.some((t) => /^\{p\d\} claimed a cassowary: .+ with .+\.$/.test(t))).toBe(true);
    expect(all.some((t) => /^\{p\d\} approved \{p\d\}'s /.test(t))).toBe(true);
    expect(all.some((t) => /handed in a blind cassowary/.test(t))).toBe(true);
    expect(all.at(-1)).toMatch(/^Final standings: \{p0\} -?\d+, \{p1\} -?\d+, \{p2\} -?\d+; .+ won\.$/);
  });

  it('Math Card Game: the cuts, every turn, and the final score', () => {
    const story = texts(mathCase);
    expect(story[1]?.[0]).toMatch(/^(Red|Blue) cut (Red|Blue)'s deck/);
    const turns = story.slice(3).filter((events) => events.length > 0);
    expect(turns.length).toBe(story.length - 3);
    expect(story.flat().at(-1)).toMatch(/^Final score: \{p0\} -?\d+, \{p1\} -?\d+: /);
  });

  it('Star Navigator: targets, who saved and submitted (never which card), showdowns, the winner', () => {
    const all = texts(starCase).flat();
    expect(all.some((t) => /^Round 1: target -?\d+ \(.+\), Signpost Beacon .+\.$/.test(t))).toBe(true);
    expect(all.filter((t) => /saved a card to the Nav Memory\.$/.test(t)).length).toBeGreaterThan(3);
    expect(all.some((t) => /^Showdown of round 1, target/.test(t))).toBe(true);
    expect(all.at(-1)).toMatch(/won the game\.$|no winner\.$/);
  });

  it('a game without the hook has no history', () => {
    const silent: AnyGameModule = { ...cassino, history: undefined };
    const steps = replaySteps(silent, cassinoCase.config, 2, cassinoCase.seed, cassinoCase.log.slice(0, 5));
    expect(steps.flatMap((s) => s.events)).toEqual([]);
  });
});
