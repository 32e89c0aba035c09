import { z } from 'zod';
import { CardIdSchema, CardSchema, SeatSchema } from './common.ts';

export const CassinoOptionsSchema = z.object({
  /** `single`: one deal. `to21`: deals until someone reaches 21. */
  match: z.enum(['single', 'to21']).default('single'),
});
export type CassinoOptions = z.infer<typeof CassinoOptionsSchema>;

/** A table item is addressed by id: a loose card's id is the card id, a build's id starts with "b". */
const ItemIdsSchema = z.array(z.string().min(1).max(12)).max(52);

export const CassinoIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('trail'), card: CardIdSchema }),
  /** Capture the chosen table items with one hand card. */
  z.object({ type: z.literal('capture'), card: CardIdSchema, items: ItemIdsSchema.min(1) }),
  /**
   * Play a hand card onto the chosen table items to make a build of `value`: a simple build when
   * everything sums to `value`, a compound build when it splits into groups that each make `value`.
   */
  z.object({
    type: z.literal('build'),
    card: CardIdSchema,
    items: ItemIdsSchema.min(1),
    value: z.number().int().min(1).max(10),
  }),
  /** Acknowledge the score sheet between deals of a match. */
  z.object({ type: z.literal('continue') }),
]);
export type CassinoIntent = z.infer<typeof CassinoIntentSchema>;

export const CassinoBuildSchema = z.object({
  id: z.string(),
  kind: z.enum(['simple', 'compound']),
  value: z.number().int(),
  /** The card sets in the pile; a simple build has one, a compound build two or more. */
  groups: z.array(z.array(CardSchema)),
  controller: SeatSchema,
});
export type CassinoBuild = z.infer<typeof CassinoBuildSchema>;

export const CassinoTableItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), id: z.string(), card: CardSchema }),
  z.object({ type: z.literal('build'), id: z.string(), build: CassinoBuildSchema }),
]);
export type CassinoTableItem = z.infer<typeof CassinoTableItemSchema>;

export const CassinoScoreLineSchema = z.object({
  cards: z.number().int(),
  spades: z.number().int(),
  mostCards: z.number().int(),
  mostSpades: z.number().int(),
  bigCassino: z.number().int(),
  littleCassino: z.number().int(),
  aces: z.number().int(),
  sweeps: z.number().int(),
  total: z.number().int(),
});
export type CassinoScoreLine = z.infer<typeof CassinoScoreLineSchema>;

export const CassinoLastActionSchema = z.object({
  seat: SeatSchema,
  kind: z.enum(['trail', 'capture', 'build', 'sweep', 'lastCards', 'deal']),
  text: z.string(),
  /** Cards involved, so the client can animate them. */
  cardIds: z.array(z.string()),
  /** The hand card played (public once played), so it can fly from its player's hand; null for a deal. */
  played: CardIdSchema.nullable(),
});
export type CassinoLastAction = z.infer<typeof CassinoLastActionSchema>;

/**
 * A hand card whose captures or builds are too many to list in full (only on an absurd table, with
 * dozens of loose cards): `legal` holds a share of them, and the table lets the player choose the
 * items freely for this card; the server checks the move and explains a refusal.
 */
export const CassinoFreePlaySchema = z.object({
  card: CardIdSchema,
  /** The card can capture something. */
  capture: z.boolean(),
  /** The values the card can build to. */
  buildValues: z.array(z.number().int().min(1).max(10)),
});
export type CassinoFreePlay = z.infer<typeof CassinoFreePlaySchema>;

export const CassinoViewSchema = z.object({
  game: z.literal('cassino'),
  phase: z.enum(['playing', 'dealOver', 'matchOver']),
  players: z.number().int(),
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  options: CassinoOptionsSchema,
  dealNumber: z.number().int(),
  /** Round 1..6 within the deal. */
  round: z.number().int(),
  dealer: SeatSchema,
  turn: SeatSchema.nullable(),
  /** The viewer's own hand (empty for spectators). */
  hand: z.array(CardSchema),
  handCounts: z.array(z.number().int()),
  table: z.array(CassinoTableItemSchema),
  capturedCounts: z.array(z.number().int()),
  sweeps: z.array(z.number().int()),
  deckCount: z.number().int(),
  lastCapturer: SeatSchema.nullable(),
  lastAction: CassinoLastActionSchema.nullable(),
  /** Score sheet of every finished deal of this match, oldest first. */
  dealScores: z.array(z.array(CassinoScoreLineSchema)),
  matchTotals: z.array(z.number().int()),
  /** Seats still to acknowledge the score sheet before the next deal. */
  awaitingContinue: z.array(SeatSchema),
  winners: z.array(SeatSchema),
  /**
   * Whether the viewer's `legal` list is every move they have. Always true except on an absurd
   * table, where the moves outnumber the list's ceiling; then `freePlay` names the cut cards.
   */
  legalComplete: z.boolean(),
  freePlay: z.array(CassinoFreePlaySchema),
});
export type CassinoView = z.infer<typeof CassinoViewSchema>;
