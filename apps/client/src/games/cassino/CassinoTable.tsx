import { useLayoutEffect, useRef } from 'react';
import { z } from 'zod';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import { useTabDraft } from '../../lib/tabDraft.ts';
import { matchWinsText } from '../../lib/matchWins.ts';
import { LayoutGroup, motion } from 'motion/react';
import type { CassinoBuild, CassinoIntent, CassinoTableItem, CassinoView, RoomInfo } from '@cards/schema';
import { CardBack, CardFace, rankText, spokenCard } from '../../cards/Card.tsx';
import { cardFromId } from '../../cards/cardId.ts';
import { showToast, useStore } from '../../store.ts';
import type { GameState } from '../parse.ts';
import { seatName } from './labels.ts';
import { SeatBadges, SeatName } from '../../table-kit/seats.tsx';
import { TurnLine } from '../../table-kit/TurnLine.tsx';
import { IntentButton, KitButton } from '../../table-kit/buttons.tsx';
import { ScoreSheet } from './ScoreSheet.tsx';
import {
  completions,
  EMPTY_SELECTION,
  freePlayOf,
  playableCards,
  selectableItems,
  toggleCard,
  toggleItem,
  chosenGroups,
  type ChosenGroup,
  type Selection,
} from './selection.ts';
import './cassino.css';

type CassinoState = Extract<GameState, { game: 'cassino' }>;

const MAX_VISIBLE_BACKS = 4;

const HeldSchema = z.object({
  version: z.number().int(),
  selection: z.object({ card: z.string().nullable(), items: z.array(z.string()) }),
});

