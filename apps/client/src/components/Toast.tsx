import { useEffect } from 'react';
import { dismissToast, useStore } from '../store.ts';

/**
 * The latest notice or error; errors stay longer. Toasts never take pointer events, so they can
 * not block a tap on the table underneath.
 */
export function ToastHost() {
  const toast = useStore((s) => s.toast);
  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.kind === 'error' ? 7000 : 4000);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <div className="toast-host" aria-live="assertive">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          data-testid="toast"
          data-kind={toast.kind}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          {toast.text}
        </div>
      )}
    </div>
  );
}
