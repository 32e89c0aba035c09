import { describe, expect, it } from 'vitest';
import { type AnyGameModule, cassino, type LoggedIntent } from '@cards/rules';
import type { Reply } from '@cards/schema';
import { type AnyMatch, MatchHost, type MatchListener } from '../src/room/matchHost.ts';
import { runHere } from '../src/room/matchRunner.ts';
import { TimerClock } from '../src/room/timerClock.ts';

const game = cassino as unknown as AnyGameModule;

/** A store over the network: each append's promise is settled by the test. */
class SlowStore implements MatchListener {
  readonly appends: { seq: number; settle: (ok: boolean) => void }[] = [];

  intentAccepted(match: AnyMatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.appends.push({
        seq: match.version - 1,
        settle: (ok) => (ok ? resolve() : reject(new Error('the database went away'))),
      });
    });
  }
}

/** What the rest of the room (the public history) heard, in order. */
class Heard implements MatchListener {
  readonly versions: number[] = [];

  intentAccepted(match: AnyMatch, _entry: LoggedIntent<unknown>): void {
    this.versions.push(match.version);
  }
}

function hostWith(store: SlowStore, heard: Heard) {
  const changes: number[] = [];
  const host = new MatchHost(game, null, new TimerClock(), 'recording-seed', () => 'TEST', {
    ended: () => undefined,
    changed: () => changes.push(host.match?.version ?? -1),
  });
  host.listen(store);
  host.listen(heard);
  host.startGame(game.defaultConfig, 2);
  return { host, changes };
}

/** A legal move of the seat on turn, quoting the current version. */
function move(host: MatchHost) {
  const match = host.match as AnyMatch;
  const actor = game.actors(match.state)[0] as number;
  const intent = game.legalIntents(match.state, actor)[0];
  return { kind: 'seat' as const, actor, intent, version: match.version, now: host.now() };
}

/**
 * A new game's first move and the other player's answer to it (worked out on the state that move
 * makes), both submitted at once, with the store still to confirm the first.
 */
function moveAndAnswer() {
  const store = new SlowStore();
  const heard = new Heard();
  const { host } = hostWith(store, heard);
  const firstMove = move(host);
  const after = runHere(game, host.match as AnyMatch, firstMove);
  if (!after.ok) throw new Error('the first move was refused');
  const actor = game.actors(after.value.state)[0] as number;
  const intent = game.legalIntents(after.value.state, actor)[0];
  const answer = { kind: 'seat' as const, actor, intent, version: 1, now: host.now() };
  const first = host.submit(firstMove) as Promise<Reply>;
  const second = host.submit(answer) as Promise<Reply>;
  return { store, heard, host, first, second };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('MatchHost with a store that records asynchronously', () => {
  it('moves the match on only once the store has the move, and not at all when it refuses it', async () => {
    const store = new SlowStore();
    const heard = new Heard();
    const { host, changes } = hostWith(store, heard);

    const first = host.submit(move(host)) as Promise<Reply>;
    expect(first).toBeInstanceOf(Promise);
    expect(host.match?.version).toBe(0);
    expect(heard.versions).toEqual([]);
    expect(changes).toEqual([]);

    store.appends[0]?.settle(false);
    const refusedReply = await first;
    expect(refusedReply.ok ? null : refusedReply.error.code).toBe('NOT_SAVED');
    expect(host.match?.version).toBe(0);
    expect(heard.versions).toEqual([]);
    expect(changes).toEqual([]);

    // Retried, the same move is stored with the same sequence number and the match moves on.
    const retried = host.submit(move(host)) as Promise<Reply>;
    store.appends[1]?.settle(true);
    expect((await retried).ok).toBe(true);
    expect(store.appends.map((a) => a.seq)).toEqual([0, 0]);
    expect(host.match?.version).toBe(1);
    expect(heard.versions).toEqual([1]);
    expect(changes).toEqual([1]);
  });

  it('applies a move that arrives while the last is being recorded after it, on the state it made', async () => {
    // The answer arrives before the store has confirmed the first move: it waits for it.
    const { store, heard, host, first, second } = moveAndAnswer();
    expect(second).toBeInstanceOf(Promise);
    await settled();
    expect(store.appends).toHaveLength(1);
    expect(host.match?.version).toBe(0);

    store.appends[0]?.settle(true);
    expect((await first).ok).toBe(true);
    await settled();
    // Applied to version 1 (had it run on version 0 it would be STALE_VERSION), then recorded.
    expect(store.appends).toHaveLength(2);
    store.appends[1]?.settle(true);
    expect(await second).toEqual({ ok: true });
    expect(store.appends.map((a) => a.seq)).toEqual([0, 1]);
    expect(host.match?.version).toBe(2);
    expect(heard.versions).toEqual([1, 2]);
  });

  it('records nothing more once the room is disposed: a move still waiting is refused, not written', async () => {
    const { store, heard, host, first, second } = moveAndAnswer();
    // Everyone left while the first move was being written: the room closes (its store row with it).
    host.dispose();
    store.appends[0]?.settle(true);
    expect((await first).ok).toBe(true);
    await settled();
    // The waiting answer is refused without a write (the closed room's store would refuse it).
    expect(store.appends).toHaveLength(1);
    const reply = await second;
    expect(reply.ok ? null : reply.error.code).toBe('NO_GAME');
    expect(heard.versions).toEqual([1]);
    // And a move submitted after the disposal is refused at once.
    const late = await host.submit(move(host));
    expect(late.ok ? null : late.error.code).toBe('NO_GAME');
    expect(store.appends).toHaveLength(1);
  });
});
