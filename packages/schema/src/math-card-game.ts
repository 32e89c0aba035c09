import { z } from 'zod';
import { CardIdSchema, SeatSchema } from './common.ts';

/**
 * Wouter's Math Card Game: two players, each with an own 35-card deck (seat 0 red, seat 1 blue).
 * Rules as played here: docs/rules/math-card-game.md.
 */

export const MathCardGameOptionsSchema = z.object({
  /** Seconds the opponent has to cut a deck before the room cuts it at random (`position: null`). */
  cutTimeoutSeconds: z.number().int().min(1).max(60).default(10),
});
export type MathCardGameOptions = z.infer<typeof MathCardGameOptionsSchema>;

export const MathColourSchema = z.enum(['red', 'blue']);
export type MathColour = z.infer<typeof MathColourSchema>;

/** The four operators a `?` may stand for (ASCII on the wire; the table shows + − × ÷). */
export const MathOperatorSchema = z.enum(['+', '-', '*', '/']);
export type MathOperator = z.infer<typeof MathOperatorSchema>;

export const MathModifierSchema = z.enum(['cancel', 'invert', 'swap']);
export type MathModifier = z.infer<typeof MathModifierSchema>;

const cardBase = {
  id: CardIdSchema,
  colour: MathColourSchema,
  /**
   * What the card is, regardless of colour: identical faces are interchangeable. `legal` names one
   * representative card per face; the server accepts any card of the same face in its place.
   */
  face: z.string(),
};

export const MathCardSchema = z.discriminatedUnion('kind', [
  /** Opens a new sequence with its value. */
  z.object({ ...cardBase, kind: z.literal('starter'), value: z.number().int() }),
  z.object({ ...cardBase, kind: z.literal('number'), value: z.number().int() }),
  /** `?` stands for the operator its player chooses when playing it. */
  z.object({ ...cardBase, kind: z.literal('operator'), operator: z.enum(['+', '-', '*', '/', '?']) }),
  /** `=`: seals the sequence. */
  z.object({ ...cardBase, kind: z.literal('terminator') }),
  z.object({ ...cardBase, kind: z.literal('modifier'), modifier: MathModifierSchema }),
]);
export type MathCard = z.infer<typeof MathCardSchema>;

/** Where a card goes: an open sequence by slot (0–7), or `new` for a starter opening the next slot. */
export const MathTargetSchema = z.union([z.number().int().min(0).max(7), z.literal('new')]);
export type MathTarget = z.infer<typeof MathTargetSchema>;

export const MathPlaySchema = z.object({
  card: CardIdSchema,
  sequence: MathTargetSchema,
  /** Required for a `?` (the operator it stands for from now on); not allowed for any other card. */
  operator: MathOperatorSchema.optional(),
});
export type MathPlay = z.infer<typeof MathPlaySchema>;

export const MathCardGameIntentSchema = z.discriminatedUnion('type', [
  /**
   * Cut the opponent's shuffled deck: the top `position` cards go to the bottom. `null` cuts at a
   * random place (the room sends it when the cutter lets the timeout pass). Both players cut at once.
   */
  z.object({ type: z.literal('cut'), position: z.number().int().min(1).max(34).nullable() }),
  /**
   * One whole turn, so the server can check the must-play-most rule for the turn as a whole.
   * `plays` are applied in order (0, 1 or 2 cards, each to a different sequence; a starter opens a
   * new sequence, which the other card may then join). While the pile has cards exactly two cards
   * leave the hand: `under` names the shortfall, put under the pile in the order listed, then two are
   * drawn. With an empty pile `under` must be empty and nothing is drawn; `plays: []` is a pass.
   */
  z.object({
    type: z.literal('turn'),
    plays: z.array(MathPlaySchema).max(2),
    under: z.array(CardIdSchema).max(2),
  }),
  /** Nothing of yours on the table and nothing playable: the whole hand goes under the pile, draw 6. */
  z.object({ type: z.literal('mulligan') }),
]);
export type MathCardGameIntent = z.infer<typeof MathCardGameIntentSchema>;

