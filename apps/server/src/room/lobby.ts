import type { z } from 'zod';
import type { AnyGameModule } from '@cards/rules';
import {
  CloseCodes,
  type ComputerLevel,
  GAMES_WITH_HINTS,
  type LobbyAction,
  MAX_NAME_LENGTH,
  type Notice,
  type Reply,
  type RoomPhase,
} from '@cards/schema';
import { AddressBans } from './addressBans.ts';
import type { RoomSnapshot } from '../store/tableStore.ts';
import type { Member } from './members.ts';
import { nameKey } from './names.ts';
import { accepted, describeZodError, refused } from './replies.ts';
import { randomBytes } from 'node:crypto';
import { isGone, isPresent, type Occupant, SeatTable } from './seats.ts';

const LEVEL_NAMES: Readonly<Record<ComputerLevel, string>> = { easy: 'Easy', normal: 'Normal', hard: 'Hard' };

/** Session id prefix of a seat restored after a restart whose player has not come back yet. */
const RESTORED_SESSION = 'restored:';

export const REMOVED_MESSAGE = 'The host removed you from this room.';
export const REMOVED_NO_BAN_MESSAGE =
  'The host took you out of the room. You may come back to watch or play.';

/** Spectators one room takes: enough for a class watching, few enough that no room can cost others. */
export const MAX_SPECTATORS = 50;
export const ROOM_FULL_OF_SPECTATORS = `This room already has ${MAX_SPECTATORS} spectators, as many as it takes.`;

/** What the lobby asks of the rest of the room. */
export interface LobbyEffects {
  /** Disconnects a session (or cancels its pending reconnection) with a notice; seats are not touched. */
  disconnect(sessionId: string, closeCode: number, notice: Notice): void;
  /** A notice to everyone in the room. */
  notifyAll(notice: Notice): void;
  /** The host started a game or a rematch was agreed: start one (see beginGame). */
  startGame(): void;
  /** The running or finished game is dropped (back to the lobby). */
  stopGame(): void;
}

/**
 * The seat table and lobby of one room: who is in it (members), who sits where, the host, names,
 * ready flags, game options, bans, kicks, rematch offers and the room's phase. It knows nothing of
 * the match beyond its phase; starting and stopping games goes through LobbyEffects.
 */
export class Lobby {
  readonly table: SeatTable;
  readonly members = new Map<string, Member>();
  /** Removed by the host: these tokens and browsers may not enter the room again (not even to watch). */
  readonly bannedTokens = new Set<string>();
  readonly bannedBrowsers = new Set<string>();
  /** …and, for a while, their address (a fresh token and browser id are only a storage-clear away). */
  readonly bannedAddresses = new AddressBans();
  phase: RoomPhase = 'lobby';
  /** Players may ask for hints (the host's room option). */
  hints = false;

  constructor(
    private readonly game: AnyGameModule,
    /** The game's options schema, refusing unknown keys. */
    private readonly optionsSchema: z.ZodType,
    public options: unknown,
    private readonly effects: LobbyEffects,
  ) {
    this.table = new SeatTable(game.maxPlayers);
  }

  /** A player who already holds a seat (same token) may come back even from a banned address. */
  isBanned(member: Pick<Member, 'tokenHash' | 'browserHash' | 'address'>, now: number): boolean {
    const { tokenHash, browserHash } = member;
    if (this.bannedTokens.has(tokenHash) || (browserHash !== null && this.bannedBrowsers.has(browserHash)))
      return true;
    return this.table.seatOfToken(tokenHash) === null && this.bannedAddresses.has(member.address, now);
  }

  /** A tab with this token would join as a spectator (it has no seat and will not get one). */
  joinsAsSpectator(tokenHash: string, spectate: boolean): boolean {
    if (this.table.seatOfToken(tokenHash) !== null) return false;
    return spectate || this.phase !== 'lobby' || this.table.firstFree() === null;
  }

  /** The room cannot take another spectator. */
  spectatorsFull(): boolean {
    let count = 0;
    for (const m of this.members.values())
      if (!m.departing && this.table.seatOfSession(m.sessionId) === null) count += 1;
    return count >= MAX_SPECTATORS;
  }

  /** Live members not in a seat, as the room info lists them. */
  spectators(): { id: string; name: string }[] {
    return [...this.members.values()]
      .filter((m) => !m.departing && this.table.seatOfSession(m.sessionId) === null)
      .map((m) => ({ id: m.spectatorId, name: m.name }));
  }

  // ---- stored and restored --------------------------------------------------------------------