export function CassinoTable({ state }: { state: CassinoState }) {
  const info = useStore((s) => s.info);
  const replaying = useStore((s) => s.replaying);
  const busy = useStore((s) => s.busy);
  const { view, legal, version, actors } = state;

  // The selection belongs to the version it was made in: any new update clears it.
  // Kept in the tab, so a reload finds it (while the version is the same).
  const [held, setHeld] = useTabDraft(
    'cassino-selection',
    () => ({ version, selection: EMPTY_SELECTION }),
    HeldSchema,
  );
  const selection = held.version === version ? held.selection : EMPTY_SELECTION;
  const select = (next: Selection) => setHeld({ version, selection: next });

  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const bottomSeat = me ?? 0;
  const others = Array.from({ length: view.players }, (_, seat) => seat).filter(
    (seat) => seat !== bottomSeat,
  );
  const myTurn = me !== null && view.phase === 'playing' && actors.includes(me);
  const freePlay = myTurn ? view.freePlay : [];
  const playable = myTurn ? playableCards(legal, freePlay) : new Set<string>();
  const free = freePlayOf(freePlay, selection);
  const tappable = selectableItems(legal, selection, free && { tableIds: view.table.map((i) => i.id) });
  const done = completions(legal, selection, free);
  // Builds the player controls: the only reason a hand card is greyed out (no trailing allowed).
  const controlled = view.table.flatMap((i) =>
    i.type === 'build' && i.build.controller === me ? [i.build] : [],
  );
  const greyed = myTurn ? view.hand.filter((c) => !playable.has(c.id)) : [];
  const controlText =
    controlled.length > 0
      ? `You control ${controlled.map(buildName).join(' and ')}, so you may not trail`
      : null;

  const sectionRef = useRef<HTMLElement>(null);
  useOpponentCardFlight(sectionRef, version, view, me);

  const clear = () => select(EMPTY_SELECTION);
  const action = (testId: string, look: string, intent: CassinoIntent, label: string) => (
    <IntentButton
      key={testId}
      intent={intent}
      busy={busy}
      className={`btn--action ${look}`.trim()}
      testId={testId}
      onSent={clear}
    >
      {label}
    </IntentButton>
  );

  const onHandCard = (id: string, canPlay: boolean) => {
    if (!myTurn) showToast('info', 'Wait for your turn.');
    else if (canPlay) select(toggleCard(selection, id));
    else if (controlText) showToast('info', `${controlText}: this card can neither capture nor build.`);
    else showToast('info', 'That card has no play now.');
  };

  const onItem = (item: CassinoTableItem) => {
    if (!myTurn) {
      showToast('info', me === null ? 'You are watching this game.' : 'Wait for your turn.');
      return;
    }
    if (!selection.card) {
      showToast('info', 'Pick a card from your hand first.');
      return;
    }
    if (!tappable.has(item.id)) {
      showToast('info', untappableText(selection, item, info));
      return;
    }
    select(toggleItem(selection, item.id));
  };

  const ghostSeat =
    view.lastAction?.kind === 'capture' || view.lastAction?.kind === 'sweep'
      ? view.lastAction.seat
      : view.lastAction?.kind === 'lastCards'
        ? (view.lastCapturer ?? view.dealer)
        : null;
  const ghosts = ghostSeat === null ? [] : (view.lastAction?.cardIds ?? []);

  // A replay seen through a seat names whose turn it was, never "Your turn".
  const turnText = turnIndicator(view, info, replaying ? null : me);
  const noLegalActions = selection.card !== null && !done.trail && !done.capture && done.builds.length === 0;
  const handRank = selection.card ? (cardFromId(selection.card)?.rank ?? 0) : 0;
  const groups = chosenGroups(selection.items, (id) => itemValue(view.table, id), handRank);

  return (
    <LayoutGroup>
      <section
        ref={sectionRef}
        className={`cassino ${myTurn ? 'cassino--my-turn' : ''}`}
        data-testid="table"
        data-version={version}
        data-my-turn={myTurn ? 'true' : 'false'}
        aria-label="Cassino table"
        onKeyDown={(e) => {
          // Escape drops a half-made choice (the hand card and the table cards chosen so far).
          if (e.key === 'Escape' && selection.card !== null) select(EMPTY_SELECTION);
        }}
      >
        {others.map((seat) => (
          <div className="cassino__opponent" key={seat}>
            <PlayerBadge view={view} info={info} seat={seat} />
            <div
              className="cassino__opp-hand"
              role="img"
              data-testid="opponent-hand"
              data-hand-seat={seat}
              data-count={view.handCounts[seat] ?? 0}
              aria-label={`${seatName(info, seat)} holds ${view.handCounts[seat] ?? 0} cards`}
            >
              {Array.from({ length: view.handCounts[seat] ?? 0 }, (_, i) => (
                <CardBack key={i} size="sm" className="cassino__opp-card" />
              ))}
            </div>
            <CapturedPile view={view} seat={seat} ghosts={ghostSeat === seat ? ghosts : []} />
          </div>
        ))}

        <div className="cassino__felt">
          <div className="cassino__felt-meta">
            <span className="cassino__deck" title="Cards left in the deck">
              <CardBack size="sm" className="cassino__deck-card" />
              <span>
                <span data-testid="deck-count" data-count={view.deckCount}>
                  {view.deckCount}
                </span>{' '}
                in deck
              </span>
            </span>
            {info !== null && info.gameNumber > 1 && (
              <span className="cassino__wins" data-testid="table-match-wins">
                Games won: {matchWinsText(info)}
              </span>
            )}
            {view.options.match === 'to21' && (
              <span className="cassino__match" data-testid="match-score">
                To 21:{' '}
                {Array.from({ length: view.players }, (_, seat) => (
                  <span key={seat} className="cassino__match-seat">
                    {seatName(info, seat)}{' '}
                    <strong data-testid={`match-score-${seat}`}>{view.matchTotals[seat] ?? 0}</strong>
                  </span>
                ))}
              </span>
            )}
            <span className="cassino__round">
              Deal {view.dealNumber} · Round {view.round}/6
            </span>
          </div>
          <div
            className={`cassino__items ${view.table.length > 8 ? 'cassino__items--crowded' : ''}`}
            role="group"
            aria-label="Cards on the table"
            onKeyDown={moveFocusWithArrows}
          >
            {view.table.length === 0 && <p className="cassino__empty">The table is empty.</p>}
            {view.table.map((item) => {
              const canTap = myTurn && selection.card !== null && tappable.has(item.id);
              const chosen = selection.items.includes(item.id);
              const dim = myTurn && selection.card !== null && !canTap;
              return (
                <motion.button
                  layout="position"
                  key={item.id}
                  type="button"
                  className={`cassino__item ${chosen ? 'is-selected' : ''} ${dim ? 'is-dim' : ''} ${
                    item.type === 'build' ? 'cassino__item--build' : ''
                  }`}
                  data-testid={`table-item-${item.id}`}
                  data-selectable={canTap ? 'true' : 'false'}
                  data-selected={chosen ? 'true' : 'false'}
                  aria-pressed={chosen}
                  aria-disabled={!canTap}
                  aria-label={itemLabel(item, info)}
                  onClick={() => onItem(item)}
                >
                  {item.type === 'card' ? (
                    <CardFace card={item.card} layoutId={item.card.id} />
                  ) : (
                    <BuildPile build={item.build} info={info} />
                  )}
                </motion.button>
              );
            })}
          </div>
        </div>

        <TurnLine game="cassino" mine={myTurn} text={turnText} live={false}>
          <p className="cassino__last" data-testid="last-action">
            {view.lastAction
              ? `${seatName(info, view.lastAction.seat)} ${view.lastAction.text}${
                  ghostSeat !== null && ghostSeat !== view.lastAction.seat
                    ? ` (${seatName(info, ghostSeat)})`
                    : ''
                }.`
              : 'No moves yet.'}
          </p>
        </TurnLine>

        <div className="cassino__actions" role="toolbar" aria-label="Actions" onKeyDown={moveFocusWithArrows}>
          {myTurn && !selection.card && (
            <span className="cassino__hint" data-testid="hint">
              {controlText && greyed.length > 0
                ? `${controlText}: capture or build. Greyed cards can do neither.`
                : 'Tap a card in your hand.'}
            </span>
          )}
          {myTurn && selection.card && free && selection.items.length === 0 && (
            <span className="cassino__hint" data-testid="hint">
              Too many moves to list for this card: tap the table cards you want, the server checks.
            </span>
          )}
          {myTurn && selection.card && !free && selection.items.length === 0 && !done.trail && (
            <span className="cassino__hint" data-testid="hint">
              Tap table cards to capture or build.
            </span>
          )}
          {done.trail && action('action-trail', '', done.trail, 'Trail')}
          {done.capture && action('action-capture', 'btn--capture', done.capture, 'Capture')}
          {done.builds.map((build) =>
            action(`action-build-${build.value}`, 'btn--build', build, `Build ${build.value}`),
          )}
          {groups.length > 0 && <ChosenGroups groups={groups} handRank={handRank} table={view.table} />}
          {selection.items.length > 0 && noLegalActions && (
            <span className="cassino__hint" data-testid="hint">
              Keep choosing: no capture or build takes exactly these cards yet{missingText(groups, handRank)}.
            </span>
          )}
          {selection.card && (
            <KitButton off={false} className="btn--ghost" testId="action-clear" onPress={clear}>
              Clear
            </KitButton>
          )}
        </div>

        <div className="cassino__me">
          <div className="cassino__me-info">
            <PlayerBadge view={view} info={info} seat={bottomSeat} you={me !== null} />
            <CapturedPile view={view} seat={bottomSeat} ghosts={ghostSeat === bottomSeat ? ghosts : []} />
          </div>
          <div
            className="cassino__hand"
            role="group"
            data-testid="hand"
            data-hand-seat={bottomSeat}
            data-count={me !== null ? view.hand.length : (view.handCounts[bottomSeat] ?? 0)}
            aria-label={me !== null ? 'Your hand' : `${seatName(info, bottomSeat)}'s hand`}
            onKeyDown={moveFocusWithArrows}
          >
            {me !== null
              ? view.hand.map((card) => {
                  const canPlay = playable.has(card.id);
                  const chosen = selection.card === card.id;
                  return (
                    <motion.button
                      layout="position"
                      key={card.id}
                      type="button"
                      className={`cassino__hand-card ${chosen ? 'is-selected' : ''} ${
                        myTurn && !canPlay ? 'is-dim' : ''
                      }`}
                      data-testid={`hand-card-${card.id}`}
                      data-selected={chosen ? 'true' : 'false'}
                      aria-pressed={chosen}
                      aria-disabled={!canPlay}
                      aria-label={spokenCard(card)}
                      title={myTurn && !canPlay && controlText ? `${controlText}.` : undefined}
                      onClick={() => onHandCard(card.id, canPlay)}
                    >
                      <CardFace card={card} size="lg" layoutId={card.id} />
                    </motion.button>
                  );
                })
              : Array.from({ length: view.handCounts[bottomSeat] ?? 0 }, (_, i) => (
                  <CardBack key={i} size="md" />
                ))}
          </div>
        </div>

        {view.phase !== 'playing' && <ScoreSheet view={view} legal={legal} info={info} />}
      </section>
    </LayoutGroup>
  );
}

