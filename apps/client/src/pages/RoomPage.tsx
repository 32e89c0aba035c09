import { Suspense, useEffect, useState } from 'react';
import { MotionConfig } from 'motion/react';
import { DisplayNameSchema, GAME_CATALOG, RoomCodeSchema, type RoomLookup } from '@cards/schema';
import { ConnectionStatus } from '../components/ConnectionStatus.tsx';
import { LeaveConfirm } from '../components/LeaveConfirm.tsx';
import { LeftPlayersBanner } from '../components/LeftPlayersBanner.tsx';
import { ThinkingStrip } from '../components/ComputerPlayers.tsx';
import { HintBar } from '../components/HintBar.tsx';
import { Watchers } from '../components/Watchers.tsx';
import { RulesButton } from '../rules/RulesButton.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import type { GameState } from '../games/parse.ts';
import {
  BlindCassowaryTable,
  CassinoTable,
  CuntSoulTable,
  MathTable,
  preloadTable,
  StarTable,
} from '../games/tables.tsx';
import { Lobby } from '../lobby/Lobby.tsx';
import { enterRoom, loadName, type JoinOutcome } from '../net/connection.ts';
import { saveName } from '../net/session.ts';
import { navigate, onLinkClick } from '../lib/router.ts';
import { useStore } from '../store.ts';
import { AttentionCues } from '../attention/AttentionCues.tsx';
import { SettingsMenu, useReducedMotionConfig } from '../settings/SettingsMenu.tsx';

type Attempt = { key: string; outcome: JoinOutcome };

