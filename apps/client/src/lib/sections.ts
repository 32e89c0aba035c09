const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * The Markdown source without the sections whose heading matches `drop`: a dropped section runs from
 * its heading to the next heading of the same or a higher level. Lines in fenced code are never headings.
 */
export function withoutSections(source: string, drop: RegExp): string {
  const kept: string[] = [];
  let fenced = false;
  let skipping: number | null = null;
  for (const line of source.split('\n')) {
    const fence = FENCE.test(line);
    const heading = fenced || fence ? null : HEADING.exec(line);
    if (fence) fenced = !fenced;
    if (heading) {
      const level = heading[1]?.length ?? 1;
      if (skipping !== null && level <= skipping) skipping = null;
      if (skipping === null && drop.test(heading[2] ?? '')) skipping = level;
    }
    if (skipping === null) kept.push(line);
  }
  return kept.join('\n');
}
