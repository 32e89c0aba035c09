/** §21.4: what each viewer may see. Hands are private; face-down cards are unknown even to their owner. */
import type { CsLinkView, CuntSoulView } from '@cards/schema';
import type { Viewer } from '../core/game.ts';
import { lastStateMemo } from '../core/shared.ts';
import { NONE, cardOf, syn, valueLabel } from './cards.ts';
import { fieldCards, fieldFlags, handSize } from './fields.ts';
import type { CuntSoulState, Link } from './state.ts';

const cards = (ids: readonly string[]) => ids.map(cardOf);
const cardOrNull = (id: string | null) => (id === null ? null : cardOf(id));

const linkView = (l: Link): CsLinkView => ({
  id: l.id,
  cards: cards(l.cards),
  player: l.player,
  printed: valueLabel(l.syn),
  value: valueLabel(l.sem),
  ability: l.av === NONE ? null : valueLabel(l.av),
  choice: l.choice,
  run: l.runLink,
});

/** The part of the view after the seats: the same for every viewer of one state. */
type SharedView = Pick<
  CuntSoulView,
  | 'pile'
  | 'sourceCount'
  | 'sourceTop'
  | 'out'
  | 'fields'
  | 'handSize'
  | 'turn'
  | 'lastBurn'
  | 'lastFlip'
  | 'finishOrder'
  | 'result'
  | 'step'
>;

/** The shared part, worked out once per state for all its viewers (see lastStateMemo). */
const sharedView = lastStateMemo((state: CuntSoulState): SharedView => {
  const t = state.turn;
  const playing = state.phase === 'play';
  return {
    pile: state.pile.map(linkView),
    sourceCount: state.source.length,
    sourceTop: playing && fieldFlags(state).f6 ? cardOrNull(state.source[0] ?? null) : null,
    out: cards(state.out),
    fields: state.phase === 'setup' ? [] : fieldCards(state).map((c) => valueLabel(syn(c))),
    handSize: handSize(state),
    turn: {
      obligation: t.oblig,
      runLast: t.run === null ? null : valueLabel(t.run.last),
      links: t.links,
      changedField: t.changed,
      acePenalty: t.acePenalty,
      prompt:
        t.pending === null
          ? null
          : t.pending.kind === 'swap5'
            ? { kind: 'swap5', left: t.pending.left, zone: t.pending.zone }
            : { kind: t.pending.kind },
    },
    lastBurn: state.lastBurn,
    lastFlip:
      state.lastFlip === null
        ? null
        : { seat: state.lastFlip.seat, card: cardOf(state.lastFlip.card), valid: state.lastFlip.valid },
    finishOrder: [...state.finishOrder],
    result: state.result === null ? null : { order: [...state.result.order], byLimit: state.result.byLimit },
    step: {
      placed: state.step.placed.map(linkView),
      pickedUp: state.step.pickedUp,
      burn: state.step.burn,
      swaps: state.step.swaps.map((s) => ({ zone: s.zone, slot: s.slot })),
    },
  };
});

export function viewOf(state: CuntSoulState, viewer: Viewer): CuntSoulView {
  const place = (seat: number): number | null => {
    const i = (state.result?.order ?? state.finishOrder).indexOf(seat);
    return i < 0 ? null : i + 1;
  };
  const playing = state.phase === 'play';
  const shared = sharedView(state);
  // The fields in the order they always had (the encoded update is byte for byte the same).
  return {
    game: 'cunt-soul',
    phase: state.phase,
    players: state.players,
    viewer,
    options: state.options,
    decks: state.decks,
    dealer: state.dealer,
    current: playing ? state.current : null,
    direction: state.dir === 1 ? 'clockwise' : 'anticlockwise',
    turnsPlayed: state.turnsPlayed,
    seats: state.seats.map((s, i) => {
      const mine = viewer === i;
      return {
        seat: i,
        handCount: s.hand.length,
        hand: mine ? cards(s.hand) : [],
        up: s.up.map((u) => ({ card: cardOrNull(u.card), horizontal: u.horizontal })),
        down: s.down.map((c, k) => ({
          present: c !== null,
          known: mine && c !== null && s.knownDown[k] === c ? cardOf(c) : null,
        })),
        field: cardOrNull(s.field),
        lingering: cardOrNull(s.lingering),
        changes: s.changes,
        finished: s.finished,
        place: place(i),
        choosing: state.phase === 'setup' && s.selection === null,
        selection:
          mine && s.selection !== null
            ? { up: cards(s.selection.up), field: cardOf(s.selection.field) }
            : null,
      };
    }),
    pile: shared.pile,
    sourceCount: shared.sourceCount,
    sourceTop: shared.sourceTop,
    out: shared.out,
    fields: shared.fields,
    handSize: shared.handSize,
    turn: shared.turn,
    lastBurn: shared.lastBurn,
    lastFlip: shared.lastFlip,
    finishOrder: shared.finishOrder,
    result: shared.result,
    step: shared.step,
  };
}
