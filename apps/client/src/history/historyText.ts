/** A history text with its `{p0}`, `{p1}`… replaced by the players' names (or "Player N"). */
export function historyText(text: string, names: readonly (string | null | undefined)[]): string {
  return text.replace(
    /\{p(\d+)\}/g,
    (_all, seat: string) => names[Number(seat)] ?? `Player ${Number(seat) + 1}`,
  );
}
