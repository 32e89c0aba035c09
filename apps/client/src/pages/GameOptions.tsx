import { CLIENT_GAMES } from '../games/registry.tsx';

/** The options a game starts with, before the host changes any. */
export const defaultOptions = (slug: string): unknown => CLIENT_GAMES[slug]?.defaultOptions;

/**
 * The chosen game's options form on the home page. It loads after the first paint, with the
 * options' schemas (and so zod); the create buttons beside it are there from the start.
 */
export default function GameOptions({
  slug,
  options,
  onOptions,
}: {
  slug: string;
  /** The options chosen so far, or undefined for the game's defaults. */
  options: unknown;
  onOptions: (options: unknown) => void;
}) {
  const client = CLIENT_GAMES[slug];
  if (!client) return null;
  return client.optionsForm({
    value: options ?? client.defaultOptions,
    onChange: onOptions,
    idPrefix: `create-${slug}`,
  });
}
