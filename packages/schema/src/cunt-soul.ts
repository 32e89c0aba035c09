import { z } from 'zod';
import { CardIdSchema, PlayingCardSchema, SeatSchema } from './common.ts';

/**
 * Cunt-Soul (v1.2): a Shithead/Palace descendant with field cards and a turn queue, 2–8 players (one
 * 54-card deck for 2–4, two for 5–8). Rules as played here: docs/rules/cunt-soul.md; the clause ids
 * (S-1, C-7, …) are those of the specification in shared/rules/cunt-soul-spec.md.
 */

export const CuntSoulOptionsSchema = z.object({
  /** Who deals (S-6): drawn at random from the seeded deal, or a seat chosen by the host. */
  dealer: z.union([z.literal('random'), SeatSchema.max(7)]).default('random'),
  /** The stalemate limit (W-5): the game ends after this many turns, ranked by cards still held. */
  turnLimit: z.number().int().min(10).max(10_000).default(1000),
});
export type CuntSoulOptions = z.infer<typeof CuntSoulOptionsSchema>;

const SlotSchema = z.number().int().min(0).max(2);

export const CuntSoulIntentSchema = z.discriminatedUnion('type', [
  /** S-3: three face-up cards and the field card, four distinct cards of the nine dealt (final, S-4/a). */
  z.object({
    type: z.literal('setupSelect'),
    up: z.array(CardIdSchema).length(3),
    field: CardIdSchema,
  }),
  /** CH-1: at the start of the turn, a hand card becomes the field card; a vertical face-up card burns. */
  z.object({ type: z.literal('changeField'), card: CardIdSchema, slot: SlotSchema }),
  /** T-2: one link, cards of one value from the one zone the player may play from. */
  z.object({ type: z.literal('playLink'), cards: z.array(CardIdSchema).min(1).max(16) }),
  /** Z-4: flip a face-down card blind. */
  z.object({ type: z.literal('playFaceDown'), slot: SlotSchema }),
  /** C-7: the next link must be higher or lower than 7. */
  z.object({ type: z.literal('declare7'), choice: z.enum(['higher', 'lower']) }),
  /** C-J and F-J: who plays next. */
  z.object({ type: z.literal('chooseNext'), seat: SeatSchema }),
  /** C-5 and F-5: swap a hand card with the card in a face-up (face-down under field 5) slot. */
  z.object({ type: z.literal('swap5'), card: CardIdSchema, slot: SlotSchema }),
  /** C-5: no more swaps. */
  z.object({ type: z.literal('endSwaps') }),
  /** C-4: stop a run that has reached the 6. */
  z.object({ type: z.literal('endChain') }),
  /** U-1: nothing can be played. */
  z.object({ type: z.literal('pickUp') }),
]);
export type CuntSoulIntent = z.infer<typeof CuntSoulIntentSchema>;

/** A value as the table shows it: '2'…'10', 'J', 'Q', 'K', 'A', 'Joker', and the semantic 'table'. */
export const CsValueSchema = z.enum([
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'J',
  'Q',
  'K',
  'A',
  'Joker',
  'table',
]);
export type CsValue = z.infer<typeof CsValueSchema>;

export const CsLinkViewSchema = z.object({
  id: z.number().int(),
  cards: z.array(PlayingCardSchema),
  player: SeatSchema,
  /** The printed (syntactic) value and the value it plays as (semantic), e.g. '6' as '5', 'Joker' as '8'. */
  printed: CsValueSchema,
  value: CsValueSchema,
  /** The ability it exercises, null when it has none (a run link, field Joker, a 6 on the table). */
  ability: CsValueSchema.nullable(),
  /** A 7's higher/lower, once declared. */
  choice: z.enum(['higher', 'lower']).nullable(),
  /** Part of a 4's run (after the 4). */
  run: z.boolean(),
});
export type CsLinkView = z.infer<typeof CsLinkViewSchema>;

