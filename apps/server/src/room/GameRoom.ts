import { type Client, type Deferred, ErrorCode, logger, Room, ServerError } from '@colyseus/core';
import type { AnyGameModule } from '@cards/rules';
import {
  type GameWireSchemas,
  IntentMessageSchema,
  type JoinOptions,
  JoinOptionsSchema,
  LobbyActionSchema,
  type Notice,
  type Reply,
  type RoomLookup,
  strictOptions,
} from '@cards/schema';
import { Broadcaster } from './broadcaster.ts';
import { PublicRecord } from './history.ts';
import { releaseCode, reserveCode } from './codes.ts';
import { Lobby, REMOVED_MESSAGE } from './lobby.ts';
import { type AnyMatch, MatchHost } from './matchHost.ts';
import type { MatchRunner } from './matchRunner.ts';
import { newMember } from './members.ts';
import { describeZodError, refused } from './replies.ts';

/** How long a dropped player keeps their connection slot for an SDK reconnect. */
export const RECONNECT_SECONDS = 60;

/** Options the server itself adds to every room at definition time (they override client options). */
// A type alias (not an interface) so it is assignable to the index-signature onCreate options.
export type ServerRoomOptions = { allowTestSeeds?: boolean; reconnectSeconds?: number };

const liveRooms = new Map<string, GameRoom>();

/** The live room with this code in this process, if any. */
export function findRoom(code: string): GameRoom | undefined {
  return liveRooms.get(code.trim().toUpperCase());
}

/**
 * One room of any game, as thin glue between Colyseus and the room's parts:
 * - Lobby (lobby.ts): members, seats, host, names, ready, options, bans, kicks, rematch, the phase;
 * - MatchHost (matchHost.ts): the match, its clock, deadlines and transition order, with the
 *   MatchListener hooks (match started / intent accepted / match ended) other capabilities use;
 * - Broadcaster (broadcaster.ts): room info to everyone, each seat's own view of the game.
 * This class parses and rate-limits messages, tracks reconnections and wires the parts together.
 * A game registers itself by subclassing with its module and wire schemas.
 *
 * Turnless games: the version an intent quotes must be current unless `game.acceptsStale` says the
 * intent is safe on an older view (two racing Blind Cassowary claims are both applied, in arrival
 * order). Spectator actions: when the game has `spectators` hooks and a `spectatorIntent` wire schema,
 * an 'intent' request from a spectator goes to `spectators.apply` with a stable spectator id (a hash of
 * the tab's token, never the token), is logged like any intent, and each spectator's 'game' update
 * carries `spectators.legalIntents` as `legal`.
 *
 * Slow rules: a game whose transitions can block the event loop sets `runner` (a worker thread); see
 * MatchHost.
 */
export abstract class GameRoom extends Room {
  protected abstract readonly game: AnyGameModule;
  protected abstract readonly wire: GameWireSchemas;
  /** Where match transitions run: null (default) on the room's thread, synchronously. */
  protected readonly runner: MatchRunner | null = null;

  protected lobby!: Lobby;
  protected host!: MatchHost;
  protected out!: Broadcaster;
  private readonly reconnections = new Map<string, Deferred<Client>>();
  private reconnectSeconds = RECONNECT_SECONDS;
  private code = '';

  /** The running (or just finished) match, if any. */
  get match(): AnyMatch | null {
    return this.host.match;
  }

