/**
 * What was typed or pasted into the code box, as a room path: a five-letter code ("abcde") or an
 * invite link ("https://…/r/ABCDE", "…/r/ABCDE?watch=1"). Null when it is neither.
 */
export function roomPathFrom(input: string): { code: string; watch: boolean } | null {
  const text = input.trim();
  const link = /\/r\/([A-Za-z]{5})(?:[/?#]|$)/.exec(text);
  if (link?.[1]) return { code: link[1].toUpperCase(), watch: /[?&]watch=1\b/.test(text) };
  if (/^[A-Za-z]{5}$/.test(text)) return { code: text.toUpperCase(), watch: false };
  return null;
}
