import { Client, CloseCode, type Room } from '@colyseus/sdk';
import {
  type ComputerLevel,
  CloseCodes,
  DisplayNameSchema,
  NoticeSchema,
  type Hint,
  HintReplySchema,
  ReplySchema,
  SharedRoomInfoSchema,
  type You,
  YouSchema,
  GameUpdateSchema,
  JudgingSchema,
  applyHistoryDelta,
  type RoomInfo,
  type LobbyAction,
  type RoomLookup,
} from '@cards/schema';
import { z } from 'zod';
import { describeZodError, parseGameUpdate, type GameState } from '../games/parse.ts';
import { errorMessage } from '../lib/errorMessage.ts';
import { rememberRecentGame } from '../history/recentGames.ts';
import { resetRoomState, showToast, useStore, type LeftInfo } from '../store.ts';
import { apiUrl, serverEndpoint } from './endpoint.ts';
import { lookupRoom } from './lookup.ts';
import {
  SEAT_HEARTBEAT_MS,
  browserId,
  clearRoomSession,
  forgetSeat,
  loadRoomSession,
  markSeatAlive,
  markSeatOrphaned,
  saveRoomSession,
  storedName,
  tabToken,
  tokenForRoom,
} from './session.ts';

/** The remembered display name, or '' if none (or if what is stored is no longer valid). */
export function loadName(): string {
  const stored = storedName();
  return DisplayNameSchema.safeParse(stored).success ? stored : '';
}

let client: Client | null = null;
let room: Room | null = null;
/** The seat token the current room was entered with. */
let roomToken = '';
let inFlight: { key: string; promise: Promise<JoinOutcome> } | null = null;

function getClient(): Client {
  client ??= new Client(serverEndpoint());
  return client;
}

export type JoinOutcome =
  | { kind: 'joined' }
  | { kind: 'notFound' }
  | { kind: 'needName'; lookup: RoomLookup }
  | { kind: 'full'; lookup: RoomLookup }
  /** The host removed this browser from the room: it may neither play nor watch there. */
  | { kind: 'removed' }
  | { kind: 'error'; message: string };

function protocolError(what: string, detail: string): void {
  const text = `The server sent a ${what} this page does not understand.`;
  useStore.setState({ protocolError: `${text}\n${detail}` });
  showToast('error', text);
}

function leftInfoFor(code: number, reason: string | undefined): LeftInfo {
  if (code === CloseCodes.kicked)
    return { reason: 'kicked', message: 'The host removed you from this room.' };
  if (code === CloseCodes.removed)
    return {
      reason: 'removed',
      message: 'The host took you out of the room. You may come back to watch or play.',
    };
  if (code === CloseCodes.replaced) {
    return {
      reason: 'replaced',
      message: 'You opened this room in another tab, so this tab was disconnected.',
    };
  }
  if (code === CloseCode.FAILED_TO_RECONNECT || code === CloseCode.ABNORMAL_CLOSURE) {
    return { reason: 'lost', message: 'The connection to the room was lost.' };
  }
  return {
    reason: 'closed',
    message: reason ? `The room closed: ${reason}` : 'You are no longer in this room.',
  };
}

function isSeated(): boolean {
  const seat = useStore.getState().info?.you.seat;
  return seat !== null && seat !== undefined;
}

function remember(r: Room, code: string): void {
  const seated = isSeated();
  saveRoomSession(code, { reconnectionToken: r.reconnectionToken, seated, token: roomToken });
  if (seated) markSeatAlive(code, roomToken);
}

function keepSeatAlive(): void {
  const code = useStore.getState().code;
  if (room && code && isSeated()) markSeatAlive(code, roomToken);
}

function orphanSeat(): void {
  const code = useStore.getState().code;
  if (room && code && isSeated()) markSeatOrphaned(code, roomToken);
}

