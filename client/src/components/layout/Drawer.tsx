import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '../icons/Icon';

/**
 * A right-edge side drawer (docs/product/shell-session-search.md#side-panels). Esc closes it; focus
 * moves to it when it opens.
 */
export function Drawer({
  title,
  onClose,
  children,
  headerExtra,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  headerExtra?: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <aside
      className="drawer"
      role="dialog"
      aria-labelledby={titleId}
      ref={ref}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="drawer__header">
        {headerExtra}
        <h2 id={titleId} className="drawer__title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label={`Close ${title}`} onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div className="drawer__body">{children}</div>
    </aside>
  );
}
