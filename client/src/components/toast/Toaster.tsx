import { useStore } from '../../lib/store/useStore';
import { dismissToast, toasts } from './toastStore';

/** Renders the toasts top right; errors are announced assertively. */
export function Toaster() {
  const list = useStore(toasts);
  return (
    <div className="toaster" aria-live="polite">
      {list.map((t) => (
        <div
          key={t.id}
          className={`toast toast--${t.severity}`}
          role={t.severity === 'error' ? 'alert' : 'status'}
        >
          <span className="toast__text">{t.message}</span>
          <button
            type="button"
            className="icon-button toast__close"
            aria-label="Close"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
