/** What each viewer sees: own cards only; others' counts and flags; no values before the showdown. */
import type { StarNavigatorView } from '@cards/schema';
import type { Viewer } from '../core/game.ts';
import { mapPrice, seatOf, type StarNavigatorState } from './state.ts';
import { cardOf } from './state.ts';
import { ownsMap, vectorRules } from './vector.ts';

function vectorRuleView(state: StarNavigatorState, seat: number): StarNavigatorView['vectorRule'] {
  const r = vectorRules(state, seat);
  return {
    size: r.size,
    required: [...r.required],
    oneOf: [...r.oneOf],
    beaconOptional: state.beacon !== null && ownsMap(state, seat),
  };
}

/** The part of the view that is the same for every viewer of one state. */
type SharedView = Omit<
  StarNavigatorView,
  | 'viewer'
  | 'dataPacket'
  | 'navMemory'
  | 'lockedCard'
  | 'corruptedCard'
  | 'mustLayOut'
  | 'vectorRule'
  | 'vectorSet'
  | 'submission'
>;

/**
 * Worked out once per state (states are immutable) for all its viewers: each change sends every seat
 * and the spectators their view of the same state. Shared between those views, so read-only.
 */
const sharedViews = new WeakMap<StarNavigatorState, SharedView>();

function sharedView(state: StarNavigatorState): SharedView {
  let shared = sharedViews.get(state);
  if (shared === undefined) {
    shared = sharedViewOf(state);
    // What this file built is frozen (the state's own objects already are not changed by anyone).
    for (const s of shared.seats) Object.freeze(s);
    Object.freeze(shared.seats);
    Object.freeze(shared.bountyEligible);
    Object.freeze(shared.winners);
    if (shared.targetCards !== state.lastShowdown?.targetCards) Object.freeze(shared.targetCards);
    sharedViews.set(state, shared);
  }
  return shared;
}

function sharedViewOf(state: StarNavigatorState): SharedView {
  // The round in play (draft, compose) shows its own target and Beacon; the showdown and the end show
  // the round just resolved. The Pirate Map market comes before the deal: no target, no Beacon yet.
  const live = state.phase === 'draft' || state.phase === 'compose';
  const resolved = state.phase === 'showdown' || state.phase === 'over';
  const choosing = (i: number): boolean => {
    const s = seatOf(state, i);
    if (s.eliminated) return false;
    switch (state.phase) {
      case 'market':
        return state.marketQueue[0] === i;
      case 'draft':
        return !s.picked && s.packet.length > 0 && !s.timedOut;
      case 'compose':
        return s.submission === null && !s.timedOut;
      case 'showdown':
        return !s.continued;
      default:
        return false;
    }
  };
  return {
    game: 'star-navigator',
    phase: state.phase,
    players: state.players,
    options: state.options,
    deck: state.deckKind,
    round: state.round,
    initiative: state.initiative,
    target: live ? state.target : resolved ? (state.lastShowdown?.target ?? null) : null,
    targetCards: live
      ? state.targetCards.map((id) => cardOf(state, id))
      : resolved
        ? (state.lastShowdown?.targetCards ?? [])
        : [],
    signpostBeacon: live
      ? state.beacon === null
        ? null
        : cardOf(state, state.beacon)
      : resolved
        ? (state.lastShowdown?.beacon ?? null)
        : null,
    overrideSuit: state.overrideSuit,
    seats: state.seats.map((s, i) => ({
      seat: i,
      chips: s.chips,
      eliminated: s.eliminated,
      packetCount: s.packet.length,
      navMemoryCount: s.memory.length,
      choosing: choosing(i),
      hotshot: s.locked !== null,
      submitted: s.submission !== null,
      timedOut: s.timedOut,
      corruptionRoll: s.corruption?.roll ?? null,
    })),
    bounty: state.bounty,
    pirateMapOwner: state.options.pirateMap ? state.mapOwner : null,
    pirateMapPrice: mapPrice(state),
    marketSeat: state.phase === 'market' ? (state.marketQueue[0] ?? null) : null,
    bountyEligible: state.seats.flatMap((s, i) =>
      s.eliminated || (state.options.pirateMap && state.mapOwner === i) ? [] : [i],
    ),
    lastShowdown: state.lastShowdown,
    winners: [...state.winners],
  };
}

export function viewOf(state: StarNavigatorState, viewer: Viewer): StarNavigatorView {
  const me = viewer === 'spectator' ? null : (state.seats[viewer] ?? null);
  const shared = sharedView(state);
  // The fields in the order they always had (the encoded update is byte for byte the same).
  return {
    game: shared.game,
    phase: shared.phase,
    players: shared.players,
    viewer,
    options: shared.options,
    deck: shared.deck,
    round: shared.round,
    initiative: shared.initiative,
    target: shared.target,
    targetCards: shared.targetCards,
    signpostBeacon: shared.signpostBeacon,
    overrideSuit: shared.overrideSuit,
    seats: shared.seats,
    bounty: shared.bounty,
    pirateMapOwner: shared.pirateMapOwner,
    pirateMapPrice: shared.pirateMapPrice,
    marketSeat: shared.marketSeat,
    bountyEligible: shared.bountyEligible,
    dataPacket: me === null ? [] : me.packet.map((id) => cardOf(state, id)),
    navMemory: me === null ? [] : me.memory.map((id) => cardOf(state, id)),
    lockedCard: me?.locked ?? null,
    corruptedCard: me?.corruption ? cardOf(state, me.corruption.card) : null,
    mustLayOut: me?.mustLayOut ?? false,
    vectorRule:
      viewer === 'spectator' || me === null || state.phase !== 'compose' || me.mustLayOut || me.timedOut
        ? null
        : vectorRuleView(state, viewer),
    vectorSet:
      me?.choice === null || me?.choice === undefined
        ? null
        : {
            cards: [...me.choice.cards],
            aces: me.choice.aces.map((a) => ({ ...a })),
            phantom: me.choice.phantom,
          },
    submission: me?.submission ? { expr: me.submission.expr, declared: me.submission.declared } : null,
    lastShowdown: shared.lastShowdown,
    winners: shared.winners,
  };
}
