import { createHash, randomBytes } from 'node:crypto';
import {
  type Client,
  type Deferred,
  type Delayed,
  ErrorCode,
  logger,
  Room,
  ServerError,
} from '@colyseus/core';
import type { z } from 'zod';
import {
  type AnyGameModule,
  type Match,
  type Outcome,
  type Result,
  SPECTATOR,
  startMatch,
} from '@cards/rules';
import {
  CloseCodes,
  type GameTimerInfo,
  type GameUpdate,
  type HistoryDelta,
  type GameWireSchemas,
  IntentMessageSchema,
  type JoinOptions,
  JoinOptionsSchema,
  type LobbyAction,
  LobbyActionSchema,
  MAX_NAME_LENGTH,
  type Notice,
  type Reply,
  type RoomInfo,
  type RoomLookup,
  type RoomPhase,
  strictOptions,
} from '@cards/schema';
import { finishedMatches, newReplayId } from '../replay/finished.ts';
import { releaseCode, reserveCode } from './codes.ts';
import { MatchHistory } from './history.ts';
import { type MatchRunner, runHere, type Transition } from './matchRunner.ts';
import { TokenBucket } from './rateLimit.ts';
import { accepted, describeZodError, refused } from './replies.ts';
import { type Occupant, SeatTable } from './seats.ts';

/** How long a dropped player keeps their connection slot for an SDK reconnect. */
export const RECONNECT_SECONDS = 60;
const RATE_BURST = 20;
const RATE_PER_SECOND = 20;

/** Options the server itself adds to every room at definition time (they override client options). */
// A type alias (not an interface) so it is assignable to the index-signature onCreate options.
export type ServerRoomOptions = { allowTestSeeds?: boolean; reconnectSeconds?: number };

interface Member {
  sessionId: string;
  token: string;
  /** The browser's secret, if sent; like the token it never leaves the server. */
  browser: string | null;
  name: string;
  bucket: TokenBucket;
  /** Kicked or replaced by another tab: its leave must not touch the seats. */
  departing: boolean;
  /** Its id for spectator actions: stable across reloads (same token), reveals nothing of the token. */
  spectatorId: string;
}

type AnyMatch = Match<unknown, unknown, unknown>;

/** A game deadline the room is running: `delayed` is null once it has fired (its key still listed). */
interface RunningTimer {
  readonly seat: number;
  readonly intent: unknown;
  delayed: Delayed | null;
}

const liveRooms = new Map<string, GameRoom>();

const REMOVED_MESSAGE = 'The host removed you from this room.';

const noGame = (): Reply => refused('NO_GAME', 'No game is running.');

/** The live room with this code in this process, if any. */
export function findRoom(code: string): GameRoom | undefined {
  return liveRooms.get(code.trim().toUpperCase());
}

/**
 * One room of any game: lobby, seats, host, spectators, reconnection and the authoritative match.
 * A game registers itself by subclassing with its module and wire schemas.
 *
 * Intents are stamped with the room's clock (`now()`: performance.now(), monotonic, offset to epoch ms
 * when the room was created), which the rules see as `now` and the replay log records as `at`.
 * Turnless games: the version an intent quotes must be current unless `game.acceptsStale` says the
 * intent is safe on an older view (two racing Blind Cassowary claims are both applied, in arrival
 * order). Spectator actions: when the game has `spectators` hooks and a `spectatorIntent` wire schema,
 * an 'intent' request from a spectator goes to `spectators.apply` with a stable spectator id (a hash of
 * the tab's token, never the token), is logged like any intent, and each spectator's 'game' update
 * carries `spectators.legalIntents` as `legal`.
 *
 * Slow rules: a game whose transitions can block the event loop sets `runner` (a worker thread). The
 * room then applies intents, timer intents and spectator actions one at a time in arrival order, each
 * stamped with its arrival time first; the reply waits for the result. The match setup stays here.
 */
export abstract class GameRoom extends Room {
  protected abstract readonly game: AnyGameModule;
  protected abstract readonly wire: GameWireSchemas;
  /** Where match transitions run: null (default) on the room's thread, synchronously. */
  protected readonly runner: MatchRunner | null = null;
  /** The tail of the transitions queued for the runner (they run strictly one after another). */
  private applying: Promise<unknown> = Promise.resolve();

