import { CassinoOptionsSchema, type CassinoOptions } from '@cards/schema';

export const defaultCassinoOptions: CassinoOptions = CassinoOptionsSchema.parse({});

export function readCassinoOptions(value: unknown): CassinoOptions {
  const parsed = CassinoOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultCassinoOptions;
}

export const describeCassinoOptions = (value: unknown) =>
  readCassinoOptions(value).match === 'to21' ? 'First to 21 points' : 'One deal';

/** The match-length choice, on the home page's create form and in the host's lobby. */
export function CassinoOptionsForm({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: unknown;
  onChange: (options: CassinoOptions) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const options = readCassinoOptions(value);
  return (
    <label className="field" htmlFor={`${idPrefix}-match`}>
      <span className="field__label">Match</span>
      <select
        id={`${idPrefix}-match`}
        className="select"
        data-testid="option-match"
        value={options.match}
        disabled={disabled}
        onChange={(e) => onChange({ ...options, match: e.target.value === 'to21' ? 'to21' : 'single' })}
      >
        <option value="single">One deal</option>
        <option value="to21">First to 21 points</option>
      </select>
    </label>
  );
}
