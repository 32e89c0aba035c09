import {
  type AuthContext,
  type Client,
  type Clock,
  CloseCode,
  type Deferred,
  ErrorCode,
  logger,
  Room,
  ServerError,
} from '@colyseus/core';
import type { AnyGameModule } from '@cards/rules';
import {
  type ComputerLevel,
  GAME_CATALOG,
  GAMES_WITH_HINTS,
  type GameWireSchemas,
  type HintReply,
  HintRequestSchema,
  IntentMessageSchema,
  type JoinOptions,
  type Judging,
  JoinOptionsSchema,
  LobbyActionSchema,
  type Notice,
  type Reply,
  type RoomLookup,
  strictOptions,
} from '@cards/schema';
import { clientKey } from '../httpLimits.ts';
import { roundTrips } from '../spreadPings.ts';
import { Broadcaster } from './broadcaster.ts';
import { FAIRNESS_WINDOW_MS, RaceWindow } from './fairness.ts';
import { botPool, ComputerPlayers, hintPosition } from './computerPlayers.ts';
import { PublicRecord } from './history.ts';
import { rebuildMatch } from '../store/rebuild.ts';
import { type Restore, takeRestore } from '../store/restore.ts';
import type { RoomSnapshot, TableStore } from '../store/tableStore.ts';
import { BOOT_ID, codeLeases, reserveCode } from './codes.ts';
import { Lobby, REMOVED_MESSAGE, ROOM_FULL_OF_SPECTATORS } from './lobby.ts';
import { type AnyMatch, MatchHost } from './matchHost.ts';
import type { MatchRunner } from './matchRunner.ts';
import { type Member, newMember } from './members.ts';
import { RoomRecorder } from './recorder.ts';
import { TimerClock } from './timerClock.ts';
import type { Transition } from './matchRunner.ts';
import { accepted, describeZodError, type Refusal, refused } from './replies.ts';

/** How long a dropped player keeps their connection slot for an SDK reconnect. */
export const RECONNECT_SECONDS = 60;

/** Options the server itself adds to every room at definition time (they override client options). */
// A type alias (not an interface) so it is assignable to the index-signature onCreate options.
export type ServerRoomOptions = {
  allowTestSeeds?: boolean;
  reconnectSeconds?: number;
  /** Where rooms, matches and intents are kept (null: nowhere, nothing survives a restart). */
  store?: TableStore | null;
  /** Multiplies computer players' think times (tests shorten it). */
  computerPace?: number;
};

const liveRooms = new Map<string, GameRoom>();

/**
 * Node's longest timer delay. Colyseus ticks the room clock at 60 Hz when patchRate is null unless the
 * room has a simulation interval; a no-op one this long stands in, and TimerClock needs no tick.
 */
const NO_TICK_MS = 2 ** 31 - 1;

/** Why a room stops in this process to run elsewhere (GameRoom.handOver). */
export type HandOverCause = 'lease-lost' | 'fenced-out';
const HAND_OVER_CAUSES: Readonly<Record<HandOverCause, string>> = {
  'lease-lost': "this process lost its code's lease (it was paused past the lease, or Redis lost it)",
  'fenced-out': 'the store refused a write from this copy (another server process restored the room)',
};

/** What onAuth admits: the join options, the client's address and the member onJoin seats. */
type Admission = JoinOptions & { address: string; member: Member };

/** The live room with this code in this process, if any. */
export function findRoom(code: string): GameRoom | undefined {
  return liveRooms.get(code.trim().toUpperCase());
}

