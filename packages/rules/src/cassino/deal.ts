import type { CassinoOptions } from '@cards/schema';
import { standardDeck } from '../core/cards.ts';
import type { Seat } from '../core/game.ts';
import { seedPrng, shuffle } from '../core/prng.ts';
import { InvariantError } from '../core/result.ts';
import { HAND_SIZE, PLAYERS, other, type Card, type CassinoState } from './state.ts';

/** Hands are kept sorted by rank, then suit order S H D C, so every view shows them tidily. */
const SUIT_ORDER = { S: 0, H: 1, D: 2, C: 3 } as const;
export const sortHand = (cards: readonly Card[]): Card[] =>
  cards.slice().sort((a, b) => a.rank - b.rank || SUIT_ORDER[a.suit] - SUIT_ORDER[b.suit]);

export function normaliseOptions(config: CassinoOptions | undefined): CassinoOptions {
  const match = config?.match ?? 'single';
  if (match !== 'single' && match !== 'to21')
    throw new InvariantError(`unknown cassino match option ${String(match)}`);
  return { match };
}

export function setupCassino(config: CassinoOptions, players: number, seed: string): CassinoState {
  if (players !== PLAYERS) throw new InvariantError(`Cassino is played by exactly 2 players, not ${players}`);
  const base: CassinoState = {
    game: 'cassino',
    options: normaliseOptions(config),
    seed,
    phase: 'playing',
    dealNumber: 0,
    round: 0,
    dealer: 1, // startDeal alternates, so deal 1 is dealt by seat 0
    turn: null,
    hands: [[], []],
    deck: [],
    table: [],
    captured: [[], []],
    sweeps: [0, 0],
    lastCapturer: null,
    lastAction: null,
    nextBuildId: 1,
    dealScores: [],
    matchTotals: [0, 0],
    awaitingContinue: [],
    winners: [],
  };
  return startDeal(base);
}

/**
 * The shuffle seed of deal `n`: the match seed itself for deal 1, a seed derived from it for every
 * later deal. Each deal gets a fresh PRNG, so the order of one deal's cards says nothing about the
 * next (the match seed never leaves the server).
 */
export const dealSeed = (seed: string, n: number): string => (n === 1 ? seed : `${seed}/deal ${n}`);

/** Shuffles a fresh deck for the next deal and deals round 1 (four cards each, four to the table). */
export function startDeal(state: CassinoState): CassinoState {
  const dealer: Seat = other(state.dealer);
  const [deck] = shuffle(standardDeck(), seedPrng(dealSeed(state.seed, state.dealNumber + 1)));
  const dealt = dealRound({ ...state, dealer, deck, hands: [[], []], round: 0 });
  const table = dealt.deck.slice(0, HAND_SIZE);
  return {
    ...dealt,
    phase: 'playing',
    dealNumber: state.dealNumber + 1,
    deck: dealt.deck.slice(HAND_SIZE),
    table: table.map((card) => ({ type: 'card', id: card.id, card })),
    captured: [[], []],
    sweeps: [0, 0],
    lastCapturer: null,
    awaitingContinue: [],
    lastAction: {
      seat: dealer,
      kind: 'deal',
      text: `dealt deal ${state.dealNumber + 1}`,
      cardIds: table.map((card) => card.id),
      played: null,
    },
  };
}

/** Deals four cards to each player from the top of the deck, the non-dealer first; the non-dealer leads. */
export function dealRound(state: CassinoState): CassinoState {
  const first = other(state.dealer);
  if (state.deck.length < HAND_SIZE * PLAYERS) throw new InvariantError('not enough cards left to deal');
  const hands: Card[][] = [[], []];
  hands[first] = sortHand(state.deck.slice(0, HAND_SIZE));
  hands[state.dealer] = sortHand(state.deck.slice(HAND_SIZE, HAND_SIZE * 2));
  return {
    ...state,
    hands,
    deck: state.deck.slice(HAND_SIZE * 2),
    round: state.round + 1,
    turn: first,
  };
}
