import { MathCardGameOptionsSchema, type MathCardGameOptions } from '@cards/schema';
import './math-card-game.css';

export const defaultMathOptions: MathCardGameOptions = MathCardGameOptionsSchema.parse({});

export function readMathOptions(value: unknown): MathCardGameOptions {
  const parsed = MathCardGameOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultMathOptions;
}

export const describeMathOptions = (value: unknown) => `${readMathOptions(value).cutTimeoutSeconds} s to cut`;

const CHOICES = [5, 10, 15, 20, 30, 60];

/** The cut timeout, on the home page's create form and in the host's lobby. */
export function MathOptionsForm({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: unknown;
  onChange: (options: MathCardGameOptions) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const options = readMathOptions(value);
  const choices = CHOICES.includes(options.cutTimeoutSeconds)
    ? CHOICES
    : [...CHOICES, options.cutTimeoutSeconds].sort((a, b) => a - b);
  return (
    <label className="field" htmlFor={`${idPrefix}-cut-timeout`}>
      <span className="field__label">Time to cut the opponent's deck</span>
      <select
        id={`${idPrefix}-cut-timeout`}
        className="select"
        data-testid="option-cut-timeout"
        value={options.cutTimeoutSeconds}
        disabled={disabled}
        onChange={(e) => onChange({ ...options, cutTimeoutSeconds: Number(e.target.value) })}
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {s} seconds
          </option>
        ))}
      </select>
      <span className="mcg-option-note">If time runs out, the deck is cut at random.</span>
    </label>
  );
}