function turnIndicator(view: CassinoView, info: RoomInfo | null, me: number | null): string {
  if (view.phase === 'matchOver') return 'Game over';
  if (view.phase === 'dealOver') return 'Deal over';
  if (view.turn === null) return '';
  if (view.turn === me) return 'Your turn';
  if (me === null) return `${seatName(info, view.turn)}'s turn`;
  return `Waiting for ${seatName(info, view.turn)}`;
}

/** What is missing when a table card cannot be added to the selection (a tap that does nothing else). */
/** A table item's value as written on it: a number card's rank, a build's value (none for J, Q, K). */
function itemValue(table: readonly CassinoTableItem[], id: string): number | null {
  const item = table.find((i) => i.id === id);
  if (item === undefined) return null;
  if (item.type === 'build') return item.build.value;
  return item.card.rank > 10 ? null : item.card.rank;
}

/** What the open group still lacks to make the hand card's value. */
function missingText(groups: readonly ChosenGroup[], handRank: number): string {
  const last = groups.at(-1);
  if (last === undefined || last.complete || handRank > 10) return '';
  return last.sum < handRank
    ? `: this group makes ${last.sum}, your ${handRank} needs ${handRank - last.sum} more to capture it`
    : `: this group makes ${last.sum}, more than your ${handRank}`;
}