/**
 * One room of any game, as thin glue between Colyseus and the room's parts:
 * - Lobby (lobby.ts): members, seats, host, names, ready, options, bans, kicks, rematch, the phase;
 * - MatchHost (matchHost.ts): the match, its clock, deadlines and transition order, with the
 *   MatchListener hooks (match started / intent accepted / match ended) other capabilities use;
 * - Broadcaster (broadcaster.ts): room info to everyone, each seat's own view of the game;
 * - RoomRecorder (recorder.ts), with a store: the room's snapshot, its matches and every intent;
 * - PublicRecord (history.ts): the match's public history and, once it is over, its replay id.
 * A room the store kept open comes back after a restart (restoreFrom).
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
 *
 * Latency fairness: a game whose seats race (Blind Cassowary claims) sets `latencyRace`; those intents
 * wait in a RaceWindow (fairness.ts) that orders them by estimated send time, the connection's round
 * trip measured by the server's pings; the table sees 'judging' { open } while a window is open.
 */
export abstract class GameRoom extends Room {
  protected abstract readonly game: AnyGameModule;
  protected abstract readonly wire: GameWireSchemas;
  /** Where match transitions run: null (default) on the room's thread, synchronously. */
  protected readonly runner: MatchRunner | null = null;
  /** Which seat intents race by latency (ordered fairly within a window); null: none. */
  protected readonly latencyRace: ((intent: unknown) => boolean) | null = null;
  /** How long a race window stays open (0: plain arrival order). */
  protected readonly fairnessWindowMs: number = FAIRNESS_WINDOW_MS;
  private race: RaceWindow | null = null;
  /** Deadlines on their own timers: nothing runs in an idle room (see TimerClock). */
  override clock: Clock = new TimerClock();
  /** Sessions with a hint being worked out: one at a time each (the worker is shared by all rooms). */
  private readonly hinting = new Set<string>();

  protected lobby!: Lobby;
  protected host!: MatchHost;
  protected out!: Broadcaster;
  protected computers!: ComputerPlayers;
  private computerPace = 1;
  /** Set by "Play against the computer" until the creator has joined. */
  private againstComputer: ComputerLevel | null = null;
  private recorder: RoomRecorder | null = null;
  private testSeed: string | null = null;
  private readonly reconnections = new Map<string, Deferred<Client>>();
  private reconnectSeconds = RECONNECT_SECONDS;
  private code = '';
  /** This process holds the room's code (codes.ts) and releases it when the room goes. */
  private holdsCode = false;
  /** The fencing epoch the room's store writes carry (TableStore.claimRoom). */
  private epoch = 0;
  /** Another process took the room over: nothing more is written or released from here. */
  private handedOver = false;

  /** The running (or just finished) match, if any. */
  get match(): AnyMatch | null {
    return this.host.match;
  }

  override async onCreate(raw: ServerRoomOptions & { [key: string]: unknown }): Promise<void> {
    // Nothing patches (no schema state: every update is a message), and nothing ticks.
    this.setTimestep(() => undefined, NO_TICK_MS);
    this.patchRate = null;
    this.reconnectSeconds = raw.reconnectSeconds ?? RECONNECT_SECONDS;
    this.computerPace = raw.computerPace ?? 1;
    const restoring = takeRestore(raw['restoreTicket']);
    if (restoring !== null) return this.restoreFrom(restoring, raw.store ?? null);
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
    this.testSeed = raw.allowTestSeeds === true ? (join.data.seed ?? null) : null;
    this.againstComputer = join.data.againstComputer ?? null;
    const store = raw.store ?? null;
    this.assemble(optionsSchema, options.data, store);
    // A new room's epoch: above any earlier room's with the same code (codes are reused once closed).
    this.epoch = Date.now();
    const code = await reserveCode(
      (candidate) => (store === null ? Promise.resolve(false) : store.isOpen(candidate)),
      () => this.handOver('lease-lost'),
    );
    this.holdsCode = true;
    this.open(code);
    this.recorder?.saveRoom();
    await this.setPrivate(true);
  }

  private open(code: string): void {
    this.maxMessagesPerSecond = 100;
    this.registerHandlers();
    this.code = code;
    this.roomId = code;
    liveRooms.set(code, this);
  }

