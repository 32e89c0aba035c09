import type { ComputerLevel, SeatInfo } from '@cards/schema';

export interface Occupant {
  /** Hash of the player's per-tab secret (secretHash); whoever presents the secret owns the seat. */
  tokenHash: string;
  /** Hash of the player's per-browser secret, if the client sent one (kick bans it). */
  browserHash: string | null;
  name: string;
  ready: boolean;
  /** After a game: the player accepted the rematch. */
  rematch: boolean;
  /** The Colyseus session holding the seat; null once the player has left for good. */
  sessionId: string | null;
  connected: boolean;
  /**
   * A computer player plays the seat, at this level. Added in the lobby it has a token nobody holds;
   * standing in for a player who left a game it keeps their token, so they can take the seat back.
   */
  computer: ComputerLevel | null;
}

/** A person who left for good (a computer player standing in is not gone). */
export const isGone = (o: Occupant): boolean => o.sessionId === null && o.computer === null;
/** A person still here, or a computer player. */
export const isPresent = (o: Occupant): boolean => !isGone(o);

/** The seats of one room, the host and the running score across rematches. */
export class SeatTable {
  readonly seats: (Occupant | null)[];
  readonly matchWins: number[];
  hostSeat: number | null = null;

  constructor(size: number) {
    this.seats = Array.from({ length: size }, () => null);
    this.matchWins = Array.from({ length: size }, () => 0);
  }

  seatOfSession(sessionId: string): number | null {
    const index = this.seats.findIndex((o) => o?.sessionId === sessionId);
    return index === -1 ? null : index;
  }

  seatOfToken(tokenHash: string): number | null {
    const index = this.seats.findIndex((o) => o?.tokenHash === tokenHash);
    return index === -1 ? null : index;
  }

  occupant(seat: number): Occupant | null {
    return this.seats[seat] ?? null;
  }

  firstFree(): number | null {
    const index = this.seats.indexOf(null);
    return index === -1 ? null : index;
  }

  occupiedCount(): number {
    return this.seats.filter((o) => o !== null).length;
  }

  occupants(): Occupant[] {
    return this.seats.filter((o): o is Occupant => o !== null);
  }

  occupy(seat: number, occupant: Occupant): void {
    this.seats[seat] = occupant;
    this.reassignHost();
  }

  free(seat: number): void {
    this.seats[seat] = null;
    this.matchWins[seat] = 0;
    this.reassignHost();
  }

  /** Everyone agrees afresh: clears ready flags and rematch acceptances. */
  resetReady(): void {
    for (const o of this.occupants()) {
      o.ready = false;
      o.rematch = false;
    }
  }

  /** Moves occupants to seats 0..n-1 (game seats are contiguous), keeping order, wins and host. */
  compact(): void {
    const order = this.seats.map((o, seat) => ({ o, seat })).filter((e) => e.o !== null);
    const wins = order.map((e) => this.matchWins[e.seat] ?? 0);
    const host = this.hostSeat === null ? -1 : order.findIndex((e) => e.seat === this.hostSeat);
    this.seats.fill(null);
    this.matchWins.fill(0);
    order.forEach((e, i) => {
      this.seats[i] = e.o;
      this.matchWins[i] = wins[i] ?? 0;
    });
    this.hostSeat = host === -1 ? null : host;
    this.reassignHost();
  }

  /**
   * The next game's seats: everyone moves one seat down (seat 1 to 0, seat 0 to the last), so the
   * dealer or first player, whichever seat the game gives it to, passes to the next player. Call after
   * compact(); wins and the host move with their players.
   */
  rotate(): void {
    const count = this.occupiedCount();
    if (count < 2) return;
    const occupants = this.seats.slice(0, count);
    const wins = this.matchWins.slice(0, count);
    for (let i = 0; i < count; i++) {
      this.seats[i] = occupants[(i + 1) % count] ?? null;
      this.matchWins[i] = wins[(i + 1) % count] ?? 0;
    }
    if (this.hostSeat !== null && this.hostSeat < count) this.hostSeat = (this.hostSeat - 1 + count) % count;
  }

  /** The host keeps the role while present; otherwise it passes to the first present player. */
  reassignHost(): void {
    const present = (seat: number | null) => seat !== null && (this.seats[seat]?.sessionId ?? null) !== null;
    if (present(this.hostSeat)) return;
    const next = this.seats.findIndex((o) => o !== null && o.sessionId !== null);
    if (next !== -1) this.hostSeat = next;
    else if (this.hostSeat === null || this.seats[this.hostSeat] === null)
      this.hostSeat = this.firstOccupied();
  }

  info(thinking: (seat: number) => boolean = () => false): SeatInfo[] {
    return this.seats.map((o, seat) => ({
      seat,
      name: o?.name ?? null,
      connected: o === null ? false : o.computer !== null || o.connected,
      ready: o?.ready ?? false,
      left: o !== null && isGone(o),
      rematch: o?.rematch ?? false,
      computer: o?.computer ?? null,
      thinking: o?.computer != null && thinking(seat),
    }));
  }

  private firstOccupied(): number | null {
    const index = this.seats.findIndex((o) => o !== null);
    return index === -1 ? null : index;
  }
}
