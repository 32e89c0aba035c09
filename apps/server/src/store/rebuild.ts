import { createHash } from 'node:crypto';
import { type AnyGameModule, type LoggedIntent, replay } from '@cards/rules';
import type { AnyMatch } from '../room/matchHost.ts';
import type { Checkpoint } from './tableStore.ts';

const bigintAsText = (_key: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/**
 * `stateDigest` first serialises without a replacer (V8's fast path: a mid-game Cassino state's digest
 * took 20–38 µs of thread CPU instead of 43–74 µs) and only a state holding a bigint, which that
 * refuses, with the replacer: the same text, so the same digest, either way. Off only for
 * `bench room --compare fast-digest`.
 */
export const digestOptions = { fastPath: true };

function stateJson(state: unknown): string {
  if (digestOptions.fastPath)
    try {
      return JSON.stringify(state);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
  return JSON.stringify(state, bigintAsText);
}

/** A digest of a match state, to check a rebuilt match against the one that was played. */
export function stateDigest(state: unknown): string {
  return createHash('sha256').update(stateJson(state)).digest('base64url');
}

/** A game deadline as it stood when the log ended: when its key appeared, and whether it fired. */
export interface RebuiltTimer {
  readonly key: string;
  readonly seat: number;
  readonly intent: unknown;
  readonly afterMs: number;
  /** Room clock (ms) when the key first appeared. */
  readonly startedAt: number;
  fired: boolean;
}

export interface RebuildInput {
  config: unknown;
  players: number;
  seed: string;
  /** Room clock when the match started (its first deadlines started then). */
  startedAt: number;
  log: readonly LoggedIntent<unknown>[];
  checkpoint: Checkpoint | null;
}

/** The stored game cannot be rebuilt by the current rules. */
export class UnreplayableError extends Error {}

const sameIntent = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Rebuilds a match from (config, seed, log) with the current rules and works out its deadlines the
 * way MatchHost kept them: a key starts its clock when it first appears and fires once per
 * appearance. Throws UnreplayableError when a logged intent is refused or the state differs from the
 * stored checkpoint (the rules changed under the log).
 */
export function rebuildMatch(
  game: AnyGameModule,
  input: RebuildInput,
): { match: AnyMatch; timers: RebuiltTimer[] } {
  const timers = new Map<string, RebuiltTimer>();
  let checked = input.checkpoint === null;
  const step = (match: AnyMatch, entry: LoggedIntent<unknown> | null): void => {
    if (entry !== null)
      for (const t of timers.values())
        if (
          !t.fired &&
          entry.spectator === undefined &&
          entry.actor === t.seat &&
          sameIntent(entry.intent, t.intent)
        )
          t.fired = true;
    const wanted = game.outcome(match.state) === null ? (game.timers?.(match.state) ?? []) : [];
    const keys = new Set(wanted.map((t) => t.key));
    for (const key of timers.keys()) if (!keys.has(key)) timers.delete(key);
    const at = entry?.at ?? input.startedAt;
    for (const t of wanted)
      if (!timers.has(t.key))
        timers.set(t.key, {
          key: t.key,
          seat: t.seat,
          intent: t.intent,
          afterMs: t.afterMs,
          startedAt: at,
          fired: false,
        });
    const checkpoint = input.checkpoint;
    if (checkpoint !== null && match.version === checkpoint.version) {
      if (stateDigest(match.state) !== checkpoint.digest)
        throw new UnreplayableError(
          `the rebuilt game differs from the stored one after move ${match.version}`,
        );
      checked = true;
    }
  };
  let match: AnyMatch;
  try {
    match = replay(game, input.config, input.players, input.seed, input.log, step);
  } catch (error) {
    if (error instanceof UnreplayableError) throw error;
    throw new UnreplayableError(error instanceof Error ? error.message : String(error));
  }
  if (!checked) throw new UnreplayableError('the stored log is shorter than its checkpoint');
  return { match, timers: [...timers.values()] };
}
