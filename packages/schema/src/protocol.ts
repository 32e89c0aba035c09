import { z } from 'zod';
import { DisplayNameSchema, SeatSchema } from './common.ts';

/** Options a client passes when creating or joining a room. Game options are validated per game. */
/** A computer player's level. */
export const ComputerLevelSchema = z.enum(['easy', 'normal', 'hard']);
export type ComputerLevel = z.infer<typeof ComputerLevelSchema>;

export const JoinOptionsSchema = z.object({
  name: DisplayNameSchema,
  /** Join as a spectator even if a seat is free. */
  spectate: z.boolean().default(false),
  /** Game options, only read when the room is created. */
  options: z.unknown().optional(),
  /** Deterministic deal for tests; honoured only when the server runs with ALLOW_TEST_SEEDS=1. */
  seed: z.string().max(64).optional(),
  /** Per-tab secret (kept in sessionStorage) that lets a reloaded tab take back its seat. */
  token: z.string().min(16).max(64),
  /**
   * Per-browser secret (kept in localStorage, shared by the browser's tabs). Never sent to other
   * clients. A browser the host removed stays out of the room, whichever tab or token it comes with.
   */
  browser: z.string().min(16).max(64).optional(),
  /**
   * "Play against the computer", read when the room is created: computer players of this level take
   * the other seats and the game starts at once.
   */
  againstComputer: ComputerLevelSchema.optional(),
});
export type JoinOptions = z.infer<typeof JoinOptionsSchema>;

/**
 * Client → server, sent with `room.request('intent', …)`. `intent` is validated by the game's schema
 * (a spectator's by the game's `spectatorIntent` schema, when the game has one).
 */
export const IntentMessageSchema = z.object({
  /**
   * The version of the view the intent was made from: STALE_VERSION if another move landed first,
   * except intents the game accepts on a stale view (turnless games, e.g. a Blind Cassowary claim).
   */
  version: z.number().int().min(0),
  intent: z.unknown(),
});
export type IntentMessage = z.infer<typeof IntentMessageSchema>;

/** Client → server, sent with `room.request('lobby', …)`. */
export const LobbyActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('setName'), name: DisplayNameSchema }),
  z.object({ type: z.literal('setReady'), ready: z.boolean() }),
  z.object({ type: z.literal('setOptions'), options: z.unknown() }),
  z.object({ type: z.literal('start') }),
  /**
   * The host takes a player out of their seat in the lobby. `ban` (the default) keeps their token,
   * browser and, for a while, address out of the room; without it they may come back to watch or sit.
   */
  z.object({ type: z.literal('kick'), seat: SeatSchema, ban: z.boolean().optional() }),
  /**
   * After a game: offer (or, with `accept: false`, withdraw) a rematch. The next game starts once
   * every player still in the room has accepted; with too few players left it returns the room to
   * the lobby instead.
   */
  z.object({ type: z.literal('rematch'), accept: z.boolean().optional() }),
  /**
   * The host removes a spectator (by the id in `RoomInfo.spectators`); banned (the default) they may
   * not come back.
   */
  z.object({
    type: z.literal('removeSpectator'),
    id: z.string().min(1).max(64),
    ban: z.boolean().optional(),
  }),
  /** After a game: the host takes the room back to the lobby with the same seats (to change options). */
  z.object({ type: z.literal('toLobby') }),
  /** A spectator takes a free seat while the room is in the lobby. */
  z.object({ type: z.literal('sit') }),
  /** A seated player becomes a spectator while the room is in the lobby. */
  z.object({ type: z.literal('stand') }),
  /** End a running game without a result, allowed once another player has left it. */
  z.object({ type: z.literal('endGame') }),
  /** The host seats a computer player in a free seat (the first free one if `seat` is omitted). */
  z.object({ type: z.literal('addComputer'), level: ComputerLevelSchema, seat: SeatSchema.optional() }),
  /** The host removes a computer player from the lobby. */
  z.object({ type: z.literal('removeComputer'), seat: SeatSchema }),
  /**
   * During a game, a player who left it for good is replaced by a computer player (any seated player
   * may ask); the player takes the seat back when they return.
   */
  z.object({ type: z.literal('replaceWithComputer'), seat: SeatSchema, level: ComputerLevelSchema }),
  /** The host turns hints on or off for the room (in the lobby). */
  z.object({ type: z.literal('setHints'), on: z.boolean() }),
]);
export type LobbyAction = z.infer<typeof LobbyActionSchema>;

/**
 * Client → server, sent with `room.request('hint', …)` in a room with hints on: a hint for the
 * sender's own seat. `reveal` is the second tap (Blind Cassowary: which cassowary, not only whether).
 */
export const HintRequestSchema = z.object({ reveal: z.boolean().default(false) });
export type HintRequest = z.infer<typeof HintRequestSchema>;

/** The games that give hints (the others refuse a 'hint' request). */
export const GAMES_WITH_HINTS: ReadonlySet<string> = new Set([
  'blind-cassowary',
  'star-navigator',
  'math-card-game',
]);

