import { useState } from 'react';
import { DisplayNameSchema, GAME_CATALOG, RoomCodeSchema } from '@cards/schema';
import { CLIENT_GAMES } from '../games/registry.tsx';
import { createRoom, errorMessage } from '../net/connection.ts';
import { loadName, saveName } from '../net/session.ts';
import { navigate } from '../lib/router.ts';
import { SuitIcon } from '../cards/suits.tsx';
import { YourGames } from '../history/YourGames.tsx';
import '../history/history.css';

const firstPlayable = GAME_CATALOG.find((g) => g.playable)?.slug ?? '';

/** A `?seed=` on the home page is passed on when creating a room (the server honours it only in tests). */
const seedFromUrl = () => new URLSearchParams(window.location.search).get('seed') ?? undefined;

export function Home() {
  const [name, setName] = useState(loadName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [selected, setSelected] = useState(firstPlayable);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);

  const onName = (value: string) => {
    setName(value);
    setNameError(null);
    if (DisplayNameSchema.safeParse(value).success) saveName(value);
  };

  const checkName = (): string | null => {
    const parsed = DisplayNameSchema.safeParse(name);
    if (parsed.success) {
      saveName(parsed.data);
      return parsed.data;
    }
    setNameError(parsed.error.issues[0]?.message ?? 'Pick a name.');
    document.getElementById('home-name')?.focus();
    return null;
  };

  const create = async (slug: string) => {
    const validName = checkName();
    if (!validName || creating) return;
    setCreating(slug);
    setCreateError(null);
    try {
      const game = CLIENT_GAMES[slug];
      const roomCode = await createRoom(
        slug,
        validName,
        options[slug] ?? game?.defaultOptions,
        seedFromUrl(),
      );
      navigate(`/r/${roomCode}`);
    } catch (error) {
      setCreateError(`Could not create the room: ${errorMessage(error)}`);
    } finally {
      setCreating(null);
    }
  };

  const join = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = RoomCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? 'A room code is 5 letters.');
      return;
    }
    navigate(`/r/${parsed.data}`);
  };

  return (
    <main className="home">
      <header className="hero">
        <div className="hero__suits" aria-hidden="true">
          <SuitIcon suit="S" />
          <SuitIcon suit="H" className="is-red" />
          <SuitIcon suit="C" />
          <SuitIcon suit="D" className="is-red" />
        </div>
        <h1>Card Table</h1>
        <p>Private rooms for card games with friends. Make a room, send the link, play.</p>
      </header>

      <YourGames />
      {/* Someone with a code needs the code box first: it sits next to the name, above the games. */}
      <div className="home__top">
        <section className="panel-card" aria-labelledby="name-heading">
          <h2 id="name-heading" className="section-title">
            Your name
          </h2>
          <input
            id="home-name"
            className={`input ${nameError ? 'input--error' : ''}`}
            data-testid="name-input"
            value={name}
            maxLength={24}
            autoComplete="nickname"
            placeholder="What should the table call you?"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'home-name-error' : undefined}
            onChange={(e) => onName(e.target.value)}
          />
          {nameError && (
            <p className="field-error" id="home-name-error" role="alert">
              {nameError}
            </p>
          )}
        </section>

        <section className="panel-card" aria-labelledby="join-heading">
          <h2 id="join-heading" className="section-title">
            Have a code?
          </h2>
          <form className="join-row" onSubmit={join} noValidate>
            <input
              className={`input input--code ${codeError ? 'input--error' : ''}`}
              data-testid="join-code-input"
              value={code}
              maxLength={5}
              placeholder="ABCDE"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              aria-label="Room code"
              aria-invalid={codeError ? true : undefined}
              onChange={(e) => {
                setCode(e.target.value.toUpperCase());
                setCodeError(null);
              }}
            />
            <button type="submit" className="btn btn--primary" data-testid="join-button">
              Join
            </button>
          </form>
          {codeError && (
            <p className="field-error" role="alert">
              {codeError}
            </p>
          )}
        </section>
      </div>

      <section aria-labelledby="games-heading">
        <h2 id="games-heading" className="section-title section-title--light">
          Pick a game
        </h2>
        <div className="games">
          {GAME_CATALOG.map((game) => {
            const client = CLIENT_GAMES[game.slug];
            const playable = game.playable && client !== undefined;
            const isSelected = playable && selected === game.slug;
            return (
              <article
                key={game.slug}
                className={`game-card ${playable ? '' : 'game-card--soon'} ${isSelected ? 'is-selected' : ''}`}
                data-testid={`game-card-${game.slug}`}
                data-playable={playable ? 'true' : 'false'}
                aria-disabled={playable ? undefined : true}
                onClick={() => playable && setSelected(game.slug)}
              >
                <div className="game-card__head">
                  <h3>{game.name}</h3>
                  <span className="game-card__players">{game.players}</span>
                </div>
                <p className="game-card__blurb">{game.blurb}</p>
                {!playable && <span className="badge badge--soon">Coming soon</span>}
                {playable && !isSelected && (
                  <button
                    type="button"
                    className="btn btn--ghost-dark"
                    onClick={() => setSelected(game.slug)}
                  >
                    Choose
                  </button>
                )}
                {playable && isSelected && client && (
                  <div className="game-card__create">
                    {client.optionsForm({
                      value: options[game.slug] ?? client.defaultOptions,
                      onChange: (value) => setOptions((o) => ({ ...o, [game.slug]: value })),
                      idPrefix: `create-${game.slug}`,
                    })}
                    <button
                      type="button"
                      className="btn btn--primary"
                      data-testid={`create-room-${game.slug}`}
                      disabled={creating !== null}
                      onClick={() => void create(game.slug)}
                    >
                      {creating === game.slug ? 'Creating…' : 'Create private room'}
                    </button>
                  </div>
                )}
              </article>
            );
          })}
        </div>
        {createError && (
          <p className="field-error field-error--light" role="alert">
            {createError}
          </p>
        )}
      </section>
    </main>
  );
}
