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

export function viewOf(state: StarNavigatorState, viewer: Viewer): StarNavigatorView {
  const me = viewer === 'spectator' ? null : (state.seats[viewer] ?? null);
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
    viewer,
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
    lastShowdown: state.lastShowdown,
    winners: [...state.winners],
  };
}
