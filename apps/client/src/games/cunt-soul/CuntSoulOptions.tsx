import { CuntSoulOptionsSchema, type CuntSoulOptions } from '@cards/schema';

export const defaultCuntSoulOptions: CuntSoulOptions = CuntSoulOptionsSchema.parse({});

export function readCuntSoulOptions(value: unknown): CuntSoulOptions {
  const parsed = CuntSoulOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultCuntSoulOptions;
}

const dealerText = (dealer: CuntSoulOptions['dealer']) =>
  dealer === 'random' ? 'random dealer' : `player ${dealer + 1} deals`;

export const describeCuntSoulOptions = (value: unknown) => {
  const o = readCuntSoulOptions(value);
  return `${dealerText(o.dealer)}, ends after ${o.turnLimit} turns at most`;
};

const TURN_LIMITS = [30, 100, 300, 1000, 3000];

/** The dealer (S-6) and the stalemate limit (W-5), on the create form and in the host's lobby. */
export function CuntSoulOptionsForm({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: unknown;
  onChange: (options: CuntSoulOptions) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const options = readCuntSoulOptions(value);
  const limits = TURN_LIMITS.includes(options.turnLimit) ? TURN_LIMITS : [...TURN_LIMITS, options.turnLimit];
  return (
    <>
      <label className="field" htmlFor={`${idPrefix}-dealer`}>
        <span className="field__label">Dealer</span>
        <select
          id={`${idPrefix}-dealer`}
          className="select"
          data-testid="option-dealer"
          value={String(options.dealer)}
          disabled={disabled}
          onChange={(e) =>
            onChange({ ...options, dealer: e.target.value === 'random' ? 'random' : Number(e.target.value) })
          }
        >
          <option value="random">Drawn at random</option>
          {Array.from({ length: 8 }, (_, seat) => (
            <option key={seat} value={seat}>
              Player {seat + 1} (seat {seat + 1})
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${idPrefix}-turn-limit`}>
        <span className="field__label">Stalemate limit</span>
        <select
          id={`${idPrefix}-turn-limit`}
          className="select"
          data-testid="option-turn-limit"
          value={options.turnLimit}
          disabled={disabled}
          onChange={(e) => onChange({ ...options, turnLimit: Number(e.target.value) })}
        >
          {limits.map((n) => (
            <option key={n} value={n}>
              {n} turns
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