if (typeof window !== 'undefined') {
  window.setInterval(keepSeatAlive, SEAT_HEARTBEAT_MS);
  window.addEventListener('pagehide', orphanSeat);
  window.addEventListener('pageshow', keepSeatAlive);
}

/** How long the server keeps a dropped player's connection slot (GameRoom RECONNECT_SECONDS). */
const RECONNECT_WINDOW_MS = 60_000;
/** While the browser says it is offline, how often to try again (each try fails at once, for free). */
const OFFLINE_RETRY_MS = 250;
const MAX_RETRY_DELAY_MS = 2_000;

/**
 * SDK reconnection tuned to the server's window: the SDK defaults give up after 15 tries (≈ 51 s)
 * and do not reconnect at all a connection that was up for less than 5 s. Here a drop at any time
 * is retried (backing off to every 2 s, every 250 ms while the browser is offline so that coming
 * back online is noticed at once) until the window is over; `onDrop` ends the retries then, and the
 * tab rejoins with its seat token instead (RoomPage).
 */
function configureReconnection(r: Room): void {
  r.reconnection.minUptime = 0;
  r.reconnection.maxRetries = Number.MAX_SAFE_INTEGER;
  r.reconnection.delay = 100;
  r.reconnection.minDelay = 100;
  r.reconnection.maxDelay = MAX_RETRY_DELAY_MS;
  r.reconnection.backoff = (attempt, delay) =>
    navigator.onLine === false ? OFFLINE_RETRY_MS : Math.min(MAX_RETRY_DELAY_MS, 2 ** attempt * delay);
}

const HealthSchema = z.object({ boot: z.string() });

/** Which server process answers (GET /healthz `boot`), or null if none does. */
async function serverBoot(): Promise<string | null> {
  try {
    const res = await fetch(apiUrl('/healthz'), { cache: 'no-store', signal: AbortSignal.timeout(2_000) });
    const body = HealthSchema.safeParse(await res.json());
    return body.success ? body.data.boot : null;
  } catch {
    return null;
  }
}

/** Which server process runs the room (GET /api/rooms/:code `host`), or null if none says. */
async function roomHost(code: string): Promise<string | null> {
  try {
    return (await lookupRoom(code))?.host ?? null;
  } catch {
    return null;
  }
}

/** Who answers now and who ran the room: the page's server (`boot`) and the room's process (`host`). */
interface Whereabouts {
  boot: string | null;
  host: string | null;
}

const whereabouts = async (code: string): Promise<Whereabouts> => {
  const [boot, host] = await Promise.all([serverBoot(), roomHost(code)]);
  return { boot, host };
};

/** The room now runs in another process than the one the tab joined (a restart, or a cluster move). */
const moved = (now: Whereabouts, joined: Whereabouts): boolean =>
  (now.boot !== null && joined.boot !== null && now.boot !== joined.boot) ||
  (now.host !== null && joined.host !== null && now.host !== joined.host);

/**
 * While the SDK retries, asks the server who it is and where the room runs. No answer while the
 * browser is online: the server is restarting (said on screen). The server restarted, or the room
 * now runs in another process of a cluster (its process died and another restored it): the SDK's
 * reconnection token is worthless there, so stop retrying and rejoin by seat token at once
 * (RoomPage rejoins a room 'lost').
 */
function watchForRestart(r: Room, code: string, joinedAt: Promise<Whereabouts>): () => void {
  let probing = false;
  return () => {
    if (probing) return;
    probing = true;
    void Promise.all([whereabouts(code), joinedAt])
      .then(([now, joined]) => {
        if (room !== r || useStore.getState().status !== 'reconnecting') return;
        useStore.setState({ serverRestarting: now.boot === null && navigator.onLine !== false });
        if (!moved(now, joined)) return;
        room = null;
        r.reconnection.maxRetries = r.reconnection.retryCount;
        useStore.setState({
          status: 'closed',
          left: { reason: 'lost', message: 'The server restarted; joining again…' },
          busy: false,
          serverRestarting: false,
        });
      })
      .finally(() => {
        probing = false;
      });
  };
}

