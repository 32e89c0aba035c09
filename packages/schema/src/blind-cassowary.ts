import { z } from 'zod';
import { CardIdSchema, SeatSchema, SuitSchema } from './common.ts';

/**
 * Blind Cassowary: a turnless arithmetic race, 2–8 players, 52 cards + 2 chameleons.
 * Rules as played here: docs/rules/blind-cassowary.md.
 */

export const BlindCassowaryOptionsSchema = z.object({
  /** How 10s, face cards and chameleons in the target are read: Method One (default) or Two (redraw). */
  targetMethod: z.enum(['one', 'two']).default('one'),
  /** `table`: players review claims (an unchallenged wrong claim stands). `server`: checked at once. */
  referee: z.enum(['table', 'server']).default('table'),
  /** Review window of a claim, and of the honest/nefarious vote, in seconds. */
  reviewSeconds: z.number().int().min(3).max(120).default(10),
  /** Points lost for a claim the table votes nefarious: "ten points or more". */
  nefariousPenalty: z.number().int().min(10).max(50).default(10),
  /** `composite`: cards in the nest (the Cabal's standard). `simple`: cassowaries in the nest. */
  scoring: z.enum(['composite', 'simple']).default('composite'),
  /** The holder(s) of the largest single cassowary add its card count. */
  bigCassowary: z.boolean().default(true),
  /** A final hand of exactly one chameleon loses 2. */
  drunkChameleon: z.boolean().default(true),
  /** Nominations and a vote after the blind cassowary; the winner(s) score 3. */
  bestInShow: z.boolean().default(false),
  /**
   * Seconds the target is shown with every hand still face down ("only after this may players look
   * at their hands"); it ends sooner once every player says ready. 0: hands are seen at once.
   */
  targetPreviewSeconds: z.number().int().min(0).max(30).default(0),
});
export type BlindCassowaryOptions = z.infer<typeof BlindCassowaryOptionsSchema>;

/** The most cards a cassowary can hold: the whole deck (52 cards and 2 chameleons). */
export const BLIND_CASSOWARY_MAX_CARDS = 54;

/** A card of this game: rank 1..13 (A = 1), or rank 0 and no suit for a chameleon (ids X1, X2). */
export const BlindCassowaryCardSchema = z.object({
  id: CardIdSchema,
  rank: z.number().int().min(0).max(13),
  suit: SuitSchema.nullable(),
});
export type BlindCassowaryCard = z.infer<typeof BlindCassowaryCardSchema>;

/** The arithmetic engine's wire tree (arith ExprJson); leaf refs are card ids, values come from the server. */
const LeafJsonSchema = z.object({
  kind: z.literal('leaf'),
  ref: z.string().min(1).max(64),
  value: z.string().max(27).optional(),
  text: z.string().max(64).optional(),
  pos: z.number().int().min(0).optional(),
});
const OpJsonSchema = z.object({
  kind: z.literal('op'),
  op: z.enum(['+', '-', '*', '/', '^']),
  get left() {
    return ExprJsonSchema;
  },
  get right() {
    return ExprJsonSchema;
  },
});
export const ExprJsonSchema: z.ZodType<ExprJsonWire> = z.union([LeafJsonSchema, OpJsonSchema]);
export type ExprJsonWire =
  | z.infer<typeof LeafJsonSchema>
  | {
      kind: 'op';
      op: '+' | '-' | '*' | '/' | '^';
      left: ExprJsonWire;
      right: ExprJsonWire;
    };

/** Which card a chameleon copies: another non-chameleon card in the same hand at claim time. */
export const ChameleonChoiceSchema = z.object({ card: CardIdSchema, copies: CardIdSchema });
export type ChameleonChoice = z.infer<typeof ChameleonChoiceSchema>;

const ClaimIdSchema = z.string().min(1).max(12);
export const VerdictSchema = z.enum(['honest', 'nefarious']);
export type Verdict = z.infer<typeof VerdictSchema>;

