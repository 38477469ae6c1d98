import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons/Icon';

export interface ShortcutPage {
  title: string;
  url: string;
}

/**
 * The shortcuts bar (docs/product/shell-session-search.md#shortcuts-bar): a star menu with a search
 * box listing the user's pages; no match shows "No results..".
 */
export function ShortcutsMenu({ pages }: { pages: readonly ShortcutPage[] }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const q = query.trim().toLowerCase();
  const shown = pages.filter((p) => p.title.toLowerCase().includes(q));
  return (
    <div className="shortcuts" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="icon-button"
        aria-label="Shortcuts"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="star" />
      </button>
      {open ? (
        <div className="popover shortcuts__panel" id={menuId}>
          <input
            className="input"
            type="search"
            placeholder="Search for an app or page"
            aria-label="Search for an app or page"
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul className="shortcuts__list">
            {shown.map((p) => (
              <li key={p.url}>
                <Link to={p.url} onClick={() => setOpen(false)}>
                  {p.title}
                </Link>
              </li>
            ))}
            {shown.length === 0 ? <li className="muted">No results..</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