  /**
   * Brings back a room the store kept open when the server stopped: the same code, the same lobby,
   * and its match rebuilt from (config, seed, log) by the current rules, checked against the stored
   * checkpoint, its deadlines resuming with the time they had left. Players get their seats back by
   * token; seats nobody returns to within the reconnection window are released as if they had left.
   * A match the rules can no longer rebuild closes the room (its record is kept) instead.
   */
  private async restoreFrom({ stored, epoch }: Restore, store: TableStore | null): Promise<void> {
    const { snapshot, match } = stored;
    this.epoch = epoch;
    this.testSeed = snapshot.testSeed;
    this.code = snapshot.code;
    if (store === null) throw new ServerError(ErrorCode.APPLICATION_ERROR, 'restoring needs the store');
    this.assemble(strictOptions(this.wire.options), snapshot.options, store);
    this.lobby.restore(snapshot);
    const clockAt = Math.max(stored.lastAlive + snapshot.clockSkew, match?.log.at(-1)?.at ?? 0);
    try {
      if (stored.problem !== null) throw new Error(stored.problem);
      if (match === null) this.host.resumeClock(clockAt, snapshot.gameNumber);
      else {
        const rebuilt = rebuildMatch(this.game, match);
        this.host.restore(rebuilt.match, snapshot.gameNumber, clockAt, rebuilt.timers);
        (this.recorder as RoomRecorder).replayId = match.replayId;
        const outcome = this.game.outcome(rebuilt.match.state);
        // Stopped between the last intent and the room's own save: finish the game now.
        if (outcome !== null && this.lobby.phase === 'playing') this.lobby.finishGame(outcome.winners);
      }
    } catch (error) {
      const reason = `Its game could not be rebuilt after a server update (${error instanceof Error ? error.message : String(error)}); the room was closed and its record kept.`;
      logger.error(`room ${snapshot.code}: ${reason}`);
      // The match first: its write is fenced by the room being open.
      if (match !== null) await store.matchAbandoned(match.replayId, reason, { code: this.code, epoch });
      this.recorder?.closeRoom(reason);
      throw new ServerError(ErrorCode.APPLICATION_ERROR, reason);
    }
    // restoreRoom holds the code already.
    this.holdsCode = true;
    this.open(snapshot.code);
    this.recorder?.saveRoom();
    this.holdForReturn();
    await this.setPrivate(true);
  }

  /** After a restore nobody is connected yet: keep the room for the reconnection window. */
  private holdForReturn(): void {
    this.autoDispose = false;
    this.clock.setTimeout(() => {
      this.lobby.expireRestored();
      this.roomChanged();
      this.autoDispose = true;
    }, this.reconnectSeconds * 1000);
  }

  /** What the store keeps of the room. */
  private snapshot(): RoomSnapshot {
    return {
      ...this.lobby.snapshot(),
      code: this.code,
      game: this.game.slug,
      gameNumber: this.host.gameNumber,
      testSeed: this.testSeed,
      replayId: this.recorder?.replayId ?? null,
      clockSkew: this.host.now() - Date.now(),
      epoch: this.epoch,
      process: BOOT_ID,
    };
  }

  /**
   * Cluster mode: another process has taken the room over, or may at any moment: this process lost
   * its code's lease ('lease-lost': paused past the lease, or Redis lost the key), or the store
   * refused a write with this room's epoch ('fenced-out': another process restored the room). The
   * room stops here without writing or releasing anything; its clients are told to reconnect, which
   * finds the room where it now runs.
   */
  handOver(cause: HandOverCause): void {
    if (this.handedOver) return;
    this.handedOver = true;
    this.holdsCode = false;
    logger.warn(`room ${this.code}: ${HAND_OVER_CAUSES[cause]}; closing it here`);
    void this.disconnect(CloseCode.MAY_TRY_RECONNECT);
  }

