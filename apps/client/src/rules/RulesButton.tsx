import { TopbarIcon } from '../components/TopbarIcon.tsx';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';

// The panel, its Markdown library and the rules texts load the first time someone opens it.
const RulesPanel = lazy(() => import('./RulesPanel.tsx'));

/** "Rules" button that opens the game's rules in a side panel. */
export function RulesButton({ slug, className }: { slug: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn--ghost ${className ?? ''}`}
        data-testid="rules-button"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <TopbarIcon name="rules" />
        <span className="topbar__word">Rules</span>
      </button>
      {/* Portalled: the sticky top bar's backdrop-filter would otherwise trap the fixed panel. */}
      {open &&
        createPortal(
          <Suspense fallback={<div className="panel-backdrop" onClick={close} />}>
            <RulesPanel slug={slug} onClose={close} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
