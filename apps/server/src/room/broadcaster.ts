import { type Client, type Clock, type Delayed, getMessageBytes, Protocol } from '@colyseus/core';
import { type AnyGameModule, SPECTATOR } from '@cards/rules';
import type { GameUpdate, GameWireSchemas, HistoryDelta, SharedRoomInfo, You } from '@cards/schema';
import { hintPosition } from './computerPlayers.ts';
import type { Lobby } from './lobby.ts';
import type { AnyMatch, MatchHost } from './matchHost.ts';
import type { PublicRecord } from './history.ts';
import { type OwnFields, type SharedFields, SplicedUpdates } from './splicedUpdate.ts';

/** The part of a game update that is the same for every client of one broadcast. */
interface SharedUpdate {
  match: AnyMatch;
  actors: number[];
  timers: GameUpdate['timers'];
  history: HistoryDelta;
}

/** Spectators' comings, goings and renames within this window go out as one room update. */
export const ROOM_COALESCE_MS = 100;

/**
 * Sends the room's state out: the room info (lobby, seats, spectators) to everyone, and the game to
 * each client as its own seat's view (or the spectator view). Only `view()` output leaves the server.
 *
 * A room event costs O(N) for N clients: the shared room info is built and encoded once for the
 * whole room, each tab's own part ('you') goes only to the tabs whose part changed, and the
 * spectators' game update is encoded once per distinct list of spectator actions (once, for games
 * without any). Spectator churn is coalesced (roomSoon).
 */