  /** The lobby changed: store it, then tell everyone. */
  /**
   * The room changed (because of `client`, if given): saved, and sent to everyone at once; when the
   * client is a spectator coming, going or renaming, its update is coalesced (Broadcaster.roomSoon),
   * a newcomer getting its own copy at once.
   */
  private roomChanged(client?: Client, newcomer = false): void {
    this.recorder?.saveRoom();
    if (client === undefined || !this.watching(client)) this.out.roomToAll();
    else if (newcomer) this.out.roomToNewcomer(client);
    else this.out.roomSoon();
  }

  /**
   * A seated player joined or acted and the room stayed in the lobby: saved; they see the room at
   * once, the others at once or, while the table fills up fast, coalesced (Broadcaster.roomFor). A
   * phase change (a start, back to the lobby) goes to everyone at once, before any game update.
   */
  private lobbyChangedBy(client: Client): void {
    this.recorder?.saveRoom();
    this.out.roomFor(client);
  }

  /** The client holds a seat and the room was and is in the lobby. */
  private seatedInLobby(client: Client, phaseBefore: Lobby['phase']): boolean {
    return phaseBefore === 'lobby' && this.lobby.phase === 'lobby' && !this.watching(client);
  }

  /** Builds the parts and wires them to each other, to Colyseus and to the store. */
  private assemble(optionsSchema: Lobby['optionsSchema'], options: unknown, store: TableStore | null): void {
    this.lobby = new Lobby(this.game, optionsSchema, options, {
      disconnect: (sessionId, closeCode, notice) => this.dismiss(sessionId, closeCode, notice),
      notifyAll: (notice) => this.broadcast('notice', notice),
      startGame: () => this.startGame(),
      stopGame: () => this.host.stopGame(),
    });
    this.host = new MatchHost(this.game, this.runner, this.clock, this.testSeed, () => this.code, {
      ended: (outcome) => {
        this.lobby.finishGame(outcome.winners);
        this.roomChanged();
      },
      changed: () => {
        this.out.gameToAll();
        this.computers.sync(true);
      },
    });
    // Match workers start (and warm up) while the table gathers, not on the deal's first proof.
    this.runner?.prepare?.();
    const record = new PublicRecord(this.game, () => this.recorder?.replayId ?? null);
    this.out = new Broadcaster(
      this.game,
      this.wire,
      this.lobby,
      this.host,
      record,
      () => this.clients,
      () => this.code,
      this.clock,
      (seat) => this.computers.thinking(seat),
    );
    this.computers = new ComputerPlayers(
      this.game,
      this.lobby.table,
      this.host,
      {
        // Computer players race like people (their claims wait in the same window), with no latency.
        submit: (seat, intent, version) => this.play(seat, intent, version, 0),
        thinkingChanged: () => this.out.roomToAll(),
      },
      this.computerPace,
    );
    if (store !== null) {
      this.recorder = new RoomRecorder(store, this.game, {
        code: () => this.code,
        snapshot: () => this.snapshot(),
        players: () =>
          this.lobby.table.occupants().map((o) => ({ name: o.name, browserHash: o.browserHash })),
        epoch: () => this.epoch,
        fencedOut: () => this.handOver('fenced-out'),
      });
      this.host.listen(this.recorder);
    }
    // After the recorder: an intent the store refuses never reaches the history.
    this.host.listen(record);
    if (this.latencyRace !== null && this.fairnessWindowMs > 0)
      this.race = new RaceWindow(this.fairnessWindowMs, {
        opened: () => this.broadcast('judging', { open: true } satisfies Judging),
        closed: () => this.broadcast('judging', { open: false } satisfies Judging),
      });
  }

