import { Clock, Delayed } from '@colyseus/core';

/** Delayed's `type` values (@colyseus/timer's Type enum, not exported by @colyseus/core). */
const INTERVAL = 0;
const TIMEOUT = 1;

/**
 * One scheduled callback on its own Node timer; `elapsedTime` is read from the clock when asked. A
 * room keeps each game deadline for a round or more, so a timer is a plain object with no closures of
 * its own: the young-generation GC copies every one made since its last run (DEVELOPERS.md).
 */
class TimerDelayed extends Delayed {
  private readonly timer: NodeJS.Timeout;
  private startedAt = performance.now();

  static {
    // Delayed assigns elapsedTime in its constructor: the accessor takes the assignment and ignores it.
    Object.defineProperty(TimerDelayed.prototype, 'elapsedTime', {
      get(this: TimerDelayed) {
        return performance.now() - this.startedAt;
      },
      set() {},
    });
  }

  constructor(
    handler: (...args: unknown[]) => void,
    args: unknown[],
    time: number,
    repeat: boolean,
    /** The clock's timers still to fire: this one leaves it once it will not fire again. */
    private readonly pending: Set<TimerDelayed>,
  ) {
    super(handler, args, time, repeat ? INTERVAL : TIMEOUT);
    this.timer = repeat ? setInterval(fireDelayed, time, this) : setTimeout(fireDelayed, time, this);
  }

  fire(): void {
    if (!this.active) return;
    this.startedAt = performance.now();
    if (this.type === TIMEOUT) {
      this.active = false;
      this.pending.delete(this);
    }
    (this.handler as (...args: unknown[]) => void)(...(this.args as unknown[]));
  }

  override clear(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.pending.delete(this);
  }

  override pause(): void {
    throw new Error('TimerClock timers cannot be paused');
  }
}

function fireDelayed(delayed: TimerDelayed): void {
  delayed.fire();
}

/**
 * A room clock that runs nothing while nothing is due. With `patchRate = null` Colyseus ticks a
 * room's clock 60 times a second (to run `clock.setTimeout`), in every room, although a card table
 * has at most a few deadlines: 60,000 timer callbacks a second for 1,000 idle tables. Here every
 * `setTimeout`/`setInterval` is its own Node timer (cleared with the room, by `clear()`), and the
 * times Colyseus reads (`currentTime` for its per-client message limit, `elapsedTime`) come from the
 * wall clock when read. GameRoom installs it and stops Colyseus's own tick (see GameRoom.open).
 */
export class TimerClock extends Clock {
  private origin = Date.now();
  private readonly pending = new Set<TimerDelayed>();

  constructor() {
    super(false);
    Object.defineProperties(this, {
      currentTime: { get: () => Date.now(), set: () => undefined },
      elapsedTime: { get: () => Date.now() - this.origin, set: () => undefined },
    });
  }

  override start(): void {
    super.start(false);
    this.origin = Date.now();
  }

  override setTimeout(handler: (...args: unknown[]) => void, time: number, ...args: unknown[]): Delayed {
    return this.schedule(handler, args, time, false);
  }

  override setInterval(handler: (...args: unknown[]) => void, time: number, ...args: unknown[]): Delayed {
    return this.schedule(handler, args, time, true);
  }

  /** Resolves after `ms` (never, if the clock is cleared first). */
  override duration(ms: number): Promise<void> {
    return new Promise((resolve) => this.schedule(() => resolve(), [], ms, false));
  }

  /** Nothing to tick: every callback has its own timer. */
  override tick(): void {}

  override clear(): void {
    for (const delayed of [...this.pending]) delayed.clear();
  }

  /** Timers still to fire (tests). */
  get scheduled(): number {
    return this.pending.size;
  }

  private schedule(
    handler: (...args: unknown[]) => void,
    args: unknown[],
    time: number,
    repeat: boolean,
  ): Delayed {
    const delayed = new TimerDelayed(handler, args, Math.max(0, time), repeat, this.pending);
    this.pending.add(delayed);
    return delayed;
  }
}
