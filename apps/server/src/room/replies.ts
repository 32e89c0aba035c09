import type { z } from 'zod';
import type { Reply } from '@cards/schema';

export const accepted = (): Reply => ({ ok: true });

/** A refusal: the answer to any request (an intent, a lobby action, a hint) that was not done. */
export type Refusal = Extract<Reply, { ok: false }>;

export const refused = (code: string, message: string, context?: Record<string, unknown>): Refusal => ({
  ok: false,
  error: context === undefined ? { code, message } : { code, message, context },
});

/** A short, readable summary of a zod failure (first few issues). */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
