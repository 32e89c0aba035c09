import { useEffect, useRef, useState } from 'react';
import { historyText } from '../history/historyText.ts';
import { useSettings } from '../settings/settings.ts';
import { useStore } from '../store.ts';
import {
  attentionEvent,
  type AttentionSnapshot,
  badgedIcon,
  type Cue,
  needsYou,
  announcedNames,
  reviewWaiting,
  tabTitle,
  type Waiting,
} from './attention.ts';
import { playCue } from './sounds.ts';

/**
 * Every table's attention cues: the tab title and favicon say when something waits for you while the
 * tab is in the background, a sound plays for your turn, a move and the end (unless muted), and a
 * polite live region says others' moves and turn changes in short words.
 */
export function AttentionCues({ gameName, code }: { gameName: string; code: string }) {
  const phase = useStore((s) => s.info?.phase);
  const legalCount = useStore((s) => s.game?.legal.length ?? 0);
  const legal = useStore((s) => s.game?.legal) as readonly { type?: unknown }[] | undefined;
  const you = useStore((s) => s.info?.you.seat ?? null);
  const history = useStore((s) => s.history);
  const seats = useStore((s) => s.info?.seats);
  const sound = useSettings((s) => s.sound);
  const hidden = useDocumentHidden();
  const [announcement, setAnnouncement] = useState('');
  const [lastCue, setLastCue] = useState<Cue | null>(null);
  const before = useRef<AttentionSnapshot | null>(null);

  const yourMove = needsYou(legalCount, phase);
  const review = reviewWaiting(
    (legal ?? []).map((i) => String(i.type)),
    phase,
  );
  const finished = phase === 'finished';
  useEffect(() => {
    const after: AttentionSnapshot = { needsYou: yourMove, historyLength: history.length, finished, review };
    const previous = before.current;
    before.current = after;
    const names = announcedNames(
      (seats ?? []).map((s) => s.name),
      you,
    );
    const added =
      previous === null ? [] : history.slice(previous.historyLength).map((e) => historyText(e.text, names));
    const event = attentionEvent(previous, after, added);
    if (event.announce !== null) setAnnouncement(event.announce);
    if (event.cue !== null && sound) {
      playCue(event.cue);
      setLastCue(event.cue);
    }
    // Only a change of the game's state makes a cue, not a change of names or of the sound switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [yourMove, review, history.length, finished]);

  const waiting: Waiting | null = !hidden
    ? null
    : review
      ? 'review'
      : yourMove
        ? 'turn'
        : finished
          ? 'end'
          : null;
  useEffect(() => {
    document.title = tabTitle(gameName, code, waiting);
    setFavicon(waiting !== null);
  }, [gameName, code, waiting]);
  useEffect(
    () => () => {
      document.title = 'Card Table';
      setFavicon(false);
    },
    [],
  );

  return (
    <div
      className="visually-hidden"
      aria-live="polite"
      data-testid="live-announcer"
      data-last-cue={lastCue ?? ''}
      data-review={review ? 'true' : 'false'}
    >
      {announcement}
    </div>
  );
}

function useDocumentHidden(): boolean {
  const [hidden, setHidden] = useState(() => document.hidden);
  useEffect(() => {
    const onChange = () => setHidden(document.hidden);
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return hidden;
}

let plainIcon: string | null = null;

function setFavicon(badged: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  plainIcon ??= link.href;
  link.href = badged ? badgedIcon(plainIcon) : plainIcon;
}
