import { useEffect } from 'react';
import { AnimatePresence, motion } from 'motion/react';
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
      <AnimatePresence>
        {toast && (
          <motion.div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            data-testid="toast"
            data-kind={toast.kind}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            initial={{ opacity: 0, y: -16 }}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0, y: -16 }}
            transition={{ duration: 0.18 }}
          >
            {toast.text}
          </motion.div>
        )}
      </AnimatePresence>
    </div>
  );
}
