import { useState } from 'react';
import type {
  CsLinkView,
  CsSeatView,
  CuntSoulIntent,
  CuntSoulView,
  PlayingCard,
  RoomInfo,
} from '@cards/schema';
import { EndSheet, winnerBanner } from '../../table-kit/EndSheet.tsx';
import { SeatBadges, SeatName } from '../../table-kit/seats.tsx';
import { TurnLine } from '../../table-kit/TurnLine.tsx';
import { IntentButton, KitButton } from '../../table-kit/buttons.tsx';
import { sendIntent } from '../../net/connection.ts';
import { useStore } from '../../store.ts';
import type { GameState } from '../parse.ts';
import {
  linkFor,
  linkZone,
  setupIntent,
  slotHandCards,
  slotIntents,
  tappableLinkCards,
  toggleSetupCard,
  type SetupPick,
  type SlotIntentType,
} from './compose.ts';
import { CsCard, CsBack } from './CsCard.tsx';
import {
  burnText,
  CARD_ABILITIES,
  cardText,
  FIELD_ABILITIES,
  fieldsInForce,
  linkNote,
  seatName,
  turnText,
} from './labels.ts';
import './cunt-soul.css';

type CuntSoulState = Extract<GameState, { game: 'cunt-soul' }>;

/** What the player is doing with their taps, reset by every new update. */
type Mode =
  | { kind: 'link'; chosen: string[] }
  | { kind: 'slot'; type: SlotIntentType; card: string | null }
  | { kind: 'setup'; pick: SetupPick };

const PILE_SHOWN = 5;

export function CuntSoulTable({ state }: { state: CuntSoulState }) {
  const info = useStore((s) => s.info);
  const busy = useStore((s) => s.busy);
  const { view, legal, version } = state;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const names = (seat: number) => (seat === me ? 'You' : seatName(info, seat));

  const [held, setHeld] = useState<{ version: number; mode: Mode } | null>(null);
  const defaultMode: Mode =
    view.phase === 'setup'
      ? { kind: 'setup', pick: { up: [], field: null } }
      : view.turn.prompt?.kind === 'swap5'
        ? { kind: 'slot', type: 'swap5', card: null }
        : { kind: 'link', chosen: [] };
  // Setup picks survive other players' choices (each one is a new version); the rest belong to one version.
  const mode =
    held !== null && (held.version === version || (held.mode.kind === 'setup' && view.phase === 'setup'))
      ? held.mode
      : defaultMode;
  const setMode = (next: Mode) => setHeld({ version, mode: next });

  // Once the server took a move, the half-made choice is done with.
  const sent = () => setHeld(null);
  const send = async (intent: CuntSoulIntent) => {
    if (await sendIntent(intent)) sent();
  };

  const mySeat = me === null ? null : (view.seats[me] ?? null);
  const bottom = mySeat ?? view.seats[0];
  const others = rotate(view.seats, me ?? 0).filter((s) => s.seat !== bottom?.seat);
  const myTurn = me !== null && view.phase === 'play' && view.current === me;
  const canAct = legal.length > 0;

  return (
    <section
      className={`cs ${myTurn ? 'cs--my-turn' : ''}`}
      data-testid="table"
      data-version={version}
      data-phase={view.phase}
      data-my-turn={canAct ? 'true' : 'false'}
      data-prompt={view.turn.prompt?.kind ?? 'none'}
      aria-label="Cunt-Soul table"
    >
      <div className={`cs__seats cs__seats--${others.length}`}>
        {others.map((seat) => (
          <SeatPanel key={seat.seat} view={view} seat={seat} info={info} mode={mode} legal={[]} />
        ))}
      </div>

      <Centre view={view} names={names} />

      <TurnLine game="cs" mine={canAct} text={turnText(view, legal, names)}>
        <LastEvents view={view} names={names} />
      </TurnLine>

      {view.phase === 'setup' && mySeat !== null && mode.kind === 'setup' && (
        <SetupPanel
          seat={mySeat}
          pick={mode.pick}
          legal={legal}
          busy={busy}
          setMode={setMode}
          onSent={sent}
        />
      )}
      {view.phase === 'play' && me !== null && canAct && (
        <Actions
          view={view}
          legal={legal}
          mode={mode}
          busy={busy}
          names={names}
          setMode={setMode}
          onSent={sent}
        />
      )}

      {bottom !== undefined && (
        <div className="cs__me">
          <SeatPanel
            view={view}
            seat={bottom}
            info={info}
            mode={mode}
            legal={myTurn ? legal : []}
            setMode={setMode}
            send={send}
            own={me !== null}
          />
          {me !== null && mySeat !== null && view.phase !== 'setup' && (
            <Hand view={view} seat={mySeat} legal={myTurn ? legal : []} mode={mode} setMode={setMode} />
          )}
        </div>
      )}

      {view.phase === 'over' && view.result && <Result view={view} info={info} names={names} me={me} />}
    </section>
  );
}

