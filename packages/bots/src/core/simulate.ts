/**
 * Plays whole games headless through a rules module: each seat is shown its own view and legal
 * intents after every change, answers with an intent and a delay, and the earliest answer (or the
 * game's own timer) is applied through the engine, on a virtual clock. Used by `pnpm bench bots`
 * and the bots' tests — never by the server.
 */
import { startMatch, submitIntent, type AnyGameModule, type Outcome } from '@cards/rules';
import { Rng, sameIntent, type BotDecision } from './policy.ts';

/** Anything that can sit at a seat: a computer player, or a random legal player. */
export interface Player {
  decide(view: unknown, legal: readonly unknown[]): BotDecision<unknown>;
}

/** Chooses uniformly among the listed legal intents, at a person's pace. */
export function randomPlayer(seed: string): Player {
  const rng = new Rng(seed);
  return {
    decide: (_view, legal) =>
      legal.length === 0 ? null : { intent: rng.pick(legal), delayMs: rng.between(500, 3000) },
  };
}

export interface GameRun {
  readonly outcome: Outcome | null;
  /** Intents applied (timers included). */
  readonly steps: number;
  /** Intents the rules refused (a policy bug if not zero). */
  readonly refusals: readonly { seat: number; code: string }[];
  /** No seat wanted to act and no timer ran: the game could not go on. */
  readonly stalled: boolean;
  /** Wall time of each decide() call that had legal intents, per seat (ms). */
  readonly decisionMs: readonly number[][];
  /** Virtual time the game took (ms). */
  readonly virtualMs: number;
}

interface Pending {
  readonly intent: unknown;
  readonly at: number;
}

export function playGame(
  game: AnyGameModule,
  config: unknown,
  players: readonly Player[],
  seed: string,
  maxSteps = 20_000,
): GameRun {
  const n = players.length;
  let match = startMatch(game, config, n, seed);
  let now = 0;
  const pending: (Pending | null)[] = players.map(() => null);
  const timerSince = new Map<string, number>();
  const muted = new Set<number>();
  const refusals: { seat: number; code: string }[] = [];
  const decisionMs: number[][] = players.map(() => []);
  let steps = 0;
  let stalled = false;

  const consult = (): void => {
    const actors = new Set<number>(game.actors(match.state));
    players.forEach((player, seat) => {
      const legal = actors.has(seat) ? game.legalIntents(match.state, seat) : [];
      const started = performance.now();
      const decision = player.decide(game.view(match.state, seat), legal);
      if (legal.length > 0) (decisionMs[seat] as number[]).push(performance.now() - started);
      const before = pending[seat];
      if (decision === null) pending[seat] = null;
      else if (!(before != null && sameIntent(before.intent, decision.intent)))
        pending[seat] = { intent: decision.intent, at: now + decision.delayMs };
    });
    const timers = game.timers?.(match.state) ?? [];
    for (const key of [...timerSince.keys()]) if (!timers.some((t) => t.key === key)) timerSince.delete(key);
    for (const t of timers) if (!timerSince.has(t.key)) timerSince.set(t.key, now);
  };

  consult();
  while (game.outcome(match.state) === null && steps < maxSteps) {
    let next: { at: number; seat: number; intent: unknown; clock: boolean; key?: string } | null = null;
    pending.forEach((p, seat) => {
      if (p !== null && !muted.has(seat) && (next === null || p.at < next.at))
        next = { at: p.at, seat, intent: p.intent, clock: false };
    });
    for (const t of game.timers?.(match.state) ?? []) {
      const at = (timerSince.get(t.key) ?? now) + t.afterMs;
      if (!Number.isFinite(at)) continue;
      if (next === null || at < next.at)
        next = { at, seat: t.seat, intent: t.intent, clock: true, key: t.key };
    }
    if (next === null) {
      stalled = true;
      break;
    }
    const event: { at: number; seat: number; intent: unknown; clock: boolean; key?: string } = next;
    now = Math.max(now, event.at);
    const r = submitIntent(game, match, event.seat, event.intent, match.version, now, event.clock);
    if (!r.ok) {
      if (event.clock) timerSince.set(event.key as string, Infinity);
      else {
        refusals.push({ seat: event.seat, code: r.error.code });
        muted.add(event.seat);
        pending[event.seat] = null;
      }
      continue;
    }
    match = r.value;
    steps++;
    muted.clear();
    if (!event.clock) pending[event.seat] = null;
    consult();
  }
  return { outcome: game.outcome(match.state), steps, refusals, stalled, decisionMs, virtualMs: now };
}
