import type { ComputerLevel } from '@cards/schema';

// Apart from ComputerPlayers.tsx, which sends lobby actions: the home page shows this picker and must
// not load the room connection (and with it the Colyseus client) to do so.

export const LEVEL_NAMES: Readonly<Record<ComputerLevel, string>> = {
  easy: 'Easy',
  normal: 'Normal',
  hard: 'Hard',
};
const LEVELS = Object.keys(LEVEL_NAMES) as ComputerLevel[];

/** A level picker for computer players. */
export function LevelSelect({
  value,
  onChange,
  id,
  label = 'Computer level',
}: {
  value: ComputerLevel;
  onChange: (level: ComputerLevel) => void;
  id: string;
  label?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className="level-select"
      data-testid={id}
      value={value}
      onChange={(e) => onChange(e.target.value as ComputerLevel)}
    >
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          {LEVEL_NAMES[level]}
        </option>
      ))}
    </select>
  );
}
