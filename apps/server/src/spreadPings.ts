/**
 * Keep-alive pings spread over the interval. Colyseus' WebSocketTransport pings every client in one
 * synchronous loop every `pingInterval` (about 10 µs a client: 40 ms at 4,000 clients, a stall that
 * sets every room's p99). This transport keeps its semantics — each client pinged once per interval,
 * terminated after `pingMaxRetries` unanswered pings (a pong resets the count, as in Colyseus) — but
 * pings a slice of the clients on each of many short ticks.
 *
 * The same pings measure each connection's round trip (RoundTrips): the server's own clock from ping
 * to pong, so latency fairness (room/fairness.ts) never trusts a client's clock.
 */
import { WebSocketTransport } from '@colyseus/ws-transport';

/** Ticks per ping interval: each pings about 1/TICKS of the clients. */
export const PING_TICKS = 30;

/** A connected socket as the ping loop sees it (ws's WebSocket with Colyseus' counter). */
export interface PingedClient {
  pingCount: number;
  ping(cb: () => void): void;
  terminate(): void;
}

const noop = (): void => undefined;

/** Round trips kept per connection; its estimate is their median (one slow pong does not count). */
export const ROUND_TRIP_SAMPLES = 5;
/** Pings awaiting their pong that are remembered per connection (a pong answers the oldest). */
const OUTSTANDING_PINGS = 4;

/** Reused by `median`: a pong comes every few seconds from every client (a sort would copy). */
const sorting: number[] = [];

/** The median of a few numbers (the upper one of an even count). */
function median(values: readonly number[]): number {
  sorting.length = 0;
  for (const value of values) {
    let at = sorting.length;
    for (; at > 0 && sorting[at - 1]! > value; at--) sorting[at] = sorting[at - 1]!;
    sorting[at] = value;
  }
  return sorting[Math.floor(sorting.length / 2)]!;
}

/**
 * Each connection's round-trip time, measured by the server from ping to pong (WebSocket control
 * frames, answered by the client's WebSocket itself). Keyed by the raw socket.
 */
export class RoundTrips {
  private readonly sent = new WeakMap<object, number[]>();
  private readonly samples = new WeakMap<object, number[]>();
  /** The median of each socket's samples, worked out when one arrives (read on every intent). */
  private readonly medians = new WeakMap<object, number>();

  pinged(socket: object, at: number): void {
    const sent = this.sent.get(socket) ?? [];
    sent.push(at);
    if (sent.length > OUTSTANDING_PINGS) sent.shift();
    this.sent.set(socket, sent);
  }

  ponged(socket: object, at: number): void {
    const sentAt = this.sent.get(socket)?.shift();
    if (sentAt === undefined) return;
    const samples = this.samples.get(socket) ?? [];
    samples.push(at - sentAt);
    if (samples.length > ROUND_TRIP_SAMPLES) samples.shift();
    this.samples.set(socket, samples);
    this.medians.set(socket, median(samples));
  }

  /** How many round trips the estimate rests on (at most ROUND_TRIP_SAMPLES). */
  sampleCount(socket: object): number {
    return this.samples.get(socket)?.length ?? 0;
  }

  /** The median of the last few round trips in ms, or null before the first pong. */
  of(socket: object): number | null {
    return this.medians.get(socket) ?? null;
  }
}

/** Every connection's round trip in this process (the transport feeds it, rooms read it). */
export const roundTrips = new RoundTrips();

/** Which clients each tick pings: a client joins the slot after the last one given out. */
export class PingSpreader {
  private tickNumber = 0;
  private nextSlot = 0;
  private readonly slots = new WeakMap<PingedClient, number>();

  constructor(
    private readonly ticks: number,
    private readonly maxRetries: number,
    private readonly meter: RoundTrips | null = null,
  ) {}

  /** One tick: pings (or terminates, after maxRetries unanswered pings) the clients of this slot. */
  tick(clients: Iterable<PingedClient>): void {
    const slot = this.tickNumber++ % this.ticks;
    for (const client of clients) {
      let own = this.slots.get(client);
      if (own === undefined) {
        own = this.nextSlot++ % this.ticks;
        this.slots.set(client, own);
      }
      if (own !== slot) continue;
      if (client.pingCount >= this.maxRetries) {
        client.terminate();
        continue;
      }
      client.pingCount++;
      this.meter?.pinged(client, performance.now());
      client.ping(noop);
    }
  }
}

/** What the transport needs of a new socket to measure its round trips. */
interface MeasuredSocket {
  ping(cb: () => void): void;
  on(event: 'pong', listener: () => void): unknown;
  /** ws's TCP socket (private in ws's types). */
  _socket?: { cork(): void; uncork(): void } | null;
}

export class SpreadPingTransport extends WebSocketTransport {
  constructor(options: ConstructorParameters<typeof WebSocketTransport>[0]) {
    super(options);
    // A first ping at once, so a round trip is known seconds before the first keep-alive ping. It
    // goes out with what the room writes while the connection joins (the join acknowledgement,
    // written in this turn of the event loop): one socket write instead of two per connection.
    this.wss.on('connection', (socket: MeasuredSocket) => {
      socket.on('pong', () => roundTrips.ponged(socket, performance.now()));
      const tcp = socket._socket ?? null;
      tcp?.cork();
      setImmediate(() => {
        roundTrips.pinged(socket, performance.now());
        socket.ping(noop);
        tcp?.uncork();
      });
    });
  }

  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const spreader = new PingSpreader(PING_TICKS, pingMaxRetries, roundTrips);
    const clients = this.wss.clients as unknown as Set<PingedClient>;
    this.pingInterval = setInterval(() => spreader.tick(clients), pingInterval / PING_TICKS);
  }
}