/** The seats in play order starting from `first`. */
function rotate(seats: readonly CsSeatView[], first: number): CsSeatView[] {
  return [...seats.slice(first), ...seats.slice(0, first)];
}

function Centre({ view, names }: { view: CuntSoulView; names: (seat: number) => string }) {
  const shown = view.pile.slice(-PILE_SHOWN);
  const hidden = view.pile.length - shown.length;
  const forces = fieldsInForce(view.fields);
  return (
    <div className="cs__centre">
      <div
        className="cs__pile"
        role="group"
        data-testid="pile"
        data-links={view.pile.length}
        aria-label="Discard pile"
      >
        <span className="cs__label">
          Pile{hidden > 0 ? ` (${hidden} more link${hidden === 1 ? '' : 's'} below)` : ''}
        </span>
        {view.pile.length === 0 && <span className="cs__empty">Empty</span>}
        <ol className="cs__links">
          {shown.map((link) => (
            <PileLink key={link.id} link={link} names={names} />
          ))}
        </ol>
      </div>
      <div className="cs__meta">
        <span className="cs__source" data-testid="source" data-count={view.sourceCount}>
          {view.sourceTop ? (
            <CsCard card={view.sourceTop} size="sm" testId="source-top" />
          ) : (
            <CsBack size="sm" />
          )}
          <span>Source: {view.sourceCount}</span>
        </span>
        <span className="cs__direction" data-testid="direction" data-direction={view.direction}>
          <span aria-hidden="true">{view.direction === 'clockwise' ? '↻' : '↺'}</span>{' '}
          {view.direction === 'clockwise' ? 'Clockwise' : 'Anticlockwise'}
        </span>
        <span className="cs__hand-size">
          Hand size {view.handSize} · Turn {view.turnsPlayed + (view.phase === 'play' ? 1 : 0)}/
          {view.options.turnLimit}
        </span>
        {view.out.length > 0 && <span className="cs__out">Burned: {view.out.length}</span>}
      </div>
      <div
        className="cs__fields"
        role="group"
        data-testid="fields-in-force"
        aria-label="Field abilities in force"
      >
        {forces.length === 0 && view.phase !== 'setup' && (
          <span className="cs__empty">No field abilities</span>
        )}
        {forces.map(({ value, count }) => {
          const [name, text] = FIELD_ABILITIES[value] ?? [value, ''];
          return (
            <span key={value} className="cs__field" data-field={value}>
              <strong>
                {count > 1 ? `${count}× ` : ''}
                {name}
              </strong>{' '}
              ({value}): {text}
            </span>
          );
        })}
      </div>
    </div>
  );
}

function PileLink({ link, names }: { link: CsLinkView; names: (seat: number) => string }) {
  const note = linkNote(link);
  const ability = link.ability === null ? null : CARD_ABILITIES[link.ability];
  return (
    <li className="cs__link" data-testid={`pile-link-${link.id}`} data-value={link.value}>
      <span className="cs__link-cards">
        {link.cards.map((c) => (
          <CsCard key={c.id} card={c} size="sm" />
        ))}
      </span>
      <span className="cs__link-text">
        {note && (
          <strong className="cs__note" data-testid="link-note">
            {note}
          </strong>
        )}
        {ability && <span className="cs__ability">{ability}</span>}
        <span className="cs__by">{names(link.player)}</span>
      </span>
    </li>
  );
}

