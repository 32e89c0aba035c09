import { useEffect, useRef, type DragEvent, type ReactNode, type RefObject } from 'react';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import { z } from 'zod';
import { useTabDraft } from '../../lib/tabDraft.ts';
import type {
  MathCard,
  MathCardGameView,
  MathOperator,
  MathSequenceSlot,
  MathTarget,
  RoomInfo,
} from '@cards/schema';
import { matchWinsText } from '../../lib/matchWins.ts';
import { showToast, useStore } from '../../store.ts';
import {
  HINTED_WORDS,
  HintedNote,
  hintedProps,
  useHintedCards,
  useHintedPlaces,
} from '../../table-kit/hinted.tsx';
import {
  EMPTY_DRAFT,
  facesOf,
  operatorsFor,
  stageOf,
  targetsFor,
  turnHint,
  undoLast,
  unusedCards,
  type ChosenPlay,
  type Draft,
  type Listing,
  type Stage,
} from './compose.ts';
import { CutStep } from './CutStep.tsx';
import {
  colourOf,
  OP_SYMBOL,
  OP_WORD,
  seatName,
  spokenMathCard,
  targetName,
  turnedInto,
  withNames,
} from './labels.ts';
import { MathCardBack, MathCardFace } from './MathCardFace.tsx';
import { MathScoreSheet } from './MathScoreSheet.tsx';
import type { MathGameState } from '../parse.ts';
import { SeatBadges, SeatName } from '../../table-kit/seats.tsx';
import { TurnLine } from '../../table-kit/TurnLine.tsx';
import { IntentButton, KitButton, TokenButton } from '../../table-kit/buttons.tsx';
import './math-card-game.css';

/** What the player has chosen so far this turn; it belongs to the version it was made in. */
interface Composing {
  version: number;
  draft: Draft;
  /** The hand card picked up, waiting for a sequence. */
  selected: string | null;
  /** A `?` dropped on a sequence, waiting for its operator. */
  pendingAny: { card: string; sequence: MathTarget } | null;
}

const MAX_BACKS = 6;
const MULLIGAN = { type: 'mulligan' } as const;

/** The stored turn is this tab's own; the check keeps a malformed one from breaking the table. */
const ComposingSchema = z.custom<Composing>(
  (v) =>
    z
      .object({
        version: z.number().int(),
        draft: z.object({
          plays: z.array(z.object({ card: z.string() }).loose()),
          under: z.array(z.string()),
        }),
        selected: z.string().nullable(),
        pendingAny: z.object({ card: z.string() }).loose().nullable(),
      })
      .safeParse(v).success,
);