export class Broadcaster {
  /**
   * The spectators' game update built and encoded once (true), or, as before, per spectator (false:
   * `pnpm bench abuse` compares both in one run; see abuseServer.ts).
   */
  static encodeSpectatorGameOnce = true;
  /**
   * What every seat's game update shares encoded once per broadcast and spliced into each seat's
   * message (true: the update's actors, timers, history and replayId, and the view's entries that are
   * the same object in every seat's view), or each seat's whole update encoded by `client.send`
   * (false). The same bytes either way; `pnpm bench room --compare splice-shared`.
   */
  static spliceShared = true;
  /** The 'you' each session was last sent, so that it is sent again only when it changes. */
  private readonly sentYou = new Map<string, string>();
  /** The room info last sent to everyone, encoded, and the sessions that have exactly these bytes. */
  private lastRoom: Buffer | null = null;
  private readonly hasLastRoom = new Set<string>();
  private pendingRoom: Delayed | null = null;
  /** When the room info last went to everyone (clock time, ms). */
  private lastToAllAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly game: AnyGameModule,
    private readonly wire: GameWireSchemas,
    private readonly lobby: Lobby,
    private readonly host: MatchHost,
    private readonly record: PublicRecord,
    private readonly clients: () => Iterable<Client>,
    private readonly code: () => string,
    private readonly clock: Clock,
    /** Whether the computer player in this seat is thinking. */
    private readonly thinking: (seat: number) => boolean = () => false,
  ) {}

  /** The room info to every client, now (a pending coalesced update goes with it). */
  roomToAll(): void {
    this.pendingRoom?.clear();
    this.pendingRoom = null;
    this.lastToAllAt = this.clock.currentTime;
    const bytes = this.encodeRoom();
    for (const client of this.clients()) this.roomTo(client, bytes);
  }

  /**
   * A seated player's join or lobby action changed the room: they get the room info at once, the
   * others too unless the room info went out less than ROOM_COALESCE_MS ago, in which case it goes
   * to them once within that window, with whatever else changes meanwhile. A lone change reaches
   * everyone at once as before; a table filling up (joins and ready clicks in quick succession)
   * costs each tab one room update per window instead of one per event.
   */
  roomFor(client: Client): void {
    if (this.pendingRoom === null && this.clock.currentTime - this.lastToAllAt >= ROOM_COALESCE_MS)
      return this.roomToAll();
    this.roomTo(client, this.encodeRoom());
    this.roomSoon();
  }

  /**
   * The room info, encoded once for the room. A client that has these very bytes already is not
   * sent them again (starting a game changed the room once but asked for it twice: the start, then
   * the lobby action; a coalesced update skips the tab whose action already sent it).
   */
  private encodeRoom(): Buffer {
    const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, 'room', this.sharedInfo());
    if (this.lastRoom === null || !this.lastRoom.equals(bytes)) {
      this.lastRoom = bytes;
      this.hasLastRoom.clear();
    }
    return bytes;
  }

  /** The client's own 'you' if it changed, then the room info unless it has these bytes. */
  private roomTo(client: Client, bytes: Buffer): void {
    this.youTo(client);
    if (this.hasLastRoom.has(client.sessionId)) return;
    this.hasLastRoom.add(client.sessionId);
    client.enqueueRaw(bytes);
  }

  /** The room info to every client within ROOM_COALESCE_MS, once however many events come. */
  roomSoon(): void {
    this.pendingRoom ??= this.clock.setTimeout(() => this.roomToAll(), ROOM_COALESCE_MS);
  }

  /** The room info to one client at once (a spectator who just came in), the others soon. */
  roomToNewcomer(client: Client): void {
    this.youTo(client);
    client.send('room', this.sharedInfo());
    this.roomSoon();
  }

  /** The session is gone (or reconnected): its 'you' is sent afresh next time. */
  forget(sessionId: string): void {
    this.sentYou.delete(sessionId);
    this.hasLastRoom.delete(sessionId);
  }

  private youTo(client: Client): void {
    const you: You = {
      seat: this.lobby.table.seatOfSession(client.sessionId),
      name: this.lobby.members.get(client.sessionId)?.name ?? '',
    };
    const key = JSON.stringify(you);
    if (this.sentYou.get(client.sessionId) === key) return;
    this.sentYou.set(client.sessionId, key);
    client.send('you', you);
  }

  sharedInfo(): SharedRoomInfo {
    const lobby = this.lobby;
    return {
      code: this.code(),
      game: this.game.slug,
      phase: lobby.phase,
      minPlayers: this.game.minPlayers,
      maxPlayers: this.game.maxPlayers,
      hostSeat: lobby.table.hostSeat,
      seats: lobby.table.info(this.thinking),
      spectators: lobby.spectators(),
      options: lobby.options,
      hints: lobby.hints,
      matchWins: [...lobby.table.matchWins],
      gameNumber: this.host.gameNumber,
      startBlocker: lobby.phase === 'lobby' ? lobby.startBlockerText() : null,
    };
  }

  /** Each seat gets its own view; never broadcast one seat's view to the room. */
  gameToAll(): void {
    const shared = this.shared(false);
    if (shared === null) return;
    let spectatorUpdate: GameUpdate | null = null;
    // One spectator view for all; only their legal actions are their own: encoded once per list.
    const encoded = new Map<string, Buffer>();
    const seated: { client: Client; own: OwnFields }[] = [];
    for (const client of this.clients()) {
      const seat = this.lobby.table.seatOfSession(client.sessionId);
      if (seat !== null && Broadcaster.spliceShared) {
        seated.push({ client, own: this.ownFields(shared, seat, client.sessionId) });
        continue;
      }
      if (seat !== null) {
        client.send('game', this.gameUpdate(shared, seat, client.sessionId));
        continue;
      }
      if (!Broadcaster.encodeSpectatorGameOnce) {
        client.send('game', this.gameUpdate(shared, null, client.sessionId));
        continue;
      }
      spectatorUpdate ??= this.gameUpdate(shared, null, null);
      const legal = this.spectatorLegal(client.sessionId);
      const key = legal.length === 0 ? '' : JSON.stringify(legal);
      let bytes = encoded.get(key);
      if (bytes === undefined) {
        bytes = getMessageBytes.raw(Protocol.ROOM_DATA, 'game', { ...spectatorUpdate, legal });
        encoded.set(key, bytes);
      }
      client.enqueueRaw(bytes);
    }
    if (seated.length === 0) return;
    // The view entries spliced are those all these seats' views share (the spectators' go apart).
    const views = seated.map(({ own }) => own.view);
    const spliced = new SplicedUpdates(this.sharedFields(shared), views);
    for (const { client, own } of seated) client.enqueueRaw(spliced.message(own));
  }

  /** The game to one client (after it joined or reconnected). */
  gameTo(client: Client): void {
    const shared = this.shared(true);
    if (shared === null) return;
    const seat = this.lobby.table.seatOfSession(client.sessionId);
    client.send('game', this.gameUpdate(shared, seat, client.sessionId));
  }

  /** What every client's update of one broadcast shares, worked out once for all of them. */
  private shared(allHistory: boolean): SharedUpdate | null {
    const match = this.host.match;
    if (match === null) return null;
    return {
      match,
      actors: [...this.game.actors(match.state)],
      timers: this.host.timerInfo(),
      history: this.record.delta(allHistory),
    };
  }

  /** One client's update: its own fields, then the shared ones (the order SplicedUpdates sends). */
  private gameUpdate(shared: SharedUpdate, seat: number | null, sessionId: string | null): GameUpdate {
    return { ...this.ownFields(shared, seat, sessionId), ...this.sharedFields(shared) };
  }

  /**
   * One client's own fields of its update. Only the seats that may act get legal intents (a seat that
   * may not act has none: the intent would be refused NOT_YOUR_TURN), so a change costs one
   * legalIntents per actor.
   */
  private ownFields(shared: SharedUpdate, seat: number | null, sessionId: string | null): OwnFields {
    const { match, actors } = shared;
    const playing = seat !== null && seat < match.players;
    let legal: unknown[] = [];
    if (playing) legal = actors.includes(seat) ? [...this.game.legalIntents(match.state, seat)] : [];
    else if (sessionId !== null) legal = this.spectatorLegal(sessionId);
    const view = this.game.view(match.state, playing ? seat : SPECTATOR);
    return {
      version: match.version,
      view,
      legal,
      ...(playing && this.lobby.hints ? { hint: hintPosition(this.game.slug, view, legal) } : {}),
    };
  }

  private sharedFields(shared: SharedUpdate): SharedFields {
    return {
      actors: shared.actors,
      timers: shared.timers,
      history: shared.history,
      replayId: this.record.replayId,
    };
  }

  private spectatorLegal(sessionId: string): unknown[] {
    const hooks = this.game.spectators;
    const match = this.host.match;
    const id = this.lobby.members.get(sessionId)?.spectatorId;
    if (!match || hooks === undefined || this.wire.spectatorIntent === undefined || id === undefined)
      return [];
    if (this.game.outcome(match.state) !== null) return [];
    return [...hooks.legalIntents(match.state, id)];
  }
}
