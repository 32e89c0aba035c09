import type { z } from 'zod';
import type { Reply } from '@cards/schema';

export const accepted = (): Reply => ({ ok: true });

export const refused = (code: string, message: string, context?: Record<string, unknown>): Reply => ({
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
