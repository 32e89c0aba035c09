import { starHistory } from './history.ts';
/** Star Navigator (2–4 players): draft a Vector Set, calculate Jump Coordinates closest to the target. */
import {
  StarNavigatorIntentSchema,
  type StarNavigatorIntent,
  type StarNavigatorOptions,
  type StarNavigatorView,
} from '@cards/schema';
import { isExprJson } from '../arith/index.ts';
import type { GameModule, GameTimer, Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { wellFormed } from '../core/wellFormed.ts';
import { advance, layOut, maybeShowdown, pick } from './draft.ts';
import {
  activeSeats,
  deal,
  mapPrice,
  seatOf,
  setupState,
  startRound,
  withSeat,
  type StarNavigatorState,
} from './state.ts';
import { checkChoice, choiceOptions, EXPR_LIMITS } from './vector.ts';
import { viewOf } from './view.ts';
import { deepFreeze } from '../core/shared.ts';

export type { StarNavigatorState } from './state.ts';

export const DEFAULT_OPTIONS: StarNavigatorOptions = {
  startingChips: 10,
  roundTimerSeconds: 300,
  hotshotSpacer: false,
  slingshotManoeuvre: false,
  extrapolativeComputation: false,
  variant: 'none',
  overrideSuit: 'random',
  pirateMap: false,
};

/** Seconds a seat has to decide on the Pirate Map or to acknowledge the showdown (when timers are on). */
export const SHORT_TIMER_SECONDS = 30;

const timerOn = (state: StarNavigatorState): boolean => state.options.roundTimerSeconds !== null;

/** Seats the round timer still runs for: in the game, neither submitted nor timed out. */
const roundPending = (state: StarNavigatorState): Seat[] =>
  state.phase === 'draft' || state.phase === 'compose'
    ? activeSeats(state).filter((seat) => {
        const s = seatOf(state, seat);
        return s.submission === null && !s.timedOut;
      })
    : [];

function actors(state: StarNavigatorState): Seat[] {
  switch (state.phase) {
    case 'market':
      return state.marketQueue.slice(0, 1);
    case 'draft':
    case 'compose':
      return roundPending(state).filter(
        (seat) => timerOn(state) || legalIntents(state, seat).length > 0 || state.phase === 'compose',
      );
    case 'showdown':
      return activeSeats(state).filter((seat) => !seatOf(state, seat).continued);
    default:
      return [];
  }
}

/**
 * Every legal intent except `submit`: a calculation is free-form (any tree over the Vector Set) and is
 * not listed, so the client never receives a computed value ("no calculators"). `layOutMemory` is
 * listed once as a template: its order is free (any permutation of the owner's Nav Memory).
 */
function legalIntents(state: StarNavigatorState, seat: Seat): readonly StarNavigatorIntent[] {
  const s = state.seats[seat];
  if (s === undefined || s.eliminated) return [];
  switch (state.phase) {
    case 'market':
      return state.marketQueue[0] === seat ? [{ type: 'buyMap' }, { type: 'declineMap' }] : [];
    case 'showdown':
      return s.continued ? [] : [{ type: 'continue' }];
    case 'draft':
    case 'compose': {
      if (s.submission !== null || s.timedOut) return [];
      const out: StarNavigatorIntent[] = [];
      if (state.phase === 'draft' && !s.picked) {
        for (const card of s.packet) {
          out.push({ type: 'draftPick', card });
          if (state.options.hotshotSpacer && s.memory.length === 0)
            out.push({ type: 'draftPick', card, lock: true });
        }
      }
      if (state.phase === 'compose') {
        // The lay-out order is the owner's free choice: listed once (draft order) as the shape to
        // fill in; apply accepts any permutation of the owner's own Nav Memory (24 for four cards).
        if (s.mustLayOut) out.push({ type: 'layOutMemory', order: [...s.memory] });
        else return vectorSetIntents(state, seat);
      }
      return out;
    }
    default:
      return [];
  }
}

/** What a seat's Vector Set options depend on besides its Nav Memory (see vectorRules, checkChoice). */
interface VectorSetInputs {
  readonly state: Pick<
    StarNavigatorState,
    'options' | 'cards' | 'deckKind' | 'beacon' | 'overrideSuit' | 'mapOwner'
  >;
  readonly seat: Seat;
  readonly locked: string | null;
  readonly intents: readonly StarNavigatorIntent[];
}

const sameInputs = (a: VectorSetInputs['state'], b: StarNavigatorState): boolean =>
  a.options === b.options &&
  a.cards === b.cards &&
  a.deckKind === b.deckKind &&
  a.beacon === b.beacon &&
  a.overrideSuit === b.overrideSuit &&
  a.mapOwner === b.mapOwner;

/**
 * The composing seats' `chooseVectorSet` lists by Nav Memory. States are immutable and a move keeps
 * the other seats' (and its own seat's) Nav Memory array, so every seat's list is worked out once a
 * round instead of once per seat on every move (each move's update lists every composing seat's).
 * The intents are frozen: every caller shares them.
 */
const vectorSetMemo = new WeakMap<readonly string[], VectorSetInputs>();

function vectorSetIntents(state: StarNavigatorState, seat: Seat): readonly StarNavigatorIntent[] {
  const s = seatOf(state, seat);
  const known = vectorSetMemo.get(s.memory);
  if (
    known !== undefined &&
    known.seat === seat &&
    known.locked === s.locked &&
    sameInputs(known.state, state)
  )
    return known.intents;
  const intents = Object.freeze(
    choiceOptions(state, seat).map((c): StarNavigatorIntent =>
      deepFreeze({
        type: 'chooseVectorSet',
        cards: [...c.cards],
        aces: c.aces.map((a) => ({ ...a })),
        phantom: c.phantom,
      }),
    ),
  );
  const { options, cards, deckKind, beacon, overrideSuit, mapOwner } = state;
  vectorSetMemo.set(s.memory, {
    state: { options, cards, deckKind, beacon, overrideSuit, mapOwner },
    seat,
    locked: s.locked,
    intents,
  });
  return intents;
}

function timers(state: StarNavigatorState): GameTimer<StarNavigatorIntent>[] {
  const seconds = state.options.roundTimerSeconds;
  if (seconds === null) return [];
  if (state.phase === 'market') {
    const seat = state.marketQueue[0];
    return seat === undefined
      ? []
      : [
          {
            key: `market-${state.round}-${seat}`,
            seat,
            afterMs: SHORT_TIMER_SECONDS * 1000,
            intent: { type: 'declineMap' },
          },
        ];
  }
  if (state.phase === 'showdown')
    return actors(state).map((seat) => ({
      key: `continue-${state.round}-${seat}`,
      seat,
      afterMs: SHORT_TIMER_SECONDS * 1000,
      intent: { type: 'continue' },
    }));
  return roundPending(state).map((seat) => ({
    key: `round-${state.round}-${seat}`,
    seat,
    afterMs: seconds * 1000,
    intent: { type: 'roundTimeout' },
  }));
}

function market(state: StarNavigatorState, seat: Seat, buy: boolean): Result<StarNavigatorState> {
  if (state.phase !== 'market' || state.marketQueue[0] !== seat)
    return err('NOT_OFFERED', 'The Pirate Map is not on offer to you now.');
  if (!buy) {
    const rest = state.marketQueue.slice(1);
    return ok(rest.length > 0 ? { ...state, marketQueue: rest } : deal({ ...state, marketQueue: [] }));
  }
  const price = mapPrice(state);
  const s = seatOf(state, seat);
  if (s.chips <= price)
    return err('CANNOT_AFFORD', `The Pirate Map costs ${price} and you must keep a chip.`);
  const bought = withSeat(
    {
      ...state,
      bounty: state.bounty + price,
      mapOwner: seat,
      mapPurchases: state.mapPurchases + 1,
      marketQueue: [],
    },
    seat,
    { chips: s.chips - price },
  );
  // One sale per round: the map changes hands at most once before each deal.
  return ok(deal(bought));
}

function apply(
  state: StarNavigatorState,
  actor: Seat,
  intent: StarNavigatorIntent,
): Result<StarNavigatorState> {
  if (state.phase === 'over') return err('GAME_OVER', 'The game is over.');
  const s = state.seats[actor];
  if (s === undefined) return err('NOT_A_PLAYER', 'Only seated players can play.');
  if (s.eliminated) return err('ELIMINATED', 'You are out of chips.');
  switch (intent.type) {
    case 'buyMap':
    case 'declineMap':
      return market(state, actor, intent.type === 'buyMap');
    case 'continue': {
      if (state.phase !== 'showdown' || s.continued) return err('NOT_NOW', 'Nothing to acknowledge now.');
      const next = withSeat(state, actor, { continued: true });
      return ok(activeSeats(next).every((seat) => seatOf(next, seat).continued) ? startRound(next) : next);
    }
    case 'roundTimeout': {
      if (!roundPending(state).includes(actor))
        return err('NOT_NOW', 'There is no round timer running for you.');
      if (!timerOn(state)) return err('NO_TIMER', 'This room plays without a round timer.');
      const next = withSeat(state, actor, { timedOut: true, mustLayOut: false });
      return ok(maybeShowdown(advance(next)));
    }
    case 'draftPick':
      if (s.timedOut) return err('TIMED_OUT', 'Your time ran out this round.');
      return pick(state, actor, intent.card, intent.lock === true);
    case 'layOutMemory':
      if (state.phase !== 'compose') return err('NOT_NOW', 'The Nav Memory is laid out after the draft.');
      if (s.timedOut) return err('TIMED_OUT', 'Your time ran out this round.');
      return layOut(state, actor, intent.order);
    case 'chooseVectorSet': {
      if (state.phase !== 'compose') return err('NOT_NOW', 'The Vector Set is chosen after the draft.');
      if (s.submission !== null || s.timedOut) return err('COMMITTED', 'Your calculation is already in.');
      if (s.mustLayOut) return err('LAY_OUT_FIRST', 'Lay out your Nav Memory for the Pirate Map first.');
      const choice = checkChoice(state, actor, {
        cards: intent.cards,
        aces: intent.aces ?? [],
        phantom: intent.phantom ?? null,
      });
      if (!choice.ok) return choice;
      return ok(withSeat(state, actor, { choice: choice.value }));
    }
    case 'submit': {
      if (state.phase !== 'compose') return err('NOT_NOW', 'Calculations are submitted after the draft.');
      if (s.submission !== null || s.timedOut) return err('COMMITTED', 'Your calculation is already in.');
      if (s.choice === null) return err('CHOOSE_FIRST', 'Choose your Vector Set first.');
      if (!Number.isSafeInteger(intent.declared)) return err('BAD_DECLARATION', 'Declare a whole number.');
      if (!isExprJson(intent.expr, EXPR_LIMITS)) return err('BAD_EXPR', 'That calculation is malformed.');
      return ok(
        maybeShowdown(
          withSeat(state, actor, { submission: { expr: intent.expr, declared: intent.declared } }),
        ),
      );
    }
    default:
      return err('UNKNOWN_INTENT', 'That is not a move in this game.');
  }
}

/**
 * For the engine's optional `acceptsStale` hook (the draft and composing are simultaneous, so another
 * seat's move often lands first): these intents only concern the sender's own cards and are
 * re-checked by apply, so a stale version cannot misread them.
 */
export const acceptsStale = (
  _state: StarNavigatorState,
  _actor: Seat,
  intent: StarNavigatorIntent,
): boolean => intent.type !== 'buyMap' && intent.type !== 'declineMap';

export const starNavigator: GameModule<
  StarNavigatorOptions,
  StarNavigatorState,
  StarNavigatorIntent,
  StarNavigatorView
> = {
  slug: 'star-navigator',
  displayName: 'Star Navigator',
  minPlayers: 2,
  maxPlayers: 4,
  defaultConfig: DEFAULT_OPTIONS,
  setup: setupState,
  actors,
  legalIntents,
  apply: wellFormed(
    StarNavigatorIntentSchema,
    (state: StarNavigatorState, actor: Seat, intent: StarNavigatorIntent) => apply(state, actor, intent),
  ),
  view: viewOf,
  outcome(state) {
    if (state.phase !== 'over') return null;
    return { winners: [...state.winners], scores: state.seats.map((s) => s.chips) };
  },
  timers,
  acceptsStale,
  isClockIntent: (intent) => intent.type === 'roundTimeout',
  history: starHistory,
};
