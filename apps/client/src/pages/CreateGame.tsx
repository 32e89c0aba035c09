import type { ComputerLevel } from '@cards/schema';
import { LevelSelect } from '../components/LevelSelect.tsx';
import { CLIENT_GAMES } from '../games/registry.tsx';

/**
 * The chosen game's options and its create buttons on the home page. It loads after the first paint
 * (with the options' schemas, and so zod), like everything else that validates.
 */
export default function CreateGame({
  slug,
  options,
  onOptions,
  level,
  onLevel,
  creating,
  onCreate,
}: {
  slug: string;
  /** The options chosen so far, or undefined for the game's defaults. */
  options: unknown;
  onOptions: (options: unknown) => void;
  level: ComputerLevel;
  onLevel: (level: ComputerLevel) => void;
  /** The game whose room is being created, if any: every create button waits meanwhile. */
  creating: string | null;
  onCreate: (options: unknown, againstComputer?: ComputerLevel) => void;
}) {
  const client = CLIENT_GAMES[slug];
  if (!client) return null;
  const value = options ?? client.defaultOptions;
  return (
    <div className="game-card__create">
      {client.optionsForm({ value, onChange: onOptions, idPrefix: `create-${slug}` })}
      <button
        type="button"
        className="btn btn--primary"
        data-testid={`create-room-${slug}`}
        disabled={creating !== null}
        onClick={() => onCreate(value)}
      >
        {creating === slug ? 'Creating…' : 'Create private room'}
      </button>
      <span className="add-computer">
        <LevelSelect id={`computer-level-${slug}`} value={level} onChange={onLevel} />
        <button
          type="button"
          className="btn btn--ghost-dark"
          data-testid={`play-computer-${slug}`}
          disabled={creating !== null}
          onClick={() => onCreate(value, level)}
        >
          Play against the computer
        </button>
      </span>
    </div>
  );
}