/** The chosen table items as groups with their sums ("5 + 3 = 8 ✓"), in the order they were tapped. */
function ChosenGroups({
  groups,
  handRank,
  table,
}: {
  groups: readonly ChosenGroup[];
  handRank: number;
  table: readonly CassinoTableItem[];
}) {
  const faceName = (id: string) => {
    const item = table.find((i) => i.id === id);
    return item?.type === 'card' ? rankText(item.card.rank) : id;
  };
  return (
    <span className="cassino__groups" data-testid="chosen-groups" aria-label="Your chosen groups">
      {groups.map((g, k) => (
        <span
          key={g.items.join(',')}
          className={`cassino__group ${g.complete ? 'is-complete' : ''}`}
          data-testid={`chosen-group-${k}`}
          data-sum={g.sum}
          data-complete={g.complete ? 'true' : 'false'}
        >
          {g.values.some((v) => v === null)
            ? g.items.map(faceName).join(' + ')
            : `${g.values.join(' + ')} = ${g.sum}`}
          {g.complete ? ' ✓' : handRank <= 10 && g.sum < handRank ? ` (${handRank - g.sum} more)` : ''}
        </span>
      ))}
    </span>
  );
}

function untappableText(selection: Selection, item: CassinoTableItem, info: RoomInfo | null): string {
  const chosen = selection.card ? cardFromId(selection.card) : null;
  const card = chosen ? spokenCard(chosen) : 'card';
  const what = itemLabel(item, info);
  return selection.items.length === 0
    ? `Your ${card} can neither capture nor build with ${what}.`
    : `No capture or build with your ${card} takes ${what} together with the cards you chose. Tap a chosen card to drop it, or Clear.`;
}

function itemLabel(item: CassinoTableItem, info: RoomInfo | null): string {
  if (item.type === 'card') return spokenCard(item.card);
  return `${buildTitle(item.build)}, controlled by ${seatName(info, item.build.controller)}`;
}

/** "the build of 7s" */
const buildName = (build: CassinoBuild) =>
  build.kind === 'compound' ? `the build of ${build.value}s` : `the build of ${build.value}`;

const buildTitle = (build: CassinoBuild) =>
  build.kind === 'compound' ? `Build ${build.value}s` : `Build ${build.value}`;

/**
 * A build: each group (the cards that make the value together) is its own small fanned pile on a
 * tray, side by side, so a compound build's groups read apart; the label names value and controller.
 */