/** The room page for the code in the link (as typed there: it is checked here, not on the home page). */
export default function RoomPage({ code: typed, watch }: { code: string; watch: boolean }) {
  const parsed = RoomCodeSchema.safeParse(typed);
  const valid = parsed.success;
  const code = parsed.success ? parsed.data : typed.toUpperCase();
  const status = useStore((s) => s.status);
  const storeCode = useStore((s) => s.code);
  const left = useStore((s) => s.left);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [retry, setRetry] = useState(0);
  const key = `${code}|${watch}|${retry}`;
  const reducedMotion = useReducedMotionConfig();

  useEffect(() => {
    if (!valid) return;
    let live = true;
    void enterRoom(code, { watch }).then((outcome) => {
      if (live) setAttempt({ key, outcome });
    });
    return () => {
      live = false;
    };
  }, [code, watch, valid, key]);

  // The SDK gave up reconnecting (the server's 60 s window is over, or the server refused): rejoin
  // at once with the seat token, which takes the seat back if the game kept it.
  const lost = storeCode === code && status === 'closed' && left?.reason === 'lost';
  useEffect(() => {
    if (lost) setRetry((n) => n + 1);
  }, [lost]);

  // Back online after a failed rejoin: try again without waiting for a click.
  useEffect(() => {
    const onOnline = () => {
      const { status: now, code: current } = useStore.getState();
      if (now !== 'connected' && now !== 'reconnecting' && (current === code || current === null))
        setRetry((n) => n + 1);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [code]);

  const explicitJoin = (asSpectator: boolean, name: string) => {
    saveName(name);
    void enterRoom(code, { watch: asSpectator, name, explicit: true }).then((outcome) =>
      setAttempt({ key, outcome }),
    );
  };

  if (!valid) return <NotFound code={code} />;

  const here = storeCode === code;
  if (here && (status === 'connected' || status === 'reconnecting'))
    return (
      // Card movement follows the player's motion setting (by default the system's "reduce motion").
      <MotionConfig reducedMotion={reducedMotion}>
        <RoomView code={code} />
      </MotionConfig>
    );

  if (here && status === 'closed' && left && left.reason !== 'lost') {
    const title =
      left.reason === 'kicked' || left.reason === 'removed'
        ? 'Removed from the room'
        : left.reason === 'replaced'
          ? 'Open in another tab'
          : 'Disconnected';
    return (
      <Centered title={title}>
        <p>{left.message}</p>
        <div className="row">
          {left.reason !== 'kicked' && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="rejoin"
              onClick={() => setRetry((n) => n + 1)}
            >
              {left.reason === 'removed' ? 'Join again' : 'Rejoin'}
            </button>
          )}
          <HomeLink />
        </div>
      </Centered>
    );
  }

  const outcome = attempt?.key === key ? attempt.outcome : null;
  if (!outcome || outcome.kind === 'joined') {
    return (
      <Centered title="Joining…">
        <p className="muted">Room {code}</p>
      </Centered>
    );
  }
  switch (outcome.kind) {
    case 'notFound':
      return <NotFound code={code} />;
    case 'full':
      return <FullPrompt code={code} started={outcome.lookup.phase !== 'lobby'} />;
    case 'removed':
      return (
        <Centered title="Removed from the room">
          <p data-testid="removed">
            The host removed you from room <strong>{code}</strong>, so you cannot play or watch there.
          </p>
          <div className="row">
            <HomeLink />
          </div>
        </Centered>
      );
    case 'needName':
      return <JoinForm code={code} lookup={outcome.lookup} watch={watch} onJoin={explicitJoin} />;
    case 'error':
      return (
        <Centered title={navigator.onLine === false ? 'You are offline' : 'Could not join'}>
          <p>{outcome.message}</p>
          <div className="row">
            <button type="button" className="btn btn--primary" onClick={() => setRetry((n) => n + 1)}>
              Try again
            </button>
            <HomeLink />
          </div>
        </Centered>
      );
  }
}

function RoomView({ code }: { code: string }) {
  const info = useStore((s) => s.info);
  const game = useStore((s) => s.game);
  const protocolError = useStore((s) => s.protocolError);
  const offline = useStore((s) => s.status === 'reconnecting');
  const slug = info?.game ?? game?.game ?? 'cassino';
  const name = GAME_CATALOG.find((g) => g.slug === slug)?.name ?? slug;
  const inLobby = info?.phase === 'lobby';
  // A seated player in a running game is asked before ← takes them away from it.
  const mustConfirmLeave = info?.phase === 'playing' && info.you.seat !== null;
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const knownGame = info?.game ?? game?.game;
  useEffect(() => {
    if (knownGame) preloadTable(knownGame);
  }, [knownGame]);

  return (
    <div className={`room ${inLobby ? 'room--lobby' : 'room--table'}`}>
      <header className="topbar">
        <a
          className="topbar__brand"
          href="/"
          onClick={(e) => {
            if (mustConfirmLeave && !e.metaKey && !e.ctrlKey && !e.shiftKey) {
              e.preventDefault();
              setConfirmingLeave(true);
            } else onLinkClick(e, '/');
          }}
          aria-label="Card Table: leave and go home"
        >
          <span aria-hidden="true">←</span>
          <span className="topbar__brand-text">Card Table</span>
        </a>
        <span className="topbar__title">
          <span className="topbar__name" data-testid="topbar-name">
            {name}
          </span>{' '}
          <span className="topbar__code">{code}</span>
        </span>
        <span className="topbar__right">
          {info && !inLobby && <Watchers info={info} />}
          <ConnectionStatus />
          {!inLobby && game && <HistoryPanel />}
          <RulesButton slug={slug} />
          <SettingsMenu />
        </span>
      </header>
      <AttentionCues gameName={name} code={code} />
      {confirmingLeave && (
        <LeaveConfirm
          onStay={() => setConfirmingLeave(false)}
          onLeave={() => {
            setConfirmingLeave(false);
            navigate('/');
          }}
        />
      )}
      {protocolError && (
        <p className="protocol-error" role="alert">
          {protocolError}
        </p>
      )}
      {info && <LeftPlayersBanner info={info} />}
      {info && <ThinkingStrip info={info} />}
      {info && <HintBar info={info} />}
      <div className="room__stage">
        {/* While reconnecting nothing here may be played: the table is dimmed and inert. */}
        <div
          className={`room__content ${offline ? 'is-offline' : ''}`}
          data-testid="room-content"
          inert={offline}
          aria-busy={offline}
        >
          {!info ? (
            <Centered title="Loading room…" />
          ) : inLobby ? (
            <Lobby info={info} />
          ) : game ? (
            <Suspense fallback={<Centered title="Loading the game…" />}>
              <GameView game={game} />
            </Suspense>
          ) : (
            <Centered title="Loading the game…" />
          )}
        </div>
        {offline && <ReconnectingNotice seated={info?.you.seat !== null && info?.you.seat !== undefined} />}
      </div>
    </div>
  );
}

function ReconnectingNotice({ seated }: { seated: boolean }) {
  const restarting = useStore((s) => s.serverRestarting);
  return (
    <div className="room__offline" role="alert" data-testid="reconnecting-notice">
      <strong>{restarting ? 'The server is restarting…' : 'Connection lost — reconnecting…'}</strong>
      <span>
        {seated
          ? 'Your seat is kept for a minute. You can play again as soon as you are back.'
          : 'The table comes back as soon as the connection does.'}
      </span>
    </div>
  );
}

export function GameView({ game }: { game: GameState }) {
  switch (game.game) {
    case 'cassino':
      return <CassinoTable state={game} />;
    case 'math-card-game':
      return <MathTable state={game} />;
    case 'blind-cassowary':
      return <BlindCassowaryTable state={game} />;
    case 'star-navigator':
      return <StarTable state={game} />;
    case 'cunt-soul':
      return <CuntSoulTable state={game} />;
  }
}

function JoinForm({
  code,
  lookup,
  watch,
  onJoin,
}: {
  code: string;
  lookup: RoomLookup;
  watch: boolean;
  onJoin: (asSpectator: boolean, name: string) => void;
}) {
  const [name, setName] = useState(loadName);
  const [error, setError] = useState<string | null>(null);
  const game = GAME_CATALOG.find((g) => g.slug === lookup.game);
  const canPlay = lookup.freeSeats > 0 && !watch;

  const go = (asSpectator: boolean) => {
    const parsed = DisplayNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Pick a name.');
      return;
    }
    onJoin(asSpectator, parsed.data);
  };

  return (
    <Centered title={`Join ${game?.name ?? lookup.game}`}>
      <p className="muted">
        Room <strong>{code}</strong> · {lookup.players} player{lookup.players === 1 ? '' : 's'} ·{' '}
        {lookup.phase === 'lobby' ? 'in the lobby' : 'playing'}
      </p>
      <form
        className="join-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          go(!canPlay);
        }}
      >
        <label className="field" htmlFor="join-name">
          <span className="field__label">Your name</span>
          <input
            id="join-name"
            className={`input ${error ? 'input--error' : ''}`}
            data-testid="name-input"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {!canPlay && !watch && <p>The table is full — watch instead?</p>}
        <div className="row">
          {canPlay && (
            <button type="submit" className="btn btn--primary" data-testid="join-as-player">
              Join as player
            </button>
          )}
          <button
            type="button"
            className={`btn ${canPlay ? 'btn--ghost-dark' : 'btn--primary'}`}
            data-testid="watch-instead"
            onClick={() => go(true)}
          >
            Watch
          </button>
        </div>
      </form>
    </Centered>
  );
}

function FullPrompt({ code, started = false }: { code: string; started?: boolean }) {
  return (
    <Centered title="The table is full — watch instead?">
      <p className="muted">
        {started
          ? `The game in room ${code} has already started. You can watch it.`
          : `Every seat in room ${code} is taken. You can still watch the game.`}
      </p>
      <div className="row">
        <button
          type="button"
          className="btn btn--primary"
          data-testid="watch-instead"
          onClick={() => navigate(`/r/${code}?watch=1`, true)}
        >
          Watch
        </button>
        <HomeLink />
      </div>
    </Centered>
  );
}

function NotFound({ code }: { code: string }) {
  return (
    <Centered title="Room not found">
      <p data-testid="room-not-found">
        No room with code <strong>{code}</strong>. It may have closed, or the code has a typo.
      </p>
      <HomeLink label="Back to the games" />
    </Centered>
  );
}

function HomeLink({ label = 'Home' }: { label?: string }) {
  return (
    <a className="btn btn--ghost-dark" href="/" onClick={(e) => onLinkClick(e, '/')}>
      {label}
    </a>
  );
}

function Centered({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <main className="centered">
      <section className="panel-card centered__card">
        <h1 className="centered__title">{title}</h1>
        {children}
      </section>
    </main>
  );
}
