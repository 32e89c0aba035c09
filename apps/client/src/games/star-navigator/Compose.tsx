import type { StarAceChoice, StarCard, StarNavigatorIntent, StarNavigatorView } from '@cards/schema';
import { z } from 'zod';
import { sendIntent } from '../../net/connection.ts';
import { useTabDraft } from '../../lib/tabDraft.ts';
import { showToast } from '../../store.ts';
import {
  appendTyped,
  buildExpr,
  canFollow,
  dropLastTyped,
  exprText,
  OP_SYMBOL,
  OPS,
  parseTyped,
  typedName,
  type TypedCard,
} from './compose.ts';
import { isOverride, StarCardFace } from './StarCardFace.tsx';
import { cardLabel } from './labels.ts';
import { LayOut } from './LayOut.tsx';
import { HintedNote, hintedProps, useHintedCards } from '../../table-kit/hinted.tsx';
import { IntentButton, TokenButton } from '../../table-kit/buttons.tsx';

/** What a screen reader says for each operator key. */
const OP_SPOKEN: Readonly<Record<(typeof OPS)[number], string>> = {
  '+': 'plus',
  '-': 'minus',
  '*': 'times',
  '/': 'divided by',
  '^': 'to the power of',
};
const BRACKETS = [
  ['(', 'open'],
  [')', 'close'],
] as const;

const AFTER_VALUE = 'Put an operator between two cards.';

type ChooseIntent = Extract<StarNavigatorIntent, { type: 'chooseVectorSet' }>;

/** The heading for the seat's own Vector Set rule ("3 cards: the Signpost Beacon + 2 from …"). */
function ruleText(view: StarNavigatorView): string {
  const rule = view.vectorRule;
  if (rule === null) return 'two Nav Memory cards and the Signpost Beacon';
  const beacon = view.signpostBeacon?.id ?? '';
  const overrides = rule.required.filter(
    (id) => id !== beacon && id !== view.lockedCard && view.navMemory.some((c) => c.id === id),
  );
  const must: string[] = [];
  if (rule.required.includes(beacon)) must.push('the Signpost Beacon');
  if (view.lockedCard !== null && rule.required.includes(view.lockedCard)) must.push('your locked card');
  if (overrides.length > 0)
    must.push(
      overrides.length === 1 ? 'your Override card' : `all ${overrides.length} of your Override cards`,
    );
  // Select variants: one of these Override cards (already met if a must-use card is one of them).
  const oneOf = rule.oneOf.length > 0 && !rule.oneOf.some((id) => rule.required.includes(id));
  if (oneOf) must.push(rule.oneOf.length === 1 ? 'your Override card' : 'one of your Override cards');
  const chosen = rule.required.length + (oneOf ? 1 : 0);
  const free = rule.size - chosen;
  const from = rule.beaconOptional ? 'your Nav Memory or the Signpost Beacon' : 'your Nav Memory';
  const parts = [
    must.length > 0 ? must.join(', ') : null,
    free > 0
      ? `${must.length > 0 ? '+ ' : ''}${free} ${free === 1 ? 'card' : 'cards'} of your choice from ${from}`
      : null,
  ].filter((x): x is string => x !== null);
  const note = rule.beaconOptional ? ' (Pirate Map: the Beacon is optional for you)' : '';
  return `${rule.size} cards: ${parts.join(' ')}${note}`;
}

interface ComposeDraft {
  picked: string[];
  aces: Record<string, 1 | 100>;
  phantom: number | null;
  /** The formula as typed, or as the buttons wrote it. */
  text: string;
  declared: string;
  /** The Vector Set (as the server holds it) the formula was written for. */
  tokensFor: string;
}

