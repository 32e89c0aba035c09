import { lazy, Suspense, useState } from 'react';
import type { ComputerLevel } from '@cards/schema';
import { GAME_CATALOG } from '@cards/schema/catalog';
import { LevelSelect } from '../components/LevelSelect.tsx';
import { errorMessage } from '../lib/errorMessage.ts';
import { roomPathFrom } from '../lib/roomCode.ts';
import { saveName, storedName } from '../net/session.ts';
import { navigate } from '../lib/router.ts';
import { SuitIcon } from '../cards/suits.tsx';
import { YourGames } from '../history/YourGames.tsx';
import '../history/history.css';

// What validates (the schemas, zod) loads after the first paint: the chosen game's options form,
// the name check, the room look-up. The create buttons are there from the start.
const gameOptions = () => import('./GameOptions.tsx');
const GameOptions = lazy(gameOptions);
const schemas = () => import('@cards/schema');

const firstPlayable = GAME_CATALOG.find((g) => g.playable)?.slug ?? '';

/** A `?seed=` on the home page is passed on when creating a room (the server honours it only in tests). */
const seedFromUrl = () => new URLSearchParams(window.location.search).get('seed') ?? undefined;

export function Home() {
  // As stored (this page saved it once it was valid); checked again before it is used.
  const [name, setName] = useState(storedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [selected, setSelected] = useState(firstPlayable);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [level, setLevel] = useState<ComputerLevel>('normal');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);

  const onName = (value: string) => {
    setName(value);
    setNameError(null);
    // Kept as typed (so a reload keeps it): whoever reads it checks it first.
    saveName(value);
  };

  const checkName = async (): Promise<string | null> => {
    const parsed = (await schemas()).DisplayNameSchema.safeParse(name);
    if (parsed.success) {
      saveName(parsed.data);
      return parsed.data;
    }
    setNameError(parsed.error.issues[0]?.message ?? 'Pick a name.');
    document.getElementById('home-name')?.focus();
    return null;
  };

  const create = async (slug: string, againstComputer?: ComputerLevel) => {
    if (creating) return;
    const validName = await checkName();
    if (!validName) return;
    setCreating(slug);
    setCreateError(null);
    try {
      // The Colyseus client loads with the first room, not with the home page.
      const { createRoom } = await import('../net/connection.ts');
      const chosen = options[slug] ?? (await gameOptions()).defaultOptions(slug);
      const roomCode = await createRoom(slug, validName, chosen, seedFromUrl(), againstComputer);
      navigate(`/r/${roomCode}`);
    } catch (error) {
      setCreateError(`Could not create the room: ${errorMessage(error)}`);
    } finally {
      setCreating(null);
    }
  };

  // A wrong code stays in the box with the reason, so a typo is fixed rather than retyped.
  const join = async (e: React.FormEvent) => {
    e.preventDefault();
    const target = roomPathFrom(code);
    if (!target) {
      setCodeError('A room code is 5 letters (or paste the invite link).');
      return;
    }
    try {
      const { lookupRoom } = await import('../net/lookup.ts');
      if (!(await lookupRoom(target.code))) {
        setCodeError(`No room with code ${target.code}. It may have closed, or a letter is off.`);
        return;
      }
    } catch (error) {
      setCodeError(errorMessage(error));
      return;
    }
    navigate(`/r/${target.code}${target.watch ? '?watch=1' : ''}`);
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
          <form className="join-row" onSubmit={(e) => void join(e)} noValidate>
            <input
              className={`input input--code ${code.includes('/') ? 'is-link' : ''} ${codeError ? 'input--error' : ''}`}
              data-testid="join-code-input"
              value={code}
              maxLength={300}
              placeholder="ABCDE"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              aria-label="Room code or invite link"
              aria-invalid={codeError ? true : undefined}
              aria-describedby={codeError ? 'home-code-error' : undefined}
              onChange={(e) => {
                // A pasted link stays as pasted; a typed code reads in capitals.
                const value = e.target.value;
                setCode(value.includes('/') ? value : value.toUpperCase());
                setCodeError(null);
              }}
            />
            <button type="submit" className="btn btn--primary" data-testid="join-button">
              Join
            </button>
          </form>
          {codeError && (
            <p className="field-error" id="home-code-error" role="alert" data-testid="join-code-error">
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
            const playable = game.playable;
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
                {playable && isSelected && (
                  <div className="game-card__create">
                    <Suspense fallback={<div className="game-card__options-loading" aria-busy="true" />}>
                      <GameOptions
                        slug={game.slug}
                        options={options[game.slug]}
                        onOptions={(value) => setOptions((o) => ({ ...o, [game.slug]: value }))}
                      />
                    </Suspense>
                    <button
                      type="button"
                      className="btn btn--primary"
                      data-testid={`create-room-${game.slug}`}
                      disabled={creating !== null}
                      onClick={() => void create(game.slug)}
                    >
                      {creating === game.slug ? 'Creating…' : 'Create private room'}
                    </button>
                    <span className="add-computer">
                      <LevelSelect id={`computer-level-${game.slug}`} value={level} onChange={setLevel} />
                      <button
                        type="button"
                        className="btn btn--ghost-dark"
                        data-testid={`play-computer-${game.slug}`}
                        disabled={creating !== null}
                        onClick={() => void create(game.slug, level)}
                      >
                        Play against the computer
                      </button>
                    </span>
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
