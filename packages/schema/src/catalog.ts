/**
 * The games the site offers, as the home page lists them. No zod here: the home page imports this
 * file alone (`@cards/schema/catalog`), so its first script carries no schemas.
 */
export interface GameCatalogEntry {
  slug: string;
  name: string;
  blurb: string;
  players: string;
  playable: boolean;
}

/** The five games of the site, in the order the home page shows them. */
export const GAME_CATALOG: readonly GameCatalogEntry[] = [
  {
    slug: 'cassino',
    name: 'Cassino',
    blurb: 'The classic fishing game: capture by rank and sum, build, and sweep the table.',
    players: '2 players',
    playable: true,
  },
  {
    slug: 'blind-cassowary',
    name: 'Blind Cassowary',
    blurb: 'A turnless arithmetic race to hit a two-card target first.',
    players: '2–8 players',
    playable: true,
  },
  {
    slug: 'math-card-game',
    name: "Wouter's Math Card Game",
    blurb: 'Two decks, eight arithmetic sequences, and the must-play-most rule.',
    players: '2 players',
    playable: true,
  },
  {
    slug: 'star-navigator',
    name: 'Star Navigator',
    blurb: 'Draft a Vector Set and compute Jump Coordinates closest to the target.',
    players: '2–4 players',
    playable: true,
  },
  {
    slug: 'cunt-soul',
    name: 'Cunt-Soul',
    blurb: 'A Shithead/Palace descendant with field cards and a turn queue.',
    players: '2–8 players',
    playable: true,
  },
];