/** The public history and replay id of a 'game' message (the envelope is already checked). */
const GameUpdateExtrasSchema = GameUpdateSchema.pick({ history: true, replayId: true });

/** A finished game goes to this browser's recent games (the home page lists them). */
function rememberFinished(replayId: string, info: RoomInfo, game: GameState): void {
  const view = game.view as { winners?: number[]; final?: { winners: number[] } | null };
  const outcome = view.winners ?? view.final?.winners ?? [];
  rememberRecentGame({
    replayId,
    game: info.game,
    code: info.code,
    players: info.seats.filter((s) => s.name !== null).map((s) => s.name ?? ''),
    seat: info.you.seat,
    winners: outcome,
    finishedAt: Date.now(),
  });
}

/** Wire a freshly joined room into the store. Must run synchronously after the join resolves. */
function attach(r: Room, code: string, token: string): void {
  room = r;
  configureReconnection(r);
  /** When the current run of reconnection attempts began (null while connected). */
  let droppedAt: number | null = null;
  roomToken = token;
  const probeServer = watchForRestart(r, code, whereabouts(code));
  useStore.setState({
    status: 'connected',
    code,
    info: null,
    game: null,
    history: [],
    replayId: null,
    left: null,
    busy: false,
    protocolError: null,
    serverRestarting: false,
    judging: false,
    hint: null,
  });
  remember(r, code);

  // The room info is one message for the whole room; who "you" are comes apart, when it changes.
  let you: You = { seat: null, name: '' };
  r.onMessage('you', (raw: unknown) => {
    if (room !== r) return;
    const parsed = YouSchema.safeParse(raw);
    if (!parsed.success) return protocolError('room update', describeZodError(parsed.error));
    you = parsed.data;
    const info = useStore.getState().info;
    if (info) useStore.setState({ info: { ...info, you } });
  });
  r.onMessage('room', (raw: unknown) => {
    if (room !== r) return;
    const parsed = SharedRoomInfoSchema.safeParse(raw);
    if (!parsed.success) return protocolError('room update', describeZodError(parsed.error));
    useStore.setState({ info: { ...parsed.data, you } });
    remember(r, code);
  });

  r.onMessage('game', (raw: unknown) => {
    if (room !== r) return;
    const parsed = parseGameUpdate(raw, useStore.getState().info?.game);
    if (!parsed.ok) return protocolError('game update', parsed.error);
    const extra = GameUpdateExtrasSchema.parse(raw);
    const { history, info, hint: asked } = useStore.getState();
    const replayId = extra.replayId ?? null;
    const game = parsed.value;
    // A hint is for the position it was asked in: gone once that changes (never shown again later).
    const hint = asked !== null && asked.position === game.hint ? asked : null;
    useStore.setState({ game, history: applyHistoryDelta(history, extra.history), replayId, hint });
    if (replayId !== null && info !== null) rememberFinished(replayId, info, game);
  });

  r.onMessage('judging', (raw: unknown) => {
    if (room !== r) return;
    const parsed = JudgingSchema.safeParse(raw);
    if (!parsed.success) return protocolError('judging update', describeZodError(parsed.error));
    useStore.setState({ judging: parsed.data.open });
  });

  r.onMessage('notice', (raw: unknown) => {
    if (room !== r) return;
    const parsed = NoticeSchema.safeParse(raw);
    if (!parsed.success) return protocolError('notice', describeZodError(parsed.error));
    showToast(parsed.data.kind === 'info' ? 'info' : 'error', parsed.data.text);
  });

  // Called on the drop and again after every failed attempt.
  r.onDrop(() => {
    if (room !== r) return;
    droppedAt ??= Date.now();
    // Past the server's window: make this the last try, so the SDK gives up (onLeave, 'lost').
    if (Date.now() - droppedAt > RECONNECT_WINDOW_MS) r.reconnection.maxRetries = r.reconnection.retryCount;
    useStore.setState({ status: 'reconnecting' });
    probeServer();
  });

  r.onReconnect(() => {
    if (room !== r) return;
    droppedAt = null;
    useStore.setState({ status: 'connected', serverRestarting: false });
    remember(r, code);
  });

  r.onLeave((closeCode: number, reason?: string) => {
    if (room !== r) return;
    room = null;
    const left = leftInfoFor(closeCode, reason);
    const gone = left.reason === 'kicked' || left.reason === 'removed' || left.reason === 'closed';
    if (gone || left.reason === 'replaced') clearRoomSession(code);
    if (gone) forgetSeat(code, roomToken);
    useStore.setState({ status: 'closed', left, busy: false });
  });

  r.onError((errCode: number | undefined, message?: string) => {
    // Failed attempts while the SDK is reconnecting are expected; the banner already says so.
    if (room !== r || useStore.getState().status === 'reconnecting') return;
    showToast(
      'error',
      message ? `Connection error: ${message}` : `Connection error${errCode ? ` (${errCode})` : ''}.`,
    );
  });
}