/** A hint, in words, the player's own cards it is about and the places on the table it points at. */
export const HintSchema = z.object({
  text: z.string(),
  cards: z.array(z.string()),
  /**
   * Places on the table the hint points at, named as the game's view names them (Math Card Game:
   * the sequences its cards go to, a slot number or `new`). Absent where a hint names cards only.
   */
  places: z.array(z.string()).optional(),
  /** A second tap (`reveal: true`) tells more. */
  more: z.boolean(),
});
export type Hint = z.infer<typeof HintSchema>;

export const RejectionSchema = z.object({
  code: z.string(),
  message: z.string(),
  context: z.record(z.string(), z.unknown()).optional(),
});
export type Rejection = z.infer<typeof RejectionSchema>;

/** Server → client reply to every request: accepted, or refused with a reason. */
export const ReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: RejectionSchema }),
]);
export type Reply = z.infer<typeof ReplySchema>;

/** Server → client reply to a 'hint' request: the hint, or refused with a reason. */
export const HintReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), hint: HintSchema }),
  z.object({ ok: z.literal(false), error: RejectionSchema }),
]);
export type HintReply = z.infer<typeof HintReplySchema>;

/** A running deadline as the clients see it (the intent it will play stays on the server). */
export const GameTimerInfoSchema = z.object({
  key: z.string(),
  seat: SeatSchema,
  remainingMs: z.number().int().min(0),
});
export type GameTimerInfo = z.infer<typeof GameTimerInfoSchema>;