  /** `context.ip` is the trusted client address (see forwarded.ts). */
  override onAuth(client: Client, options: unknown, context?: AuthContext): Admission {
    const join = JoinOptionsSchema.safeParse(options);
    if (!join.success) throw new ServerError(ErrorCode.INVALID_PAYLOAD, describeZodError(join.error));
    const address = clientKey(context?.ip);
    const member = newMember(client.sessionId, join.data, address);
    if (this.lobby.isBanned(member, Date.now()))
      throw new ServerError(ErrorCode.AUTH_FAILED, REMOVED_MESSAGE);
    if (this.lobby.joinsAsSpectator(member.tokenHash, join.data.spectate) && this.lobby.spectatorsFull())
      throw new ServerError(ErrorCode.AUTH_FAILED, ROOM_FULL_OF_SPECTATORS);
    return { ...join.data, address, member };
  }

  override onJoin(client: Client, _options: unknown, auth: Admission): void {
    const { member } = auth;
    const phaseBefore = this.lobby.phase;
    this.lobby.join(member, auth.spectate);
    if (this.againstComputer !== null) {
      const level = this.againstComputer;
      this.againstComputer = null;
      this.lobby.seatComputersForCreator(member, level);
      if (this.lobby.startBlockerText() === null) this.startGame();
    }
    // A player coming back takes their seat back from a computer standing in.
    this.computers.sync(false);
    if (this.seatedInLobby(client, phaseBefore)) this.lobbyChangedBy(client);
    else this.roomChanged(client, true);
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
    this.roomChanged(client);
  }

  override onReconnect(client: Client): void {
    this.reconnections.delete(client.sessionId);
    this.lobby.setConnected(client.sessionId, true);
    this.out.forget(client.sessionId);
    this.roomChanged(client, true);
    this.out.gameTo(client);
  }

  override onLeave(client: Client): void {
    this.reconnections.delete(client.sessionId);
    const watching = this.watching(client);
    this.lobby.leave(client.sessionId);
    this.out.forget(client.sessionId);
    this.roomChanged(watching ? client : undefined);
  }

  /** The client watches (it holds no seat). */
  private watching(client: Client): boolean {
    return this.lobby.table.seatOfSession(client.sessionId) === null;
  }

  override async onDispose(): Promise<void> {
    // onCreate may have refused the options before the parts were built.
    (this.host as MatchHost | undefined)?.dispose();
    (this.computers as ComputerPlayers | undefined)?.dispose();
    this.race?.dispose();
    if (!this.handedOver) this.recorder?.closeRoom(null);
    if (liveRooms.get(this.code) === this) liveRooms.delete(this.code);
    if (this.holdsCode) await codeLeases().release(this.code);
  }

