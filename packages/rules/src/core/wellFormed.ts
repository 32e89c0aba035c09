import { err, type Result } from './result.ts';

/** The part of a zod schema the rules need (no zod import: the schema package owns zod). */
export interface IntentShape<Intent> {
  safeParse(value: unknown): { success: true; data: Intent } | { success: false };
}

export const MALFORMED_INTENT = 'MALFORMED_INTENT';

/**
 * The rules package is an API in its own right (computer players, replays and tests call `apply`
 * directly, not only the room that validates first): an intent of the wrong shape — null, a missing
 * field, a string where a number belongs, an unknown operator — is refused with an error value
 * before the game reads it, and the game then sees the schema's parsed intent (defaults filled in).
 */
export function wellFormed<State, Intent, Actor>(
  shape: IntentShape<Intent>,
  apply: (state: State, actor: Actor, intent: Intent, now: number) => Result<State>,
): (state: State, actor: Actor, intent: Intent, now: number) => Result<State> {
  return (state, actor, intent, now) => {
    const parsed = shape.safeParse(intent);
    if (!parsed.success) return err(MALFORMED_INTENT, 'That move is not well formed.');
    return apply(state, actor, parsed.data, now);
  };
}
