import { AddComputer, ComputerBadge } from '../components/ComputerPlayers.tsx';
import { useState } from 'react';
import { DisplayNameSchema, GAME_CATALOG, GAMES_WITH_HINTS, type RoomInfo } from '@cards/schema';
import { CLIENT_GAMES } from '../games/registry.tsx';
import { RemoveConfirm } from './RemoveConfirm.tsx';
import { sendLobby } from '../net/connection.ts';
import { inviteUrl, watchPath } from '../net/endpoint.ts';
import { saveName } from '../net/session.ts';
import { onLinkClick } from '../lib/router.ts';
import { showToast, useStore } from '../store.ts';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API needs a secure context; fall back to a hidden textarea.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok: boolean;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** The room's hints option: the host's checkbox, or what the host chose. Only for games with hints. */
function HintsOption({ info, isHost }: { info: RoomInfo; isHost: boolean }) {
  const busy = useStore((s) => s.busy);
  if (!GAMES_WITH_HINTS.has(info.game)) return null;
  if (!isHost) return <p className="muted">{info.hints ? 'Hints are on.' : 'Hints are off.'}</p>;
  return (
    <label className="field field--check" htmlFor="lobby-hints">
      <input
        id="lobby-hints"
        type="checkbox"
        data-testid="option-hints"
        checked={info.hints}
        disabled={busy}
        onChange={(e) => void sendLobby({ type: 'setHints', on: e.target.checked })}
      />
      <span className="field__label">Hints: players may ask for a hint on their turn</span>
    </label>
  );
}

