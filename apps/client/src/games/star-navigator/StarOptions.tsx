import { useState } from 'react';
import {
  StarNavigatorOptionsSchema,
  type StarNavigatorOptions,
  type StarOverrideSuit,
  type StarVariant,
} from '@cards/schema';

/** The schema's own message for a starting-chips entry it refuses (null when it is taken). */
export function chipsRefusal(text: string): string | null {
  const n = text.trim() === '' ? NaN : Number(text);
  const r = StarNavigatorOptionsSchema.shape.startingChips.safeParse(Number.isNaN(n) ? text : n);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Starting chips: a whole number from 1 to 100.');
}

export const defaultStarOptions: StarNavigatorOptions = StarNavigatorOptionsSchema.parse({});

export function readStarOptions(value: unknown): StarNavigatorOptions {
  const parsed = StarNavigatorOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultStarOptions;
}

export const VARIANT_NAMES: Readonly<Record<StarVariant, string>> = {
  none: 'No variant',
  forcedCommandOverride: 'Forced Command Override',
  selectCommandOverride: 'Select Command Override',
  forcedPrecog: 'Forced Precog (Tarot deck)',
  selectPrecog: 'Select Precog (Tarot deck)',
};

const SUIT_CHOICES: Readonly<Record<StarOverrideSuit, string>> = {
  random: 'A random suit each round',
  S: 'Spades',
  H: 'Hearts',
  D: 'Diamonds',
  C: 'Clubs',
};

export function describeStarOptions(value: unknown): string {
  const o = readStarOptions(value);
  const parts = [
    `${o.startingChips} chips`,
    o.roundTimerSeconds === null ? 'no round timer' : `${o.roundTimerSeconds} s rounds`,
  ];
  if (o.hotshotSpacer) parts.push('Hotshot Spacer');
  if (o.slingshotManoeuvre) parts.push('Slingshot');
  if (o.extrapolativeComputation) parts.push('Extrapolative');
  if (o.pirateMap) parts.push('Pirate Map');
  if (o.variant !== 'none') parts.push(VARIANT_NAMES[o.variant]);
  return parts.join(', ');
}

const TIMER_CHOICES = [30, 60, 120, 180, 300, 600];

const TOGGLES: readonly [keyof StarNavigatorOptions, string, string][] = [
  ['hotshotSpacer', 'hotshot', 'Hotshot Spacer: lock a card from your first Data Packet for double stakes'],
  ['slingshotManoeuvre', 'slingshot', 'Slingshot Manoeuvre: a one-suit Vector Set counts 2 closer'],
  ['extrapolativeComputation', 'extrapolative', 'Extrapolative Computation: a run of three adds a phantom'],
  ['pirateMap', 'pirate-map', 'Pirate Map and the Bounty'],
];

/** Every option and variant, on the home page's create form and in the host's lobby. */
export function StarOptionsForm({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: unknown;
  onChange: (options: StarNavigatorOptions) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const o = readStarOptions(value);
  // What the host typed, and why the server would refuse it (never silently clamped).
  const [chipsText, setChipsText] = useState(String(o.startingChips));
  const chipsProblem = chipsText === String(o.startingChips) ? null : chipsRefusal(chipsText);
  const timers =
    o.roundTimerSeconds === null || TIMER_CHOICES.includes(o.roundTimerSeconds)
      ? TIMER_CHOICES
      : [...TIMER_CHOICES, o.roundTimerSeconds].sort((a, b) => a - b);
  const override = o.variant === 'forcedCommandOverride' || o.variant === 'selectCommandOverride';
  return (
    <div className="sn-options">
      <label className="field" htmlFor={`${idPrefix}-chips`}>
        <span className="field__label">Starting chips</span>
        <input
          id={`${idPrefix}-chips`}
          className="input"
          type="number"
          min={1}
          max={100}
          data-testid="option-starting-chips"
          value={chipsText}
          disabled={disabled}
          aria-invalid={chipsProblem !== null}
          aria-describedby={`${idPrefix}-chips-problem`}
          onChange={(e) => {
            setChipsText(e.target.value);
            const n = e.target.value.trim() === '' ? NaN : Number(e.target.value);
            if (chipsRefusal(e.target.value) === null) onChange({ ...o, startingChips: n });
          }}
        />
        {chipsProblem !== null && (
          <span
            className="field-error"
            role="alert"
            id={`${idPrefix}-chips-problem`}
            data-testid="option-starting-chips-problem"
          >
            {chipsProblem}
          </span>
        )}
      </label>
      <label className="field" htmlFor={`${idPrefix}-round-timer`}>
        <span className="field__label">Round timer</span>
        <select
          id={`${idPrefix}-round-timer`}
          className="select"
          data-testid="option-round-timer"
          value={o.roundTimerSeconds ?? 'off'}
          disabled={disabled}
          onChange={(e) =>
            onChange({ ...o, roundTimerSeconds: e.target.value === 'off' ? null : Number(e.target.value) })
          }
        >
          {timers.map((s) => (
            <option key={s} value={s}>
              {s < 60 ? `${s} seconds` : `${s / 60} minute${s === 60 ? '' : 's'}`}
            </option>
          ))}
          <option value="off">No timer</option>
        </select>
      </label>
      {TOGGLES.map(([key, id, text]) => (
        <label key={key} className="field field--check" htmlFor={`${idPrefix}-${id}`}>
          <input
            id={`${idPrefix}-${id}`}
            type="checkbox"
            data-testid={`option-${id}`}
            checked={o[key] === true}
            disabled={disabled}
            onChange={(e) => onChange({ ...o, [key]: e.target.checked })}
          />
          <span className="field__label">{text}</span>
        </label>
      ))}
      <label className="field" htmlFor={`${idPrefix}-variant`}>
        <span className="field__label">Variant</span>
        <select
          id={`${idPrefix}-variant`}
          className="select"
          data-testid="option-variant"
          value={o.variant}
          disabled={disabled}
          onChange={(e) => onChange({ ...o, variant: e.target.value as StarVariant })}
        >
          {(Object.keys(VARIANT_NAMES) as StarVariant[]).map((v) => (
            <option key={v} value={v}>
              {VARIANT_NAMES[v]}
            </option>
          ))}
        </select>
      </label>
      {override && (
        <label className="field" htmlFor={`${idPrefix}-override-suit`}>
          <span className="field__label">Override suit</span>
          <select
            id={`${idPrefix}-override-suit`}
            className="select"
            data-testid="option-override-suit"
            value={o.overrideSuit}
            disabled={disabled}
            onChange={(e) => onChange({ ...o, overrideSuit: e.target.value as StarOverrideSuit })}
          >
            {(Object.keys(SUIT_CHOICES) as StarOverrideSuit[]).map((s) => (
              <option key={s} value={s}>
                {SUIT_CHOICES[s]}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