/**
 * Create a private room and join it as its first player (with `againstComputer`, computer players of
 * that level take the other seats and the game starts at once). Returns the room code.
 */
export async function createRoom(
  slug: string,
  name: string,
  options: unknown,
  seed?: string,
  againstComputer?: ComputerLevel,
): Promise<string> {
  await leaveRoom();
  const token = tabToken();
  const r = await getClient().create(slug, {
    name,
    token,
    browser: browserId(),
    spectate: false,
    options,
    ...(seed ? { seed } : {}),
    ...(againstComputer ? { againstComputer } : {}),
  });

  const code = r.roomId;
  attach(r, code, token);
  saveRoomSession(code, { reconnectionToken: r.reconnectionToken, seated: true, token });
  markSeatAlive(code, token);
  return code;
}

const REMOVED = /removed you/i;

function looksFull(message: string): boolean {
  return /full|no free seat|no seat/i.test(message);
}

async function joinFlow(
  code: string,
  mode: { watch: boolean; name?: string | undefined; explicit: boolean },
): Promise<JoinOutcome> {
  const previous = loadRoomSession(code);

  // 1. A reloaded tab first tries to resume its old connection.
  if (previous?.reconnectionToken && !mode.explicit) {
    try {
      const r = await getClient().reconnect(previous.reconnectionToken);
      attach(r, code, previous.token ?? tabToken());
      return { kind: 'joined' };
    } catch {
      // The reservation expired: fall back to joining with the tab token.
    }
  }

  // 2. Is there such a room, and is there room at the table?
  let lookup: RoomLookup | null;
  try {
    lookup = await lookupRoom(code);
  } catch (error) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return {
      kind: 'error',
      message: offline
        ? 'You are offline. This page joins the room again as soon as you are back online.'
        : errorMessage(error),
    };
  }
  if (!lookup) return { kind: 'notFound' };

  const name = mode.name ?? loadName();
  if (!DisplayNameSchema.safeParse(name).success) return { kind: 'needName', lookup };

  const spectate = mode.watch;
  const token = spectate ? (previous?.token ?? tabToken()) : tokenForRoom(code, previous);
  const reclaiming = token !== tabToken();
  if (!spectate && lookup.freeSeats === 0 && !previous?.seated && !reclaiming)
    return { kind: 'full', lookup };

  // 3. Join; the token lets the server give a reloaded tab (or a reopened link) its seat back.
  try {
    const r = await getClient().joinById(code, { name, token, browser: browserId(), spectate });
    attach(r, code, token);
    return { kind: 'joined' };
  } catch (error) {
    const message = errorMessage(error);
    // A removed browser is banned (token and browser id): retrying cannot help.
    if (REMOVED.test(message)) {
      forgetSeat(code, token);
      clearRoomSession(code);
      return { kind: 'removed' };
    }
    if (!spectate && looksFull(message)) return { kind: 'full', lookup };
    if (/not found|no room|does not exist/i.test(message)) return { kind: 'notFound' };
    return { kind: 'error', message };
  }
}

