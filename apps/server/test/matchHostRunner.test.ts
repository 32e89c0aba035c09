/**
 * MatchHost with a runner that sends some transitions elsewhere (Blind Cassowary's OffloadingRunner):
 * a transition the runner would apply here anyway is applied at once when nothing is ahead of it,
 * and waits its turn behind one that went to the pool.
 */
import { describe, expect, it } from 'vitest';
import { type AnyGameModule, cassino, type Result } from '@cards/rules';
import type { Reply } from '@cards/schema';
import { type AnyMatch, MatchHost } from '../src/room/matchHost.ts';
import { type MatchRunner, OffloadingRunner, runHere, type Transition } from '../src/room/matchRunner.ts';
import { TimerClock } from '../src/room/timerClock.ts';

const game = cassino as unknown as AnyGameModule;

/** A pool whose jobs the test finishes by hand, in order. */
class HeldPool implements MatchRunner {
  readonly held: (() => void)[] = [];

  run(g: AnyGameModule, match: AnyMatch, t: Transition): Promise<Result<AnyMatch>> {
    return new Promise((resolve) => this.held.push(() => resolve(runHere(g, match, t))));
  }
}

function hostWithPool() {
  const pool = new HeldPool();
  // The transitions the test sends to the pool (as a search would be).
  const offload = new Set<Transition>();
  const runner = new OffloadingRunner(pool, (_state, t) => offload.has(t));
  const host = new MatchHost(game, runner, new TimerClock(), 'runner-seed', () => 'TEST', {
    ended: () => undefined,
    changed: () => undefined,
  });
  host.startGame(game.defaultConfig, 2);
  return { host, pool, offload };
}

/** A legal move of the seat on turn, quoting the current version. */
function move(host: MatchHost): Transition {
  const match = host.match as AnyMatch;
  const actor = game.actors(match.state)[0] as number;
  const intent = game.legalIntents(match.state, actor)[0];
  return { kind: 'seat', actor, intent, version: match.version, now: host.now() };
}

describe('MatchHost with a runner that offloads some transitions', () => {
  it('applies a transition the runner would run here at once when nothing is queued', () => {
    const { host, pool } = hostWithPool();
    const reply = host.submit(move(host));
    expect(reply).toEqual({ ok: true });
    expect(host.match?.version).toBe(1);
    expect(pool.held).toHaveLength(0);
  });

  it('queues it behind a transition running in the pool, and applies both in arrival order', async () => {
    const { host, pool, offload } = hostWithPool();
    const firstMove = move(host);
    offload.add(firstMove);
    const first = host.submit(firstMove);
    expect(first).toBeInstanceOf(Promise);
    // It is in the pool now, no longer waiting in the host's queue.
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.held).toHaveLength(1);
    // Worked out on the state the first move makes: valid only after it.
    const after = runHere(game, host.match as AnyMatch, firstMove);
    if (!after.ok) throw new Error('the first move was refused');
    const actor = game.actors(after.value.state)[0] as number;
    const intent = game.legalIntents(after.value.state, actor)[0];
    const second = host.submit({ kind: 'seat', actor, intent, version: 1, now: host.now() });
    expect(second).toBeInstanceOf(Promise);
    await new Promise((resolve) => setImmediate(resolve));
    expect(host.match?.version).toBe(0);
    expect(pool.held).toHaveLength(1);
    pool.held[0]!();
    expect(await (first as Promise<Reply>)).toEqual({ ok: true });
    expect(await (second as Promise<Reply>)).toEqual({ ok: true });
    expect(host.match?.version).toBe(2);
    expect(host.match?.log.map((e) => e.intent)).toEqual([firstMove.intent, intent]);
  });
});