  /** What the store keeps of the lobby (the rest of RoomSnapshot comes from the other parts). */
  snapshot(): Pick<
    RoomSnapshot,
    'options' | 'hints' | 'phase' | 'hostSeat' | 'seats' | 'matchWins' | 'bannedTokens' | 'bannedBrowsers'
  > {
    return {
      options: this.options,
      hints: this.hints,
      phase: this.phase,
      hostSeat: this.table.hostSeat,
      seats: this.table.seats.map((o) =>
        o === null
          ? null
          : {
              name: o.name,
              tokenHash: o.tokenHash,
              browserHash: o.browserHash,
              ready: o.ready,
              rematch: o.rematch,
              left: o.sessionId === null,
              computer: o.computer,
            },
      ),
      matchWins: [...this.table.matchWins],
      bannedTokens: [...this.bannedTokens],
      bannedBrowsers: [...this.bannedBrowsers],
    };
  }

  /**
   * Takes up a stored lobby after a restart. Players who had not left hold their seats under a
   * placeholder session, disconnected, as if within their reconnection window; they take them back
   * by token (join), and `expireRestored` releases the seats nobody came back to.
   */
  restore(snapshot: RoomSnapshot): void {
    this.options = snapshot.options;
    this.hints = snapshot.hints ?? false;
    this.phase = snapshot.phase;
    snapshot.seats.forEach((seat, i) => {
      this.table.seats[i] =
        seat === null
          ? null
          : {
              name: seat.name,
              tokenHash: seat.tokenHash,
              browserHash: seat.browserHash,
              ready: seat.ready,
              rematch: seat.rematch,
              sessionId: seat.left ? null : `${RESTORED_SESSION}${i}`,
              connected: false,
              computer: seat.computer ?? null,
            };
      this.table.matchWins[i] = snapshot.matchWins[i] ?? 0;
    });
    this.table.hostSeat = snapshot.hostSeat;
    for (const hash of snapshot.bannedTokens) this.bannedTokens.add(hash);
    for (const hash of snapshot.bannedBrowsers) this.bannedBrowsers.add(hash);
  }

  /** The grace period after a restart is over: seats nobody came back to are released. */
  expireRestored(): void {
    for (const o of this.table.occupants())
      if (o.sessionId?.startsWith(RESTORED_SESSION) === true) this.releaseSeat(o.sessionId);
  }

  // ---- joining and leaving -------------------------------------------------------------------

  /** A new tab: takes back its seat (same token), or a free lobby seat unless it came to watch. */
  join(member: Member, spectate: boolean): void {
    // Nobody in the room, player or spectator, may look like someone else ("Ana 2" instead).
    member.name = this.distinctName(member.name, member);
    this.members.set(member.sessionId, member);
    const owned = this.table.seatOfToken(member.tokenHash);
    if (owned !== null) return this.takeBackSeat(owned, member);
    const free = this.table.firstFree();
    if (this.phase !== 'lobby' || spectate || free === null) return;
    this.table.occupy(free, this.newOccupant(member));
  }

  /** The session is gone for good (left, or its reconnection window ran out). */
  leave(sessionId: string): void {
    const member = this.members.get(sessionId);
    this.members.delete(sessionId);
    if (!member || member.departing) return;
    this.releaseSeat(sessionId);
  }