export const BlindCassowaryIntentSchema = z.discriminatedUnion('type', [
  /** "Cassowary!": the cards (each leaf of `expr` exactly once) and how each chameleon is read. */
  z.object({
    type: z.literal('claim'),
    cards: z.array(CardIdSchema).min(2).max(BLIND_CASSOWARY_MAX_CARDS),
    expr: ExprJsonSchema,
    chameleons: z.array(ChameleonChoiceSchema).max(2).default([]),
  }),
  z.object({ type: z.literal('approve'), claimId: ClaimIdSchema }),
  /** Seated players here; spectators challenge through the room's spectator path (applySpectator). */
  z.object({ type: z.literal('challenge'), claimId: ClaimIdSchema }),
  /** After a challenge proved a claim wrong: was it an honest slip or nefarious? */
  z.object({ type: z.literal('vote'), claimId: ClaimIdSchema, verdict: VerdictSchema }),
  /**
   * "I'm stuck" (`on`) or taking it back. `hand`: the card ids the player was looking at; a
   * declaration made before another seat's move landed still counts when that hand is unchanged.
   */
  z.object({
    type: z.literal('stuck'),
    on: z.boolean(),
    hand: z.array(CardIdSchema).max(BLIND_CASSOWARY_MAX_CARDS).optional(),
  }),
  /** The target preview: this player has seen the target and is ready to look at the hand. */
  z.object({ type: z.literal('ready') }),
  /** Submitted by the room's clock when the target preview's time is up. */
  z.object({ type: z.literal('previewOver') }),
  /** Play with the hand open (shown to everyone at the table, spectators included) or closed. */
  z.object({ type: z.literal('showHand'), open: z.boolean() }),
  /** The blind cassowary: an expression over one or more own cards not over the target, or `null` to pass. */
  z.object({
    type: z.literal('blindSubmit'),
    expr: ExprJsonSchema.nullable(),
    chameleons: z.array(ChameleonChoiceSchema).max(2).default([]),
  }),
  /** Best in Show: nominate one of your own cassowaries (`null`: none). */
  z.object({ type: z.literal('nominate'), claimId: ClaimIdSchema.nullable() }),
  z.object({ type: z.literal('bestInShowVote'), claimId: ClaimIdSchema }),
  /** Submitted by the room when a claim's review (or vote) window runs out. */
  z.object({ type: z.literal('reviewExpired'), claimId: ClaimIdSchema }),
  /**
   * Submitted by the room when a seat's time runs out in the blind phase (it passes), while
   * nominating for Best in Show (it nominates none) or while voting (it abstains).
   */
  z.object({ type: z.literal('timeUp') }),
  /**
   * Submitted by the room's clock right after the deal: runs the "no cassowary exists" proof (in the
   * match worker). Until it has run, claims and stuck declarations are refused CHECKING_DEAL.
   */
  z.object({ type: z.literal('prove') }),
]);
export type BlindCassowaryIntent = z.infer<typeof BlindCassowaryIntentSchema>;

/** Seat-less actions of spectators: the room calls blindCassowarySpectator(state, spectatorId, …). */
export const BlindCassowarySpectatorIntentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('challenge'), claimId: ClaimIdSchema }),
  z.object({ type: z.literal('bestInShowVote'), claimId: ClaimIdSchema }),
]);
export type BlindCassowarySpectatorIntent = z.infer<typeof BlindCassowarySpectatorIntentSchema>;

export const BlindCassowaryPhaseSchema = z.enum(['play', 'blind', 'bestInShow', 'over']);
export type BlindCassowaryPhase = z.infer<typeof BlindCassowaryPhaseSchema>;

export const BlindCassowaryTargetSchema = z.object({
  value: z.number().int(),
  method: z.enum(['one', 'two']),
  /** The two target cards in the order drawn. */
  cards: z.array(BlindCassowaryCardSchema),
  /** Cards drawn but not used: two chameleons sent back (Method One) or set aside (Method Two). */
  redrawn: z.array(BlindCassowaryCardSchema),
  rule: z.enum(['digits', 'faceThenNumber', 'numberThenFace', 'curse', 'chameleon']),
  /** e.g. "K, 3 → 13 + 3 = 16". */
  explanation: z.string(),
});
export type BlindCassowaryTarget = z.infer<typeof BlindCassowaryTargetSchema>;

export const ClaimStatusSchema = z.enum(['queued', 'review', 'voting', 'stood', 'returned']);
export type ClaimStatus = z.infer<typeof ClaimStatusSchema>;

export const BlindCassowaryClaimViewSchema = z.object({
  id: z.string(),
  seat: SeatSchema,
  /** Arrival order, 1-based. */
  order: z.number().int(),
  /** Server arrival time (ms, the room's clock). */
  at: z.number(),
  /** Time since the previous claim arrived and whose it was ("0.012 s after Ana"); null for the first. */
  gapMs: z.number().nullable(),
  afterSeat: SeatSchema.nullable(),
  status: ClaimStatusSchema,
  cards: z.array(BlindCassowaryCardSchema),
  /** How each chameleon was read; `copies` is '' for others when the copied card stayed in the hand. */
  chameleons: z.array(z.object({ card: z.string(), copies: z.string(), rank: z.number().int() })),
  /** The formula with minimal parentheses (× ÷ −). */
  formula: z.string(),
  approvals: z.array(SeatSchema),
  challengers: z.array(SeatSchema),
  spectatorChallenges: z.number().int(),
  /** Review (or vote) window: start in server time and length; null when not running. */
  windowStartedAt: z.number().nullable(),
  windowMs: z.number().int(),
  /** Known only once a challenge had it evaluated: true = it makes the target. */
  checked: z.boolean().nullable(),
  /** Why it failed, when challenged and wrong. */
  reason: z.string().nullable(),
  votes: z.array(z.object({ seat: SeatSchema, verdict: VerdictSchema })),
  verdict: VerdictSchema.nullable(),
});
export type BlindCassowaryClaimView = z.infer<typeof BlindCassowaryClaimViewSchema>;

