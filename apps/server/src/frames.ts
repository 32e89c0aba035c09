import type { IncomingMessage } from 'node:http';
import { ErrorCode, getMessageBytes, logger, Protocol, ResponseStatus } from '@colyseus/core';
import { decode } from '@colyseus/schema';
import type { WebSocketTransport } from '@colyseus/ws-transport';
import { unpack } from 'msgpackr';
import { refused } from './room/replies.ts';
import { LogThrottle } from './logging.ts';
import { SpreadPingTransport } from './spreadPings.ts';

/** The requests a room answers (GameRoom registers a handler for each). */
export const REQUEST_TYPES: ReadonlySet<string> = new Set(['lobby', 'intent', 'hint']);

const PROTOCOL_CODE_MASK = 0x1f;

/** What to do with one incoming websocket frame. */
export type FrameVerdict =
  | { kind: 'pass' }
  /** A request the room cannot read or has no handler for: answered here with this reply. */
  | { kind: 'refuseRequest'; requestId: number; reply: ReturnType<typeof refused> }
  /** A plain message (or a request without a readable id) that cannot be read: dropped. */
  | { kind: 'drop' };

const MALFORMED_TEXT = 'The server could not read that message.';
const MALFORMED = refused('MALFORMED', MALFORMED_TEXT);
const UNKNOWN = refused('UNKNOWN_REQUEST', 'The server does not know that request.');

/**
 * Decodes a frame's header and payload the way Colyseus will (RoomMessages: type as a string or
 * number, then a msgpack payload), without acting on it. Colyseus itself logs a full stack trace
 * for every frame it cannot decode and answers a request with the decoder's message, which quotes
 * the sender's bytes; screened here, such frames get a fixed answer and a throttled one-line log.
 */
export function screenFrame(data: Uint8Array): FrameVerdict {
  const code = (data[0] ?? 0) & PROTOCOL_CODE_MASK;
  if (code !== Protocol.ROOM_REQUEST && code !== Protocol.ROOM_DATA) return { kind: 'pass' };
  const it = { offset: 1 };
  let requestId: number | null = null;
  try {
    if (code === Protocol.ROOM_REQUEST) {
      const id = decode.number(data, it);
      if (!Number.isSafeInteger(id) || id < 0 || it.offset > data.length) return { kind: 'drop' };
      requestId = id;
    }
    const type = decode.stringCheck(data, it) ? decode.string(data, it) : decode.number(data, it);
    if (it.offset > data.length || (typeof type !== 'string' && !Number.isFinite(type)))
      return malformed(requestId);
    if (data.length > it.offset) unpack(data.subarray(it.offset));
    if (requestId !== null && !REQUEST_TYPES.has(String(type)))
      return { kind: 'refuseRequest', requestId, reply: UNKNOWN };
  } catch {
    return malformed(requestId);
  }
  return { kind: 'pass' };
}

function malformed(requestId: number | null): FrameVerdict {
  return requestId === null ? { kind: 'drop' } : { kind: 'refuseRequest', requestId, reply: MALFORMED };
}

const malformedLog = new LogThrottle(5, 6);

function peerOf(req: IncomingMessage | undefined): string {
  return req?.socket.remoteAddress ?? 'unknown';
}

/**
 * Screens every frame of a websocket before Colyseus sees it (see screenFrame). The socket's
 * `emit` is wrapped as soon as it connects, before the room adds its 'message' listener.
 */
interface RawSocket {
  emit(event: string | symbol, ...args: unknown[]): boolean;
  send(data: Uint8Array): void;
  /** ws's TCP socket (private in ws's types; absent once the socket is closed). */
  _socket?: { cork(): void; uncork(): void } | null;
}

/**
 * Whatever the server writes to one socket in one turn of the event loop goes out in one socket
 * write (cork/uncork: one writev): the sender's own game update and the reply to its intent stay two
 * websocket frames, as the client expects, but cost one system call instead of two. The socket is
 * corked at the turn's first message and uncorked on the next tick, which runs after every promise
 * callback queued meanwhile: a store's answer, the views it releases and the reply that follows them
 * leave together. `pnpm bench room --compare one-write` runs the room with it off and on.
 */
export const frameWrites = { coalesce: true };

function coalesceSends(socket: RawSocket): void {
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  let corked: { uncork(): void } | null = null;
  const uncork = () => {
    corked?.uncork();
    corked = null;
  };
  socket.send = ((...args: unknown[]) => {
    const tcp = socket._socket;
    if (corked === null && frameWrites.coalesce && tcp) {
      tcp.cork();
      corked = tcp;
      process.nextTick(uncork);
    }
    send(...args);
  }) as RawSocket['send'];
}

function guardSocket(socket: RawSocket, req: IncomingMessage | undefined): void {
  coalesceSends(socket);
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    const data = args[0];
    const verdict = data instanceof Uint8Array ? screenFrame(data) : { kind: 'drop' as const };
    if (verdict.kind !== 'pass') return refuse(socket, req, verdict);
    return emit(event, ...args);
  }) as typeof socket.emit;
}

/** Answers (or drops) a frame screenFrame did not pass, with a throttled one-line log. */
function refuse(socket: RawSocket, req: IncomingMessage | undefined, verdict: FrameVerdict): boolean {
  const line = malformedLog.admit(`unreadable websocket frame from ${peerOf(req)}; answered generically`);
  if (line !== null) logger.warn(line);
  if (verdict.kind === 'refuseRequest')
    socket.send(getMessageBytes[Protocol.ROOM_RESPONSE](verdict.requestId, ResponseStatus.OK, verdict.reply));
  else socket.send(getMessageBytes[Protocol.ERROR](ErrorCode.INVALID_PAYLOAD, MALFORMED_TEXT));
  return true;
}

/** The Colyseus websocket transport, with every frame screened (see guardSocket) and pings spread. */
export class GuardedWebSocketTransport extends SpreadPingTransport {
  constructor(options: ConstructorParameters<typeof WebSocketTransport>[0]) {
    super(options);
    this.wss.on('connection', guardSocket);
  }
}
