import { useEffect, useRef, useState } from 'react';
import { moveFocusWithArrows } from '../../table-kit/arrowKeys.ts';
import { HINTED_WORDS, HintedNote, hintedProps, useHintedCards } from '../../table-kit/hinted.tsx';
import { z } from 'zod';
import type { BlindCassowaryIntent, BlindCassowaryView } from '@cards/schema';
import type { BlindCassowaryGameState } from '../parse.ts';
import { DecisionClock } from './EndPhases.tsx';
import { rankText } from '../../cards/Card.tsx';
import { sendIntent } from '../../net/connection.ts';
import { IntentButton, KitButton, TokenButton } from '../../table-kit/buttons.tsx';
import { showToast, useStore } from '../../store.ts';
import { useTabDraft } from '../../lib/tabDraft.ts';
import { BcCard, spokenBcCard } from './BcCard.tsx';
import {
  appendToken,
  cardLabel,
  cardsNamed,
  chameleonChoices,
  compose,
  dropLastToken,
  endsWithOperand,
  isChameleon,
  OPERATORS,
  tokenSpan,
} from './compose.ts';

interface Draft {
  text: string;
  /** Cards tapped, in order: typed tokens take these first. */
  picked: string[];
  /** Chameleon id → the hand card it copies. */
  copies: Record<string, string>;
}

const EMPTY: Draft = { text: '', picked: [], copies: {} };
const EMPTY_FORMULA = 'Build a formula first: tap your cards and operators, or type it.';
const CHECKING = 'The deal is still being checked; a moment.';
const BLIND_PASS: BlindCassowaryIntent = { type: 'blindSubmit', expr: null, chameleons: [] };
const DraftSchema: z.ZodType<Draft> = z.object({
  text: z.string().max(400),
  picked: z.array(z.string()).max(16),
  copies: z.record(z.string(), z.string()),
});

/**
 * Builds a formula over the hand by tapping cards and operators, or by typing it ("Q×2", "(6*3)+4+2").
 * The draft survives table updates (the game is turnless) and a reload (kept in the tab); it is cleared
 * once the server accepts it.
 * In `claim` mode the big button calls "Cassowary!"; in `blind` mode it is the secret blind submission.
 */
