import type { RoomInfo } from '@cards/schema';

/** The seat's player name, or `fallback` ("Player 2") while the room has none for it. */
export function seatName(info: RoomInfo | null, seat: number, fallback = `Player ${seat + 1}`): string {
  return info?.seats.find((s) => s.seat === seat)?.name ?? fallback;
}
