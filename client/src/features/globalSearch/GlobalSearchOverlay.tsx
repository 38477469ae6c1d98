import { useId, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Icon } from '../../components/icons/Icon';
import { useHandOff } from '../../components/handoff/useHandOff';
import { useAllAccounts } from '../../lib/accounts/allAccounts';
import type { SiteSystem } from '../../lib/api/rowSchemas';
import {
  NO_RESULTS,
  placeholderFor,
  SEARCH_FIELDS,
  searchAccounts,
  type SearchFieldKey,
} from './searchAccounts';

const OPTION_HEIGHT = 44;

/**
 * The toolbar's account search overlay
 * (docs/product/shell-session-search.md#global-account-search): choose a field, type, pick a
 * suggestion to hand off to the external tool. Esc or the close button closes it. The suggestion
 * list is a virtualized listbox (up to 1000 options).
 */
export function GlobalSearchOverlay({ onClose }: { onClose: () => void }) {
  const [field, setField] = useState<SearchFieldKey>('csNo');
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const { accounts, status } = useAllAccounts();
  const { start, tooltip } = useHandOff();
  const hits = useMemo(() => searchAccounts(accounts, field, text), [accounts, field, text]);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in the build; the virtualizer re-renders this component itself
  const virtualizer = useVirtualizer({
    count: hits.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => OPTION_HEIGHT,
    getItemKey: (i) => `${hits[i].cs_no}|${hits[i].site_no}|${hits[i].system_no}|${i}`,
    overscan: 6,
  });

  const pick = (a: SiteSystem) => {
    start({ siteNo: a.site_no, systemNo: a.system_no, csNo: a.cs_no });
    onClose();
  };
  const moveTo = (i: number) => {
    const next = Math.min(Math.max(0, i), hits.length - 1);
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'ArrowDown' && hits.length) {
      e.preventDefault();
      moveTo(active + 1);
    } else if (e.key === 'ArrowUp' && hits.length) {
      e.preventDefault();
      moveTo(active - 1);
    } else if (e.key === 'Enter' && hits[active]) {
      e.preventDefault();
      pick(hits[active]);
    }
  };
  const showList = text.trim() !== '';

  return (
    <div className="global-search" role="search" onKeyDown={onKeyDown}>
      <div className="global-search__bar">
        <Icon name="search" />
        <select
          className="select global-search__field"
          aria-label="Search by"
          value={field}
          onChange={(e) => {
            setField(e.target.value as SearchFieldKey);
            setActive(0);
          }}
        >
          {SEARCH_FIELDS.map((f) => (
            <option key={f.key} value={f.key}>
              {f.label}
            </option>
          ))}
        </select>
        <input
          className="input global-search__input"
          role="combobox"
          aria-expanded={showList && hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
          placeholder={placeholderFor(field)}
          aria-label={placeholderFor(field)}
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
        />
        <button type="button" className="icon-button" aria-label="Close search" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {showList ? (
        <div className="global-search__results">
          {hits.length === 0 ? (
            <p className="global-search__empty" role="status">
              {status === 'loading' || status === 'idle' ? 'Loading accounts…' : NO_RESULTS}
            </p>
          ) : (
            <div
              id={listId}
              role="listbox"
              aria-label="Accounts"
              className="global-search__list"
              ref={listRef}
            >
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((v) => {
                  const a = hits[v.index];
                  return (
                    <div
                      key={v.key}
                      id={`${listId}-${v.index}`}
                      role="option"
                      aria-selected={v.index === active}
                      className={`global-search__option${v.index === active ? ' is-active' : ''}`}
                      style={{ height: v.size, transform: `translateY(${v.start}px)` }}
                      title={tooltip}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick(a)}
                      onMouseEnter={() => setActive(v.index)}
                    >
                      <strong>{a.cs_no}</strong>
                      <span className="global-search__site">{a.site_name}</span>
                      <span className="muted">
                        Site# {a.site_no} · System# {a.system_no}
                      </span>
                    </div>
                  );
                })}
              </div>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