function BuildPile({ build, info }: { build: CassinoBuild; info: RoomInfo | null }) {
  return (
    <span className="build">
      <span className="build__groups">
        {build.groups.map((group, g) => (
          <span
            key={g}
            className="build__group"
            data-testid="build-group"
            style={{ '--count': group.length } as React.CSSProperties}
          >
            {group.map((card, slot) => (
              <span key={card.id} className="build__card" style={{ '--slot': slot } as React.CSSProperties}>
                <CardFace card={card} size="md" layoutId={card.id} />
              </span>
            ))}
          </span>
        ))}
      </span>
      <span className="build__label">
        <strong>{buildTitle(build)}</strong>
        <span className="build__owner">{seatName(info, build.controller)}</span>
      </span>
    </span>
  );
}

/**
 * The other player's card is face down until played, so it has no card to animate from: once the
 * view names the card they played, it flies from their hand to where it landed (table, build or
 * captured pile). Only for a play that happens while the table is shown, and not with reduced motion.
 */
function useOpponentCardFlight(
  root: React.RefObject<HTMLElement | null>,
  version: number,
  view: CassinoView,
  me: number | null,
): void {
  const seen = useRef(version);
  // A card is played once per deal: its flight, once shown, is not repeated (e.g. on a Continue).
  const flown = useRef(`${view.dealNumber}:${view.lastAction?.played ?? ''}`);
  useLayoutEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    const action = view.lastAction;
    if (!action || action.played === null || action.seat === me || !root.current) return;
    const key = `${view.dealNumber}:${action.played}`;
    if (flown.current === key) return;
    flown.current = key;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const face = root.current.querySelector<HTMLElement>(`[data-card="${action.played}"]`);
    const hand = root.current.querySelector<HTMLElement>(`[data-hand-seat="${action.seat}"]`);
    const target = face?.parentElement;
    if (!face || !hand || !target) return;
    const from = hand.getBoundingClientRect();
    const to = face.getBoundingClientRect();
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    target.classList.add('is-flying');
    const flight = target.animate(
      [
        { transform: `translate(${dx}px, ${dy}px) scale(0.75)`, opacity: 0.7 },
        { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      ],
      { duration: 420, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)', composite: 'add' },
    );
    flight.onfinish = flight.oncancel = () => target.classList.remove('is-flying');
  }, [root, version, view.lastAction, view.dealNumber, me]);
}

function PlayerBadge({
  view,
  info,
  seat,
  you = false,
}: {
  view: CassinoView;
  info: RoomInfo | null;
  seat: number;
  you?: boolean;
}) {
  const active = view.phase === 'playing' && view.turn === seat;
  return (
    <div className="player">
      <SeatName info={info} seat={seat} you={you} className="player__name" />
      <span className="player__tags">
        <SeatBadges info={info} seat={seat} dealer={view.dealer === seat} turn={active} />
        <span className="player__sweeps" title="Sweeps">
          Sweeps{' '}
          <strong data-testid={`sweeps-${seat}`} data-count={view.sweeps[seat] ?? 0}>
            {view.sweeps[seat] ?? 0}
          </strong>
        </span>
      </span>
    </div>
  );
}

function CapturedPile({
  view,
  seat,
  ghosts,
}: {
  view: CassinoView;
  seat: number;
  ghosts: readonly string[];
}) {
  const count = view.capturedCounts[seat] ?? 0;
  const backs = Math.min(count, MAX_VISIBLE_BACKS);
  return (
    <div className="pile" title="Captured cards">
      <div
        className="pile__stack"
        data-testid={`captured-${seat}`}
        data-count={count}
        aria-label={`${count} cards captured`}
      >
        {Array.from({ length: backs }, (_, i) => (
          <span key={i} className="pile__layer" style={{ '--layer': i } as React.CSSProperties}>
            <CardBack size="sm" />
          </span>
        ))}
        {count === 0 && <span className="pile__empty" />}
        {ghosts.map((id, i) => {
          const card = cardFromId(id);
          return (
            <span key={id} className="pile__ghost" style={{ '--layer': i } as React.CSSProperties}>
              {card ? <CardFace card={card} size="sm" layoutId={id} /> : <CardBack size="sm" layoutId={id} />}
            </span>
          );
        })}
        <span className="pile__count">{count}</span>
      </div>
    </div>
  );
}
