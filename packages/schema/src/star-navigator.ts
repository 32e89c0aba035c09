import { z } from 'zod';
import { SeatSchema } from './common.ts';

/**
 * Star Navigator: a card-drafting arithmetic game for 2–4 players.
 * Rules as played here: docs/rules/star-navigator.md. Theme words: Data Packet (the cards being
 * drafted), Nav Memory (kept cards), Signpost Beacon (must-use card for everyone), Vector Set (the
 * cards a calculation uses), Jump Coordinates (a player's result), Initiative (who reveals first).
 */

/** Standard suits, the Tarot's four minor suits, the Tarot trumps (Major Arcana) and jokers. */
export const StarSuitSchema = z.enum([
  'S',
  'H',
  'D',
  'C',
  'wands',
  'cups',
  'swords',
  'coins',
  'trumps',
  'joker',
]);
export type StarSuit = z.infer<typeof StarSuitSchema>;

/** The suit an Override variant on the standard deck uses, or a new random suit each round. */
export const StarOverrideSuitSchema = z.enum(['S', 'H', 'D', 'C', 'random']);
export type StarOverrideSuit = z.infer<typeof StarOverrideSuitSchema>;

export const StarVariantSchema = z.enum([
  'none',
  'forcedCommandOverride',
  'selectCommandOverride',
  'forcedPrecog',
  'selectPrecog',
]);
export type StarVariant = z.infer<typeof StarVariantSchema>;

export const StarNavigatorOptionsSchema = z.object({
  startingChips: z
    .number('Starting chips must be a number.')
    .int('Starting chips must be a whole number.')
    .min(1, 'Starting chips: at least 1.')
    .max(100, 'Starting chips: at most 100.')
    .default(10),
  /** Seconds from the deal until a seat that has not submitted forfeits the round; null = no timer. */
  roundTimerSeconds: z.number().int().min(30).max(3600).nullable().default(300),
  hotshotSpacer: z.boolean().default(false),
  slingshotManoeuvre: z.boolean().default(false),
  extrapolativeComputation: z.boolean().default(false),
  /** One variant at a time; the two Precog variants play with the 80-card Tarot deck. */
  variant: StarVariantSchema.default('none'),
  /** Override suit for the Command Override variants (Precog always uses the trumps). */
  overrideSuit: StarOverrideSuitSchema.default('random'),
  pirateMap: z.boolean().default(false),
});
export type StarNavigatorOptions = z.infer<typeof StarNavigatorOptionsSchema>;

/**
 * A card. `rank` is its face: 'A', '2'…'10', 'J', 'Q', 'K' (standard), 'P', 'N', 'Q', 'K' (Tarot
 * Page, Knight, Queen, King), '0'…'21' (trumps, Fool = 0), 'Joker'. `value` is its fixed value; a
 * standard Ace has value 1 and `aceChoice` true: in a Vector Set its player picks 1 or 100.
 */
export const StarCardSchema = z.object({
  id: z.string().min(1).max(16),
  suit: StarSuitSchema,
  rank: z.string().min(1).max(5),
  value: z.number().int(),
  aceChoice: z.boolean(),
});
export type StarCard = z.infer<typeof StarCardSchema>;

const FRENCH_MARK: Readonly<Record<string, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const TAROT_COURT_NAME: Readonly<Record<string, string>> = {
  A: 'Ace',
  P: 'Page',
  N: 'Knight',
  Q: 'Queen',
  K: 'King',
};

/**
 * A card as every text names it — the table, the formula, the history, the hints: "Q♥", "Joker",
 * "7 of cups", "Ace of cups (100)" (a Tarot court with its value), "Trump 20".
 */
export function starCardLabel(card: StarCard): string {
  if (card.suit === 'joker') return 'Joker';
  if (card.suit === 'trumps') return `Trump ${card.rank}`;
  const french = FRENCH_MARK[card.suit];
  if (french !== undefined) return `${card.rank}${french}`;
  const court = TAROT_COURT_NAME[card.rank];
  return court === undefined ? `${card.rank} of ${card.suit}` : `${court} of ${card.suit} (${card.value})`;
}

const StarCardIdSchema = z.string().min(1).max(16);

/** The five operations, ASCII on the wire. */
export const StarOpSchema = z.enum(['+', '-', '*', '/', '^']);

const StarLeafJsonSchema = z.object({
  kind: z.literal('leaf'),
  /** A card id of the Vector Set, or "phantom" for an extrapolated number. */
  ref: z.string().min(1).max(16),
  /** Ignored by the server (it resolves the card's value itself). */
  value: z.string().max(27).optional(),
  text: z.string().max(16).optional(),
  pos: z.number().int().min(0).max(10_000).optional(),
});

