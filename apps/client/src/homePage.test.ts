import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/**
 * What `main.tsx` reaches through static imports (dynamic `import()` and `import type` excluded): the
 * client's own files, and the packages they name. This is what the first page's script holds.
 */
function staticGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.tsx?$/.test(file)) return;
    const source = readFileSync(file, 'utf8');
    const statements = source.matchAll(
      /^(?:import|export)\s+(?!type\b)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm,
    );
    for (const [, specifier = ''] of statements) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe("the home page's script", () => {
  const { files, packages } = staticGraph(path.join(SRC, 'main.tsx'));
  const relative = [...files].map((f) => path.relative(SRC, f));

  it('is read (a positive control: the home page itself and what it names are found)', () => {
    expect(relative).toContain('pages/Home.tsx');
    expect(relative).toContain('components/LevelSelect.tsx');
    expect(relative).toContain('history/YourGames.tsx');
    expect(packages).toContain('react');
  });

  it('leaves the room connection (the Colyseus client), motion and the rules renderer to later chunks', () => {
    expect(relative).not.toContain('net/connection.ts');
    expect(relative).not.toContain('pages/RoomPage.tsx');
    expect(relative.filter((f) => f.startsWith('games/') && /Table\.tsx$/.test(f))).toEqual([]);
    expect(relative).not.toContain('rules/RulesPanel.tsx');
    for (const lazy of ['@colyseus/sdk', 'motion/react', 'react-markdown', 'remark-gfm'])
      expect(packages).not.toContain(lazy);
  });

  it('leaves zod and every schema to later chunks: the look-ups, the options forms and the name check load after the first paint', () => {
    expect(packages).not.toContain('zod');
    expect(packages).not.toContain('zod/mini');
    // The whole schema package (every game's views and intents) is behind `@cards/schema`.
    expect(packages).not.toContain('@cards/schema');
    for (const lazy of ['games/registry.tsx', 'games/parse.ts', 'net/lookup.ts', 'history/recentGames.ts'])
      expect(relative).not.toContain(lazy);
    // A positive control: the game list comes from its own zod-free file, which imports nothing.
    expect(packages).toContain('@cards/schema/catalog');
    const catalog = readFileSync(path.join(SRC, '../../../packages/schema/src/catalog.ts'), 'utf8');
    expect(catalog).toContain('export const GAME_CATALOG');
    expect(catalog).not.toMatch(/^import\s/m);
  });
});