export const CsSeatViewSchema = z.object({
  seat: SeatSchema,
  handCount: z.number().int(),
  /** The viewer's own hand; empty for everyone else. */
  hand: z.array(PlayingCardSchema),
  /** Face-up slots (empty until the reveal); a horizontal slot was refilled by a field change. */
  up: z.array(z.object({ card: PlayingCardSchema.nullable(), horizontal: z.boolean() })),
  /** Face-down slots: whether a card lies there and, for its owner only, a card a field-5 swap put there. */
  down: z.array(z.object({ present: z.boolean(), known: PlayingCardSchema.nullable() })),
  field: PlayingCardSchema.nullable(),
  /** The field card taken into the hand this turn, still in force until the turn ends (Z-5). */
  lingering: PlayingCardSchema.nullable(),
  changes: z.number().int(),
  finished: z.boolean(),
  /** 1 for the winner …; null while still playing. */
  place: z.number().int().nullable(),
  /** Setup: still choosing face-up and field cards. */
  choosing: z.boolean(),
  /** Setup: the viewer's own choice, hidden from the others until everyone has chosen. */
  selection: z.object({ up: z.array(PlayingCardSchema), field: PlayingCardSchema }).nullable(),
});
export type CsSeatView = z.infer<typeof CsSeatViewSchema>;

export const CsPromptSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('swap5'), left: z.number().int(), zone: z.enum(['up', 'down']) }),
  z.object({ kind: z.literal('chooseNext') }),
  z.object({ kind: z.literal('declare7') }),
  z.object({ kind: z.literal('fieldJ') }),
]);
export type CsPrompt = z.infer<typeof CsPromptSchema>;

export const CuntSoulViewSchema = z.object({
  game: z.literal('cunt-soul'),
  phase: z.enum(['setup', 'play', 'over']),
  players: z.number().int(),
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  options: CuntSoulOptionsSchema,
  decks: z.number().int(),
  dealer: SeatSchema,
  current: SeatSchema.nullable(),
  direction: z.enum(['clockwise', 'anticlockwise']),
  turnsPlayed: z.number().int(),
  seats: z.array(CsSeatViewSchema),
  pile: z.array(CsLinkViewSchema),
  sourceCount: z.number().int(),
  /** The source's top card, public only while an odd number of field 6s is in play (F-6). */
  sourceTop: PlayingCardSchema.nullable(),
  /** Burned cards out of the game (public). */
  out: z.array(PlayingCardSchema),
  /** The field cards in force, in seat order (the current player's lingering one included). */
  fields: z.array(CsValueSchema),
  handSize: z.number().int(),
  turn: z.object({
    obligation: z.enum(['none', 'mustExtend', 'runMust', 'runMay']),
    /** The last value of a run in progress. */
    runLast: CsValueSchema.nullable(),
    links: z.number().int(),
    changedField: z.boolean(),
    acePenalty: z.number().int(),
    prompt: CsPromptSchema.nullable(),
  }),
  lastBurn: z
    .object({ seat: SeatSchema, reason: z.enum(['ten', 'fourOfAKind', 'paradox']), cards: z.number().int() })
    .nullable(),
  /** The last face-down card turned over, shown to everyone (it may now be in its owner's hand). */
  lastFlip: z.object({ seat: SeatSchema, card: PlayingCardSchema, valid: z.boolean() }).nullable(),
  finishOrder: z.array(SeatSchema),
  /** At the end: places in order (the last is the sole-cunt) and whether the turn limit ended it. */
  result: z.object({ order: z.array(SeatSchema), byLimit: z.boolean() }).nullable(),
  /**
   * What the last move did in public, for the history: the links it placed (one that burned at once or
   * went back into a hand included), the cards it picked up, the burn, the slots a 5 swapped.
   */
  step: z
    .object({
      placed: z.array(CsLinkViewSchema),
      pickedUp: z.number().int(),
      burn: z.enum(['ten', 'fourOfAKind', 'paradox']).nullable(),
      swaps: z.array(z.object({ zone: z.enum(['up', 'down']), slot: z.number().int() })),
    })
    .optional(),
});
export type CuntSoulView = z.infer<typeof CuntSoulViewSchema>;
