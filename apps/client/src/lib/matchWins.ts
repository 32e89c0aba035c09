import type { RoomInfo } from '@cards/schema';

/** "Ana 1 · Ben 0": games won by each seated player across rematches in this room. */
export function matchWinsText(info: RoomInfo | null): string {
  return (info?.seats ?? [])
    .filter((s) => s.name !== null)
    .map((s) => `${s.name} ${info?.matchWins[s.seat] ?? 0}`)
    .join(' · ');
}
