import { useId, useState } from 'react';
import type { SiteChoice } from './siteSearch';

/**
 * The Place On Test drawer (docs/product/live-alarms-and-testing.md#screens): the site list, a CS#
 * search applied on Enter (the first 50 matches, grouped by site) with a clear button, and Back.
 */
export function SiteDrawer({
  sites,
  loading,
  selected,
  searched,
  onSearch,
  onChoose,
  onBack,
}: {
  sites: readonly SiteChoice[];
  loading: boolean;
  selected: string | null;
  searched: string;
  onSearch(text: string): void;
  onChoose(siteNo: string): void;
  onBack(): void;
}) {
  const [text, setText] = useState(searched);
  const searchId = useId();
  return (
    <aside className="pot-drawer card" aria-label="Sites">
      <button type="button" className="button button--secondary" onClick={onBack}>
        Back
      </button>
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          CS#
        </label>
        <div className="pot-search">
          <input
            id={searchId}
            className="input"
            placeholder="Search CS# and press Enter"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onSearch(text.trim());
              }
            }}
          />
          <button
            type="button"
            className="button button--secondary"
            aria-label="Clear search"
            disabled={text === '' && searched === ''}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear
          </button>
        </div>
      </div>
      {loading ? (
        <p aria-busy="true">Loading…</p>
      ) : sites.length === 0 ? (
        <p className="muted">No records found</p>
      ) : (
        <ul className="pot-sites">
          {sites.map((s) => (
            <li key={s.site_no}>
              <button
                type="button"
                className="pot-site"
                aria-current={selected === s.site_no ? 'true' : undefined}
                onClick={() => onChoose(s.site_no)}
              >
                <span className="pot-site__name">{s.site_name || `Site ${s.site_no}`}</span>
                <span className="pot-site__line">{s.systems.map((x) => x.cs_no).join(', ')}</span>
                {s.address ? <span className="pot-site__line muted">{s.address}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
