import { TokenBucket } from './room/rateLimit.ts';

/**
 * At most `burst` lines, then `perMinute` a minute; the next line that is let through says how
 * many were left out meanwhile.
 */
export class LogThrottle {
  private readonly bucket: TokenBucket;
  private suppressed = 0;

  constructor(
    burst: number,
    perMinute: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.bucket = new TokenBucket(burst, perMinute / 60, clock());
  }

  /** The line to log now (with the count left out before it), or null to leave it out. */
  admit(line: string): string | null {
    if (!this.bucket.take(this.clock())) {
      this.suppressed += 1;
      return null;
    }
    const note = this.suppressed > 0 ? ` (${this.suppressed} similar lines left out)` : '';
    this.suppressed = 0;
    return line + note;
  }
}

/** Longest error or warning written as is; a longer one (a deep stack) is cut there. */
const MAX_LINE_CHARS = 2_000;

function render(args: unknown[]): string {
  const text = args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
  return text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}… (cut)` : text;
}

type LogMethod = (...args: unknown[]) => void;

/**
 * A logger for Colyseus (rooms log through it too) with errors and warnings throttled: a client
 * that can make the server fail on purpose must not be able to fill the disk with stack traces.
 */
export function throttledLogger(
  out: Console = console,
): Record<'debug' | 'info' | 'trace' | 'error' | 'warn', LogMethod> {
  const throttle = new LogThrottle(20, 20);
  const throttled =
    (write: (line: string) => void) =>
    (...args: unknown[]): void => {
      const line = throttle.admit(render(args));
      if (line !== null) write(line);
    };
  return {
    debug: (...args: unknown[]) => out.debug(...args),
    info: (...args: unknown[]) => out.info(...args),
    trace: (...args: unknown[]) => out.trace(...args),
    error: throttled((line) => out.error(line)),
    warn: throttled((line) => out.warn(line)),
  };
}