/** A calculation as a binary tree whose leaves name cards (the arith ExprJson wire shape). */
export const StarExprJsonSchema = z.discriminatedUnion('kind', [
  StarLeafJsonSchema,
  z.object({
    kind: z.literal('op'),
    op: StarOpSchema,
    get left(): z.ZodType<StarExprJson> {
      return StarExprJsonSchema;
    },
    get right(): z.ZodType<StarExprJson> {
      return StarExprJsonSchema;
    },
  }),
]);
export type StarExprJson =
  | z.infer<typeof StarLeafJsonSchema>
  | { kind: 'op'; op: z.infer<typeof StarOpSchema>; left: StarExprJson; right: StarExprJson };

export const StarAceChoiceSchema = z.object({
  card: StarCardIdSchema,
  value: z.union([z.literal(1), z.literal(100)]),
});
export type StarAceChoice = z.infer<typeof StarAceChoiceSchema>;

/** The integer the server accepts as a declared result (the arithmetic cap is 10^12). */
const DeclaredSchema = z
  .number('Your Jump Coordinates must be a number.')
  .int('Your Jump Coordinates are a whole number.')
  .min(-1e12, 'That number is too large.')
  .max(1e12, 'That number is too large.');

export const StarNavigatorIntentSchema = z.discriminatedUnion('type', [
  /** Pirate Map market, before the deal: the offered seat buys the map (price into the Bounty) or passes. */
  z.object({ type: z.literal('buyMap') }),
  z.object({ type: z.literal('declineMap') }),
  /** Save one card of the current Data Packet to the Nav Memory; `lock` (Hotshot Spacer, first packet only). */
  z.object({ type: z.literal('draftPick'), card: StarCardIdSchema, lock: z.boolean().optional() }),
  /**
   * Pirate Map owner: lay the full Nav Memory out face down in this order (any order: the rules
   * accept every permutation of the owner's own Nav Memory); the server rolls the d4 for a position.
   * Legal intents list it once, in draft order, as the shape to fill in; the client lets the owner
   * arrange the row and sends their own order.
   */
  z.object({ type: z.literal('layOutMemory'), order: z.array(StarCardIdSchema).max(8) }),
  /**
   * The Vector Set: the chosen cards (Nav Memory cards and the Signpost Beacon), a value for every
   * standard Ace among them, and an extrapolated phantom number (Extrapolative Computation) or null.
   * May be changed until the calculation is submitted.
   */
  z.object({
    type: z.literal('chooseVectorSet'),
    cards: z.array(StarCardIdSchema).min(1).max(8),
    aces: z.array(StarAceChoiceSchema).max(8).default([]),
    phantom: z.number().int().min(0).max(21).nullable().default(null),
  }),
  /** The calculation over the chosen Vector Set and the result the player declares (committed). */
  z.object({ type: z.literal('submit'), expr: StarExprJsonSchema, declared: DeclaredSchema }),
  /**
   * The round timer running out for a seat. Only the room's clock sends it: it is never offered to a
   * player, and a player who sends it is refused CLOCK_ONLY (nobody can cut a deadline short).
   */
  z.object({ type: z.literal('roundTimeout') }),
  /** Acknowledge the showdown before the next round. */
  z.object({ type: z.literal('continue') }),
]);
export type StarNavigatorIntent = z.infer<typeof StarNavigatorIntentSchema>;

export const StarForfeitReasonSchema = z.enum(['timeout', 'wrongDeclaration', 'illegalCalculation']);
export type StarForfeitReason = z.infer<typeof StarForfeitReasonSchema>;

export const StarPaymentSchema = z.object({
  from: SeatSchema,
  to: SeatSchema,
  amount: z.number().int(),
  /** What the payment is for. */
  reason: z.enum(['win', 'hotshotWin', 'hotshotLoss']),
});
export type StarPayment = z.infer<typeof StarPaymentSchema>;

/** One seat's line at the showdown (the list is in initiative order). */
export const StarShowdownLineSchema = z.object({
  seat: SeatSchema,
  vectorSet: z.array(StarCardSchema),
  /** Values used for the cards, in `vectorSet` order (Aces as chosen). */
  values: z.array(z.number().int()),
  phantom: z.number().int().nullable(),
  /** The calculation as written (display symbols), or null when nothing was submitted. */
  formula: z.string().nullable(),
  declared: z.number().int().nullable(),
  /** The server's evaluation; null when the calculation is illegal or missing. */
  result: z.number().int().nullable(),
  /** Distance to the target (below zero with a Slingshot Manoeuvre); null when forfeited. */
  distance: z.number().int().nullable(),
  slingshot: z.boolean(),
  hotshot: z.boolean(),
  forfeit: StarForfeitReasonSchema.nullable(),
  /** Why, for a forfeit ("7 ÷ 2 is not a whole number", "declared 32 but it makes 31"). */
  forfeitDetail: z.string().nullable(),
  winner: z.boolean(),
  /** The best result the same Vector Set could reach ("best possible was …"). */
  best: z.object({ result: z.number().int(), distance: z.number().int(), formula: z.string() }).nullable(),
});
export type StarShowdownLine = z.infer<typeof StarShowdownLineSchema>;