  private table!: SeatTable;
  private readonly members = new Map<string, Member>();
  private readonly reconnections = new Map<string, Deferred<Client>>();
  /** Removed by the host: these tokens and browsers may not enter the room again (not even to watch). */
  private readonly bannedTokens = new Set<string>();
  private readonly bannedBrowsers = new Set<string>();
  /** The game's options schema, refusing unknown keys. */
  private optionsSchema!: z.ZodType;
  private roomPhase: RoomPhase = 'lobby';
  private gameOptions: unknown;
  private match: AnyMatch | null = null;
  /** The running (or finished) match's public history. */
  private history: MatchHistory | null = null;
  /** The finished match's replay id (null while it runs). */
  private replayId: string | null = null;
  private gameNumber = 0;
  private testSeed: string | null = null;
  private reconnectSeconds = RECONNECT_SECONDS;
  private code = '';
  /** Epoch ms at performance.now() = 0, fixed when the room was created (see now()). */
  private clockOrigin = Date.now() - performance.now();
  /** Game deadlines by key (see GameModule.timers), kept in step with the match by syncTimers. */
  private readonly timers = new Map<string, RunningTimer>();

  override async onCreate(raw: ServerRoomOptions & { [key: string]: unknown }): Promise<void> {
    // Thrown from onCreate, the code becomes an HTTP status of the matchmaking reply: keep it 5xx-like.
    const join = JoinOptionsSchema.safeParse(raw);
    if (!join.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, describeZodError(join.error));
    this.optionsSchema = strictOptions(this.wire.options);
    const options = this.optionsSchema.safeParse(join.data.options ?? {});
    if (!options.success)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        `Invalid game options: ${describeZodError(options.error)}`,
      );
    this.gameOptions = options.data;
    this.clockOrigin = Date.now() - performance.now();
    this.testSeed = raw.allowTestSeeds === true ? (join.data.seed ?? null) : null;
    this.reconnectSeconds = raw.reconnectSeconds ?? RECONNECT_SECONDS;
    this.table = new SeatTable(this.game.maxPlayers);
    this.patchRate = null;
    this.maxMessagesPerSecond = 100;
    this.registerHandlers();
    this.code = await reserveCode(this.presence);
    this.roomId = this.code;
    liveRooms.set(this.code, this);
    await this.setPrivate(true);
  }

  override onAuth(_client: Client, options: unknown): JoinOptions {
    const join = JoinOptionsSchema.safeParse(options);
    if (!join.success) throw new ServerError(ErrorCode.INVALID_PAYLOAD, describeZodError(join.error));
    const { token, browser } = join.data;
    if (this.bannedTokens.has(token) || (browser !== undefined && this.bannedBrowsers.has(browser)))
      throw new ServerError(ErrorCode.AUTH_FAILED, REMOVED_MESSAGE);
    return join.data;
  }

  override onJoin(client: Client, _options: unknown, auth: JoinOptions): void {
    const member: Member = {
      sessionId: client.sessionId,
      token: auth.token,
      browser: auth.browser ?? null,
      name: auth.name,
      bucket: new TokenBucket(RATE_BURST, RATE_PER_SECOND, Date.now()),
      departing: false,
      spectatorId: `s-${createHash('sha256').update(auth.token).digest('hex').slice(0, 16)}`,
    };
    this.members.set(client.sessionId, member);
    this.seatJoiner(member, auth.spectate);
    this.broadcastRoom();
    this.sendGame(client);
    // The join page saw a free seat, but someone took it (or the game started) in the meantime.
    if (!auth.spectate && this.table.seatOfSession(client.sessionId) === null)
      client.send('notice', {
        kind: 'info',
        text:
          this.roomPhase === 'lobby'
            ? 'Someone took the last seat just before you, so you are watching. You can take a seat if one frees up.'
            : 'The game started just before you joined, so you are watching.',
      } satisfies Notice);
  }

  override onDrop(client: Client): void {
    const member = this.members.get(client.sessionId);
    if (!member || member.departing) return;
    this.setConnected(client.sessionId, false);
    const reconnection = this.allowReconnection(client, this.reconnectSeconds);
    // A refused or expired reconnection ends in onLeave; the rejection itself needs no handling.
    reconnection.catch(() => undefined);
    // allowReconnection answers a plain rejected promise (no `reject`) when it cannot wait at all.
    if (typeof reconnection.reject === 'function') this.reconnections.set(client.sessionId, reconnection);
    this.broadcastRoom();
  }

  override onReconnect(client: Client): void {
    this.reconnections.delete(client.sessionId);
    this.setConnected(client.sessionId, true);
    this.broadcastRoom();
    this.sendGame(client);
  }

  override onLeave(client: Client): void {
    const member = this.members.get(client.sessionId);
    this.members.delete(client.sessionId);
    this.reconnections.delete(client.sessionId);
    if (!member || member.departing) return;
    this.releaseSeat(client.sessionId);
    this.broadcastRoom();
  }

  override async onDispose(): Promise<void> {
    this.clearTimers();
    if (liveRooms.get(this.code) === this) liveRooms.delete(this.code);
    if (this.code !== '') await releaseCode(this.presence, this.code);
  }

  /** What the join page needs (GET /api/rooms/:code). */
  lookup(): RoomLookup {
    return {
      code: this.code,
      game: this.game.slug,
      phase: this.roomPhase,
      freeSeats: this.roomPhase === 'lobby' ? this.table.seats.length - this.table.occupiedCount() : 0,
      players: this.table.occupiedCount(),
    };
  }

  // ---- joining and leaving -------------------------------------------------------------------

  private seatJoiner(member: Member, spectate: boolean): void {
    const owned = this.table.seatOfToken(member.token);
    if (owned !== null) return this.takeBackSeat(owned, member);
    const free = this.table.firstFree();
    if (this.roomPhase !== 'lobby' || spectate || free === null) return;
    this.table.occupy(free, this.newOccupant(member));
  }

  private newOccupant(member: Member): Occupant {
    // Two players called the same would make "Waiting for Ana" and the score sheet ambiguous.
    member.name = this.distinctName(member.name, member.sessionId);
    return {
      token: member.token,
      browser: member.browser,
      name: member.name,
      ready: false,
      rematch: false,
      sessionId: member.sessionId,
      connected: true,
    };
  }

  /** A reloaded tab or a new tab with the same token takes the seat over from the old session. */
  private takeBackSeat(seat: number, member: Member): void {
    const occupant = this.table.occupant(seat);
    if (!occupant) return;
    const previous = occupant.sessionId;
    occupant.sessionId = member.sessionId;
    occupant.connected = true;
    occupant.name = member.name;
    occupant.browser = member.browser ?? occupant.browser;
    if (previous !== null && previous !== member.sessionId)
      this.evict(previous, CloseCodes.replaced, {
        kind: 'info',
        text: 'You opened this room in another tab; this one was disconnected.',
      });
    this.table.reassignHost();
  }

  /** Disconnects a session (or cancels its pending reconnection) without touching the seats. */
  private evict(sessionId: string, closeCode: number, notice: Notice): void {
    const member = this.members.get(sessionId);
    if (member) member.departing = true;
    this.reconnections.get(sessionId)?.reject(new Error('evicted'));
    const client = this.clientOf(sessionId);
    if (!client) return;
    client.send('notice', notice);
    client.leave(closeCode);
  }

  private releaseSeat(sessionId: string): void {
    const seat = this.table.seatOfSession(sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (seat === null || !occupant) return;
    if (this.roomPhase === 'lobby') {
      this.table.free(seat);
      return;
    }
    // During a game the seat stays in it, and after one the score sheet stays up for the others:
    // its owner can come back with the same token. A rematch goes on without them.
    occupant.sessionId = null;
    occupant.connected = false;
    occupant.rematch = false;
    this.table.reassignHost();
    if (this.roomPhase === 'finished') this.startRematchIfAgreed();
  }

  private backToLobby(): void {
    this.roomPhase = 'lobby';
    this.match = null;
    this.clearTimers();
    this.table.resetReady();
  }

  private setConnected(sessionId: string, connected: boolean): void {
    const seat = this.table.seatOfSession(sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (occupant) occupant.connected = connected;
  }

  // ---- messages ----------------------------------------------------------------------------

  private registerHandlers(): void {
    this.onMessage(
      'lobby',
      this.guard((client, payload) => this.onLobby(client, payload)),
    );
    this.onMessage(
      'intent',
      this.guard((client, payload) => this.onIntent(client, payload)),
    );
    // Unknown plain messages are dropped (they still cost rate-limit tokens). Unknown requests get
    // Colyseus' own "no handler" error reply.
    this.onMessage('*', (client: Client) => {
      this.members.get(client.sessionId)?.bucket.take(Date.now());
    });
  }

  /** Rate limit and exception barrier around every request handler: the room never crashes. */
  private guard(handler: (client: Client, payload: unknown) => Reply | Promise<Reply>) {
    return (client: Client, payload: unknown): Reply | Promise<Reply> => {
      const member = this.members.get(client.sessionId);
      if (!member) return refused('NOT_IN_ROOM', 'You are not in this room.');
      if (!member.bucket.take(Date.now()))
        return refused('RATE_LIMITED', 'Too many messages; slow down a little.');
      const failed = (error: unknown): Reply => {
        logger.error(`room ${this.code}: handler failed`, error);
        return refused('INTERNAL', 'The server could not handle that; please try again.');
      };
      try {
        const reply = handler(client, payload);
        return reply instanceof Promise ? reply.catch(failed) : reply;
      } catch (error) {
        return failed(error);
      }
    };
  }

  /**
   * The room's clock for intents: monotonic (performance.now()) in epoch ms, to the microsecond, so
   * arrival order and gaps are exact even if the wall clock is adjusted.
   */
  protected now(): number {
    return Math.round((this.clockOrigin + performance.now()) * 1000) / 1000;
  }

  private onIntent(client: Client, payload: unknown): Reply | Promise<Reply> {
    const message = IntentMessageSchema.safeParse(payload);
    if (!message.success) return refused('MALFORMED', describeZodError(message.error));
    const seat = this.table.seatOfSession(client.sessionId);
    if (seat === null) return this.onSpectatorIntent(client, message.data.intent);
    const intent = this.wire.intent.safeParse(message.data.intent);
    if (!intent.success) return refused('MALFORMED', describeZodError(intent.error));
    if (!this.match) return refused('NO_GAME', 'No game is running.');
    return this.transition({
      kind: 'seat',
      actor: seat,
      intent: intent.data,
      version: message.data.version,
      now: this.now(),
    });
  }

  /**
   * Applies a transition to the match (here, or queued for the runner) and, if accepted, moves on.
   * A transition whose match was replaced while it waited (game ended, new game) is refused.
   */
  private transition(t: Transition): Reply | Promise<Reply> {
    const runner = this.runner;
    const from = this.match;
    if (runner === null) return from ? this.settle(from, runHere(this.game, from, t)) : noGame();
    const gameNumber = this.gameNumber;
    const job = this.applying.then(async () => {
      const match = this.match;
      if (!match || this.gameNumber !== gameNumber) return noGame();
      return this.settle(match, await runner.run(this.game, match, t));
    });
    this.applying = job.catch(() => undefined);
    return job;
  }

  private settle(from: AnyMatch, result: Result<AnyMatch>): Reply {
    if (this.match !== from) return noGame();
    if (!result.ok) return { ok: false, error: { ...result.error } };
    this.match = result.value;
    this.afterMove();
    return accepted();
  }

  /** A spectator's action, for games that have some (see the class comment); no version check. */
  private onSpectatorIntent(client: Client, raw: unknown): Reply | Promise<Reply> {
    const schema = this.wire.spectatorIntent;
    if (schema === undefined || this.game.spectators === undefined)
      return refused('NOT_A_PLAYER', 'Only seated players can play.');
    const intent = schema.safeParse(raw);
    if (!intent.success) return refused('MALFORMED', describeZodError(intent.error));
    if (!this.match) return refused('NO_GAME', 'No game is running.');
    const id = this.members.get(client.sessionId)?.spectatorId;
    if (id === undefined) return refused('NOT_IN_ROOM', 'You are not in this room.');
    return this.transition({ kind: 'spectator', spectator: id, intent: intent.data, now: this.now() });
  }

  private afterMove(): void {
    const outcome = this.match ? this.game.outcome(this.match.state) : null;
    if (outcome && this.roomPhase === 'playing') {
      this.roomPhase = 'finished';
      for (const seat of outcome.winners) this.table.matchWins[seat] = (this.table.matchWins[seat] ?? 0) + 1;
      this.keepFinished(outcome);
      this.broadcastRoom();
    }
    this.syncTimers();
    this.broadcastGame();
  }

  private onLobby(client: Client, payload: unknown): Reply {
    const action = LobbyActionSchema.safeParse(payload);
    if (!action.success) return refused('MALFORMED', describeZodError(action.error));
    const member = this.members.get(client.sessionId);
    if (!member) return refused('NOT_IN_ROOM', 'You are not in this room.');
    const reply = this.applyLobby(member, action.data);
    if (reply.ok) this.broadcastRoom();
    return reply;
  }

  private applyLobby(member: Member, action: LobbyAction): Reply {
    switch (action.type) {
      case 'setName':
        return this.setName(member, action.name);
      case 'setReady':
        return this.setReady(member, action.ready);
      case 'setOptions':
        return this.setOptions(member, action.options);
      case 'start':
        return this.start(member);
      case 'kick':
        return this.kick(member, action.seat);
      case 'rematch':
        return this.rematch(member, action.accept ?? true);
      case 'removeSpectator':
        return this.removeSpectator(member, action.id);
      case 'sit':
        return this.sit(member);
      case 'stand':
        return this.stand(member);
      case 'endGame':
        return this.endGame(member);
    }
  }

  // ---- lobby actions -------------------------------------------------------------------------

  private setName(member: Member, name: string): Reply {
    const seat = this.table.seatOfSession(member.sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (occupant && this.nameTaken(name, member.sessionId))
      return refused('NAME_TAKEN', `Another player here is already called ${name}; pick another name.`, {
        name,
      });
    member.name = name;
    if (occupant) occupant.name = name;
    return accepted();
  }

  private nameTaken(name: string, sessionId: string): boolean {
    const key = name.trim().toLocaleLowerCase();
    return this.table
      .occupants()
      .some((o) => o.sessionId !== sessionId && o.name.trim().toLocaleLowerCase() === key);
  }

  /** The name, or the name with the first free number after it ("Ana 2") if a player has it. */
  private distinctName(name: string, sessionId: string): string {
    if (!this.nameTaken(name, sessionId)) return name;
    for (let n = 2; ; n++) {
      const suffix = ` ${n}`;
      const candidate = name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd() + suffix;
      if (!this.nameTaken(candidate, sessionId)) return candidate;
    }
  }

  private setReady(member: Member, ready: boolean): Reply {
    const refusal = this.requireLobby() ?? this.requireSeat(member);
    if (refusal) return refusal;
    const seat = this.table.seatOfSession(member.sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (occupant) occupant.ready = ready;
    return accepted();
  }

  private setOptions(member: Member, raw: unknown): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    const options = this.optionsSchema.safeParse(raw);
    if (!options.success) return refused('BAD_OPTIONS', describeZodError(options.error));
    this.gameOptions = options.data;
    // Everyone agrees again to the new settings.
    this.table.resetReady();
    return accepted();
  }

  private start(member: Member): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member) ?? this.startBlocker();
    if (refusal) return refusal;
    this.startGame();
    return accepted();
  }

  /** Why the host cannot start yet (the host need not be ready), or null. Also shown in the lobby. */
  private startBlocker(): Reply | null {
    const enough = this.requireEnoughPlayers();
    if (enough) return enough;
    const waiting = this.table.seats.flatMap((o, seat) =>
      o !== null && !o.ready && seat !== this.table.hostSeat ? [seat] : [],
    );
    if (waiting.length === 0) return null;
    const names = waiting.map((seat) => this.table.occupant(seat)?.name ?? `Seat ${seat + 1}`);
    return refused('NOT_READY', `Waiting for ${names.join(', ')} to be ready.`, { seats: waiting });
  }

  private kick(member: Member, seat: number): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    const occupant = this.table.occupant(seat);
    if (!occupant) return refused('NO_SUCH_SEAT', 'Nobody sits in that seat.', { seat });
    if (seat === this.table.hostSeat) return refused('CANNOT_KICK_HOST', 'The host cannot kick themselves.');
    this.table.free(seat);
    this.banAndEvict(member, occupant.token, occupant.browser, occupant.sessionId);
    return accepted();
  }

  /** The host removes a spectator, with the same ban as a kicked player. Allowed in any phase. */
  private removeSpectator(member: Member, id: string): Reply {
    const refusal = this.requireHost(member);
    if (refusal) return refusal;
    const target = [...this.members.values()].find(
      (m) => m.spectatorId === id && !m.departing && this.table.seatOfSession(m.sessionId) === null,
    );
    if (!target) return refused('NO_SUCH_SPECTATOR', 'That spectator is no longer watching.');
    this.banAndEvict(member, target.token, target.browser, target.sessionId);
    return accepted();
  }

  /**
   * Keeps a removed person out: bans their token and their browser (so a new tab, or reopening the
   * link, cannot come back, not even to watch) and disconnects every tab of theirs. The host's own
   * browser is never banned (a host testing with two tabs removes only the other tab).
   */
  private banAndEvict(host: Member, token: string, browser: string | null, sessionId: string | null): void {
    this.bannedTokens.add(token);
    const banBrowser = browser !== null && browser !== host.browser;
    if (banBrowser) this.bannedBrowsers.add(browser);
    const gone = (m: Member) =>
      m.sessionId === sessionId || m.token === token || (banBrowser && m.browser === browser);
    for (const m of [...this.members.values()]) {
      if (m.departing || m === host || !gone(m)) continue;
      const seat = this.table.seatOfSession(m.sessionId);
      // A second seat of the same browser goes too, but never a seat in a running game.
      if (seat !== null) {
        if (this.roomPhase !== 'lobby') continue;
        this.table.free(seat);
      }
      this.evict(m.sessionId, CloseCodes.kicked, { kind: 'kicked', text: REMOVED_MESSAGE });
    }
  }

  /**
   * A rematch is an offer: the next game starts once every player still in the room (connected or
   * within the reconnection window) has accepted; players who left are dropped from it. When fewer
   * than the game's minimum are left, the offer returns the room to the lobby instead.
   */
  private rematch(member: Member, accept: boolean): Reply {
    if (this.roomPhase !== 'finished') return refused('WRONG_PHASE', 'A rematch needs a finished game.');
    const refusal = this.requireSeat(member);
    if (refusal) return refusal;
    if (accept && this.presentPlayers().length < this.game.minPlayers) {
      const names = this.leftNames();
      this.freeLeftSeats();
      this.backToLobby();
      this.broadcast('notice', {
        kind: 'info',
        text: `${names.join(' and ') || 'A player'} left, so ${member.name} took the room back to the lobby to wait for players.`,
      } satisfies Notice);
      return accepted();
    }
    const occupant = this.table.occupant(this.table.seatOfSession(member.sessionId) ?? -1);
    if (occupant) occupant.rematch = accept;
    this.startRematchIfAgreed();
    return accepted();
  }

  private presentPlayers(): Occupant[] {
    return this.table.occupants().filter((o) => o.sessionId !== null);
  }

  private leftNames(): string[] {
    return this.table.occupants().flatMap((o) => (o.sessionId === null ? [o.name] : []));
  }

  private freeLeftSeats(): void {
    this.table.seats.forEach((o, seat) => {
      if (o !== null && o.sessionId === null) this.table.free(seat);
    });
  }

  private startRematchIfAgreed(): void {
    const present = this.presentPlayers();
    if (present.length < this.game.minPlayers || !present.every((o) => o.rematch)) return;
    this.freeLeftSeats();
    this.startGame();
  }

  private sit(member: Member): Reply {
    const refusal = this.requireLobby();
    if (refusal) return refusal;
    if (this.table.seatOfSession(member.sessionId) !== null)
      return refused('ALREADY_SEATED', 'You already have a seat.');
    const free = this.table.firstFree();
    if (free === null) return refused('NO_FREE_SEAT', 'Every seat is taken.');
    this.table.occupy(free, this.newOccupant(member));
    return accepted();
  }

  private stand(member: Member): Reply {
    const refusal = this.requireLobby() ?? this.requireSeat(member);
    if (refusal) return refusal;
    const seat = this.table.seatOfSession(member.sessionId);
    if (seat !== null) this.table.free(seat);
    return accepted();
  }

  /** A game whose player has left for good would wait forever: the others may end it, unscored. */
  private endGame(member: Member): Reply {
    const refusal = this.requireSeat(member);
    if (refusal) return refusal;
    if (this.roomPhase !== 'playing') return refused('WRONG_PHASE', 'No game is running.');
    const gone = this.table.seats.flatMap((o, seat) => (o !== null && o.sessionId === null ? [seat] : []));
    if (gone.length === 0)
      return refused('PLAYERS_PRESENT', 'You can end the game only after a player has left it.');
    const names = gone.map((seat) => this.table.occupant(seat)?.name ?? `Seat ${seat + 1}`);
    for (const seat of gone) this.table.free(seat);
    this.backToLobby();
    this.broadcast('notice', {
      kind: 'info',
      text: `${member.name} ended the game: ${names.join(', ')} left.`,
    });
    return accepted();
  }

  private requireLobby(): Reply | null {
    return this.roomPhase === 'lobby' ? null : refused('WRONG_PHASE', 'That is only possible in the lobby.');
  }

  private requireHost(member: Member): Reply | null {
    const seat = this.table.seatOfSession(member.sessionId);
    return seat !== null && seat === this.table.hostSeat
      ? null
      : refused('NOT_HOST', 'Only the host can do that.');
  }

  private requireSeat(member: Member): Reply | null {
    return this.table.seatOfSession(member.sessionId) !== null
      ? null
      : refused('NOT_SEATED', 'Only seated players can do that.');
  }

  private requireEnoughPlayers(): Reply | null {
    const count = this.table.occupiedCount();
    if (count >= this.game.minPlayers) return null;
    return refused('NOT_ENOUGH_PLAYERS', `This game needs at least ${this.game.minPlayers} players.`, {
      players: count,
      minPlayers: this.game.minPlayers,
    });
  }

  // ---- the game ------------------------------------------------------------------------------

  private startGame(): void {
    this.table.compact();
    this.gameNumber += 1;
    const players = this.table.occupiedCount();
    this.match = startMatch(this.game, this.gameOptions, players, this.nextSeed());
    this.history = new MatchHistory(this.game, this.match.state);
    this.replayId = null;
    this.roomPhase = 'playing';
    this.table.resetReady();
    // A new game starts every deadline afresh, even under a key the previous game also used.
    this.clearTimers();
    this.syncTimers();
    this.broadcastRoom();
    this.broadcastGame();
  }

  /** A finished game is kept for its replay. */
  private keepFinished(outcome: Outcome): void {
    const match = this.match as AnyMatch;
    const names = this.table.info().map((s) => s.name ?? `Player ${s.seat + 1}`);
    this.replayId = newReplayId();
    finishedMatches().put({
      id: this.replayId,
      game: this.game.slug,
      config: match.config,
      seed: match.seed,
      players: names.slice(0, match.players),
      log: match.log,
      outcome,
      finishedAt: Date.now(),
    });
  }

  // ---- game deadlines ------------------------------------------------------------------------

  /**
   * Brings the running deadlines in line with `game.timers(state)`: new keys start their clock, keys
   * still listed keep running (or stay fired), the rest are cancelled. Called after every change.
   */
  private syncTimers(): void {
    const match = this.match;
    const wanted =
      match && this.game.outcome(match.state) === null ? (this.game.timers?.(match.state) ?? []) : [];
    const keys = new Set(wanted.map((t) => t.key));
    for (const [key, running] of this.timers)
      if (!keys.has(key)) {
        running.delayed?.clear();
        this.timers.delete(key);
      }
    for (const timer of wanted) {
      if (this.timers.has(timer.key)) continue;
      const delayed = this.clock.setTimeout(() => this.fireTimer(timer.key), Math.max(0, timer.afterMs));
      this.timers.set(timer.key, { seat: timer.seat, intent: timer.intent, delayed });
    }
  }

  private clearTimers(): void {
    for (const running of this.timers.values()) running.delayed?.clear();
    this.timers.clear();
  }

  /** A deadline ran out: play its intent for its seat like any other intent (logged with the time). */
  private fireTimer(key: string): void {
    const running = this.timers.get(key);
    if (!running || running.delayed === null || !this.match) return;
    // Fired once per appearance of the key: it stays listed (not re-armed) until the game drops it.
    running.delayed = null;
    const done = (reply: Reply): void => {
      if (reply.ok) return;
      logger.warn(`room ${this.code}: timer ${key} refused: ${reply.error.code} ${reply.error.message}`);
      // Same version, but the countdown the clients show is gone.
      this.broadcastGame();
    };
    const failed = (error: unknown): void => logger.error(`room ${this.code}: timer ${key} failed`, error);
    try {
      // version null: the timer's intent is for the match as it is when it runs.
      const reply = this.transition({
        kind: 'seat',
        actor: running.seat,
        intent: running.intent,
        version: null,
        now: this.now(),
      });
      if (reply instanceof Promise) reply.then(done, failed);
      else done(reply);
    } catch (error) {
      failed(error);
    }
  }

  private timerInfo(): GameTimerInfo[] {
    const out: GameTimerInfo[] = [];
    for (const [key, running] of this.timers) {
      const delayed = running.delayed;
      if (delayed === null || !delayed.active) continue;
      const remainingMs = Math.max(0, Math.round(delayed.time - delayed.elapsedTime));
      out.push({ key, seat: running.seat, remainingMs });
    }
    return out;
  }

  private nextSeed(): string {
    if (this.testSeed === null) return randomBytes(16).toString('hex');
    return this.gameNumber === 1 ? this.testSeed : `${this.testSeed}#${this.gameNumber}`;
  }

  // ---- outgoing ------------------------------------------------------------------------------

  private clientOf(sessionId: string): Client | undefined {
    return this.clients.find((c) => c.sessionId === sessionId);
  }

  private broadcastRoom(): void {
    for (const client of this.clients) client.send('room', this.roomInfo(client.sessionId));
  }

  private roomInfo(sessionId: string): RoomInfo {
    const member = this.members.get(sessionId);
    const spectators = [...this.members.values()]
      .filter((m) => !m.departing && this.table.seatOfSession(m.sessionId) === null)
      .map((m) => ({ id: m.spectatorId, name: m.name }));
    return {
      code: this.code,
      game: this.game.slug,
      phase: this.roomPhase,
      minPlayers: this.game.minPlayers,
      maxPlayers: this.game.maxPlayers,
      hostSeat: this.table.hostSeat,
      seats: this.table.info(),
      spectators,
      options: this.gameOptions,
      matchWins: [...this.table.matchWins],
      gameNumber: this.gameNumber,
      startBlocker: this.roomPhase === 'lobby' ? this.startBlockerText() : null,
      you: { seat: this.table.seatOfSession(sessionId), name: member?.name ?? '' },
    };
  }

  private startBlockerText(): string | null {
    const blocker = this.startBlocker();
    return blocker !== null && !blocker.ok ? blocker.error.message : null;
  }

  /** Each seat gets its own view; never broadcast one seat's view to the room. */
  private broadcastGame(): void {
    if (!this.match) return;
    const history = this.historyDelta(false);
    let spectatorUpdate: GameUpdate | null = null;
    for (const client of this.clients) {
      const seat = this.table.seatOfSession(client.sessionId);
      if (seat !== null) client.send('game', this.gameUpdate(seat, client.sessionId, history));
      else {
        // One spectator view for all; only their legal actions are their own.
        spectatorUpdate ??= this.gameUpdate(null, null, history);
        client.send('game', { ...spectatorUpdate, legal: this.spectatorLegal(client.sessionId) });
      }
    }
  }

  private sendGame(client: Client): void {
    if (!this.match) return;
    const seat = this.table.seatOfSession(client.sessionId);
    client.send('game', this.gameUpdate(seat, client.sessionId, this.historyDelta(true)));
  }

  /** The history brought up to the match: all of it for a client that arrives, else what is new. */
  private historyDelta(all: boolean): HistoryDelta {
    const match = this.match as AnyMatch;
    if (this.history === null) return { from: 0, entries: [] };
    this.history.catchUp(match.state, match.version);
    return all ? this.history.all() : this.history.takeNew();
  }

  private gameUpdate(seat: number | null, sessionId: string | null, history: HistoryDelta): GameUpdate {
    const match = this.match as AnyMatch;
    const playing = seat !== null && seat < match.players;
    let legal: unknown[] = [];
    if (playing) legal = [...this.game.legalIntents(match.state, seat)];
    else if (sessionId !== null) legal = this.spectatorLegal(sessionId);
    return {
      version: match.version,
      view: this.game.view(match.state, playing ? seat : SPECTATOR),
      legal,
      actors: [...this.game.actors(match.state)],
      timers: this.timerInfo(),
      history,
      replayId: this.replayId,
    };
  }

  private spectatorLegal(sessionId: string): unknown[] {
    const hooks = this.game.spectators;
    const id = this.members.get(sessionId)?.spectatorId;
    if (!this.match || hooks === undefined || this.wire.spectatorIntent === undefined || id === undefined)
      return [];
    if (this.game.outcome(this.match.state) !== null) return [];
    return [...hooks.legalIntents(this.match.state, id)];
  }
}