/** One public event of the game in words; `{p0}`, `{p1}`… stand for the players' names. */
export const HistoryEntrySchema = z.object({
  /** The move (number of intents applied) after which it happened; 0 for the deal. */
  move: z.number().int().min(0),
  text: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/**
 * The public history is append-only: an update carries the entries from index `from` on (the whole
 * list, from 0, when a client arrives; only the new ones after that).
 */
export const HistoryDeltaSchema = z.object({
  from: z.number().int().min(0),
  entries: z.array(HistoryEntrySchema),
});
export type HistoryDelta = z.infer<typeof HistoryDeltaSchema>;

/** Server → client message 'game': this client's view of the game, after every change. */
export const GameUpdateSchema = z.object({
  version: z.number().int().min(0),
  /** The game's view for this client (validated by the game's view schema). */
  view: z.unknown(),
  /**
   * Every legal intent for this client right now (empty for waiting players). Spectators get the
   * game's spectator intents here (e.g. challenge the claim under review), or nothing.
   */
  legal: z.array(z.unknown()),
  /** Seats expected to act now. */
  actors: z.array(SeatSchema),
  /**
   * In a room with hints on, for a seated player: whether a hint exists for them now (null: none,
   * and no Hint button). Otherwise the position it is for, as a short key: a hint shown stays while
   * the key does. Worked out from the seat's view and legal intents without any search.
   */
  hint: z.string().nullable().optional(),
  /**
   * Deadlines running now (e.g. the cut timeout): when one runs out the room plays its intent for the
   * seat. `remainingMs` is as of when this update was sent; a fired timer is no longer listed.
   */
  timers: z.array(GameTimerInfoSchema),
  /** The public history (the same for every seat and spectator). */
  history: HistoryDeltaSchema.optional(),
  /** Once the game is over: the id of its replay (`/replay/<id>`), else null. */
  replayId: z.string().nullable().optional(),
});
export type GameUpdate = z.infer<typeof GameUpdateSchema>;

/**
 * Server → client message 'judging': raced intents (Blind Cassowary claims) are being held for the
 * fairness window; nothing is applied until it closes ({ open: false }, then the game update).
 */
export const JudgingSchema = z.object({ open: z.boolean() });
export type Judging = z.infer<typeof JudgingSchema>;

/** Server → client message 'notice': room events worth a toast (kicked, rematch started, …). */
export const NoticeSchema = z.object({
  kind: z.enum(['kicked', 'info', 'error']),
  text: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** Seat/room phase as synchronised in the Colyseus room state. */
export const RoomPhaseSchema = z.enum(['lobby', 'playing', 'finished']);
export type RoomPhase = z.infer<typeof RoomPhaseSchema>;

export const SeatInfoSchema = z.object({
  seat: SeatSchema,
  /** null while the seat is empty. */
  name: z.string().nullable(),
  connected: z.boolean(),
  ready: z.boolean(),
  /** The player left the running or finished game for good (went home, or never came back in time). */
  left: z.boolean(),
  /** After a game: this player accepted the rematch. */
  rematch: z.boolean(),
  /** A computer player plays this seat, at this level (null: a person). */
  computer: ComputerLevelSchema.nullable().default(null),
  /** The computer player is thinking about its next move. */
  thinking: z.boolean().default(false),
});
export type SeatInfo = z.infer<typeof SeatInfoSchema>;

/** The room as a client sees it: the shared 'room' message plus who "you" are ('you'). */
export const RoomInfoSchema = z.object({
  code: z.string(),
  game: z.string(),
  phase: RoomPhaseSchema,
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  hostSeat: SeatSchema.nullable(),
  seats: z.array(SeatInfoSchema),
  /** Who is watching; `id` addresses a spectator in `removeSpectator` (it is not their token). */
  spectators: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The game options in force (validated by the game's options schema). */
  options: z.unknown(),
  /** Players may ask for hints (a room option the host sets; on in rooms against the computer). */
  hints: z.boolean().default(false),
  /** Games won per seat across rematches in this room. */
  matchWins: z.array(z.number().int()),
  gameNumber: z.number().int(),
  /** In the lobby: why the host cannot start yet, or null when the game can start. */
  startBlocker: z.string().nullable(),
  you: z.object({ seat: SeatSchema.nullable(), name: z.string() }),
});
export type RoomInfo = z.infer<typeof RoomInfoSchema>;

/**
 * Server → client message 'room': the room info everyone shares, one message for the whole room
 * (`you` is sent apart, as 'you', and only when it changes). The client puts the two together.
 */
export const SharedRoomInfoSchema = RoomInfoSchema.omit({ you: true });
export type SharedRoomInfo = z.infer<typeof SharedRoomInfoSchema>;

/** Server → client message 'you': this tab's own seat and name, before the 'room' it goes with. */
export const YouSchema = RoomInfoSchema.shape.you;
export type You = z.infer<typeof YouSchema>;

/** HTTP GET /api/rooms/:code — what the join page needs before connecting. */
export const RoomLookupSchema = z.object({
  code: z.string(),
  game: z.string(),
  phase: RoomPhaseSchema,
  freeSeats: z.number().int(),
  players: z.number().int(),
  /** The server process running the room (its boot id): a tab whose connection dropped rejoins
   *  at once when the room now runs elsewhere (a restart, or another process of a cluster). */
  host: z.string().optional(),
});
export type RoomLookup = z.infer<typeof RoomLookupSchema>;

/** A replay id: unguessable, URL-safe. */
export const ReplayIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** HTTP GET /api/replays/:id — a finished game: who played, its length, result and public history. */
export const ReplayInfoSchema = z.object({
  id: z.string(),
  game: z.string(),
  players: z.array(z.string()),
  /** Number of moves: steps run from 0 (the deal) to `moves`. */
  moves: z.number().int().min(0),
  finishedAt: z.number(),
  winners: z.array(SeatSchema),
  scores: z.array(z.number()),
  history: z.array(HistoryEntrySchema),
});
export type ReplayInfo = z.infer<typeof ReplayInfoSchema>;

/** The header that carries this browser's id (its secret) to GET /api/recent-games. */
export const BROWSER_ID_HEADER = 'x-browser-id';

/**
 * HTTP GET /api/recent-games (header BROWSER_ID_HEADER) — the finished games this browser played a
 * seat in, newest first, as the store has them (empty without a store).
 */
export const RecentGamesSchema = z.array(
  z.object({
    replayId: ReplayIdSchema,
    game: z.string(),
    code: z.string(),
    /** Names in seat order. */
    players: z.array(z.string()),
    seat: SeatSchema,
    winners: z.array(SeatSchema),
    finishedAt: z.number(),
  }),
);
export type RecentGames = z.infer<typeof RecentGamesSchema>;

/** HTTP GET /api/replays/:id/:move?seat=N — the table after `move` moves, as a spectator (or seat N) saw it. */
export const ReplayStepSchema = z.object({
  move: z.number().int().min(0),
  /** The game's view (validated by the game's view schema). */
  view: z.unknown(),
  actors: z.array(SeatSchema),
});
export type ReplayStep = z.infer<typeof ReplayStepSchema>;

/**
 * HTTP 429 body of the per-address limits on room lookups, creation and joins. It has the shape of a
 * Colyseus matchmaking error, so the SDK surfaces `error` as the message.
 */
export const RateLimitedSchema = z.object({
  code: z.literal(429),
  error: z.string(),
  retryAfterSeconds: z.number().int().min(0),
});
export type RateLimited = z.infer<typeof RateLimitedSchema>;

const strictSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * A game's options schema as the room applies it: an object schema refuses unknown keys (zod would
 * silently strip them, so a typo or a junk payload would reset the options to their defaults).
 * Built once per schema (every room of a game shares it: ~3 KB a room otherwise).
 */
export function strictOptions(schema: z.ZodType): z.ZodType {
  let strict = strictSchemas.get(schema);
  if (strict === undefined) {
    strict = schema instanceof z.ZodObject ? schema.strict() : schema;
    strictSchemas.set(schema, strict);
  }
  return strict;
}

/** Close codes the server uses when it ends a connection on purpose. */
export const CloseCodes = {
  kicked: 4100,
  /** The host took this player out without a ban: they may come back. */
  removed: 4103,
  /** The same player (same token) opened the room in another tab; this connection was superseded. */
  replaced: 4102,
} as const;

/** A client's history after a delta: entries from `from` on are replaced (a full list starts at 0). */
export function applyHistoryDelta(
  list: readonly HistoryEntry[],
  delta: HistoryDelta | undefined,
): readonly HistoryEntry[] {
  if (delta === undefined) return list;
  if (delta.from === list.length && delta.entries.length === 0) return list;
  return [...list.slice(0, Math.min(delta.from, list.length)), ...delta.entries];
}
