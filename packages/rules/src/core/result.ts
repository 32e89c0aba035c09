/** Errors are values: a stable code, a human-readable message and optional context. */
export interface RuleError {
  readonly code: string;
  readonly message: string;
  readonly context?: Readonly<Record<string, unknown>>;
}

export type Result<T, E = RuleError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = (code: string, message: string, context?: Record<string, unknown>): Result<never> => ({
  ok: false,
  error: context === undefined ? { code, message } : { code, message, context },
});

/** A broken invariant: a bug, never a player's mistake. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}