export const MathSequenceCardSchema = z.object({
  card: MathCardSchema,
  /** For a `?`: the operator it was fixed to when played. */
  chosen: MathOperatorSchema.nullable(),
  /** The sequence's value right after this card, as the rules evaluate it step by step. */
  valueAfter: z.number().int(),
  /** An operator or number whose pair a `cancel` removed: it no longer counts. */
  cancelled: z.boolean(),
  /**
   * For an operator that still counts: the operator it stands for once every modifier is applied
   * (an `invert` or `swap` may have changed it; a trailing operator keeps its own). Null otherwise.
   */
  finalOperator: MathOperatorSchema.nullable(),
});
export type MathSequenceCard = z.infer<typeof MathSequenceCardSchema>;

export const MathSequenceSlotSchema = z.object({
  /** 0–7, in the order the sequences were opened. */
  slot: z.number().int().min(0).max(7),
  opened: z.boolean(),
  /** The seat whose starter opened it (it scores for them); null while the slot is unused. */
  owner: SeatSchema.nullable(),
  colour: MathColourSchema.nullable(),
  /** Cards left to right, as played. */
  cards: z.array(MathSequenceCardSchema),
  /** What is still in effect after the modifiers, e.g. `4 * 5 / 2` (a trailing operator shown). */
  expression: z.string(),
  value: z.number().int(),
  sealed: z.boolean(),
});
export type MathSequenceSlot = z.infer<typeof MathSequenceSlotSchema>;

export const MathLastActionSchema = z.object({
  seat: SeatSchema,
  kind: z.enum(['cut', 'deal', 'turn', 'pass', 'mulligan', 'outOfCards', 'gameOver']),
  text: z.string(),
  /** Cards played face up (never the ones put under a pile). */
  cardIds: z.array(CardIdSchema),
});
export type MathLastAction = z.infer<typeof MathLastActionSchema>;

export const MathScoreLineSchema = z.object({
  slot: z.number().int(),
  owner: SeatSchema,
  expression: z.string(),
  value: z.number().int(),
  sealed: z.boolean(),
});
export type MathScoreLine = z.infer<typeof MathScoreLineSchema>;

export const MathEndReasonSchema = z.enum(['allOut', 'stuck', 'frozen']);
export type MathEndReason = z.infer<typeof MathEndReasonSchema>;

export const MathCardGameViewSchema = z.object({
  game: z.literal('math-card-game'),
  phase: z.enum(['cut', 'play', 'over']),
  players: z.literal(2),
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  options: MathCardGameOptionsSchema,
  /** Colour per seat: seat 0 red, seat 1 blue. */
  colours: z.array(MathColourSchema),
  /** Seats that still have to cut the opponent's deck (cut phase only). */
  cutters: z.array(SeatSchema),
  /** Whose turn it is (null during the cut and once the game is over). */
  turn: SeatSchema.nullable(),
  turnNumber: z.number().int(),
  /** Always eight slots; unopened ones have `opened: false`. */
  sequences: z.array(MathSequenceSlotSchema),
  /** The viewer's own hand (empty for spectators). */
  hand: z.array(MathCardSchema),
  handCounts: z.array(z.number().int()),
  pileCounts: z.array(z.number().int()),
  /** For the viewer on their turn: the most cards this hand can play (the turn must play that many). */
  mustPlay: z.number().int().nullable(),
  /** For the viewer on their turn: how many cards go under the pile after `mustPlay` plays. */
  mustUnder: z.number().int().nullable(),
  /** For the viewer on their turn: the only legal move is the mulligan. */
  mustMulligan: z.boolean(),
  /** Turns in a row in which the player could neither play nor draw (2 ends the game). */
  stuckTurns: z.number().int(),
  lastAction: MathLastActionSchema.nullable(),
  /** Each seat's points as the sequences stand now (the live score; the final score once over). */
  scores: z.array(z.number().int()),
  /** Filled once the game is over: every opened sequence and the totals per seat. */
  final: z
    .object({
      reason: MathEndReasonSchema,
      sequences: z.array(MathScoreLineSchema),
      scores: z.array(z.number().int()),
      winners: z.array(SeatSchema),
    })
    .nullable(),
});
export type MathCardGameView = z.infer<typeof MathCardGameViewSchema>;
