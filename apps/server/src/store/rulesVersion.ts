import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RULES_SOURCE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/rules/src',
);

let cached: string | null = null;

/**
 * The version of the rules a match is played under: a digest of the rules package's source. Stored
 * with every match; a restored match whose version differs is still replayed (most changes do not
 * touch old games), and the stored state checkpoint decides whether the rebuilt game is the same.
 */
export function rulesVersion(): string {
  if (cached !== null) return cached;
  const hash = createHash('sha256');
  const files = readdirSync(RULES_SOURCE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files)
    hash.update(path.relative(RULES_SOURCE, file)).update('\0').update(readFileSync(file));
  cached = `rules-${hash.digest('hex').slice(0, 16)}`;
  return cached;
}