  setConnected(sessionId: string, connected: boolean): void {
    const seat = this.table.seatOfSession(sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (occupant) occupant.connected = connected;
  }

  private newOccupant(member: Member): Occupant {
    // Two players called the same would make "Waiting for Ana" and the score sheet ambiguous.
    member.name = this.distinctName(member.name, member);
    return {
      tokenHash: member.tokenHash,
      browserHash: member.browserHash,
      name: member.name,
      ready: false,
      rematch: false,
      sessionId: member.sessionId,
      connected: true,
      computer: null,
    };
  }

  /** A reloaded tab or a new tab with the same token takes the seat over from the old session. */
  private takeBackSeat(seat: number, member: Member): void {
    const occupant = this.table.occupant(seat);
    if (!occupant) return;
    const previous = occupant.sessionId;
    occupant.sessionId = member.sessionId;
    occupant.connected = true;
    // A computer player standing in for them gives the seat back.
    occupant.computer = null;
    occupant.name = this.distinctName(member.name, member);
    member.name = occupant.name;
    occupant.browserHash = member.browserHash ?? occupant.browserHash;
    if (previous !== null && previous !== member.sessionId && !previous.startsWith(RESTORED_SESSION))
      this.evict(previous, CloseCodes.replaced, {
        kind: 'info',
        text: 'You opened this room in another tab; this one was disconnected.',
      });
    this.table.reassignHost();
  }

  private evict(sessionId: string, closeCode: number, notice: Notice): void {
    const member = this.members.get(sessionId);
    if (member) member.departing = true;
    this.effects.disconnect(sessionId, closeCode, notice);
  }

  private releaseSeat(sessionId: string): void {
    const seat = this.table.seatOfSession(sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (seat === null || !occupant) return;
    if (this.phase === 'lobby') {
      this.table.free(seat);
      return;
    }
    // During a game the seat stays in it, and after one the score sheet stays up for the others:
    // its owner can come back with the same token. A rematch goes on without them.
    occupant.sessionId = null;
    occupant.connected = false;
    occupant.rematch = false;
    this.table.reassignHost();
    if (this.phase === 'finished') this.startRematchIfAgreed();
  }

  // ---- the phase -----------------------------------------------------------------------------

  /**
   * A game starts: seats close up to 0..n-1 and everyone agrees afresh next time. After an earlier
   * game in this room the seats rotate, so the dealer / first player changes. Returns the players.
   */
  beginGame(rotate: boolean): number {
    this.table.compact();
    if (rotate) this.table.rotate();
    const players = this.table.occupiedCount();
    this.phase = 'playing';
    this.table.resetReady();
    return players;
  }

  /** The game reached its outcome: the winners score a game won. */
  finishGame(winners: readonly number[]): void {
    this.phase = 'finished';
    for (const seat of winners) this.table.matchWins[seat] = (this.table.matchWins[seat] ?? 0) + 1;
  }

  private backToLobby(): void {
    this.phase = 'lobby';
    this.effects.stopGame();
    this.table.resetReady();
  }

  private startGame(): void {
    this.effects.startGame();
  }

  // ---- lobby actions -------------------------------------------------------------------------

  apply(member: Member, action: LobbyAction): Reply {
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
        return this.kick(member, action.seat, action.ban ?? true);
      case 'rematch':
        return this.rematch(member, action.accept ?? true);
      case 'removeSpectator':
        return this.removeSpectator(member, action.id, action.ban ?? true);
      case 'toLobby':
        return this.toLobby(member);
      case 'sit':
        return this.sit(member);
      case 'stand':
        return this.stand(member);
      case 'endGame':
        return this.endGame(member);
      case 'addComputer':
        return this.addComputer(member, action.level, action.seat);
      case 'removeComputer':
        return this.removeComputer(member, action.seat);
      case 'replaceWithComputer':
        return this.replaceWithComputer(member, action.seat, action.level);
      case 'setHints':
        return this.setHints(member, action.on);
    }
  }

  private setName(member: Member, name: string): Reply {
    const seat = this.table.seatOfSession(member.sessionId);
    const occupant = seat === null ? null : this.table.occupant(seat);
    if (!member.renames.take(Date.now()))
      return refused('RATE_LIMITED', 'You changed your name a lot just now; wait a few seconds.');
    if (this.nameTaken(name, member))
      return refused(
        'NAME_TAKEN',
        `Someone here is already called ${name} (or a name that looks the same); pick another name.`,
        { name },
      );
    member.name = name;
    if (occupant) occupant.name = name;
    return accepted();
  }

  /**
   * Someone else in the room (a player, one who left the game, or a spectator) has a name that
   * looks the same (see names.ts). The member's own seat and other tabs of theirs do not count.
   */
  private nameTaken(name: string, self: Pick<Member, 'tokenHash'>): boolean {
    // A seated member is both an occupant and a member: each distinct name is folded once.
    const others = new Set<string>();
    for (const o of this.table.occupants()) if (o.tokenHash !== self.tokenHash) others.add(o.name);
    for (const m of this.members.values())
      if (!m.departing && m.tokenHash !== self.tokenHash) others.add(m.name);
    const key = nameKey(name);
    for (const other of others) if (nameKey(other) === key) return true;
    return false;
  }

  /** The name, or the name with the first free number after it ("Ana 2") if someone has it. */
  private distinctName(name: string, self: Pick<Member, 'tokenHash'>): string {
    if (!this.nameTaken(name, self)) return name;
    for (let n = 2; ; n++) {
      const suffix = ` ${n}`;
      const candidate = name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd() + suffix;
      if (!this.nameTaken(candidate, self)) return candidate;
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
    this.options = options.data;
    // Everyone agrees again to the new settings.
    this.table.resetReady();
    return accepted();
  }

  private setHints(member: Member, on: boolean): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    if (!GAMES_WITH_HINTS.has(this.game.slug)) return refused('NO_HINTS', 'This game has no hints.');
    this.hints = on;
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

  /** Why the host cannot start yet, as shown in the lobby; null when they can. */
  startBlockerText(): string | null {
    const blocker = this.startBlocker();
    return blocker !== null && !blocker.ok ? blocker.error.message : null;
  }

  /** Why the host cannot start yet (the host need not be ready), or null. */
  private startBlocker(): Reply | null {
    const enough = this.requireEnoughPlayers();
    if (enough) return enough;
    const waiting = this.table.seats.flatMap((o, seat) =>
      o !== null && !o.ready && o.computer === null && seat !== this.table.hostSeat ? [seat] : [],
    );
    if (waiting.length === 0) return null;
    const names = waiting.map((seat) => this.table.occupant(seat)?.name ?? `Seat ${seat + 1}`);
    return refused('NOT_READY', `Waiting for ${names.join(', ')} to be ready.`, { seats: waiting });
  }

  private kick(member: Member, seat: number, ban: boolean): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    const occupant = this.table.occupant(seat);
    if (!occupant) return refused('NO_SUCH_SEAT', 'Nobody sits in that seat.', { seat });
    if (seat === this.table.hostSeat) return refused('CANNOT_KICK_HOST', 'The host cannot kick themselves.');
    this.table.free(seat);
    if (ban) this.banAndEvict(member, occupant.tokenHash, occupant.browserHash, occupant.sessionId);
    else this.removeWithoutBan(member, occupant.tokenHash);
    return accepted();
  }

  /** The host removes a spectator, banned (as a kicked player) or free to come back. Any phase. */
  private removeSpectator(member: Member, id: string, ban: boolean): Reply {
    const refusal = this.requireHost(member);
    if (refusal) return refusal;
    const target = [...this.members.values()].find(
      (m) => m.spectatorId === id && !m.departing && this.table.seatOfSession(m.sessionId) === null,
    );
    if (!target) return refused('NO_SUCH_SPECTATOR', 'That spectator is no longer watching.');
    if (ban) this.banAndEvict(member, target.tokenHash, target.browserHash, target.sessionId);
    else this.removeWithoutBan(member, target.tokenHash);
    return accepted();
  }

  /** "Remove" without a ban: the person's tabs are disconnected, told they may come back. */
  private removeWithoutBan(host: Member, tokenHash: string): void {
    for (const m of [...this.members.values()]) {
      if (m.departing || m === host || m.tokenHash !== tokenHash) continue;
      this.evict(m.sessionId, CloseCodes.removed, { kind: 'kicked', text: REMOVED_NO_BAN_MESSAGE });
    }
  }

  /** After a game the host takes everyone back to the lobby, seats kept, to change the options. */
  private toLobby(member: Member): Reply {
    if (this.phase !== 'finished') return refused('WRONG_PHASE', 'Back to the lobby is for a finished game.');
    const refusal = this.requireHost(member);
    if (refusal) return refusal;
    this.freeLeftSeats();
    this.backToLobby();
    this.effects.notifyAll({ kind: 'info', text: `${member.name} took the room back to the lobby.` });
    return accepted();
  }

  /**
   * Keeps a removed person out: bans their token and their browser (so a new tab, or reopening the
   * link, cannot come back, not even to watch) and disconnects every tab of theirs. The host's own
   * browser is never banned (a host testing with two tabs removes only the other tab).
   */
  private banAndEvict(
    host: Member,
    tokenHash: string,
    browserHash: string | null,
    sessionId: string | null,
  ): void {
    this.bannedTokens.add(tokenHash);
    const banBrowser = browserHash !== null && browserHash !== host.browserHash;
    if (banBrowser) this.bannedBrowsers.add(browserHash);
    // Not the host's own address (a household behind one router would lock itself out).
    const address = sessionId === null ? undefined : this.members.get(sessionId)?.address;
    if (address !== undefined && address !== host.address) this.bannedAddresses.add(address, Date.now());
    const gone = (m: Member) =>
      m.sessionId === sessionId || m.tokenHash === tokenHash || (banBrowser && m.browserHash === browserHash);
    for (const m of [...this.members.values()]) {
      if (m.departing || m === host || !gone(m)) continue;
      const seat = this.table.seatOfSession(m.sessionId);
      // A second seat of the same browser goes too, but never a seat in a running game.
      if (seat !== null) {
        if (this.phase !== 'lobby') continue;
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
    if (this.phase !== 'finished') return refused('WRONG_PHASE', 'A rematch needs a finished game.');
    const refusal = this.requireSeat(member);
    if (refusal) return refusal;
    if (accept && this.presentPlayers().length < this.game.minPlayers) {
      const names = this.leftNames();
      this.freeLeftSeats();
      this.backToLobby();
      this.effects.notifyAll({
        kind: 'info',
        text: `${names.join(' and ') || 'A player'} left, so ${member.name} took the room back to the lobby to wait for players.`,
      });
      return accepted();
    }
    const occupant = this.table.occupant(this.table.seatOfSession(member.sessionId) ?? -1);
    if (occupant) occupant.rematch = accept;
    this.startRematchIfAgreed();
    return accepted();
  }

  /** Players still here and computer players (who always take a rematch). */
  private presentPlayers(): Occupant[] {
    return this.table.occupants().filter(isPresent);
  }

  private leftNames(): string[] {
    return this.table.occupants().flatMap((o) => (isGone(o) ? [o.name] : []));
  }

  private freeLeftSeats(): void {
    this.table.seats.forEach((o, seat) => {
      if (o !== null && isGone(o)) this.table.free(seat);
    });
  }

  private startRematchIfAgreed(): void {
    const present = this.presentPlayers();
    const people = present.filter((o) => o.computer === null);
    if (present.length < this.game.minPlayers || people.length === 0 || !people.every((o) => o.rematch))
      return;
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
    if (this.phase !== 'playing') return refused('WRONG_PHASE', 'No game is running.');
    const gone = this.table.seats.flatMap((o, seat) => (o !== null && isGone(o) ? [seat] : []));
    if (gone.length === 0)
      return refused('PLAYERS_PRESENT', 'You can end the game only after a player has left it.');
    const names = gone.map((seat) => this.table.occupant(seat)?.name ?? `Seat ${seat + 1}`);
    for (const seat of gone) this.table.free(seat);
    this.backToLobby();
    this.effects.notifyAll({
      kind: 'info',
      text: `${member.name} ended the game: ${names.join(', ')} left.`,
    });
    return accepted();
  }

  // ---- computer players ----------------------------------------------------------------------

  /**
   * "Play against the computer": computer players of `level` fill the table up to three players (or
   * the game's only size) beside the creator, who then starts at once, with hints on.
   */
  seatComputersForCreator(member: Member, level: ComputerLevel): void {
    this.hints = GAMES_WITH_HINTS.has(this.game.slug);
    const players = Math.min(this.game.maxPlayers, Math.max(this.game.minPlayers, 3));
    while (this.table.occupiedCount() < players && this.addComputer(member, level, undefined).ok);
  }

  /** The host seats a computer player in a free seat of the lobby. */
  private addComputer(member: Member, level: ComputerLevel, wanted: number | undefined): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    const seat = wanted ?? this.table.firstFree();
    if (seat === null || seat >= this.table.seats.length || this.table.occupant(seat) !== null)
      return refused('NO_FREE_SEAT', 'There is no free seat for a computer player.', { seat });
    const tokenHash = `computer:${randomBytes(12).toString('hex')}`;
    const name = this.distinctName(`Computer (${LEVEL_NAMES[level]})`, { tokenHash });
    this.table.occupy(seat, {
      tokenHash,
      browserHash: null,
      name,
      ready: true,
      rematch: true,
      sessionId: null,
      connected: true,
      computer: level,
    });
    return accepted();
  }

  private removeComputer(member: Member, seat: number): Reply {
    const refusal = this.requireLobby() ?? this.requireHost(member);
    if (refusal) return refusal;
    if (this.table.occupant(seat)?.computer == null)
      return refused('NOT_A_COMPUTER', 'No computer player sits in that seat.', { seat });
    this.table.free(seat);
    return accepted();
  }

  /** A player left the game for good: a computer player takes their seat until they come back. */
  private replaceWithComputer(member: Member, seat: number, level: ComputerLevel): Reply {
    const refusal = this.requireSeat(member);
    if (refusal) return refusal;
    if (this.phase !== 'playing') return refused('WRONG_PHASE', 'No game is running.');
    const occupant = this.table.occupant(seat);
    if (occupant === null || !isGone(occupant))
      return refused('PLAYER_PRESENT', 'Only the seat of a player who left can be handed to the computer.', {
        seat,
      });
    occupant.computer = level;
    this.effects.notifyAll({
      kind: 'info',
      text: `${member.name} handed ${occupant.name}'s seat to a computer player; ${occupant.name} can take it back by coming back.`,
    });
    return accepted();
  }

  private requireLobby(): Reply | null {
    return this.phase === 'lobby' ? null : refused('WRONG_PHASE', 'That is only possible in the lobby.');
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
}
