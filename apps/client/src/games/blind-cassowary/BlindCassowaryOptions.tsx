import { BlindCassowaryOptionsSchema, type BlindCassowaryOptions } from '@cards/schema';

export const defaultBlindCassowaryOptions: BlindCassowaryOptions = BlindCassowaryOptionsSchema.parse({});

export function readBlindCassowaryOptions(value: unknown): BlindCassowaryOptions {
  const parsed = BlindCassowaryOptionsSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : defaultBlindCassowaryOptions;
}

export function describeBlindCassowaryOptions(value: unknown): string {
  const o = readBlindCassowaryOptions(value);
  const parts = [
    o.scoring === 'composite' ? 'Composite score' : 'Simple score',
    o.referee === 'table' ? `table reviews (${o.reviewSeconds} s)` : 'server referee',
    `target Method ${o.targetMethod === 'one' ? 'One' : 'Two'}`,
  ];
  if (o.bestInShow) parts.push('Best in Show');
  return parts.join(' · ');
}

const REVIEW_CHOICES = [5, 10, 15, 20, 30, 60];

/** The host's choices, on the home page's create form and in the lobby. */
export function BlindCassowaryOptionsForm({
  value,
  onChange,
  disabled = false,
  idPrefix,
}: {
  value: unknown;
  onChange: (options: BlindCassowaryOptions) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const o = readBlindCassowaryOptions(value);
  const set = (patch: Partial<BlindCassowaryOptions>) => onChange({ ...o, ...patch });
  const reviewChoices = REVIEW_CHOICES.includes(o.reviewSeconds)
    ? REVIEW_CHOICES
    : [...REVIEW_CHOICES, o.reviewSeconds].sort((a, b) => a - b);
  const check = (key: 'bigCassowary' | 'drunkChameleon' | 'bestInShow', label: string) => (
    <label className="bc-opt__check" htmlFor={`${idPrefix}-${key}`}>
      <input
        id={`${idPrefix}-${key}`}
        type="checkbox"
        data-testid={`option-${key}`}
        checked={o[key]}
        disabled={disabled}
        onChange={(e) => set({ [key]: e.target.checked })}
      />
      <span>{label}</span>
    </label>
  );
  return (
    <div className="bc-opt">
      <label className="field" htmlFor={`${idPrefix}-scoring`}>
        <span className="field__label">Scoring</span>
        <select
          id={`${idPrefix}-scoring`}
          className="select"
          data-testid="option-scoring"
          value={o.scoring}
          disabled={disabled}
          onChange={(e) => set({ scoring: e.target.value === 'simple' ? 'simple' : 'composite' })}
        >
          <option value="composite">Composite</option>
          <option value="simple">Simple</option>
        </select>
        <span className="bc-opt__hint">
          {o.scoring === 'composite' ? 'A point per card in your nest' : 'A point per cassowary in your nest'}
        </span>
      </label>
      <label className="field" htmlFor={`${idPrefix}-referee`}>
        <span className="field__label">Who checks claims</span>
        <select
          id={`${idPrefix}-referee`}
          className="select"
          data-testid="option-referee"
          value={o.referee}
          disabled={disabled}
          onChange={(e) => set({ referee: e.target.value === 'server' ? 'server' : 'table' })}
        >
          <option value="table">The table</option>
          <option value="server">The server</option>
        </select>
        <span className="bc-opt__hint">
          {o.referee === 'table'
            ? 'Players approve or challenge each claim'
            : 'Every claim is checked at once; a wrong one is refused'}
        </span>
      </label>
      {o.referee === 'table' && (
        <label className="field" htmlFor={`${idPrefix}-review`}>
          <span className="field__label">Review window</span>
          <select
            id={`${idPrefix}-review`}
            className="select"
            data-testid="option-review-seconds"
            value={o.reviewSeconds}
            disabled={disabled}
            onChange={(e) => set({ reviewSeconds: Number(e.target.value) })}
          >
            {reviewChoices.map((s) => (
              <option key={s} value={s}>
                {s} seconds
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field" htmlFor={`${idPrefix}-method`}>
        <span className="field__label">Face cards in the target</span>
        <select
          id={`${idPrefix}-method`}
          className="select"
          data-testid="option-target-method"
          value={o.targetMethod}
          disabled={disabled}
          onChange={(e) => set({ targetMethod: e.target.value === 'two' ? 'two' : 'one' })}
        >
          <option value="one">Method One</option>
          <option value="two">Method Two</option>
        </select>
        <span className="bc-opt__hint">
          {o.targetMethod === 'one'
            ? 'Face cards and 10s count: sums, the Curse'
            : 'Deal with it: faces, 10s and chameleons are redrawn'}
        </span>
      </label>
      <label className="field" htmlFor={`${idPrefix}-penalty`}>
        <span className="field__label">Nefarious claim costs</span>
        <select
          id={`${idPrefix}-penalty`}
          className="select"
          data-testid="option-nefarious-penalty"
          value={o.nefariousPenalty}
          disabled={disabled}
          onChange={(e) => set({ nefariousPenalty: Number(e.target.value) })}
        >
          {/* "Ten points or more" (the rule text): 10 is the least. */}
          {[...new Set([10, 15, 20, 30, o.nefariousPenalty])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n} points
              </option>
            ))}
        </select>
      </label>
      <label className="field" htmlFor={`${idPrefix}-preview`}>
        <span className="field__label">Target preview (hands face down)</span>
        <select
          id={`${idPrefix}-preview`}
          className="select"
          data-testid="option-target-preview"
          value={o.targetPreviewSeconds}
          disabled={disabled}
          onChange={(e) => set({ targetPreviewSeconds: Number(e.target.value) })}
        >
          {[...new Set([0, 3, 5, 10, o.targetPreviewSeconds])]
            .sort((a, b) => a - b)
            .map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'Off: see your hand at once' : `Up to ${n} s, or until everyone is ready`}
              </option>
            ))}
        </select>
      </label>
      <div className="bc-opt__checks">
        {check('bigCassowary', 'Big Cassowary bonus')}
        {check('drunkChameleon', 'Drunk Chameleon (−2)')}
        {check('bestInShow', 'Best in Show vote (+3)')}
      </div>
    </div>
  );
}