export const StarShowdownSchema = z.object({
  round: z.number().int(),
  /** Who held the Initiative this round (the first line); the view's `initiative` has moved on. */
  initiative: SeatSchema,
  /** Chips and Bounty before this showdown's payments, so a client can play the payments out. */
  chipsBefore: z.array(z.number().int()),
  bountyBefore: z.number().int(),
  target: z.number().int(),
  targetCards: z.array(StarCardSchema),
  beacon: StarCardSchema,
  lines: z.array(StarShowdownLineSchema),
  winners: z.array(SeatSchema),
  payments: z.array(StarPaymentSchema),
  bountyClaimedBy: SeatSchema.nullable(),
  bountyClaimed: z.number().int(),
  eliminated: z.array(SeatSchema),
});
export type StarShowdown = z.infer<typeof StarShowdownSchema>;

export const StarSeatViewSchema = z.object({
  seat: SeatSchema,
  chips: z.number().int(),
  eliminated: z.boolean(),
  /** Cards in the seat's current Data Packet (0 while waiting for the next one). */
  packetCount: z.number().int(),
  navMemoryCount: z.number().int(),
  /** Still has to act in this phase (picking, laying out, composing). */
  choosing: z.boolean(),
  /** Hotshot Spacer: a card locked face down (its identity stays hidden). */
  hotshot: z.boolean(),
  submitted: z.boolean(),
  timedOut: z.boolean(),
  /** Pirate Map corruption this round: the d4 roll, shown to everyone. */
  corruptionRoll: z.number().int().nullable(),
});
export type StarSeatView = z.infer<typeof StarSeatViewSchema>;

export const StarNavigatorViewSchema = z.object({
  game: z.literal('star-navigator'),
  phase: z.enum(['market', 'draft', 'compose', 'showdown', 'over']),
  players: z.number().int(),
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  options: StarNavigatorOptionsSchema,
  deck: z.enum(['standard', 'tarot']),
  round: z.number().int(),
  initiative: SeatSchema,
  /** The target and the cards that make it (null before the deal). */
  target: z.number().int().nullable(),
  targetCards: z.array(StarCardSchema),
  signpostBeacon: StarCardSchema.nullable(),
  overrideSuit: StarSuitSchema.nullable(),
  seats: z.array(StarSeatViewSchema),
  bounty: z.number().int(),
  pirateMapOwner: SeatSchema.nullable(),
  pirateMapPrice: z.number().int(),
  /** Seat being offered the Pirate Map now (market phase). */
  marketSeat: SeatSchema.nullable(),
  /** Seats that could take the Bounty if they win alone (everyone but the map owner). */
  bountyEligible: z.array(SeatSchema),
  /**
   * The viewer's own Vector Set rule while composing (null otherwise, or before the Pirate Map
   * lay-out): how many cards, which must be in it (the Signpost Beacon unless the viewer owns the
   * Pirate Map, a locked Hotshot card, Forced Override cards), and the Select variants' Override
   * cards of which at least one must be used.
   */
  vectorRule: z
    .object({
      size: z.number().int(),
      required: z.array(z.string()),
      oneOf: z.array(z.string()),
      beaconOptional: z.boolean(),
    })
    .nullable(),
  /** The viewer's own cards (empty for spectators). */
  dataPacket: z.array(StarCardSchema),
  navMemory: z.array(StarCardSchema),
  lockedCard: z.string().nullable(),
  /** The viewer's own corrupted card, when the Pirate Map discarded one. */
  corruptedCard: StarCardSchema.nullable(),
  mustLayOut: z.boolean(),
  vectorSet: z
    .object({
      cards: z.array(z.string()),
      aces: z.array(StarAceChoiceSchema),
      phantom: z.number().int().nullable(),
    })
    .nullable(),
  /** The viewer's own submission, echoed as sent (never evaluated before the showdown). */
  submission: z.object({ expr: StarExprJsonSchema, declared: z.number().int() }).nullable(),
  /** The most recent showdown (kept on view through the next round). */
  lastShowdown: StarShowdownSchema.nullable(),
  winners: z.array(SeatSchema),
});
export type StarNavigatorView = z.infer<typeof StarNavigatorViewSchema>;
