/**
 * Every computer player, at every level: plays whole games through the rules without a refused or
 * stalled move, and decides from its seat's view alone (two states that differ only in cards hidden
 * from it get the same decision).
 */
import {
  blindCassowary,
  cassino,
  cuntSoul,
  mathCardGame,
  starNavigator,
  type AnyGameModule,
  type BlindCassowaryState,
  type CassinoState,
  type CuntSoulState,
  type MathCardGameState,
  type StarNavigatorState,
} from '@cards/rules';
import { describe, expect, it } from 'vitest';
import { BOTS, LEVELS, playGame, randomPlayer, Rng, type Level } from '../src/index.ts';
import { every, snapshots } from './helpers.ts';

/** Re-deals the cards `seat` cannot see, keeping every count: only hidden information changes. */
type Rehide = (state: never, seat: number, rng: Rng) => unknown;

function split<T>(pool: readonly T[], sizes: readonly number[]): T[][] {
  let at = 0;
  return sizes.map((n) => pool.slice(at, (at += n)));
}

const CASES: readonly { game: AnyGameModule; config: unknown; players: number; rehide: Rehide }[] = [
  {
    game: cassino,
    config: { match: 'single' },
    players: 2,
    rehide: (s: CassinoState, seat, rng) => {
      const opp = 1 - seat;
      const [hand, deck] = split(rng.shuffle([...(s.hands[opp] ?? []), ...s.deck]), [
        s.hands[opp]?.length ?? 0,
        s.deck.length,
      ]);
      return { ...s, hands: s.hands.map((h, i) => (i === opp ? hand : h)), deck };
    },
  },
  {
    game: blindCassowary,
    config: blindCassowary.defaultConfig,
    players: 3,
    rehide: (s: BlindCassowaryState, seat, rng) => {
      // Open hands (shown to everyone once the table plays with them): only the reserve is hidden.
      if (blindCassowary.view(s, seat).openHands.some((h, i) => i !== seat && h !== null))
        return { ...s, reserve: rng.shuffle(s.reserve) };
      const others = s.hands.map((h, i) => (i === seat ? 0 : h.length));
      const pool = rng.shuffle([...s.hands.filter((_, i) => i !== seat).flat(), ...s.reserve]);
      const parts = split(pool, [...others, s.reserve.length]);
      return {
        ...s,
        hands: s.hands.map((h, i) => (i === seat ? h : parts[i])),
        reserve: parts[s.hands.length],
      };
    },
  },
  {
    game: mathCardGame,
    config: mathCardGame.defaultConfig,
    players: 2,
    rehide: (s: MathCardGameState, seat, rng) => {
      const opp = 1 - seat;
      const [hand, pile] = split(rng.shuffle([...(s.hands[opp] ?? []), ...(s.piles[opp] ?? [])]), [
        s.hands[opp]?.length ?? 0,
        s.piles[opp]?.length ?? 0,
      ]);
      const own = rng.shuffle(s.piles[seat] ?? []);
      return {
        ...s,
        hands: s.hands.map((h, i) => (i === opp ? hand : h)),
        piles: s.piles.map((p, i) => (i === opp ? pile : own)),
      };
    },
  },
  {
    game: starNavigator,
    config: starNavigator.defaultConfig,
    players: 2,
    rehide: (s: StarNavigatorState, seat, rng) => {
      const opp = 1 - seat;
      const other = s.seats[opp];
      if (other === undefined) return s;
      // A chosen Vector Set or a locked card names the opponent's cards: then only the deck is re-dealt.
      if (other.choice !== null || other.locked !== null) return { ...s, deck: rng.shuffle(s.deck) };
      const [packet, memory, deck] = split(rng.shuffle([...other.packet, ...other.memory, ...s.deck]), [
        other.packet.length,
        other.memory.length,
        s.deck.length,
      ]);
      return { ...s, deck, seats: s.seats.map((x, i) => (i === opp ? { ...x, packet, memory } : x)) };
    },
  },
  {
    game: cuntSoul,
    config: { dealer: 'random', turnLimit: 400 },
    players: 3,
    rehide: (s: CuntSoulState, seat, rng) => {
      // Hidden from `seat`: the others' hands, every face-down card it does not know, the source
      // (but its top while field 6 shows it).
      const view = cuntSoul.view(s, seat);
      const keepTop = view.sourceTop !== null ? 1 : 0;
      const hidden = (i: number) =>
        s.seats[i]?.down.filter((c, k) => c !== null && view.seats[i]?.down[k]?.known === null) ?? [];
      const pool = rng.shuffle([
        ...s.seats.flatMap((x, i) =>
          i === seat ? hidden(i) : [...x.hand.filter((c) => c !== x.lingering), ...hidden(i)],
        ),
        ...s.source.slice(keepTop),
      ]);
      let at = 0;
      const take = () => pool[at++] as string;
      const seats = s.seats.map((x, i) => ({
        ...x,
        hand: i === seat ? x.hand : x.hand.map((c) => (c === x.lingering ? c : take())),
        down: x.down.map((c, k) => (c === null || view.seats[i]?.down[k]?.known !== null ? c : take())),
        knownDown: x.knownDown.map((c, k) => (i === seat ? c : c === null ? null : (x.down[k] ?? null))),
      }));
      return { ...s, seats, source: [...s.source.slice(0, keepTop), ...s.source.slice(keepTop).map(take)] };
    },
  },
];

const json = (x: unknown): string => JSON.stringify(x);

for (const { game, config, players, rehide } of CASES) {
  const factory = BOTS[game.slug];
  describe(`${game.slug} computer player`, () => {
    it('exists for the game', () => expect(factory).toBeDefined());
    if (factory === undefined) return;

    it('plays whole games with legal moves only, at every level, against itself and random play', () => {
      for (const [g, level] of LEVELS.entries()) {
        const bots = Array.from({ length: players }, (_, seat) =>
          seat === 0
            ? factory({ level, seed: `t${g}` })
            : seat === 1
              ? randomPlayer(`r${g}`)
              : factory({ level: 'easy', seed: `e${seat}` }),
        );
        const run = playGame(game, config, bots, `legal-${g}`);
        expect(run.refusals).toEqual([]);
        expect(run.stalled).toBe(false);
        expect(run.outcome).not.toBeNull();
      }
      const mixed = playGame(
        game,
        config,
        Array.from({ length: players }, (_, seat) =>
          factory({ level: LEVELS[seat % 3] as Level, seed: `m${seat}` }),
        ),
        'mixed',
      );
      expect(mixed.refusals).toEqual([]);
      expect(mixed.outcome).not.toBeNull();
    });

    it('decides the same on two states that differ only in cards hidden from its seat', () => {
      const rng = new Rng(`rehide-${game.slug}`);
      let differing = 0;
      for (const { state, seat } of every(snapshots(game, config, players, `hidden-${game.slug}`), 5)) {
        const other = rehide(state as never, seat, rng);
        if (json(other) !== json(state)) differing++;
        // The views agree: what changed is hidden from this seat.
        expect(json(game.view(other, seat))).toBe(json(game.view(state, seat)));
        for (const level of LEVELS) {
          const a = factory({ level, seed: 's' }).decide(
            game.view(state, seat),
            game.legalIntents(state, seat),
          );
          const b = factory({ level, seed: 's' }).decide(
            game.view(other, seat),
            game.legalIntents(other, seat),
          );
          expect(json(b)).toBe(json(a));
        }
      }
      // Positive control: the re-dealt states really differ in their hidden cards.
      expect(differing).toBeGreaterThan(3);
    });
  });
}