export function MathTable({ state }: { state: MathGameState }) {
  const info = useStore((s) => s.info);
  const replaying = useStore((s) => s.replaying);
  const busy = useStore((s) => s.busy);
  const hinted = useHintedCards();
  const hintedPlaces = useHintedPlaces();
  const { view, legal, version, actors } = state;

  // Kept in the tab, so a reload finds the half-built turn (while the version is the same).
  const [held, setHeld] = useTabDraft(
    'math-turn',
    (): Composing => ({ version, draft: EMPTY_DRAFT, selected: null, pendingAny: null }),
    ComposingSchema,
  );
  const composing: Composing =
    held.version === version ? held : { version, draft: EMPTY_DRAFT, selected: null, pendingAny: null };
  const { draft, selected, pendingAny } = composing;
  const update = (next: Partial<Composing>) => setHeld({ ...composing, ...next });

  const rootRef = useRef<HTMLElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  useDockHeight(rootRef, dockRef);
  useShowLitRow(rootRef, dockRef, selected);

  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const bottomSeat = me ?? 0;
  const topSeat = 1 - bottomSeat;
  const myTurn = me !== null && view.phase === 'play' && actors.includes(me);
  const opened = view.sequences.filter((s) => s.opened).length;
  const listing: Listing = { legal, faces: facesOf(view.hand), opened };
  const stage: Stage = myTurn ? stageOf(listing, draft) : { kind: 'idle' };
  const why = turnHint(stage);
  const handById = new Map(view.hand.map((c) => [c.id, c]));
  const selectedCard = selected !== null ? handById.get(selected) : undefined;
  const lit: MathTarget[] =
    stage.kind === 'play' && selectedCard && pendingAny === null
      ? targetsFor(listing, draft, selectedCard.face)
      : [];

  const choose = (target: MathTarget, cardId: string | null = selected) => {
    const card = cardId !== null ? handById.get(cardId) : undefined;
    if (!card || stage.kind !== 'play') return;
    if (!targetsFor(listing, draft, card.face).includes(target)) return;
    if (card.kind === 'operator' && card.operator === '?') {
      update({ selected: card.id, pendingAny: { card: card.id, sequence: target } });
      return;
    }
    update({
      draft: { ...draft, plays: [...draft.plays, { card: card.id, sequence: target }] },
      selected: null,
    });
  };

  const chooseOperator = (operator: MathOperator) => {
    if (pendingAny === null) return;
    const play: ChosenPlay = { ...pendingAny, operator };
    update({ draft: { ...draft, plays: [...draft.plays, play] }, selected: null, pendingAny: null });
  };

  const onHandCard = (card: MathCard) => {
    if (!myTurn) {
      showToast('info', view.phase === 'play' ? 'Wait for your turn.' : 'The game is not being played now.');
      return;
    }
    if (stage.kind === 'under') {
      if (stage.faces.has(card.face)) update({ draft: { ...draft, under: [...draft.under, card.id] } });
      return;
    }
    if (stage.kind !== 'play' || !stage.faces.has(card.face)) return;
    update({ selected: selected === card.id ? null : card.id, pendingAny: null });
  };

  const undo = () => {
    if (pendingAny !== null || selected !== null) update({ selected: null, pendingAny: null });
    else update({ draft: undoLast(draft) });
  };

  // Cards of this turn shown on the table before they are sent: the k-th starter opens slot opened + k.
  const previews = new Map<number, ChosenPlay[]>();
  let starters = 0;
  for (const play of draft.plays) {
    const slot = play.sequence === 'new' ? opened + starters++ : play.sequence;
    previews.set(slot, [...(previews.get(slot) ?? []), play]);
  }
  const newSlot = opened + starters < view.sequences.length ? opened + starters : null;
  const lastIds = new Set(view.lastAction?.cardIds ?? []);
  const handCards = myTurn ? unusedCards(view.hand, { plays: draft.plays, under: [] }) : view.hand;
  const underMode = stage.kind === 'under' || (stage.kind === 'ready' && draft.under.length > 0);
  const dragTarget = (target: MathTarget) => ({
    onDragOver: (e: DragEvent) => {
      if (lit.includes(target)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      choose(target, e.dataTransfer.getData('text/plain') || selected);
    },
  });

  return (
    <section
      ref={rootRef}
      className={`mcg ${myTurn ? 'mcg--my-turn' : ''} ${selected !== null ? 'mcg--picking' : ''}`}
      data-testid="table"
      data-version={version}
      data-my-turn={myTurn ? 'true' : 'false'}
      data-phase={view.phase}
      aria-label="Math Card Game table"
    >
      <PlayerStrip view={view} info={info} seat={topSeat} top />

      <TurnLine game="mcg" mine={myTurn} text={turnText(view, info, replaying ? null : me)}>
        <p className="mcg__last" data-testid="last-action" aria-live="polite">
          {view.lastAction ? (
            <>
              <span
                className={`mcg__dot mcg__dot--${colourOf(view, view.lastAction.seat)}`}
                aria-hidden="true"
              />
              {withNames(view.lastAction.text, info)}
            </>
          ) : (
            'No moves yet.'
          )}
        </p>
      </TurnLine>

      {view.phase === 'cut' ? (
        <CutStep state={state} info={info} />
      ) : (
        <div className="mcg__board" role="group" aria-label="Sequences" tabIndex={0}>
          {view.sequences.map((seq) => (
            <SequenceRow
              key={seq.slot}
              seq={seq}
              view={view}
              info={info}
              preview={previews.get(seq.slot) ?? []}
              handById={handById}
              lastIds={lastIds}
              lit={lit.includes(seq.slot)}
              hinted={hintedPlaces.includes(String(seq.slot))}
              pending={pendingAny !== null && pendingAny.sequence === seq.slot}
              onChoose={() => choose(seq.slot)}
              drag={dragTarget(seq.slot)}
              newTarget={
                seq.slot === newSlot && myTurn ? (
                  <button
                    type="button"
                    className={`mcg__new ${lit.includes('new') ? 'is-lit' : ''}`}
                    data-testid="sequence-new"
                    data-lit={lit.includes('new') ? 'true' : 'false'}
                    disabled={!lit.includes('new')}
                    onClick={() => choose('new')}
                    {...dragTarget('new')}
                    {...hintedProps(hintedPlaces.includes('new'))}
                  >
                    + New sequence
                    <HintedNote on={hintedPlaces.includes('new')} />
                  </button>
                ) : null
              }
            />
          ))}
        </div>
      )}

      <div className="mcg__dock" ref={dockRef}>
        {view.phase === 'play' && (
          <div className="mcg__actions" role="toolbar" aria-label="Your turn">
            {myTurn && (
              <p className="mcg__hint" data-testid="turn-hint">
                {hintText(stage, selectedCard, pendingAny, draft)}
              </p>
            )}
            {pendingAny !== null && (
              <div className="mcg__ops" role="group" aria-label="Which operator is your ?">
                {operatorsFor(
                  listing,
                  draft,
                  handById.get(pendingAny.card)?.face ?? '',
                  pendingAny.sequence,
                ).map((op) => (
                  <TokenButton
                    key={op}
                    className="mcg__op"
                    testId={`operator-choice-${op}`}
                    label={OP_WORD[op]}
                    disabled={false}
                    onClick={() => chooseOperator(op)}
                  >
                    {OP_SYMBOL[op]}
                  </TokenButton>
                ))}
              </div>
            )}
            {stage.kind === 'mulligan' && (
              <IntentButton intent={MULLIGAN} busy={busy} primary testId="mulligan">
                Mulligan: new hand
              </IntentButton>
            )}
            {myTurn && stage.kind !== 'mulligan' && (
              <div className="mcg__submit-row">
                <KitButton
                  off={draft.plays.length === 0 && draft.under.length === 0 && selected === null}
                  busy={busy}
                  className="btn--ghost"
                  testId="undo-turn"
                  onPress={undo}
                >
                  Undo
                </KitButton>
                <IntentButton
                  intent={stage.kind === 'ready' ? stage.intent : null}
                  why={why ?? undefined}
                  busy={busy}
                  primary
                  testId="submit-turn"
                >
                  {stage.kind === 'ready' &&
                  stage.intent.plays.length === 0 &&
                  stage.intent.under.length === 0
                    ? 'Pass'
                    : 'Submit turn'}
                </IntentButton>
              </div>
            )}
            {myTurn && why && (
              <p className="mcg__why" data-testid="turn-why">
                {why}
              </p>
            )}
          </div>
        )}

        <div className={`mcg__me ${underMode ? 'mcg__me--under' : ''}`}>
          <PlayerStrip view={view} info={info} seat={bottomSeat} you={me !== null} />
          <div
            className="mcg__hand"
            role="group"
            data-testid="hand"
            data-count={me !== null ? view.hand.length : (view.handCounts[bottomSeat] ?? 0)}
            aria-label={me !== null ? 'Your hand' : `${seatName(info, bottomSeat)}'s hand`}
            onKeyDown={moveFocusWithArrows}
          >
            {me === null
              ? Array.from({ length: view.handCounts[bottomSeat] ?? 0 }, (_, i) => (
                  <MathCardBack key={i} colour={colourOf(view, bottomSeat)} size="lg" />
                ))
              : underMode
                ? handCards.map((card) => {
                    const order = draft.under.indexOf(card.id);
                    const can = order < 0 && stage.kind === 'under' && stage.faces.has(card.face);
                    const hint = hinted.includes(card.id);
                    return (
                      <button
                        key={card.id}
                        type="button"
                        className={`mcg__hand-card mcg__hand-card--under ${order >= 0 ? 'is-selected' : ''} ${
                          can ? '' : 'is-dim'
                        }`}
                        data-testid={`under-card-${card.id}`}
                        data-selected={order >= 0 ? 'true' : 'false'}
                        {...hintedProps(hint)}
                        disabled={!can || busy}
                        aria-pressed={order >= 0}
                        aria-label={`Put ${spokenMathCard(card)} under your pile${hint ? HINTED_WORDS : ''}`}
                        onClick={() => onHandCard(card)}
                      >
                        <MathCardFace card={card} size="lg" />
                        {order >= 0 && <span className="mcg__under-badge">under {order + 1}</span>}
                      </button>
                    );
                  })
                : handCards.map((card) => {
                    const can = stage.kind === 'play' && stage.faces.has(card.face) && pendingAny === null;
                    const chosen = selected === card.id;
                    const hint = hinted.includes(card.id);
                    return (
                      <button
                        key={card.id}
                        type="button"
                        className={`mcg__hand-card ${chosen ? 'is-selected' : ''} ${
                          myTurn && !can && !chosen ? 'is-dim' : ''
                        }`}
                        data-testid={`hand-card-${card.id}`}
                        data-face={card.face}
                        data-selected={chosen ? 'true' : 'false'}
                        {...hintedProps(hint)}
                        disabled={myTurn && !can}
                        aria-pressed={chosen}
                        aria-label={`${spokenMathCard(card)}${hint ? HINTED_WORDS : ''}`}
                        draggable={can}
                        onDragStart={(e) => {
                          e.dataTransfer.setData('text/plain', card.id);
                          e.dataTransfer.effectAllowed = 'move';
                          update({ selected: card.id, pendingAny: null });
                        }}
                        onClick={() => onHandCard(card)}
                      >
                        <MathCardFace card={card} size="lg" />
                      </button>
                    );
                  })}
          </div>
        </div>
      </div>

      {view.phase === 'over' && <MathScoreSheet view={view} info={info} />}
      {info !== null && info.gameNumber > 1 && view.phase !== 'over' && (
        <p className="mcg__wins" data-testid="table-match-wins">
          Games won: {matchWinsText(info)}
        </p>
      )}
    </section>
  );
}

/** Keeps `--mcg-dock-h` on the table at the dock's height, so a row scrolled to clears the dock. */
function useDockHeight(root: RefObject<HTMLElement | null>, dock: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const [table, bar] = [root.current, dock.current];
    if (table === null || bar === null) return;
    const measure = () => table.style.setProperty('--mcg-dock-h', `${bar.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => observer.disconnect();
  }, [root, dock]);
}

/**
 * When a card is picked and none of the sequences it may go to can be seen (on a phone the lower
 * rows can sit under the dock), the first of them is scrolled into view.
 */
function useShowLitRow(
  root: RefObject<HTMLElement | null>,
  dock: RefObject<HTMLDivElement | null>,
  selected: string | null,
) {
  useEffect(() => {
    const table = root.current;
    if (selected === null || table === null) return;
    const lit = [...table.querySelectorAll<HTMLElement>('.mcg__row.is-lit, .mcg__new.is-lit')];
    const board = table.querySelector('.mcg__board')?.getBoundingClientRect();
    const top = Math.max(
      board?.top ?? 0,
      document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0,
    );
    const bottom = Math.min(
      board?.bottom ?? window.innerHeight,
      dock.current?.getBoundingClientRect().top ?? window.innerHeight,
      window.innerHeight,
    );
    const seen = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      return r.top >= top - 1 && r.bottom <= bottom + 1;
    };
    if (lit.length > 0 && !lit.some(seen)) lit[0]?.scrollIntoView({ block: 'nearest' });
  }, [root, dock, selected]);
}

function turnText(view: MathCardGameView, info: RoomInfo | null, me: number | null): string {
  if (view.phase === 'over') return 'Game over';
  if (view.phase === 'cut') {
    if (me !== null && view.cutters.includes(me)) return `Cut ${seatName(info, 1 - me)}'s deck`;
    return view.cutters.length === 0 ? 'Dealing…' : 'Cutting the decks…';
  }
  if (view.turn === null) return '';
  if (view.turn === me) return 'Your turn';
  if (me === null) return `${seatName(info, view.turn)}'s turn`;
  return `Waiting for ${seatName(info, view.turn)}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function hintText(
  stage: Stage,
  selected: MathCard | undefined,
  pendingAny: { sequence: MathTarget } | null,
  draft: Draft,
): string {
  switch (stage.kind) {
    case 'mulligan':
      return 'None of your cards is on the table and you cannot play: take a new hand.';
    case 'idle':
      return '';
    case 'play':
      if (pendingAny !== null) return `Which operator is your ? on ${targetName(pendingAny.sequence)}?`;
      if (selected)
        return selected.kind === 'starter'
          ? 'Tap “New sequence” to open one with this starter.'
          : 'Tap a lit sequence for this card.';
      return draft.plays.length === 0
        ? `Play ${plural(stage.left, 'card')}: tap a card in your hand.`
        : `Play ${plural(stage.left, 'more card')}: tap a card in your hand.`;
    case 'under':
      return `${draft.plays.length === 0 ? 'You cannot play. ' : ''}Tap ${plural(stage.left, 'card')} to put under your pile.`;
    case 'ready':
      if (draft.plays.length === 0 && draft.under.length === 0) return 'You cannot play anything: pass.';
      return 'Ready: submit your turn, or undo.';
  }
}

function PlayerStrip({
  view,
  info,
  seat,
  you = false,
  top = false,
}: {
  view: MathCardGameView;
  info: RoomInfo | null;
  seat: number;
  you?: boolean;
  top?: boolean;
}) {
  const active = view.phase === 'play' && view.turn === seat;
  const colour = colourOf(view, seat);
  const count = view.handCounts[seat] ?? 0;
  return (
    <div
      className={`mcg__player mcg__player--${colour} ${active ? 'is-active' : ''} ${top ? 'mcg__player--top' : ''}`}
    >
      <span className="mcg__player-name">
        <SeatName
          info={info}
          seat={seat}
          you={you}
          className="mcg__player-who"
          fallback={seatName(info, seat)}
        >
          <span className={`mcg__dot mcg__dot--${colour}`} aria-hidden="true" />
        </SeatName>
        <SeatBadges info={info} seat={seat} />
      </span>
      <span
        className="mcg__live-score"
        data-testid={`live-score-${seat}`}
        title="Points as the sequences stand now"
      >
        <strong>{view.scores[seat] ?? 0}</strong> pts
      </span>
      {top && (
        <span
          className="mcg__opp-hand"
          data-testid="opponent-hand"
          data-count={count}
          aria-label={`${seatName(info, seat)} holds ${plural(count, 'card')}`}
          title={`${plural(count, 'card')} in hand`}
        >
          {Array.from({ length: Math.min(count, MAX_BACKS) }, (_, i) => (
            <MathCardBack key={i} colour={colour} size="xs" />
          ))}
          <span className="mcg__count">{count}</span>
        </span>
      )}
      <span className="mcg__pile" title="Cards in the pile">
        <MathCardBack colour={colour} size="xs" />
        <span>
          <strong data-testid={`pile-count-${seat}`} data-count={view.pileCounts[seat] ?? 0}>
            {view.pileCounts[seat] ?? 0}
          </strong>{' '}
          in pile
        </span>
      </span>
    </div>
  );
}

/** One sequence on the board (exported for its test). */
export function SequenceRow({
  seq,
  view,
  info,
  preview,
  handById,
  lastIds,
  lit,
  hinted = false,
  pending,
  onChoose,
  drag,
  newTarget,
}: {
  seq: MathSequenceSlot;
  view: MathCardGameView;
  info: RoomInfo | null;
  preview: readonly ChosenPlay[];
  handById: ReadonlyMap<string, MathCard>;
  lastIds: ReadonlySet<string>;
  lit: boolean;
  /** The hint on screen plays a card here (marked and said like a hinted card). */
  hinted?: boolean;
  /** A `?` is waiting for its operator here. */
  pending: boolean;
  onChoose: () => void;
  drag: { onDragOver: (e: DragEvent) => void; onDrop: (e: DragEvent) => void };
  newTarget: ReactNode;
}) {
  const owner = seq.owner ?? (preview[0] !== undefined && preview[0].sequence === 'new' ? view.viewer : null);
  const ownerSeat = typeof owner === 'number' ? owner : null;
  const colour = ownerSeat !== null ? colourOf(view, ownerSeat) : null;
  const empty = !seq.opened && preview.length === 0;
  const label = seq.opened
    ? `Sequence ${seq.slot + 1}, ${seatName(info, seq.owner ?? 0)}'s, worth ${seq.value}${seq.sealed ? ', sealed' : ''}`
    : `Sequence ${seq.slot + 1}, not opened`;
  return (
    <div
      className={`mcg__row ${colour ? `mcg__row--${colour}` : ''} ${seq.sealed ? 'is-sealed' : ''} ${
        lit ? 'is-lit' : ''
      } ${pending ? 'is-pending' : ''} ${empty ? 'is-empty' : ''}`}
      data-testid={`sequence-${seq.slot}`}
      data-owner={seq.owner ?? ''}
      data-opened={seq.opened ? 'true' : 'false'}
      data-sealed={seq.sealed ? 'true' : 'false'}
      data-value={seq.value}
      data-lit={lit ? 'true' : 'false'}
      {...hintedProps(hinted)}
      role={lit ? 'button' : 'group'}
      tabIndex={lit ? 0 : undefined}
      aria-label={`${lit ? `Play on ${label}` : label}${hinted ? HINTED_WORDS : ''}`}
      onClick={lit ? onChoose : undefined}
      onKeyDown={
        lit
          ? (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onChoose();
              }
            }
          : undefined
      }
      {...drag}
    >
      <span className="mcg__row-head">
        <span className="mcg__row-num">#{seq.slot + 1}</span>
        {ownerSeat !== null && <span className="mcg__row-owner">{seatName(info, ownerSeat)}</span>}
      </span>
      <span className="mcg__row-cards">
        {seq.cards.map((placed) => {
          const turned = turnedInto(placed);
          return (
            <span
              key={placed.card.id}
              className={`mcg__placed ${lastIds.has(placed.card.id) ? 'is-last' : ''} ${
                placed.cancelled ? 'is-cancelled' : ''
              }`}
              data-testid={`seq-card-${placed.card.id}`}
              data-cancelled={placed.cancelled ? 'true' : 'false'}
              title={placed.cancelled ? 'Cancelled: no longer counts' : undefined}
            >
              <MathCardFace card={placed.card} chosen={placed.chosen} size="xs" />
              {turned !== null && (
                <span
                  className="mcg__turned"
                  title={`Now ${OP_WORD[turned]} (changed by invert or swap)`}
                  aria-label={`now ${OP_WORD[turned]}`}
                >
                  →{OP_SYMBOL[turned]}
                </span>
              )}
              <span className="mcg__after" title="Value after this card">
                {placed.valueAfter}
              </span>
            </span>
          );
        })}
        {preview.map((play) => {
          const card = handById.get(play.card);
          return card ? (
            <span key={play.card} className="mcg__placed is-preview">
              <MathCardFace card={card} chosen={play.operator ?? null} size="xs" />
              <span className="mcg__after">…</span>
            </span>
          ) : null;
        })}
        {empty && newTarget === null && <span className="mcg__row-empty">not opened</span>}
        {newTarget}
      </span>
      <span className="mcg__row-value">
        {seq.opened && (
          <>
            <strong>{seq.value}</strong>
            {seq.sealed && <span className="mcg__sealed">sealed</span>}
          </>
        )}
      </span>
    </div>
  );
}