  override async onCreate(raw: ServerRoomOptions & { [key: string]: unknown }): Promise<void> {
    // Thrown from onCreate, the code becomes an HTTP status of the matchmaking reply: keep it 5xx-like.
    const join = JoinOptionsSchema.safeParse(raw);
    if (!join.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, describeZodError(join.error));
    const optionsSchema = strictOptions(this.wire.options);
    const options = optionsSchema.safeParse(join.data.options ?? {});
    if (!options.success)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        `Invalid game options: ${describeZodError(options.error)}`,
      );
    const testSeed = raw.allowTestSeeds === true ? (join.data.seed ?? null) : null;
    this.reconnectSeconds = raw.reconnectSeconds ?? RECONNECT_SECONDS;
    this.assemble(optionsSchema, options.data, testSeed);
    this.patchRate = null;
    this.maxMessagesPerSecond = 100;
    this.registerHandlers();
    this.code = await reserveCode(this.presence);
    this.roomId = this.code;
    liveRooms.set(this.code, this);
    await this.setPrivate(true);
  }

  /** Builds the parts and wires them to each other and to Colyseus. */
  private assemble(optionsSchema: Lobby['optionsSchema'], options: unknown, testSeed: string | null): void {
    this.lobby = new Lobby(this.game, optionsSchema, options, {
      disconnect: (sessionId, closeCode, notice) => this.dismiss(sessionId, closeCode, notice),
      notifyAll: (notice) => this.broadcast('notice', notice),
      startGame: () => this.startGame(),
      stopGame: () => this.host.stopGame(),
    });
    this.host = new MatchHost(this.game, this.runner, this.clock, testSeed, () => this.code, {
      ended: (outcome) => {
        this.lobby.finishGame(outcome.winners);
        this.out.roomToAll();
      },
      changed: () => this.out.gameToAll(),
    });
    const record = new PublicRecord(this.game, () => this.lobby.table.info().map((s) => s.name));
    this.host.listen(record);
    this.out = new Broadcaster(
      this.game,
      this.wire,
      this.lobby,
      this.host,
      record,
      () => this.clients,
      () => this.code,
    );
  }

  override onAuth(_client: Client, options: unknown): JoinOptions {
    const join = JoinOptionsSchema.safeParse(options);
    if (!join.success) throw new ServerError(ErrorCode.INVALID_PAYLOAD, describeZodError(join.error));
    if (this.lobby.isBanned(join.data.token, join.data.browser))
      throw new ServerError(ErrorCode.AUTH_FAILED, REMOVED_MESSAGE);
    return join.data;
  }

  override onJoin(client: Client, _options: unknown, auth: JoinOptions): void {
    this.lobby.join(newMember(client.sessionId, auth), auth.spectate);
    this.out.roomToAll();
    this.out.gameTo(client);
    // The join page saw a free seat, but someone took it (or the game started) in the meantime.
    if (!auth.spectate && this.lobby.table.seatOfSession(client.sessionId) === null)
      client.send('notice', {
        kind: 'info',
        text:
          this.lobby.phase === 'lobby'
            ? 'Someone took the last seat just before you, so you are watching. You can take a seat if one frees up.'
            : 'The game started just before you joined, so you are watching.',
      } satisfies Notice);
  }

  override onDrop(client: Client): void {
    const member = this.lobby.members.get(client.sessionId);
    if (!member || member.departing) return;
    this.lobby.setConnected(client.sessionId, false);
    const reconnection = this.allowReconnection(client, this.reconnectSeconds);
    // A refused or expired reconnection ends in onLeave; the rejection itself needs no handling.
    reconnection.catch(() => undefined);
    // allowReconnection answers a plain rejected promise (no `reject`) when it cannot wait at all.
    if (typeof reconnection.reject === 'function') this.reconnections.set(client.sessionId, reconnection);
    this.out.roomToAll();
  }

  override onReconnect(client: Client): void {
    this.reconnections.delete(client.sessionId);
    this.lobby.setConnected(client.sessionId, true);
    this.out.roomToAll();
    this.out.gameTo(client);
  }

  override onLeave(client: Client): void {
    this.reconnections.delete(client.sessionId);
    this.lobby.leave(client.sessionId);
    this.out.roomToAll();
  }

  override async onDispose(): Promise<void> {
    // onCreate may have refused the options before the parts were built.
    (this.host as MatchHost | undefined)?.dispose();
    if (liveRooms.get(this.code) === this) liveRooms.delete(this.code);
    if (this.code !== '') await releaseCode(this.presence, this.code);
  }

  /** What the join page needs (GET /api/rooms/:code). */
  lookup(): RoomLookup {
    const { phase, table } = this.lobby;
    return {
      code: this.code,
      game: this.game.slug,
      phase,
      freeSeats: phase === 'lobby' ? table.seats.length - table.occupiedCount() : 0,
      players: table.occupiedCount(),
    };
  }

  private startGame(): void {
    const players = this.lobby.beginGame();
    this.host.startGame(this.lobby.options, players);
    this.out.roomToAll();
    this.out.gameToAll();
  }

  /** Disconnects a session (or cancels its pending reconnection) without touching the seats. */
  private dismiss(sessionId: string, closeCode: number, notice: Notice): void {
    this.reconnections.get(sessionId)?.reject(new Error('evicted'));
    const client = this.clients.find((c) => c.sessionId === sessionId);
    if (!client) return;
    client.send('notice', notice);
    client.leave(closeCode);
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
      this.lobby.members.get(client.sessionId)?.bucket.take(Date.now());
    });
  }

  /** Rate limit and exception barrier around every request handler: the room never crashes. */
  private guard(handler: (client: Client, payload: unknown) => Reply | Promise<Reply>) {
    return (client: Client, payload: unknown): Reply | Promise<Reply> => {
      const member = this.lobby.members.get(client.sessionId);
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

  private onIntent(client: Client, payload: unknown): Reply | Promise<Reply> {
    const message = IntentMessageSchema.safeParse(payload);
    if (!message.success) return refused('MALFORMED', describeZodError(message.error));
    const seat = this.lobby.table.seatOfSession(client.sessionId);
    if (seat === null) return this.onSpectatorIntent(client, message.data.intent);
    const intent = this.wire.intent.safeParse(message.data.intent);
    if (!intent.success) return refused('MALFORMED', describeZodError(intent.error));
    if (!this.host.match) return refused('NO_GAME', 'No game is running.');
    return this.host.submit({
      kind: 'seat',
      actor: seat,
      intent: intent.data,
      version: message.data.version,
      now: this.host.now(),
    });
  }

  /** A spectator's action, for games that have some (see the class comment); no version check. */
  private onSpectatorIntent(client: Client, raw: unknown): Reply | Promise<Reply> {
    const schema = this.wire.spectatorIntent;
    if (schema === undefined || this.game.spectators === undefined)
      return refused('NOT_A_PLAYER', 'Only seated players can play.');
    const intent = schema.safeParse(raw);
    if (!intent.success) return refused('MALFORMED', describeZodError(intent.error));
    if (!this.host.match) return refused('NO_GAME', 'No game is running.');
    const id = this.lobby.members.get(client.sessionId)?.spectatorId;
    if (id === undefined) return refused('NOT_IN_ROOM', 'You are not in this room.');
    return this.host.submit({ kind: 'spectator', spectator: id, intent: intent.data, now: this.host.now() });
  }

  private onLobby(client: Client, payload: unknown): Reply {
    const action = LobbyActionSchema.safeParse(payload);
    if (!action.success) return refused('MALFORMED', describeZodError(action.error));
    const member = this.lobby.members.get(client.sessionId);
    if (!member) return refused('NOT_IN_ROOM', 'You are not in this room.');
    const reply = this.lobby.apply(member, action.data);
    if (reply.ok) this.out.roomToAll();
    return reply;
  }
}
