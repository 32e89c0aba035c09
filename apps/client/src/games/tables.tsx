import { lazy, type ComponentType } from 'react';
import type { GameState } from './parse.ts';

type TableOf<G extends GameState['game']> = ComponentType<{ state: Extract<GameState, { game: G }> }>;
type Loaders = { [G in GameState['game']]: () => Promise<{ default: TableOf<G> }> };

// Each game's table (and its styles) is its own chunk, loaded only in a room playing that game.
const LOADERS: Loaders = {
  cassino: () => import('./cassino/CassinoTable.tsx').then((m) => ({ default: m.CassinoTable })),
  'math-card-game': () => import('./math-card-game/MathTable.tsx').then((m) => ({ default: m.MathTable })),
  'blind-cassowary': () =>
    import('./blind-cassowary/BlindCassowaryTable.tsx').then((m) => ({ default: m.BlindCassowaryTable })),
  'star-navigator': () => import('./star-navigator/StarTable.tsx').then((m) => ({ default: m.StarTable })),
  'cunt-soul': () => import('./cunt-soul/CuntSoulTable.tsx').then((m) => ({ default: m.CuntSoulTable })),
};

export const CassinoTable = lazy(LOADERS.cassino);
export const MathTable = lazy(LOADERS['math-card-game']);
export const BlindCassowaryTable = lazy(LOADERS['blind-cassowary']);
export const StarTable = lazy(LOADERS['star-navigator']);
export const CuntSoulTable = lazy(LOADERS['cunt-soul']);

/** Starts loading a game's table as soon as the room's game is known (in the lobby, or on joining). */
export function preloadTable(slug: string): void {
  if (slug in LOADERS) void LOADERS[slug as GameState['game']]();
}