export function ExpressionBuilder({
  state,
  legal,
  mode,
}: {
  state: BlindCassowaryGameState;
  legal: readonly BlindCassowaryIntent[];
  mode: 'claim' | 'blind';
}) {
  const { view } = state;
  const busy = useStore((s) => s.busy);
  const [kept, setDraft] = useTabDraft(`bc-${mode}`, () => EMPTY, DraftSchema);
  // The draft on screen now: a formula typed while the last one was on its way is not wiped by its answer.
  const keptNow = useRef(kept);
  keptNow.current = kept;
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const hand = view.hand;
  // Cards that left the hand since (a claim went through, the deal moved on) drop out of the draft.
  const draft = { ...kept, picked: kept.picked.filter((id) => hand.some((c) => c.id === id)) };
  const composed = compose(draft.text, hand, draft.picked);
  const inFormula =
    composed.kind === 'ok' ? new Set(composed.cards) : cardsNamed(draft.text, hand, draft.picked);
  const copyable = hand.filter((c) => !isChameleon(c));
  const chameleons = composed.kind === 'ok' ? composed.chameleons : [];
  const choices = chameleonChoices(chameleons, draft.copies);
  const minCards = mode === 'claim' ? 2 : 1;
  const enoughCards = composed.kind === 'ok' && composed.cards.length >= minCards;
  const mySubmission = me !== null ? view.blind[me] : undefined;
  const stuck = me !== null && view.stuck[me] === true;
  // Right after a deal the server checks it for a possible cassowary; nobody plays until then.
  const checking = mode === 'claim' && view.checkingDeal;
  // The server's own intent names the hand it is about, so pressing it while another player's move
  // lands first still counts.
  const stuckIntent = legal.find((i) => i.type === 'stuck');
  const inputId = mode === 'claim' ? 'formula-input' : 'blind-input';

  const setText = (text: string) => setDraft({ ...draft, text });
  const tapCard = (id: string) => {
    const card = hand.find((c) => c.id === id);
    if (!card) return;
    if (endsWithOperand(draft.text)) {
      showToast('info', 'Tap an operator (+ − × ÷ ^) before the next card.');
      return;
    }
    setDraft({ ...draft, text: appendToken(draft.text, cardLabel(card)), picked: [...draft.picked, id] });
  };
  const tapOp = (op: string) =>
    setText(appendToken(draft.text, op === '-' ? '−' : op === '*' ? '×' : op === '/' ? '÷' : op));

  const problem = (): string | null => {
    if (composed.kind === 'empty') return EMPTY_FORMULA;
    if (composed.kind === 'error') return composed.message;
    if (!enoughCards) return `A cassowary uses at least ${minCards} cards.`;
    if (choices === null) return 'Choose which card each chameleon copies.';
    return null;
  };

  const submit = async () => {
    const why = problem();
    if (checking) {
      showToast('error', CHECKING);
      return;
    }
    if (why !== null || composed.kind !== 'ok' || choices === null) {
      showToast('error', why ?? 'That formula is not ready.');
      return;
    }
    const intent: BlindCassowaryIntent =
      mode === 'claim'
        ? { type: 'claim', cards: composed.cards, expr: composed.expr, chameleons: choices }
        : { type: 'blindSubmit', expr: composed.expr, chameleons: choices };
    if (mode === 'claim') {
      try {
        navigator.vibrate?.([40, 30, 40]);
      } catch {
        // optional
      }
    }
    const sent = kept;
    if ((await sendIntent(intent)) && keptNow.current === sent) setDraft(EMPTY);
  };

  if (mode === 'blind' && mySubmission?.submitted) {
    return (
      <div className="bc-builder bc-builder--done">
        <DecisionClock state={state} stage="blind" me={me} compact testId="decision-timer-dock" />
        <p className="bc-builder__done" data-testid="blind-mine">
          {mySubmission.pass
            ? onlyChameleons(hand)
              ? `You pass: your hand holds only a chameleon, and a chameleon copies another card of your hand — there is none.${
                  view.options.drunkChameleon && hand.length === 1
                    ? ' Drunk Chameleon: ending with exactly one chameleon in hand costs 2 points.'
                    : ''
                } Waiting for the others…`
              : 'You passed. Waiting for the others…'
            : mySubmission.bust
              ? `${mySubmission.formula ?? ''} goes over ${state.view.target.value}: it busts (no retry). Waiting for the others…`
              : `You submitted ${mySubmission.formula ?? ''}${mySubmission.value !== null ? ` = ${mySubmission.value}` : ''}. Waiting for the others…`}
        </p>
        <HandRow hand={hand} inFormula={inFormula} onTap={null} />
      </div>
    );
  }

  const canBlind = mode === 'blind' && legal.some((i) => i.type === 'blindSubmit');
  const message = problem();
  const ready = message === null;

  return (
    <div className={`bc-builder bc-builder--${mode}`} role="group" aria-label="Build a formula">
      <div className="bc-builder__formula">
        <input
          id={inputId}
          className={`input bc-builder__input ${composed.kind === 'error' ? 'input--error' : ''}`}
          data-testid={inputId}
          value={draft.text}
          placeholder={mode === 'claim' ? 'Tap or type: Q × 2' : 'Tap or type: 9 × 5'}
          aria-label={mode === 'claim' ? 'Your cassowary formula' : 'Your blind cassowary formula'}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <TokenButton
          className="btn--ghost bc-builder__key"
          testId="expr-back"
          label="Delete the last token"
          disabled={draft.text === ''}
          onClick={() => setText(dropLastToken(draft.text))}
        >
          ⌫
        </TokenButton>
        <TokenButton
          className="btn--ghost bc-builder__key"
          testId="expr-clear"
          disabled={draft.text === ''}
          onClick={() => setDraft(EMPTY)}
        >
          Clear
        </TokenButton>
      </div>
      {composed.kind === 'error' && composed.pos !== null && (
        <ErrorAt text={draft.text} pos={composed.pos} token={composed.token} />
      )}
      <p
        className={`bc-builder__preview ${composed.kind === 'error' ? 'is-error' : ''}`}
        data-testid="formula-preview"
        aria-live="polite"
      >
        {composed.kind === 'ok'
          ? mode === 'claim'
            ? `${composed.shown}  = ${view.target.value} ?`
            : `${composed.shown}  ≤ ${view.target.value} ?`
          : composed.kind === 'error'
            ? composed.message
            : checking
              ? 'Checking the deal…'
              : mode === 'claim'
                ? `Make ${view.target.value} with two or more of your cards.`
                : `Closest to ${view.target.value} without going over.`}
      </p>
      {chameleons.length > 0 && (
        <div className="bc-builder__chameleons">
          {chameleons.map((id) => (
            <label key={id} className="bc-builder__copy" htmlFor={`copy-${id}`}>
              <span>Chameleon copies</span>
              <select
                id={`copy-${id}`}
                className="select"
                data-testid={`chameleon-copy-${id}`}
                value={draft.copies[id] ?? ''}
                onChange={(e) => {
                  const copies = { ...draft.copies };
                  if (e.target.value === '') delete copies[id];
                  else copies[id] = e.target.value;
                  setDraft({ ...draft, copies });
                }}
              >
                <option value="">choose a card…</option>
                {copyable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {rankText(c.rank)} ({spokenBcCard(c)})
                  </option>
                ))}
              </select>
            </label>
          ))}
          {copyable.length === 0 && (
            <span className="bc-builder__warn">Nothing to copy: this chameleon cannot be played.</span>
          )}
        </div>
      )}
      <div className="bc-builder__ops" role="group" aria-label="Operators">
        {OPERATORS.map((o) => (
          <TokenButton
            key={o.op}
            className="bc-builder__op"
            testId={`expr-op-${o.op}`}
            label={o.word}
            disabled={false}
            onClick={() => tapOp(o.op)}
          >
            {o.symbol}
          </TokenButton>
        ))}
      </div>
      <HandRow hand={hand} inFormula={inFormula} onTap={tapCard} copies={draft.copies} />
      <div className="bc-builder__actions">
        {mode === 'claim' ? (
          <>
            <IntentButton
              intent={stuckIntent ?? null}
              why={checking ? CHECKING : undefined}
              busy={busy}
              className={`bc-stuck ${stuck ? 'is-on' : ''}`}
              testId="stuck-toggle"
              data-on={stuck ? 'true' : 'false'}
              aria-pressed={stuck}
            >
              {stuck ? 'Stuck ✓ (take back)' : "I'm stuck"}
            </IntentButton>
            <KitButton
              off={checking || composed.kind === 'empty'}
              why={checking ? CHECKING : EMPTY_FORMULA}
              busy={busy}
              className={`bc-call ${ready ? 'is-ready' : ''}`}
              testId="claim-submit"
              data-ready={ready && !checking ? 'true' : 'false'}
              title={message ?? 'Call your cassowary'}
              onPress={() => void submit()}
            >
              Cassowary!
            </KitButton>
          </>
        ) : (
          <>
            <DecisionClock state={state} stage="blind" me={me} compact testId="decision-timer-dock" />
            <IntentButton
              intent={canBlind ? BLIND_PASS : null}
              busy={busy}
              className="bc-pass"
              testId="blind-pass"
              onSent={() => setDraft(EMPTY)}
            >
              Pass
            </IntentButton>
            <KitButton
              off={!canBlind || composed.kind === 'empty'}
              why={canBlind ? EMPTY_FORMULA : undefined}
              busy={busy}
              className={`bc-call ${ready ? 'is-ready' : ''}`}
              testId="blind-submit"
              title={message ?? 'Submit your blind cassowary'}
              onPress={() => void submit()}
            >
              Submit blind
            </KitButton>
          </>
        )}
      </div>
    </div>
  );
}

