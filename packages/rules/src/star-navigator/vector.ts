/**
 * The Vector Set: which cards a seat must and may use (Signpost Beacon, Hotshot lock, Override
 * cards, Pirate Map bypass), Ace values, the Extrapolative phantom, and checking a calculation.
 */
import type { StarAceChoice, StarCard, StarExprJson } from '@cards/schema';
import {
  evaluate,
  format,
  fromJson,
  int,
  isExprJson,
  refs,
  type Expr,
  type Rational,
} from '../arith/index.ts';
import type { Seat } from '../core/game.ts';
import { err, ok, type Result } from '../core/result.ts';
import { cardLabel, overrideRuleOf, phantomMax, sequenceValue } from './cards.ts';
import { cardOf, seatOf, type StarNavigatorState, type VectorChoice } from './state.ts';

export const PHANTOM_REF = 'phantom';

export interface VectorRules {
  /** Cards the seat may choose from: Nav Memory and the Signpost Beacon. */
  readonly pool: readonly string[];
  /** Cards that must be in the Vector Set. */
  readonly required: readonly string[];
  /** Select variants: at least one of these (Override cards in the Nav Memory) must be used. */
  readonly oneOf: readonly string[];
  /** Number of cards in the Vector Set (without a phantom). */
  readonly size: number;
}

export const ownsMap = (state: StarNavigatorState, seat: Seat): boolean =>
  state.options.pirateMap && state.mapOwner === seat;

export function vectorRules(state: StarNavigatorState, seat: Seat): VectorRules {
  const s = seatOf(state, seat);
  const beacon = state.beacon;
  const pool = beacon === null ? [...s.memory] : [...s.memory, beacon];
  const required: string[] = [];
  // The Pirate Map's smuggling routes bypass the Signpost Beacon: optional for its owner.
  if (beacon !== null && !ownsMap(state, seat)) required.push(beacon);
  if (s.locked !== null && s.memory.includes(s.locked)) required.push(s.locked);
  const rule = overrideRuleOf(state.options);
  const overrides = s.memory.filter(
    (id) => state.overrideSuit !== null && cardOf(state, id).suit === state.overrideSuit,
  );
  if (rule === 'forced') {
    for (const id of overrides) if (!required.includes(id)) required.push(id);
    return { pool, required, oneOf: [], size: Math.max(3, required.length) };
  }
  return { pool, required, oneOf: rule === 'select' ? overrides : [], size: 3 };
}

/** Phantoms the chosen cards allow: one before or after any run of three consecutive values. */
export function phantomsFor(state: StarNavigatorState, cards: readonly StarCard[]): number[] {
  const values = new Set(cards.map(sequenceValue));
  const out = new Set<number>();
  for (const x of values) {
    if (values.has(x + 1) && values.has(x + 2)) {
      out.add(x - 1);
      out.add(x + 3);
    }
  }
  const max = phantomMax(state.deckKind);
  return [...out].filter((p) => p >= 0 && p <= max).sort((a, b) => a - b);
}

export function checkChoice(
  state: StarNavigatorState,
  seat: Seat,
  choice: { cards: readonly string[]; aces: readonly StarAceChoice[]; phantom: number | null },
): Result<VectorChoice> {
  const rules = vectorRules(state, seat);
  const { cards, aces, phantom } = choice;
  if (new Set(cards).size !== cards.length) return err('DUPLICATE_CARD', 'Each card can be used only once.');
  const foreign = cards.find((id) => !rules.pool.includes(id));
  if (foreign !== undefined)
    return err('NOT_YOUR_CARD', 'Choose from your Nav Memory and the Signpost Beacon.', { card: foreign });
  const missing = rules.required.find((id) => !cards.includes(id));
  if (missing !== undefined) {
    const why =
      missing === state.beacon
        ? 'The Signpost Beacon must be in every Vector Set.'
        : missing === seatOf(state, seat).locked
          ? 'Your locked Hotshot card must be used.'
          : 'Every Override card in your Nav Memory must be used.';
    return err('MUST_USE', why, { card: missing });
  }
  if (rules.oneOf.length > 0 && !cards.some((id) => rules.oneOf.includes(id)))
    return err('MUST_USE', 'You must use one of your Override cards.');
  if (cards.length !== rules.size)
    return err('WRONG_SIZE', `Your Vector Set has ${rules.size} cards.`, { size: rules.size });
  const aceCards = cards.filter((id) => cardOf(state, id).aceChoice);
  const aceIds = aces.map((a) => a.card);
  if (
    new Set(aceIds).size !== aceIds.length ||
    aceIds.some((id) => !aceCards.includes(id)) ||
    aceIds.length !== aceCards.length
  )
    return err('ACE_VALUE', 'Pick 1 or 100 for each Ace in your Vector Set, and nothing else.');
  if (phantom !== null) {
    if (!state.options.extrapolativeComputation)
      return err('NO_PHANTOM', 'Extrapolative Computation is not in play.');
    const allowed = phantomsFor(
      state,
      cards.map((id) => cardOf(state, id)),
    );
    if (!allowed.includes(phantom))
      return err(
        'BAD_PHANTOM',
        'A phantom must come just before or after three consecutive numbers (0 to the top card).',
        {
          allowed,
        },
      );
  }
  const sortedAces = [...aces].sort((a, b) => cards.indexOf(a.card) - cards.indexOf(b.card));
  return ok({ cards: [...cards], aces: sortedAces.map((a) => ({ ...a })), phantom });
}

