import type { MathCardGameView, MathScoreLine, MathSequenceSlot } from '@cards/schema';
import type { Viewer } from '../core/game.ts';
import { lastStateMemo } from '../core/shared.ts';
import { cardOf, COLOURS, MAX_SEQUENCES } from './cards.ts';
import { evaluate, expressionText, type Sequence } from './sequence.ts';
import { cuttersOf, scoresOf, winnersOf, type MathCardGameState } from './state.ts';
import { turnContext } from './turn.ts';

function slotView(seq: Sequence | undefined, slot: number): MathSequenceSlot {
  if (seq === undefined)
    return {
      slot,
      opened: false,
      owner: null,
      colour: null,
      cards: [],
      expression: '',
      value: 0,
      sealed: false,
    };
  const evaluation = evaluate(seq.cards);
  return {
    slot,
    opened: true,
    owner: seq.owner,
    colour: COLOURS[seq.owner] ?? null,
    cards: seq.cards.map((placed, k) => ({
      card: cardOf(placed.id),
      chosen: placed.op ?? null,
      valueAfter: evaluation.steps[k] ?? 0,
      cancelled: evaluation.marks[k]?.cancelled ?? false,
      finalOperator: evaluation.marks[k]?.operator ?? null,
    })),
    expression: expressionText(evaluation),
    value: evaluation.value,
    sealed: seq.sealed,
  };
}

/** The part of the view that is the same for every viewer of one state. */
type SharedView = Omit<MathCardGameView, 'viewer' | 'hand' | 'mustPlay' | 'mustUnder' | 'mustMulligan'>;

/** The shared part, worked out once per state for all its viewers (see lastStateMemo). */
const sharedView = lastStateMemo((state: MathCardGameState): SharedView => {
  const sequences = Array.from({ length: MAX_SEQUENCES }, (_, slot) => slotView(state.sequences[slot], slot));
  let final: MathCardGameView['final'] = null;
  const scores = scoresOf(state);
  if (state.phase === 'over') {
    const lines: MathScoreLine[] = sequences.flatMap((s) =>
      s.owner === null
        ? []
        : [{ slot: s.slot, owner: s.owner, expression: s.expression, value: s.value, sealed: s.sealed }],
    );
    final = { reason: state.endReason ?? 'allOut', sequences: lines, scores, winners: winnersOf(scores) };
  }
  return {
    game: 'math-card-game',
    phase: state.phase,
    players: 2,
    options: state.options,
    colours: [...COLOURS],
    cutters: state.phase === 'cut' ? cuttersOf(state) : [],
    turn: state.phase === 'play' ? state.turn : null,
    turnNumber: state.turnNumber,
    sequences,
    handCounts: state.hands.map((h) => h.length),
    pileCounts: state.piles.map((p) => p.length),
    stuckTurns: state.stuckTurns,
    lastAction: state.lastAction,
    scores,
    final,
  };
});

/** What `viewer` may see: their own hand only, counts of everything else, never a pile's order. */
export function viewOf(state: MathCardGameState, viewer: Viewer): MathCardGameView {
  const shared = sharedView(state);
  const seated = viewer !== 'spectator' && viewer >= 0 && viewer < state.hands.length;
  const myTurn = seated && state.phase === 'play' && state.turn === viewer;
  const ctx = myTurn ? turnContext(state, viewer) : null;
  // The fields in the order they always had (the encoded update is byte for byte the same).
  return {
    game: shared.game,
    phase: shared.phase,
    players: shared.players,
    viewer,
    options: shared.options,
    colours: shared.colours,
    cutters: shared.cutters,
    turn: shared.turn,
    turnNumber: shared.turnNumber,
    sequences: shared.sequences,
    hand: seated ? (state.hands[viewer] ?? []).map(cardOf) : [],
    handCounts: shared.handCounts,
    pileCounts: shared.pileCounts,
    mustPlay: ctx === null || ctx.mustMulligan ? null : ctx.max,
    mustUnder: ctx === null || ctx.mustMulligan ? null : ctx.under,
    mustMulligan: ctx?.mustMulligan ?? false,
    stuckTurns: shared.stuckTurns,
    lastAction: shared.lastAction,
    scores: shared.scores,
    final: shared.final,
  };
}