const onlyChameleons = (hand: BlindCassowaryView['hand']): boolean =>
  hand.length > 0 && hand.every((c) => isChameleon(c));

/** How long a newly drawn card stays marked. */
const NEW_CARD_MS = 2500;

/** Cards that arrived in the hand in the last moment (a draw), so the player sees what changed. */
function useNewCards(hand: BlindCassowaryView['hand']): ReadonlySet<string> {
  const known = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const ids = hand.map((c) => c.id).join(' ');
  useEffect(() => {
    const now = new Set(ids.split(' ').filter((id) => id !== ''));
    const before = known.current;
    known.current = now;
    // The first hand seen (the deal, a reload) is not news.
    if (before === null || before.size === 0) return;
    const added = [...now].filter((id) => !before.has(id));
    if (added.length === 0) return;
    setFresh(new Set(added));
    const timer = window.setTimeout(() => setFresh(new Set()), NEW_CARD_MS);
    return () => window.clearTimeout(timer);
  }, [ids]);
  return fresh;
}

/** Smaller cards for bigger hands (they grow to 15+ cards near the end), so the dock stays compact. */
export const handSize = (n: number): string => (n > 12 ? 'bc-hand--lots' : n > 7 ? 'bc-hand--many' : '');

function HandRow({
  hand,
  inFormula,
  onTap,
  copies = {},
}: {
  hand: BlindCassowaryView['hand'];
  inFormula: ReadonlySet<string>;
  onTap: ((id: string) => void) | null;
  copies?: Readonly<Record<string, string>>;
}) {
  const fresh = useNewCards(hand);
  const hinted = useHintedCards();
  return (
    <div
      className={`bc-hand ${handSize(hand.length)}`}
      role="group"
      data-testid="hand"
      data-count={hand.length}
      aria-label="Your hand"
      onKeyDown={moveFocusWithArrows}
    >
      {hand.length === 0 && <span className="bc-hand__empty">No cards in your hand.</span>}
      {hand.map((card) => {
        const used = inFormula.has(card.id);
        const copied = copies[card.id];
        const copiesRank = copied !== undefined ? (hand.find((c) => c.id === copied)?.rank ?? null) : null;
        const hint = hinted.includes(card.id);
        return (
          <span
            key={card.id}
            className={`bc-hand__card ${used ? 'is-used' : ''} ${fresh.has(card.id) ? 'is-new' : ''}`}
            data-testid={`hand-card-${card.id}`}
            data-new={fresh.has(card.id) ? 'true' : 'false'}
            data-rank={card.rank}
            data-used={used ? 'true' : 'false'}
            {...hintedProps(hint)}
          >
            {onTap ? (
              <button
                type="button"
                className="bc-hand__tap"
                data-testid={`expr-card-${card.id}`}
                aria-label={`Add ${spokenBcCard(card, copiesRank)} to the formula${hint ? HINTED_WORDS : ''}`}
                aria-pressed={used}
                disabled={used}
                onClick={() => onTap(card.id)}
              >
                <BcCard card={card} size="md" copiesRank={copiesRank} />
              </button>
            ) : (
              <>
                <BcCard card={card} size="md" />
                <HintedNote on={hint} />
              </>
            )}
          </span>
        );
      })}
    </div>
  );
}

/** The typed formula with the offending token marked (a caret when the error is at the very end). */
function ErrorAt({ text, pos, token }: { text: string; pos: number; token: string | null }) {
  const [start, end] = tokenSpan(text, pos, token);
  return (
    <p className="bc-builder__error-at" data-testid="formula-error-at" aria-hidden="true">
      <code>
        {text.slice(0, start)}
        <mark data-testid="formula-error-token">{end > start ? text.slice(start, end) : '\u2038'}</mark>
        {text.slice(end)}
      </code>
    </p>
  );
}