/** The cards under every Ace value (1 or 100 each) and every phantom the rules allow them (or none). */
export function choiceVariants(state: StarNavigatorState, cards: readonly string[]): VectorChoice[] {
  let aceSets: StarAceChoice[][] = [[]];
  for (const id of cards.filter((c) => cardOf(state, c).aceChoice))
    aceSets = aceSets.flatMap((a) => ([1, 100] as const).map((value) => [...a, { card: id, value }]));
  const phantoms: (number | null)[] = [null];
  if (state.options.extrapolativeComputation)
    phantoms.push(
      ...phantomsFor(
        state,
        cards.map((id) => cardOf(state, id)),
      ),
    );
  return aceSets.flatMap((aces) => phantoms.map((phantom) => ({ cards: [...cards], aces, phantom })));
}

/** Every valid Vector Set for the seat in a deterministic order. */
export function choiceOptions(state: StarNavigatorState, seat: Seat): VectorChoice[] {
  const rules = vectorRules(state, seat);
  const out: VectorChoice[] = [];
  const subsets = (from: number, picked: string[]): void => {
    if (picked.length === rules.size) {
      const base = checkChoice(state, seat, { cards: picked, aces: [], phantom: null });
      if (!base.ok && base.error.code !== 'ACE_VALUE') return;
      out.push(...choiceVariants(state, picked));
      return;
    }
    for (let i = from; i < rules.pool.length; i++) subsets(i + 1, [...picked, rules.pool[i] as string]);
  };
  subsets(0, []);
  return out;
}

/** The value a ref stands for in a seat's Vector Set (undefined if not part of it). */
export function valueOf(state: StarNavigatorState, choice: VectorChoice, ref: string): number | undefined {
  if (ref === PHANTOM_REF) return choice.phantom ?? undefined;
  if (!choice.cards.includes(ref)) return undefined;
  const ace = choice.aces.find((a) => a.card === ref);
  return ace !== undefined ? ace.value : cardOf(state, ref).value;
}

/** The values of the Vector Set in order (cards, then the phantom). */
export const choiceValues = (
  state: StarNavigatorState,
  choice: VectorChoice,
): { ref: string; value: number }[] => [
  ...choice.cards.map((ref) => ({ ref, value: valueOf(state, choice, ref) ?? 0 })),
  ...(choice.phantom === null ? [] : [{ ref: PHANTOM_REF, value: choice.phantom }]),
];

export const EXPR_LIMITS = { maxLeaves: 8, maxDepth: 10, maxRefLength: 16 } as const;

export type Checked =
  | { readonly ok: true; readonly value: number; readonly expr: Expr }
  | { readonly ok: false; readonly detail: string; readonly expr: Expr | null };

/** Labels leaves by card names for display ("Q♥", "phantom 4"). */
export function formulaText(state: StarNavigatorState, expr: Expr): string {
  return format(expr, {
    style: 'display',
    spaces: true,
    label: (leaf) =>
      leaf.ref === PHANTOM_REF
        ? `${String(leaf.value.n)}*`
        : state.cards[leaf.ref] !== undefined
          ? `${String(leaf.value.n)}`
          : leaf.ref,
  });
}

/** Server-side evaluation of a calculation over the Vector Set: every card exactly once, integers only. */
export function checkCalculation(
  state: StarNavigatorState,
  choice: VectorChoice,
  json: StarExprJson,
): Checked {
  if (!isExprJson(json, EXPR_LIMITS))
    return { ok: false, detail: 'The calculation is malformed.', expr: null };
  const built = fromJson(json, (ref) => {
    const v = valueOf(state, choice, ref);
    return v === undefined ? undefined : int(v);
  });
  if (!built.ok) {
    const ref = typeof built.error.context?.ref === 'string' ? built.error.context.ref : '?';
    return {
      ok: false,
      detail: built.error.code === 'UNKNOWN_CARD' ? `${ref} is not in the Vector Set.` : built.error.message,
      expr: null,
    };
  }
  const expr = built.value;
  const used = refs(expr);
  const needed = choiceValues(state, choice).map((v) => v.ref);
  const dup = used.find((r, i) => used.indexOf(r) !== i);
  if (dup !== undefined) return { ok: false, detail: `${nameOf(state, dup)} is used twice.`, expr };
  const unused = needed.find((r) => !used.includes(r));
  if (unused !== undefined) return { ok: false, detail: `${nameOf(state, unused)} is not used.`, expr };
  const v = evaluate(expr, 'integer');
  if (!v.ok) return { ok: false, detail: v.error.message, expr };
  return { ok: true, value: Number(v.value.n), expr };
}

const nameOf = (state: StarNavigatorState, ref: string): string =>
  ref === PHANTOM_REF ? 'The phantom' : cardLabel(cardOf(state, ref));

export type { Rational };