/**
 * Enter the room with this code (idempotent: concurrent calls for the same room share one attempt,
 * and a tab already connected to the room just stays).
 */
export function enterRoom(
  code: string,
  mode: { watch: boolean; name?: string | undefined; explicit?: boolean },
): Promise<JoinOutcome> {
  const state = useStore.getState();
  if (room && state.code === code && state.status !== 'closed') return Promise.resolve({ kind: 'joined' });
  const key = `${code}|${mode.watch}|${mode.name ?? ''}|${mode.explicit ? 1 : 0}`;
  if (inFlight?.key === key) return inFlight.promise;
  useStore.setState({ status: 'connecting', code, left: null });
  const promise = (async () => {
    if (room && useStore.getState().code !== code) await leaveRoom();
    return joinFlow(code, { watch: mode.watch, name: mode.name, explicit: mode.explicit ?? false });
  })().finally(() => {
    if (inFlight?.key === key) inFlight = null;
  });
  inFlight = { key, promise };
  return promise;
}

/**
 * Leave the current room on purpose. In the lobby that frees the seat. During or after a game the
 * server keeps the seat for its owner, so this tab (and this browser) remembers it: coming back to
 * the room link, or pressing Back then Forward, takes the seat back.
 */
export async function leaveRoom(): Promise<void> {
  const r = room;
  const { code, info } = useStore.getState();
  room = null;
  if (code) {
    const keepsSeat = info !== null && info.phase !== 'lobby' && info.you.seat !== null;
    if (keepsSeat) {
      saveRoomSession(code, { reconnectionToken: '', seated: true, token: roomToken });
      markSeatOrphaned(code, roomToken);
    } else {
      clearRoomSession(code);
      forgetSeat(code, roomToken);
    }
  }
  resetRoomState();
  if (r) {
    try {
      await r.leave(true);
    } catch {
      // already gone
    }
  }
}

export function isInRoom(code: string): boolean {
  return room !== null && useStore.getState().code === code;
}

/**
 * Sends a request and reads its reply with `schema`: the reply when accepted, or null (a refusal,
 * an unreadable reply or a failed request, each shown to the player).
 */
async function request<T extends { ok: true }>(
  type: 'intent' | 'lobby' | 'hint',
  payload: unknown,
  schema: z.ZodType<T | { ok: false; error: { message: string } }>,
): Promise<T | null> {
  const r = room;
  if (!r) {
    showToast('error', 'You are not connected to the room.');
    return null;
  }
  useStore.setState({ busy: true });
  try {
    const raw: unknown = await r.request(type, payload);
    const reply = schema.safeParse(raw);
    if (!reply.success) {
      protocolError('reply', describeZodError(reply.error));
      return null;
    }
    if (!reply.data.ok) {
      showToast('error', reply.data.error.message);
      return null;
    }
    return reply.data;
  } catch (error) {
    showToast('error', `The server did not accept that: ${errorMessage(error)}`);
    return null;
  } finally {
    if (room === r) useStore.setState({ busy: false });
  }
}

/** Send a game intent for the current version. Rejections are shown as a toast. */
export function sendIntent(intent: unknown): Promise<boolean> {
  const version = useStore.getState().game?.version ?? 0;
  return request('intent', { version, intent }, ReplySchema).then((reply) => reply !== null);
}

/** Asks for a hint for this tab's seat (`reveal`: the second tap). Refusals are shown as a toast. */
export async function requestHint(reveal: boolean): Promise<Hint | null> {
  const reply = await request<{ ok: true; hint: Hint }>('hint', { reveal }, HintReplySchema);
  return reply?.hint ?? null;
}

export function sendLobby(action: LobbyAction): Promise<boolean> {
  return request('lobby', action, ReplySchema).then((reply) => reply !== null);
}
