import { describe, expect, it } from 'vitest';
import { type Occupant, SeatTable } from '../src/room/seats.ts';

const person = (name: string, sessionId: string | null = name): Occupant => ({
  tokenHash: `token-of-${name}`,
  browserHash: null,
  name,
  ready: false,
  rematch: false,
  sessionId,
  connected: sessionId !== null,
  computer: null,
});

describe('SeatTable', () => {
  it('makes the first seated player host and passes the role to the next present player', () => {
    const t = new SeatTable(4);
    t.occupy(2, person('C'));
    expect(t.hostSeat).toBe(2);
    t.occupy(0, person('A'));
    expect(t.hostSeat).toBe(2);
    t.free(2);
    expect(t.hostSeat).toBe(0);
    t.occupy(1, person('B'));
    t.occupant(0)!.sessionId = null;
    t.reassignHost();
    expect(t.hostSeat).toBe(1);
  });

  it('rotates the seats for the next game: seat 1 becomes seat 0, wins and host move along', () => {
    const t = new SeatTable(4);
    t.occupy(0, person('A'));
    t.occupy(1, person('B'));
    t.occupy(2, person('C'));
    t.matchWins[0] = 1;
    t.matchWins[2] = 3;
    t.rotate();
    expect(t.seats.map((o) => o?.name ?? null)).toEqual(['B', 'C', 'A', null]);
    expect(t.matchWins).toEqual([0, 3, 1, 0]);
    expect(t.hostSeat).toBe(2);
    expect(t.seatOfSession('A')).toBe(2);
    t.rotate();
    t.rotate();
    expect(t.seats.map((o) => o?.name ?? null)).toEqual(['A', 'B', 'C', null]);
    expect(t.hostSeat).toBe(0);
  });

  it('compacts seats to 0..n-1 keeping order, wins and host', () => {
    const t = new SeatTable(4);
    t.occupy(1, person('B'));
    t.occupy(3, person('D'));
    t.matchWins[3] = 2;
    t.compact();
    expect(t.seats.map((o) => o?.name ?? null)).toEqual(['B', 'D', null, null]);
    expect(t.matchWins).toEqual([0, 2, 0, 0]);
    expect(t.hostSeat).toBe(0);
    expect(t.seatOfToken('token-of-D')).toBe(1);
    expect(t.seatOfSession('D')).toBe(1);
  });

  it('resets the wins of a freed seat', () => {
    const t = new SeatTable(2);
    t.occupy(0, person('A'));
    t.occupy(1, person('B'));
    t.matchWins[1] = 3;
    t.free(1);
    expect(t.matchWins).toEqual([0, 0]);
    expect(t.firstFree()).toBe(1);
  });
});