const ComposeDraftSchema: z.ZodType<ComposeDraft> = z.object({
  picked: z.array(z.string()),
  aces: z.record(z.string(), z.union([z.literal(1), z.literal(100)])),
  phantom: z.number().int().nullable(),
  text: z.string().max(400),
  declared: z.string().max(20),
  tokensFor: z.string(),
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The Vector Set and the calculation: choose the cards, build the formula, declare the result. */
export function Compose({
  view,
  legal,
  busy,
  cards,
}: {
  view: StarNavigatorView;
  legal: StarNavigatorIntent[];
  busy: boolean;
  cards: Map<string, StarCard>;
}) {
  const options = legal.filter((i): i is ChooseIntent => i.type === 'chooseVectorSet');
  // Must-use cards, and a Select variant's only Override card (it must be used too).
  const rule = view.vectorRule;
  const required =
    rule === null
      ? options.length > 0
        ? options[0]!.cards.filter((id) => options.every((o) => o.cards.includes(id)))
        : []
      : rule.oneOf.length === 1 && !rule.required.includes(rule.oneOf[0]!)
        ? [...rule.required, rule.oneOf[0]!]
        : rule.required;
  // The half-built Vector Set and calculation are kept in the tab (per round), so a reload keeps them.
  const [draft, setDraft] = useTabDraft(
    `sn-compose-${view.round}`,
    (): ComposeDraft => ({
      picked: required,
      aces: {},
      phantom: null,
      text: '',
      declared: '',
      tokensFor: '',
    }),
    ComposeDraftSchema,
  );
  const { picked, aces, phantom, text, declared, tokensFor } = draft;
  const hinted = useHintedCards();
  const patch = (next: Partial<ComposeDraft>) => setDraft({ ...draft, ...next });
  const setAces = (next: Record<string, 1 | 100>) => patch({ aces: next });
  const setPhantom = (next: number | null) => patch({ phantom: next });
  const setText = (next: string) => patch({ text: next });
  const setDeclared = (next: string) => patch({ declared: next });

  const layOut = legal.find((i) => i.type === 'layOutMemory');
  if (view.mustLayOut && layOut) return <LayOut view={view} busy={busy} template={layOut} />;

  if (view.submission)
    return (
      <div className="sn__panel" data-testid="submitted">
        <p>
          Submitted: <b>{exprText(view.submission.expr, (ref) => labelFor(ref, view, cards))}</b> ={' '}
          {view.submission.declared}
        </p>
        <p className="sn__hint">Waiting for the showdown…</p>
      </div>
    );
  if (options.length === 0 && !view.vectorSet)
    return <p className="sn__hint">Your time ran out this round.</p>;

  const pool = [...view.navMemory, ...(view.signpostBeacon ? [view.signpostBeacon] : [])];
  // Must-use cards are always in the set, even when they became known after this mounted (the
  // Pirate Map owner's choices only arrive once the Nav Memory is laid out).
  const selected = [...required.filter((id) => !picked.includes(id)), ...picked];
  const sameCards = options.filter((o) => sameSet(o.cards, selected));
  const phantoms = [...new Set(sameCards.map((o) => o.phantom))].filter((p): p is number => p !== null);
  const aceIds = selected.filter((id) => cards.get(id)?.aceChoice === true);
  const acesWanted: StarAceChoice[] = aceIds.map((id) => ({ card: id, value: aces[id] ?? 1 }));
  const match = sameCards.find(
    (o) =>
      o.phantom === phantom &&
      o.aces.length === acesWanted.length &&
      acesWanted.every((a) => o.aces.some((b) => b.card === a.card && b.value === a.value)),
  );
  const toggle = (id: string) => {
    if (required.includes(id)) {
      showToast('info', 'This card must be in your Vector Set.');
      return;
    }
    patch({
      picked: selected.includes(id) ? selected.filter((p) => p !== id) : [...selected, id],
      phantom: null,
    });
  };

  // The composer follows the Vector Set the server holds; a new set starts a fresh calculation.
  const vs = view.vectorSet;
  const vsKey = vs ? JSON.stringify(vs) : '';
  if (vsKey !== tokensFor) {
    patch({ tokensFor: vsKey, text: '' });
  }
  const refs = vs ? [...vs.cards, ...(vs.phantom !== null ? ['phantom'] : [])] : [];
  // Typed or tapped, the text is read into the tokens the buttons stand for (never evaluated here).
  const typedSet: TypedCard[] = refs.map((ref) => ({
    ref,
    card: ref === 'phantom' ? null : (cards.get(ref) ?? null),
    value: ref === 'phantom' ? (vs?.phantom ?? null) : (vs?.aces.find((a) => a.card === ref)?.value ?? null),
  }));
  const typed = parseTyped(text, typedSet);
  const tokens = typed.ok ? typed.tokens : [];
  const used = new Set(tokens.flatMap((t) => (t.kind === 'card' ? [t.ref] : [])));
  const built = typed.ok ? buildExpr(tokens) : { ok: false as const, error: typed.error };
  const follows = (kind: Parameters<typeof canFollow>[1]) => !typed.ok || canFollow(tokens, kind);
  const write = (piece: string) => setText(appendTyped(text, piece));
  const missing = refs.filter((r) => !used.has(r));
  const declaredNumber = /^-?\d+$/.test(declared.trim()) ? Number(declared.trim()) : null;
  const declaredProblem =
    declared.trim() === '' || declaredNumber !== null
      ? null
      : 'Your Jump Coordinates must be a whole number.';
  const label = (ref: string) => labelFor(ref, view, cards);

  const submitWhy = !built.ok
    ? built.error
    : missing.length > 0
      ? `Use every card of your Vector Set: still to use ${missing.map(label).join(', ')}.`
      : 'Enter your Jump Coordinates: the whole number your calculation makes.';
  const submission: StarNavigatorIntent | null =
    vs !== null && built.ok && missing.length === 0 && declaredNumber !== null
      ? { type: 'submit', expr: built.expr, declared: declaredNumber }
      : null;

  return (
    <>
      <div
        className="sn__panel"
        data-testid="vector-chooser"
        data-size={view.vectorRule?.size ?? ''}
        data-required={required.join(',')}
        data-one-of={view.vectorRule?.oneOf.join(',') ?? ''}
      >
        <h2 className="sn__h">
          Vector Set{' '}
          <span className="sn__sub" data-testid="vector-rule">
            — {ruleText(view)}
          </span>
        </h2>
        <div className="sn__row">
          {pool.map((c) => {
            const on = selected.includes(c.id);
            const hint = hinted.includes(c.id);
            return (
              <button
                key={c.id}
                type="button"
                className={`sn__pick ${on ? 'is-on' : ''}`}
                data-testid={`vector-card-${c.id}`}
                data-selected={on ? 'true' : 'false'}
                aria-pressed={on}
                onClick={() => toggle(c.id)}
                {...hintedProps(hint)}
              >
                <StarCardFace
                  card={c}
                  size="md"
                  note={
                    c.id === view.signpostBeacon?.id
                      ? 'beacon'
                      : c.id === view.lockedCard
                        ? 'locked'
                        : undefined
                  }
                  override={isOverride(view, c)}
                />
                <HintedNote on={hint} />
              </button>
            );
          })}
        </div>
        {aceIds.map((id) => (
          <div key={id} className="sn__ace" role="group" aria-label={`Value of ${label(id)}`}>
            <span>{cardLabel(cards.get(id)!)} counts as</span>
            {([1, 100] as const).map((v) => (
              <button
                key={v}
                type="button"
                className={`btn btn--small ${(aces[id] ?? 1) === v ? 'btn--primary' : ''}`}
                data-testid={`ace-${id}-${v}`}
                onClick={() => setAces({ ...aces, [id]: v })}
              >
                {v}
              </button>
            ))}
          </div>
        ))}
        {view.options.extrapolativeComputation && phantoms.length > 0 && (
          <label className="field sn__phantom">
            <span>
              Phantom (Extrapolative Computation: three numbers in a row in your set let you add the next or
              previous number)
            </span>
            <select
              className="select"
              data-testid="phantom-select"
              value={phantom ?? ''}
              onChange={(e) => setPhantom(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">None</option>
              {phantoms.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
        )}
        <IntentButton
          intent={match ?? null}
          why={`Pick a legal Vector Set (${sameCards.length > 0 ? 'choose the options' : 'tap cards'}).`}
          testId="choose-vector-set"
          busy={busy}
          primary
        >
          {vs ? 'Change Vector Set' : 'Use this Vector Set'}
        </IntentButton>
        {!match && (
          <p className="sn__hint">
            Pick a legal Vector Set ({sameCards.length > 0 ? 'choose the options' : 'tap cards'}).
          </p>
        )}
      </div>

      {vs && (
        <div className="sn__panel" data-testid="composer">
          <h2 className="sn__h">Calculation</h2>
          <input
            className={`input sn__formula ${typed.ok ? '' : 'input--error'}`}
            data-testid="formula-input"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && submission !== null) void sendIntent(submission);
            }}
            placeholder={
              view.deck === 'tarot'
                ? 'Tap or type: (Page of cups (1) + Trump 20) × 7 of cups'
                : 'Tap or type: (7♠ + J♥) × 3♦'
            }
            aria-label="Your calculation: tap the cards and operators below, or type them"
            aria-invalid={!typed.ok}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
          <div className="sn__row">
            {refs.map((ref) => (
              <TokenButton
                key={ref}
                testId={`expr-card-${ref}`}
                disabled={used.has(ref) || !follows('card')}
                why={used.has(ref) ? 'Already in the calculation: each card is used once.' : AFTER_VALUE}
                onClick={() =>
                  write(typedName(typedSet.find((t) => t.ref === ref) ?? { ref, card: null, value: null }))
                }
              >
                {label(ref)}
              </TokenButton>
            ))}
          </div>
          <div className="sn__row">
            {OPS.map((op) => (
              <TokenButton
                key={op}
                testId={`expr-op-${op}`}
                label={OP_SPOKEN[op]}
                disabled={!follows('op')}
                why="Put a card before an operator."
                onClick={() => write(OP_SYMBOL[op])}
              >
                {OP_SYMBOL[op]}
              </TokenButton>
            ))}
            {BRACKETS.map(([bracket, follow]) => (
              <TokenButton
                key={bracket}
                testId={`expr-op-${bracket}`}
                disabled={!follows(follow)}
                why={follow === 'open' ? AFTER_VALUE : 'There is no open parenthesis to close here.'}
                onClick={() => write(bracket)}
              >
                {bracket}
              </TokenButton>
            ))}
            <TokenButton
              testId="expr-op-back"
              label="Undo"
              disabled={text.trim() === ''}
              onClick={() => setText(dropLastTyped(text, typed))}
            >
              ⌫
            </TokenButton>
            <TokenButton testId="expr-op-clear" disabled={text.trim() === ''} onClick={() => setText('')}>
              Clear
            </TokenButton>
          </div>
          {built.ok ? (
            <p className="sn__hint" data-testid="formula-parenthesised">
              Reads as: {exprText(built.expr, label)}
              {missing.length > 0 && ` — still to use: ${missing.map(label).join(', ')}`}
            </p>
          ) : (
            text.trim() !== '' && (
              <p className="sn__hint" data-testid="formula-error" role="status">
                {built.error}
              </p>
            )
          )}
          <label className="field sn__declare" htmlFor="sn-declared">
            <span className="field__label">
              Your Jump Coordinates (your result: work it out yourself — no calculators)
            </span>
            <input
              id="sn-declared"
              className="input"
              data-testid="declared-input"
              inputMode="numeric"
              autoComplete="off"
              value={declared}
              onChange={(e) => setDeclared(e.target.value)}
              placeholder="e.g. 31"
              aria-invalid={declaredProblem !== null}
            />
            {declaredProblem !== null && (
              <span className="field-error" role="alert" data-testid="declared-problem">
                {declaredProblem}
              </span>
            )}
          </label>
          <IntentButton
            intent={submission}
            why={submitWhy}
            testId="submit-calculation"
            busy={busy}
            primary
            className="sn__submit"
          >
            Submit calculation
          </IntentButton>
        </div>
      )}
    </>
  );
}

export function labelFor(ref: string, view: StarNavigatorView, cards: Map<string, StarCard>): string {
  if (ref === 'phantom') return `⟨${view.vectorSet?.phantom ?? '?'}⟩`;
  const card = cards.get(ref);
  if (!card) return ref;
  const ace = view.vectorSet?.aces.find((a) => a.card === ref);
  // "A♥ as 1": the value chosen for the Ace, not an equation.
  return ace ? `${cardLabel(card)} as ${ace.value}` : cardLabel(card);
}
