import { create } from 'zustand';
import type { Hint, HistoryEntry, RoomInfo } from '@cards/schema';
import type { GameState } from './games/parse.ts';

export type ConnStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface Toast {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

/** Why this tab is no longer in its room. */
export interface LeftInfo {
  /** kicked: banned by the host; removed: taken out by the host, free to come back. */
  reason: 'kicked' | 'removed' | 'full' | 'lost' | 'closed' | 'replaced';
  message: string;
}

export interface AppState {
  status: ConnStatus;
  /** Code of the room this tab is connected to (or connecting to). */
  code: string | null;
  info: RoomInfo | null;
  game: GameState | null;
  /** The match's public history, oldest first (append-only within a match). */
  history: readonly HistoryEntry[];
  /** Once the game is over: its replay id. */
  replayId: string | null;
  toast: Toast | null;
  left: LeftInfo | null;
  /** A request is in flight; buttons that send one are disabled meanwhile. */
  busy: boolean;
  /** The last incoming message that failed validation (shown as a banner). */
  protocolError: string | null;
  /** While reconnecting: the server itself does not answer (it is restarting), not just this tab's network. */
  serverRestarting: boolean;
  /** Raced claims are being put in fair order (the server's 'judging' message); nothing applied yet. */
  judging: boolean;
  /** A replay is on screen: the table is a finished game seen through a seat, never "your turn". */
  replaying: boolean;
  /** The last hint this player was given, and the position (GameState.hint) it was asked in. */
  hint: { position: string; hint: Hint } | null;
}

let toastSeq = 0;

export const useStore = create<AppState>(() => ({
  status: 'idle',
  code: null,
  info: null,
  game: null,
  history: [],
  replayId: null,
  toast: null,
  left: null,
  busy: false,
  protocolError: null,
  serverRestarting: false,
  judging: false,
  replaying: false,
  hint: null,
}));

export function showToast(kind: Toast['kind'], text: string): void {
  toastSeq += 1;
  useStore.setState({ toast: { id: toastSeq, kind, text } });
}

export function dismissToast(id: number): void {
  if (useStore.getState().toast?.id === id) useStore.setState({ toast: null });
}

export function resetRoomState(): void {
  useStore.setState({
    status: 'idle',
    code: null,
    info: null,
    game: null,
    history: [],
    replayId: null,
    left: null,
    busy: false,
    protocolError: null,
    serverRestarting: false,
    judging: false,
    replaying: false,
    hint: null,
  });
}

/** The hint on screen: the last one given, while the position it was asked in lasts (else null). */
export const shownHint = (s: AppState): Hint | null =>
  s.hint !== null && s.game !== null && s.game.hint === s.hint.position ? s.hint.hint : null;

const NO_CARDS: readonly string[] = [];

/** The player's own cards the hint on screen names (for the table to highlight). */
export const hintedCards = (s: AppState): readonly string[] => shownHint(s)?.cards ?? NO_CARDS;

/** The places on the table the hint on screen points at (Math Card Game: its target sequences). */
export const hintedPlaces = (s: AppState): readonly string[] => shownHint(s)?.places ?? NO_CARDS;
