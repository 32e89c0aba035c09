import type { Client } from '@colyseus/core';
import { type AnyGameModule, SPECTATOR } from '@cards/rules';
import type { GameUpdate, GameWireSchemas, HistoryDelta, RoomInfo } from '@cards/schema';
import type { Lobby } from './lobby.ts';
import type { AnyMatch, MatchHost } from './matchHost.ts';
import type { PublicRecord } from './history.ts';

/**
 * Sends the room's state out: the room info (lobby, seats, spectators) to everyone, and the game to
 * each client as its own seat's view (or the spectator view). Only `view()` output leaves the server.
 */
export class Broadcaster {
  constructor(
    private readonly game: AnyGameModule,
    private readonly wire: GameWireSchemas,
    private readonly lobby: Lobby,
    private readonly host: MatchHost,
    private readonly record: PublicRecord,
    private readonly clients: () => Iterable<Client>,
    private readonly code: () => string,
  ) {}

  /** The room info to every client. */
  roomToAll(): void {
    for (const client of this.clients()) client.send('room', this.roomInfo(client.sessionId));
  }

  roomInfo(sessionId: string): RoomInfo {
    const lobby = this.lobby;
    return {
      code: this.code(),
      game: this.game.slug,
      phase: lobby.phase,
      minPlayers: this.game.minPlayers,
      maxPlayers: this.game.maxPlayers,
      hostSeat: lobby.table.hostSeat,
      seats: lobby.table.info(),
      spectators: lobby.spectators(),
      options: lobby.options,
      matchWins: [...lobby.table.matchWins],
      gameNumber: this.host.gameNumber,
      startBlocker: lobby.phase === 'lobby' ? lobby.startBlockerText() : null,
      you: {
        seat: lobby.table.seatOfSession(sessionId),
        name: lobby.members.get(sessionId)?.name ?? '',
      },
    };
  }

  /** Each seat gets its own view; never broadcast one seat's view to the room. */
  gameToAll(): void {
    if (!this.host.match) return;
    const history = this.record.delta(false);
    let spectatorUpdate: GameUpdate | null = null;
    for (const client of this.clients()) {
      const seat = this.lobby.table.seatOfSession(client.sessionId);
      if (seat !== null) client.send('game', this.gameUpdate(seat, client.sessionId, history));
      else {
        // One spectator view for all; only their legal actions are their own.
        spectatorUpdate ??= this.gameUpdate(null, null, history);
        client.send('game', { ...spectatorUpdate, legal: this.spectatorLegal(client.sessionId) });
      }
    }
  }

  /** The game to one client (after it joined or reconnected). */
  gameTo(client: Client): void {
    if (!this.host.match) return;
    const seat = this.lobby.table.seatOfSession(client.sessionId);
    client.send('game', this.gameUpdate(seat, client.sessionId, this.record.delta(true)));
  }

  private gameUpdate(seat: number | null, sessionId: string | null, history: HistoryDelta): GameUpdate {
    const match = this.host.match as AnyMatch;
    const playing = seat !== null && seat < match.players;
    let legal: unknown[] = [];
    if (playing) legal = [...this.game.legalIntents(match.state, seat)];
    else if (sessionId !== null) legal = this.spectatorLegal(sessionId);
    return {
      version: match.version,
      view: this.game.view(match.state, playing ? seat : SPECTATOR),
      legal,
      actors: [...this.game.actors(match.state)],
      timers: this.host.timerInfo(),
      history,
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