function LastEvents({ view, names }: { view: CuntSoulView; names: (seat: number) => string }) {
  return (
    <p className="cs__last" data-testid="last-event">
      {view.lastBurn && <span data-testid="last-burn">{burnText(view.lastBurn, names)} </span>}
      {view.lastFlip && (
        <span data-testid="last-flip">
          {names(view.lastFlip.seat)} turned over {cardText(view.lastFlip.card)}
          {view.lastFlip.valid ? '.' : ', which could not be played.'}
        </span>
      )}
    </p>
  );
}

function SeatPanel({
  view,
  seat,
  info,
  mode,
  legal,
  setMode,
  send,
  own = false,
}: {
  view: CuntSoulView;
  seat: CsSeatView;
  info: RoomInfo | null;
  mode: Mode;
  legal: readonly CuntSoulIntent[];
  setMode?: (m: Mode) => void;
  send?: (i: CuntSoulIntent) => Promise<void>;
  own?: boolean;
}) {
  const size = own ? 'md' : 'sm';
  const active = view.current === seat.seat;
  const upZone = own && linkZone(legal, seat.hand) === 'up' && mode.kind === 'link';
  const upCards = seat.up.flatMap((u) => (u.card ? [u.card] : []));
  const tappable = upZone ? tappableLinkCards(upCards, legal, mode.chosen) : new Set<string>();
  const slotType = mode.kind === 'slot' && mode.card !== null ? mode.type : null;
  const slotTargets =
    slotType !== null && mode.kind === 'slot' && mode.card !== null
      ? slotIntents(legal, slotType, mode.card)
      : new Map<number, CuntSoulIntent>();
  const swapDown = view.turn.prompt?.kind === 'swap5' && view.turn.prompt.zone === 'down';
  const flips = new Map(legal.flatMap((i) => (i.type === 'playFaceDown' ? [[i.slot, i] as const] : [])));

  return (
    <div
      className={`cs-seat ${active ? 'is-active' : ''} ${seat.finished ? 'is-finished' : ''} ${own ? 'cs-seat--own' : ''}`}
      data-testid={`seat-panel-${seat.seat}`}
      data-hand-count={seat.handCount}
    >
      <div className="cs-seat__head">
        <SeatName info={info} seat={seat.seat} you={own} className="cs-seat__name" />
        <SeatBadges info={info} seat={seat.seat} dealer={view.dealer === seat.seat} turn={active} />
        {seat.choosing && (
          <span className="tag" data-testid={`choosing-${seat.seat}`}>
            choosing…
          </span>
        )}
        {seat.place !== null && (
          <span className="tag tag--place" data-testid={`place-${seat.seat}`}>
            {placeText(seat.place, view)}
          </span>
        )}
        <span className="cs-seat__count" title="Cards in hand" data-testid={`hand-count-${seat.seat}`}>
          {seat.handCount} in hand
        </span>
      </div>
      <div className="cs-seat__row">
        <span className="cs-seat__slots" role="group" aria-label="Face-up and face-down cards">
          {seat.down.map((down, slot) => {
            const up = seat.up[slot];
            const upCard = up?.card ?? null;
            const swapTarget = slotType === 'swap5' ? (swapDown ? null : slotTargets.get(slot)) : null;
            const changeTarget = slotType === 'changeField' ? slotTargets.get(slot) : null;
            const upTarget = swapTarget ?? changeTarget ?? null;
            const downTarget =
              (swapDown && slotType === 'swap5' ? slotTargets.get(slot) : null) ?? flips.get(slot);
            const chosen = upCard !== null && mode.kind === 'link' && mode.chosen.includes(upCard.id);
            return (
              <span key={slot} className="cs-slot">
                {down.present || down.known ? (
                  <SlotButton
                    testId={`down-${seat.seat}-${slot}`}
                    label={down.known ? `Face-down ${cardText(down.known)} (you know it)` : 'Face-down card'}
                    onClick={downTarget && send ? () => void send(downTarget) : undefined}
                  >
                    {down.known ? <CsCard card={down.known} size={size} known /> : <CsBack size={size} />}
                  </SlotButton>
                ) : (
                  <span className="cs-slot__gap" />
                )}
                {upCard && (
                  <span
                    className={`cs-slot__up ${up?.horizontal ? 'is-sideways' : ''} ${downTarget ? 'is-behind' : ''}`}
                  >
                    <SlotButton
                      testId={`up-${seat.seat}-${slot}`}
                      label={`${cardText(upCard)} face up${up?.horizontal ? ', sideways' : ''}`}
                      selected={chosen}
                      onClick={
                        upTarget && send
                          ? () => void send(upTarget)
                          : tappable.has(upCard.id) && setMode && mode.kind === 'link'
                            ? () => setMode({ kind: 'link', chosen: toggle(mode.chosen, upCard.id) })
                            : undefined
                      }
                    >
                      <CsCard card={upCard} size={size} />
                    </SlotButton>
                  </span>
                )}
              </span>
            );
          })}
        </span>
        <span className="cs-seat__field" data-testid={`field-${seat.seat}`}>
          <span className="cs__label">Field</span>
          {seat.field ? <CsCard card={seat.field} size={size} /> : <span className="cs__empty">—</span>}
          {seat.lingering && (
            <span className="cs-seat__lingering" title="Taken into the hand, in force until the turn ends">
              (+{cardText(seat.lingering)} this turn)
            </span>
          )}
        </span>
      </div>
    </div>
  );
}

