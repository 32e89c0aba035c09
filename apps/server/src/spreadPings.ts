/**
 * Keep-alive pings spread over the interval. Colyseus' WebSocketTransport pings every client in one
 * synchronous loop every `pingInterval` (about 10 µs a client: 40 ms at 4,000 clients, a stall that
 * sets every room's p99). This transport keeps its semantics — each client pinged once per interval,
 * terminated after `pingMaxRetries` unanswered pings (a pong resets the count, as in Colyseus) — but
 * pings a slice of the clients on each of many short ticks.
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

/** Which clients each tick pings: a client joins the slot after the last one given out. */
export class PingSpreader {
  private tickNumber = 0;
  private nextSlot = 0;
  private readonly slots = new WeakMap<PingedClient, number>();

  constructor(
    private readonly ticks: number,
    private readonly maxRetries: number,
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
      client.ping(noop);
    }
  }
}

export class SpreadPingTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const spreader = new PingSpreader(PING_TICKS, pingMaxRetries);
    const clients = this.wss.clients as unknown as Set<PingedClient>;
    this.pingInterval = setInterval(() => spreader.tick(clients), pingInterval / PING_TICKS);
  }
}
