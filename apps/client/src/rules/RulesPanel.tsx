import { useEffect, useState } from 'react';
import { GAME_CATALOG } from '@cards/schema';
import { Markdown } from '../lib/markdown.tsx';
import { withoutSections } from '../lib/sections.ts';
import { useEscape } from '../lib/useEscape.ts';

type Texts = Record<string, () => Promise<string>>;

// Player-facing "How to play" and quick reference, one per game folder.
const HOW_TO_PLAY = import.meta.glob('../games/*/how-to-play.md', {
  query: '?raw',
  import: 'default',
}) as Texts;
// The rules as played (docs/rules/<slug>.md); their engineering sections stay out of the panel.
const FULL_RULES = import.meta.glob('../../../../docs/rules/*.md', {
  query: '?raw',
  import: 'default',
}) as Texts;

/** Decisions (error codes, workers, benchmarks) and the clause → test map are for developers. */
const DEVELOPER_SECTIONS = /^(decisions|clause\s*(→|->)\s*tests?)$/i;

function loaderFor(texts: Texts, suffix: string): (() => Promise<string>) | undefined {
  return Object.entries(texts).find(([path]) => path.endsWith(suffix))?.[1];
}

/** The panel's text: the how-to-play first, then the full rules without the developer sections. */
export async function loadRulesText(slug: string): Promise<string | null> {
  const howTo = loaderFor(HOW_TO_PLAY, `/${slug}/how-to-play.md`);
  const full = loaderFor(FULL_RULES, `/${slug}.md`);
  if (!howTo && !full) return null;
  const [intro, rules] = await Promise.all([howTo?.() ?? '', full?.() ?? '']);
  const body = withoutSections(rules, DEVELOPER_SECTIONS).replace(/^# .*\n/, '');
  return [intro, body && `# The rules in full\n${body}`].filter(Boolean).join('\n\n');
}

type Loaded = { slug: string; text: string | null; error: string | null };

export default function RulesPanel({ slug, onClose }: { slug: string; onClose: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const name = GAME_CATALOG.find((g) => g.slug === slug)?.name ?? slug;

  useEffect(() => {
    let live = true;
    loadRulesText(slug).then(
      (text) =>
        live &&
        setLoaded(
          text === null
            ? { slug, text: null, error: 'The rules for this game are not written yet.' }
            : { slug, text, error: null },
        ),
      () => live && setLoaded({ slug, text: null, error: 'The rules could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, [slug]);

  useEscape(onClose);

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
        {/* Focusable, so the rules scroll from the keyboard too. */}
        <div className="panel__body" tabIndex={0}>
          {!current && <p>Loading…</p>}
          {current?.error && <p>{current.error}</p>}
          {current?.text && <Markdown source={current.text} />}
        </div>
      </aside>
    </div>
  );
}