export const BlindCassowaryNestEntrySchema = z.object({
  claimId: z.string(),
  cards: z.array(BlindCassowaryCardSchema),
  formula: z.string(),
  /** Solutions alternate direction in the nest so they can be counted. */
  orientation: z.enum(['horizontal', 'vertical']),
});
export type BlindCassowaryNestEntry = z.infer<typeof BlindCassowaryNestEntrySchema>;

export const BlindSubmissionViewSchema = z.object({
  seat: SeatSchema,
  /** Before the reveal only `submitted` is shown (and your own submission to you). */
  submitted: z.boolean(),
  pass: z.boolean().nullable(),
  formula: z.string().nullable(),
  value: z.string().nullable(),
  winner: z.boolean(),
  /** Went over the target: it busts (scores nothing, no retry); the value is shown at the reveal. */
  bust: z.boolean(),
});
export type BlindSubmissionView = z.infer<typeof BlindSubmissionViewSchema>;

export const BlindCassowaryStandingSchema = z.object({
  seat: SeatSchema,
  cassowaries: z.number().int(),
  nestCards: z.number().int(),
  /** Composite: nest cards; Simple: cassowaries. */
  nest: z.number().int(),
  bigCassowary: z.number().int(),
  blind: z.number().int(),
  drunkChameleon: z.number().int(),
  nefarious: z.number().int(),
  /** Server referee: points lost for wrong claims (1 each). */
  wrongClaims: z.number().int(),
  bestInShow: z.number().int(),
  total: z.number().int(),
  rank: z.number().int(),
});
export type BlindCassowaryStanding = z.infer<typeof BlindCassowaryStandingSchema>;

export const BlindCassowaryViewSchema = z.object({
  game: z.literal('blind-cassowary'),
  phase: BlindCassowaryPhaseSchema,
  players: z.number().int(),
  viewer: z.union([SeatSchema, z.literal('spectator')]),
  options: BlindCassowaryOptionsSchema,
  target: BlindCassowaryTargetSchema,
  /** The viewer's own hand (empty for spectators, and for everyone during the target preview). */
  hand: z.array(BlindCassowaryCardSchema),
  /**
   * The target preview (option `targetPreviewSeconds`): hands stay face down until every player is
   * ready or the time is up. Null once hands may be seen.
   */
  preview: z.object({ seconds: z.number().int(), ready: z.array(z.boolean()) }).nullable(),
  /** Hands played open: the seat's cards, shown to every player and spectator; null for a closed hand. */
  openHands: z.array(z.array(BlindCassowaryCardSchema).nullable()),
  /** Server referee: wrong claims per seat (each costs a point). */
  wrongClaims: z.array(z.number().int()),
  handCounts: z.array(z.number().int()),
  reserveCount: z.number().int(),
  /** The deal is being checked for a possible cassowary (a moment after each deal): nobody may claim yet. */
  checkingDeal: z.boolean(),
  nests: z.array(z.array(BlindCassowaryNestEntrySchema)),
  /** Every claim in arrival order (settled ones included). */
  claims: z.array(BlindCassowaryClaimViewSchema),
  /** The claim being reviewed or voted on, if any. */
  current: z.string().nullable(),
  stuck: z.array(z.boolean()),
  nefariousCounts: z.array(z.number().int()),
  /** Latest table event, e.g. "Everyone was stuck: each player drew a card" or a proof of no cassowary. */
  events: z.array(z.object({ kind: z.string(), text: z.string(), seat: SeatSchema.nullable() })),
  blind: z.array(BlindSubmissionViewSchema),
  blindRevealed: z.boolean(),
  nominations: z.array(z.string().nullable()),
  nominated: z.array(z.boolean()),
  /** Once over: players' votes per nominee, and spectators' (which only break a tie among the players' leaders). */
  bestInShowVotes: z.array(
    z.object({ claimId: z.string(), votes: z.number().int(), spectatorVotes: z.number().int() }),
  ),
  bestInShowVoted: z.array(z.boolean()),
  standings: z.array(BlindCassowaryStandingSchema).nullable(),
  winners: z.array(SeatSchema),
});
export type BlindCassowaryView = z.infer<typeof BlindCassowaryViewSchema>;