  /**
   * Cluster mode: writes this room's matchmaking listing again and answers the lookup. A stale copy of
   * the room on a process that froze and woke up shares its id, and removed the listing as it closed.
   */
  async relist(): Promise<RoomLookup | null> {
    if (this.handedOver) return null;
    await this.setMetadata(this.metadata);
    return this.lookup();
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
      host: BOOT_ID,
    };
  }

  private startGame(): void {
    const players = this.lobby.beginGame(this.host.gameNumber > 0);
    this.host.startGame(this.lobby.options, players);
    this.roomChanged();
    this.out.gameToAll();
    this.computers.sync(true);
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
    this.onMessage(
      'hint',
      this.guard((client, payload) => this.onHint(client, payload)),
    );
    // Unknown plain messages are dropped (they still cost rate-limit tokens). Unknown requests are
    // refused before they reach the room (frames.ts, whose REQUEST_TYPES lists the two above).
    this.onMessage('*', (client: Client) => {
      this.lobby.members.get(client.sessionId)?.bucket.take(Date.now());
    });
  }

  /** Rate limit and exception barrier around every request handler: the room never crashes. */
  private guard<R extends Reply | HintReply>(handler: (client: Client, payload: unknown) => R | Promise<R>) {
    return (client: Client, payload: unknown): R | Refusal | Promise<R | Refusal> => {
      const member = this.lobby.members.get(client.sessionId);
      if (!member) return refused('NOT_IN_ROOM', 'You are not in this room.');
      if (!member.bucket.take(Date.now()))
        return refused('RATE_LIMITED', 'Too many messages; slow down a little.');
      const failed = (error: unknown): Refusal => {
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
    return this.play(seat, intent.data, message.data.version, roundTrips.of(client.ref));
  }

  /**
   * A seat's intent (a person's, with its connection's round trip, or a computer's, with none): a
   * raced one waits in the race window, any other goes to the match at once.
   */
  private play(actor: number, intent: unknown, version: number | null, rttMs: number | null) {
    const move = { kind: 'seat', actor, intent, version } as const;
    if (this.race === null || this.latencyRace?.(intent) !== true)
      return this.host.submit({ ...move, now: this.host.now() });
    return this.race.offer(this.host.now(), rttMs, (timing) =>
      this.host.submit({ ...move, now: this.host.now(), timing } satisfies Transition),
    );
  }

  /**
   * A hint for the sender's own seat (rooms with hints on, games that have them, while the seat can
   * act): worked out in the computer players' worker from that seat's view and legal intents only,
   * and answered to the sender alone.
   */
  private onHint(client: Client, payload: unknown): HintReply | Promise<HintReply> {
    const request = HintRequestSchema.safeParse(payload ?? {});
    if (!request.success) return refused('MALFORMED', describeZodError(request.error));
    const refusal = this.hintRefusal(client);
    if (typeof refusal !== 'number') return refusal;
    const seat = refusal;
    const match = this.host.match;
    if (match === null) return refused('NO_GAME', 'No game is running.');
    const legal = this.game.actors(match.state).includes(seat)
      ? this.game.legalIntents(match.state, seat)
      : [];
    if (legal.length === 0) return refused('NOT_YOUR_TURN', 'A hint is for when it is your turn to act.');
    const view = this.game.view(match.state, seat);
    if (hintPosition(this.game.slug, view, legal) === null)
      return refused('NO_HINT', 'There is no hint for this moment of the game.');
    if (this.hinting.has(client.sessionId))
      return refused('HINT_PENDING', 'Your last hint is still being worked out.');
    this.hinting.add(client.sessionId);
    // Started in a promise so even a synchronous failure lands in `finally` (and the guard's catch).
    return Promise.resolve()
      .then(() => botPool.hint(this.game.slug, view, legal, request.data.reveal))
      .then((hint): HintReply =>
        hint === null
          ? refused('NO_HINT', 'There is no hint for this moment of the game.')
          : { ok: true, hint },
      )
      .finally(() => this.hinting.delete(client.sessionId));
  }

  /** Why this client gets no hint (hints off, no hints in this game, not seated, no game), or its seat. */
  private hintRefusal(client: Client): Refusal | number {
    const name = GAME_CATALOG.find((g) => g.slug === this.game.slug)?.name ?? this.game.slug;
    if (!GAMES_WITH_HINTS.has(this.game.slug)) return refused('NO_HINTS', `${name} has no hints.`);
    if (!this.lobby.hints)
      return refused('HINTS_OFF', 'Hints are off in this room; the host can turn them on in the lobby.');
    const seat = this.lobby.table.seatOfSession(client.sessionId);
    if (seat === null) return refused('NOT_A_PLAYER', 'Only seated players get hints.');
    if (this.lobby.phase !== 'playing') return refused('NO_GAME', 'No game is running.');
    return seat;
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
    // Renaming to the name one has changes nothing: no update, and it costs no rename.
    if (action.data.type === 'setName' && action.data.name === member.name) return accepted();
    const phaseBefore = this.lobby.phase;
    const reply = this.lobby.apply(member, action.data);
    if (!reply.ok) return reply;
    if (this.seatedInLobby(client, phaseBefore)) this.lobbyChangedBy(client);
    else this.roomChanged(action.data.type === 'setName' ? client : undefined);
    this.computers.sync(false);
    return reply;
  }
}
