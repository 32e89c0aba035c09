import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { GAME_CATALOG } from '@cards/schema';
import { Markdown, withoutSections } from '../lib/markdown.tsx';

// Every rules document in the repository, loaded on demand as raw Markdown.
const RULES = import.meta.glob('../../../../docs/rules/*.md', { query: '?raw', import: 'default' }) as Record<
  string,
  () => Promise<string>
>;

function loaderFor(slug: string): (() => Promise<string>) | undefined {
  const entry = Object.entries(RULES).find(([path]) => path.endsWith(`/${slug}.md`));
  return entry?.[1];
}

type Loaded = { slug: string; text: string | null; error: string | null };

/** The clause → test map is for developers: it stays in docs/rules/*.md but not in the panel. */
const DEVELOPER_SECTIONS = /^clause\s*(→|->)\s*tests?$/i;

/** "Rules" button that opens the game's rules in a side panel. */
export function RulesButton({ slug, className }: { slug: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn--ghost ${className ?? ''}`}
        data-testid="rules-button"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Rules
      </button>
      {/* Portalled: the sticky top bar's backdrop-filter would otherwise trap the fixed panel. */}
      {open && createPortal(<RulesPanel slug={slug} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}

function RulesPanel({ slug, onClose }: { slug: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const name = GAME_CATALOG.find((g) => g.slug === slug)?.name ?? slug;

  useEffect(() => {
    let live = true;
    const load = loaderFor(slug);
    if (!load) {
      queueMicrotask(
        () => live && setLoaded({ slug, text: null, error: 'The rules for this game are not written yet.' }),
      );
    } else {
      load().then(
        (text) => live && setLoaded({ slug, text: withoutSections(text, DEVELOPER_SECTIONS), error: null }),
        () => live && setLoaded({ slug, text: null, error: 'The rules could not be loaded.' }),
      );
    }
    return () => {
      live = false;
    };
  }, [slug]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const current = loaded?.slug === slug ? loaded : null;
  return (
    <div className="panel-backdrop" onClick={onClose}>
      <aside
        className="panel"
        role="dialog"
        aria-modal="true"
        aria-label={`Rules of ${name}`}
        data-testid="rules-panel"
        onClick={(e) => e.stopPropagation()}
      >
        <header className="panel__head">
          <h2>Rules of {name}</h2>
          <button
            type="button"
            className="btn btn--ghost"
            onClick={onClose}
            aria-label="Close rules"
            autoFocus
          >
            Close
          </button>
        </header>
        <div className="panel__body">
          {!current && <p>Loading…</p>}
          {current?.error && <p>{current.error}</p>}
          {current?.text && <Markdown source={current.text} />}
        </div>
      </aside>
    </div>
  );
}