function SlotButton({
  testId,
  label,
  selected = false,
  onClick,
  children,
}: {
  testId: string;
  label: string;
  selected?: boolean;
  onClick: (() => void) | undefined;
  children: React.ReactNode;
}) {
  if (onClick === undefined)
    return (
      <span className="cs-tap" data-testid={testId} role="img" aria-label={label}>
        {children}
      </span>
    );
  return (
    <button
      type="button"
      className={`cs-tap is-live ${selected ? 'is-selected' : ''}`}
      data-testid={testId}
      data-selectable="true"
      data-selected={selected ? 'true' : 'false'}
      aria-pressed={selected}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

const toggle = (ids: readonly string[], id: string) =>
  ids.includes(id) ? ids.filter((c) => c !== id) : [...ids, id];

function placeText(place: number, view: CuntSoulView): string {
  if (view.result && place === view.result.order.length) return 'Sole-cunt';
  return `${place}${place === 1 ? 'st' : place === 2 ? 'nd' : place === 3 ? 'rd' : 'th'}`;
}

function Hand({
  view,
  seat,
  legal,
  mode,
  setMode,
}: {
  view: CuntSoulView;
  seat: CsSeatView;
  legal: readonly CuntSoulIntent[];
  mode: Mode;
  setMode: (m: Mode) => void;
}) {
  const linkMode = mode.kind === 'link' && linkZone(legal, seat.hand) === 'hand';
  const tappable =
    mode.kind === 'link'
      ? linkMode
        ? tappableLinkCards(seat.hand, legal, mode.chosen)
        : new Set<string>()
      : mode.kind === 'slot'
        ? slotHandCards(seat.hand, legal, mode.type)
        : new Set<string>();
  const isChosen = (id: string) =>
    mode.kind === 'link' ? mode.chosen.includes(id) : mode.kind === 'slot' && mode.card === id;
  const tap = (card: PlayingCard) => {
    if (mode.kind === 'link') setMode({ kind: 'link', chosen: toggle(mode.chosen, card.id) });
    else if (mode.kind === 'slot') setMode({ ...mode, card: mode.card === card.id ? null : card.id });
  };
  return (
    <div
      className="cs__hand"
      role="group"
      data-testid="hand"
      data-count={seat.hand.length}
      aria-label={`Your hand, ${seat.hand.length} cards`}
    >
      {seat.hand.length === 0 && <span className="cs__empty">Your hand is empty.</span>}
      {seat.hand.map((card) => {
        const live = tappable.has(card.id);
        const chosen = isChosen(card.id);
        return (
          <button
            key={card.id}
            type="button"
            className={`cs-tap cs-hand-card ${live ? 'is-live' : legal.length > 0 ? 'is-dim' : ''} ${
              chosen ? 'is-selected' : ''
            }`}
            data-testid={`hand-card-${card.id}`}
            data-selectable={live ? 'true' : 'false'}
            data-selected={chosen ? 'true' : 'false'}
            aria-pressed={chosen}
            aria-label={cardText(card)}
            disabled={!live}
            onClick={() => tap(card)}
          >
            <CsCard card={card} size="md" />
          </button>
        );
      })}
      {view.turn.acePenalty > 0 && (
        <span className="cs__hint">
          Draw {view.turn.acePenalty} extra at the end of the turn (High Five).
        </span>
      )}
    </div>
  );
}

function SetupPanel({
  seat,
  pick,
  legal,
  busy,
  setMode,
  onSent,
}: {
  seat: CsSeatView;
  pick: SetupPick;
  legal: readonly CuntSoulIntent[];
  busy: boolean;
  setMode: (m: Mode) => void;
  onSent: () => void;
}) {
  const intent = setupIntent(pick);
  if (seat.selection !== null || legal.length === 0) {
    const chosen = seat.selection;
    return (
      <div className="cs__setup" data-testid="setup-done">
        <p>Your choice is in. It is shown to everyone once all players have chosen.</p>
        {chosen && (
          <p className="cs__setup-chosen">
            Face up: {chosen.up.map(cardText).join(' ')} · Field: {cardText(chosen.field)}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="cs__setup" data-testid="setup">
      <p className="cs__hint">
        {pick.up.length < 3
          ? `Tap ${3 - pick.up.length} more card${pick.up.length === 2 ? '' : 's'} to lie face up.`
          : pick.field === null
            ? 'Now tap your field card.'
            : 'Ready: confirm your choice. Nobody sees it until everyone has chosen.'}
      </p>
      <div className="cs__hand" role="group" aria-label="The nine cards dealt to you">
        {seat.hand.map((card) => {
          const role = pick.up.includes(card.id) ? 'face up' : pick.field === card.id ? 'field' : null;
          return (
            <button
              key={card.id}
              type="button"
              className={`cs-tap cs-hand-card is-live ${role ? 'is-selected' : ''}`}
              data-testid={`setup-card-${card.id}`}
              data-role={role ?? 'none'}
              aria-pressed={role !== null}
              aria-label={`${cardText(card)}${role ? `, ${role}` : ''}`}
              onClick={() => setMode({ kind: 'setup', pick: toggleSetupCard(pick, card.id) })}
            >
              <CsCard card={card} size="md" />
              {role && <span className="cs-hand-card__role">{role}</span>}
            </button>
          );
        })}
      </div>
      <IntentButton intent={intent} busy={busy} primary testId="setup-confirm" onSent={onSent}>
        Confirm choice
      </IntentButton>
    </div>
  );
}

function Actions({
  view,
  legal,
  mode,
  busy,
  names,
  setMode,
  onSent,
}: {
  view: CuntSoulView;
  legal: readonly CuntSoulIntent[];
  mode: Mode;
  busy: boolean;
  names: (seat: number) => string;
  setMode: (m: Mode) => void;
  onSent: () => void;
}) {
  const prompt = view.turn.prompt;
  const button = (testId: string, label: string, intent: CuntSoulIntent | null, primary = true) => (
    <IntentButton
      key={testId}
      intent={intent}
      busy={busy}
      primary={primary}
      className={primary ? '' : 'btn--ghost'}
      testId={testId}
      onSent={onSent}
    >
      {label}
    </IntentButton>
  );
  const local = (testId: string, label: string, onPress: () => void) => (
    <KitButton off={false} busy={busy} className="btn--ghost" testId={testId} onPress={onPress}>
      {label}
    </KitButton>
  );
  const find = <T extends CuntSoulIntent['type']>(type: T) =>
    (legal.find((i) => i.type === type) ?? null) as Extract<CuntSoulIntent, { type: T }> | null;

  if (prompt?.kind === 'declare7')
    return (
      <div className="cs__actions" role="toolbar" aria-label="Your 7">
        {button('choice-higher', 'Higher (8 to A)', { type: 'declare7', choice: 'higher' })}
        {button('choice-lower', 'Lower (2 to 6)', { type: 'declare7', choice: 'lower' })}
      </div>
    );
  if (prompt?.kind === 'chooseNext' || prompt?.kind === 'fieldJ')
    return (
      <div className="cs__actions" role="toolbar" aria-label="Who plays next">
        {legal.flatMap((i) =>
          i.type === 'chooseNext' ? [button(`next-${i.seat}`, `${names(i.seat)} next`, i)] : [],
        )}
      </div>
    );
  if (prompt?.kind === 'swap5')
    return (
      <div className="cs__actions" role="toolbar" aria-label="Swaps">
        <span className="cs__hint" data-testid="hint">
          {mode.kind === 'slot' && mode.card !== null
            ? `Now tap one of your ${prompt.zone === 'up' ? 'face-up' : 'face-down'} cards.`
            : 'Tap a hand card to swap, or Done.'}
        </span>
        {button('action-end-swaps', 'Done', find('endSwaps'))}
      </div>
    );

  const chosen = mode.kind === 'link' ? mode.chosen : [];
  const link = linkFor(legal, chosen);
  const canChange = find('changeField') !== null;
  return (
    <div className="cs__actions" role="toolbar" aria-label="Actions">
      {mode.kind === 'slot' && mode.type === 'changeField' ? (
        <>
          <span className="cs__hint" data-testid="hint">
            {mode.card === null
              ? 'Tap the hand card that becomes your field card.'
              : 'Tap the upright face-up card to burn (the top source card replaces it, sideways).'}
          </span>
          {local('action-cancel', 'Cancel', () => setMode({ kind: 'link', chosen: [] }))}
        </>
      ) : (
        <>
          {link &&
            button('action-play', `Play ${chosen.length === 1 ? 'card' : `${chosen.length} cards`}`, link)}
          {!link && chosen.length === 0 && find('playLink') && (
            <span className="cs__hint" data-testid="hint">
              Tap cards of one value; only playable ones light up.
            </span>
          )}
          {find('endChain') && button('action-end-chain', 'End the run', find('endChain'), false)}
          {find('pickUp') && button('action-pickup', 'Pick up the pile', find('pickUp'), !find('playLink'))}
          {canChange &&
            local('action-change-field', 'Change field card', () =>
              setMode({ kind: 'slot', type: 'changeField', card: null }),
            )}
          {chosen.length > 0 && local('action-clear', 'Clear', () => setMode({ kind: 'link', chosen: [] }))}
        </>
      )}
    </div>
  );
}

function Result({
  view,
  info,
  names,
  me,
}: {
  view: CuntSoulView;
  info: RoomInfo | null;
  names: (seat: number) => string;
  me: number | null;
}) {
  const order = view.result?.order ?? [];
  return (
    <EndSheet
      info={info}
      me={me}
      banner={order.length > 0 ? winnerBanner(order.slice(0, 1), me, info, (_, seat) => names(seat)) : null}
      title="Game over"
      className="cs-sheet"
    >
      {view.result?.byLimit && (
        <p data-testid="by-limit">
          The stalemate limit of {view.options.turnLimit} turns ended the game: those still in are ranked by
          the fewest cards held.
        </p>
      )}
      <ol className="cs__places">
        {order.map((seat, i) => (
          <li key={seat} data-testid={`result-${seat}`}>
            {names(seat)}
            {i === order.length - 1 ? ' — the sole-cunt' : i === 0 ? ' — winner' : ''}
          </li>
        ))}
      </ol>
    </EndSheet>
  );
}