export function Lobby({ info }: { info: RoomInfo }) {
  const busy = useStore((s) => s.busy);
  const [copied, setCopied] = useState(false);
  /** Who the host is about to remove (a seated player or a spectator), while the choice is asked. */
  const [removing, setRemoving] = useState<{ name: string; seat?: number; id?: string } | null>(null);
  const me = info.you.seat;
  const isHost = me !== null && me === info.hostSeat;
  const mySeat = info.seats.find((s) => s.seat === me);
  const game = GAME_CATALOG.find((g) => g.slug === info.game);
  const client = CLIENT_GAMES[info.game];
  const blocker = info.startBlocker;
  const freeSeat = info.seats.some((s) => s.name === null);
  const hostName = info.seats.find((s) => s.seat === info.hostSeat)?.name;

  const copyInvite = async () => {
    const ok = await copyText(inviteUrl(info.code));
    if (ok) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } else {
      showToast('info', `Copy this link: ${inviteUrl(info.code)}`);
    }
  };

  return (
    <main className="lobby" data-testid="lobby">
      <section className="panel-card invite">
        <p className="invite__label">Room code</p>
        <p
          className="invite__code"
          data-testid="room-code"
          aria-label={`Room code ${info.code.split('').join(' ')}`}
        >
          {info.code}
        </p>
        <p className="invite__game" data-testid="game-summary">
          {game?.name ?? info.game} · {client?.describeOptions(info.options) ?? ''}
          {info.gameNumber > 0 && ` · game ${info.gameNumber + 1}`}
        </p>
        <div className="invite__actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="copy-invite"
            onClick={() => void copyInvite()}
          >
            {copied ? 'Link copied!' : 'Copy invite link'}
          </button>
          <a
            className="btn btn--ghost-dark"
            data-testid="watch-link"
            href={watchPath(info.code)}
            onClick={(e) => {
              // A watch link is for sharing; opening it here would make this tab a spectator.
              e.preventDefault();
              void copyText(`${window.location.origin}${watchPath(info.code)}`).then((ok) =>
                showToast('info', ok ? 'Spectator link copied.' : `Spectator link: ${watchPath(info.code)}`),
              );
            }}
          >
            Spectator link
          </a>
        </div>
        <p className="invite__hint">Send the link to a friend: they join as a player while a seat is free.</p>
      </section>

      <section className="panel-card" aria-labelledby="seats-heading">
        <h2 id="seats-heading" className="section-title">
          Players
        </h2>
        <ul className="seats">
          {info.seats.map((seat) => {
            const empty = seat.name === null;
            const host = seat.seat === info.hostSeat;
            const you = seat.seat === me;
            return (
              <li
                key={seat.seat}
                className={`seat ${empty ? 'seat--empty' : ''} ${you ? 'seat--you' : ''}`}
                data-testid={`seat-${seat.seat}`}
                data-name={seat.name ?? ''}
                data-connected={seat.connected ? 'true' : 'false'}
                data-ready={seat.ready ? 'true' : 'false'}
                data-host={host ? 'true' : 'false'}
              >
                <span
                  className={`seat__avatar ${empty ? '' : `seat__avatar--${seat.seat % 4}`}`}
                  aria-hidden="true"
                >
                  {empty ? '' : (seat.name ?? '?').slice(0, 1).toUpperCase()}
                </span>
                <span className="seat__main">
                  <span className="seat__name">
                    {empty ? 'Empty seat' : seat.name}
                    {you && <span className="seat__you"> (you)</span>}
                  </span>
                  <span className="seat__tags">
                    {host && <span className="tag tag--host">Host</span>}
                    <ComputerBadge seat={seat} />
                    {!empty && !seat.connected && <span className="tag tag--warn">reconnecting…</span>}
                    {!empty && !host && seat.computer === null && (
                      <span className={`tag ${seat.ready ? 'tag--ok' : ''}`}>
                        {seat.ready ? 'Ready' : 'Not ready'}
                      </span>
                    )}
                  </span>
                </span>
                {isHost && !empty && !you && (
                  <button
                    type="button"
                    className="btn btn--danger btn--small"
                    data-testid={`kick-${seat.seat}`}
                    disabled={busy}
                    onClick={() =>
                      seat.computer !== null
                        ? void sendLobby({ type: 'removeComputer', seat: seat.seat })
                        : setRemoving({ name: seat.name ?? 'this player', seat: seat.seat })
                    }
                  >
                    Remove
                  </button>
                )}
                {isHost && empty && <AddComputer seat={seat.seat} />}
              </li>
            );
          })}
        </ul>

        <div className="lobby__me">
          {/* The host starts the game; their own readiness counts for nothing. */}
          {mySeat && !isHost && (
            <button
              type="button"
              className={`btn ${mySeat.ready ? 'btn--ok' : 'btn--primary'}`}
              data-testid="ready-toggle"
              data-ready={mySeat.ready ? 'true' : 'false'}
              aria-pressed={mySeat.ready}
              disabled={busy}
              onClick={() => void sendLobby({ type: 'setReady', ready: !mySeat.ready })}
            >
              {mySeat.ready ? '✓ Ready' : "I'm ready"}
            </button>
          )}
          {me === null && freeSeat && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void sendLobby({ type: 'sit' })}
            >
              Take a seat
            </button>
          )}
          {me !== null && (
            <button
              type="button"
              className="btn btn--ghost-dark"
              disabled={busy}
              onClick={() => void sendLobby({ type: 'stand' })}
            >
              Watch instead
            </button>
          )}
        </div>
        <RenameForm current={info.you.name} />
      </section>

      <section className="panel-card" aria-labelledby="options-heading">
        <h2 id="options-heading" className="section-title">
          Game
        </h2>
        {client && isHost ? (
          client.optionsForm({
            value: info.options,
            onChange: (options) => void sendLobby({ type: 'setOptions', options }),
            disabled: busy,
            idPrefix: 'lobby',
          })
        ) : (
          <p className="muted">{client?.describeOptions(info.options) ?? 'Default options'}</p>
        )}
        <HintsOption info={info} isHost={isHost} />
        {isHost ? (
          <div className="start">
            <button
              type="button"
              className="btn btn--primary btn--wide"
              data-testid="start-game"
              disabled={busy || blocker !== null}
              title={blocker ?? undefined}
              aria-describedby="start-reason"
              onClick={() => void sendLobby({ type: 'start' })}
            >
              Start game
            </button>
            <p className="muted start__reason" id="start-reason">
              {blocker ?? 'Everyone is ready.'}
            </p>
          </div>
        ) : (
          <p className="muted">
            {blocker ?? 'Everyone is ready.'} {hostName ? `${hostName} starts the game.` : ''}
          </p>
        )}
      </section>

      <section className="panel-card" aria-labelledby="spectators-heading">
        <h2 id="spectators-heading" className="section-title">
          Watching
        </h2>
        <ul className="spectators" data-testid="spectator-list" data-count={info.spectators.length}>
          {info.spectators.length === 0 && <li className="muted">No one is watching.</li>}
          {info.spectators.map((spectator) => (
            <li key={spectator.id} className="spectator" data-testid={`spectator-${spectator.id}`}>
              <span className="spectator__name">
                {spectator.name}
                {me === null && spectator.name === info.you.name && <span className="seat__you"> (you)</span>}
              </span>
              {isHost && (
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  data-testid={`remove-spectator-${spectator.id}`}
                  aria-label={`Remove ${spectator.name}`}
                  disabled={busy}
                  onClick={() => setRemoving({ name: spectator.name, id: spectator.id })}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
        {info.matchWins.some((n) => n > 0) && (
          <p className="muted" data-testid="match-wins">
            Games won:{' '}
            {info.seats
              .filter((s) => s.name !== null)
              .map((s) => `${s.name} ${info.matchWins[s.seat] ?? 0}`)
              .join(' · ')}
          </p>
        )}
      </section>
      {removing && (
        <RemoveConfirm
          name={removing.name}
          onCancel={() => setRemoving(null)}
          onRemove={(ban) => {
            setRemoving(null);
            if (removing.seat !== undefined) void sendLobby({ type: 'kick', seat: removing.seat, ban });
            else if (removing.id !== undefined)
              void sendLobby({ type: 'removeSpectator', id: removing.id, ban });
          }}
        />
      )}
      <p className="lobby__home">
        <a href="/" onClick={(e) => onLinkClick(e, '/')}>
          Leave room
        </a>
      </p>
    </main>
  );
}

function RenameForm({ current }: { current: string }) {
  const busy = useStore((s) => s.busy);
  const [draft, setDraft] = useState(current);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e?: React.FormEvent) => {
    e?.preventDefault();
    const parsed = DisplayNameSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Pick a name.');
      return;
    }
    if (parsed.data === current) return;
    const ok = await sendLobby({ type: 'setName', name: parsed.data });
    if (ok) saveName(parsed.data);
  };

  return (
    <form className="rename" onSubmit={(e) => void submit(e)} noValidate>
      <label className="field" htmlFor="rename">
        <span className="field__label">Your name</span>
        <span className="rename__row">
          <input
            id="rename"
            className={`input ${error ? 'input--error' : ''}`}
            data-testid="rename-input"
            value={draft}
            maxLength={24}
            autoComplete="nickname"
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn--ghost-dark" disabled={busy}>
            Rename
          </button>
        </span>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
