/**
 * How a store call's outcome crosses to the room thread from the store's own thread
 * (sqliteThreadWorker.ts): an Error's class does not survive postMessage, so a failure travels as
 * plain fields and is made an Error again on the other side.
 */
import type { CallOutcome } from './batchedStore.ts';
import { FencedOut } from './tableStore.ts';

/** Why a call failed, as plain fields. */
export type CallFailure = { fencedOut: string } | { message: string; errcode?: number };

/** A call's outcome as it is posted. */
export type StoreAnswer = { id: number; value: unknown } | { id: number; failure: CallFailure };

function failureOf(error: unknown): CallFailure {
  if (error instanceof FencedOut) return { fencedOut: error.code };
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof errcode === 'number' ? { errcode } : {}),
  };
}

/** A refusal as the caller would have had it from SqliteStore itself. */
function errorOf(failure: CallFailure): Error {
  if ('fencedOut' in failure) return new FencedOut(failure.fencedOut);
  return Object.assign(new Error(failure.message), { errcode: failure.errcode });
}

export function answerOf(outcome: CallOutcome): StoreAnswer {
  return 'error' in outcome ? { id: outcome.id, failure: failureOf(outcome.error) } : outcome;
}

export function outcomeOf(answer: StoreAnswer): CallOutcome {
  return 'failure' in answer ? { id: answer.id, error: errorOf(answer.failure) } : answer;
}
