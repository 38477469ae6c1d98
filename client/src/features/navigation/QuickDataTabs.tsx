import { useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '../../components/icons/Icon';
import { useHandOff } from '../../components/handoff/useHandOff';
import { runtimeConfig } from '../../lib/config/runtimeConfig';
import { DATA_MANAGEMENT_ENTRY } from '../../lib/handoff/handOff';
import { filterMenu, menuLeaves } from '../../lib/menu/buildMenu';
import type { MenuItem } from '../../lib/menu/menuCatalog';
import { useStore } from '../../lib/store/useStore';
import { closeMobileNav, navBar, toggleFolded, toggleNavBar } from './navBarStore';

type QdtType = 'Current' | 'New';

/**
 * The side menu, QUICK DATA TABS (docs/product/shell-session-search.md#quick-data-tabs-menu): a
 * title filter, the QDT Type switch (Current: the leaves as one flat list; New: the grouped tree),
 * and the user's items.
 */
export function QuickDataTabs({ menu }: { menu: readonly MenuItem[] }) {
  const { state, mobile } = useStore(navBar);
  const defaultMode = useStore(runtimeConfig, (c) => c.sidebarDefaultMode);
  const [chosenMode, setMode] = useState<QdtType | null>(null);
  const mode = chosenMode ?? defaultMode;
  const [query, setQuery] = useState('');
  const filtered = filterMenu(menu, query);
  const items = mode === 'Current' ? menuLeaves(filtered) : filtered;

  return (
    <>
      {state === 'mobile-open' ? (
        <div className="nav-backdrop" onClick={toggleNavBar} aria-hidden="true" />
      ) : null}
      <nav
        id="quick-data-tabs"
        className={`nav nav--${state}`}
        aria-label="Quick Data Tabs"
        aria-hidden={state === 'closed' ? true : undefined}
      >
        <div className="nav__head">
          <span className="nav__title">QUICK DATA TABS</span>
          {mobile ? (
            <button
              type="button"
              className="icon-button"
              aria-label="Close navigation"
              onClick={toggleNavBar}
            >
              <Icon name="close" />
            </button>
          ) : (
            <button
              type="button"
              className="icon-button nav__fold"
              aria-label={state === 'folded' ? 'Unfold navigation' : 'Fold navigation'}
              aria-pressed={state === 'folded'}
              onClick={(e) => {
                toggleFolded();
                // A mouse click should fold at once; keyboard focus keeps the rail open to read it.
                if (e.detail > 0) e.currentTarget.blur();
              }}
            >
              <Icon name="fold" />
            </button>
          )}
        </div>
        <div className="nav__tools">
          <input
            type="search"
            className="input nav__filter"
            placeholder="Search quick data tabs"
            aria-label="Search quick data tabs"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <div className="nav__mode" role="group" aria-labelledby="qdt-type-label">
            <span id="qdt-type-label" className="nav__mode-label">
              QDT Type
            </span>
            <div className="segmented">
              {(['Current', 'New'] as const).map((m) => (
                <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
                  {m}
                </button>
              ))}
            </div>
          </div>
        </div>
        <ul className="nav__list">
          {items.map((item) =>
            item.children ? (
              <MenuGroup key={item.id} group={item} forceOpen={query.trim() !== ''} />
            ) : (
              <MenuEntry key={item.id} item={item} />
            ),
          )}
          {items.length === 0 ? <li className="nav__empty">No results..</li> : null}
        </ul>
      </nav>
    </>
  );
}

function MenuGroup({ group, forceOpen }: { group: MenuItem; forceOpen: boolean }) {
  const { pathname } = useLocation();
  const containsActive = (group.children ?? []).some(
    (c) => c.url && c.url !== '#' && pathname.startsWith(c.url),
  );
  const [open, setOpen] = useState<boolean | null>(null);
  const expanded = forceOpen || (open ?? containsActive);
  const listId = `nav-group-${group.id}`;
  return (
    <li className="nav__group">
      <button
        type="button"
        className="nav__item nav__item--group"
        aria-expanded={expanded}
        aria-controls={listId}
        title={group.title}
        onClick={() => setOpen(!expanded)}
      >
        <Icon name={group.icon} />
        <span className="nav__text">{group.title}</span>
        <Icon name={expanded ? 'collapse' : 'expand'} size={18} />
      </button>
      {expanded ? (
        <ul id={listId} className="nav__children">
          {(group.children ?? []).map((c) => (
            <MenuEntry key={c.id} item={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function MenuEntry({ item }: { item: MenuItem }) {
  const { tooltip, start } = useHandOff();
  const links = useStore(runtimeConfig);
  const content = (
    <>
      <Icon name={item.icon} />
      <span className="nav__text">{item.title}</span>
    </>
  );
  if (item.handOff) {
    return (
      <li>
        <button
          type="button"
          className="nav__item"
          title={tooltip}
          onClick={() => {
            closeMobileNav();
            start(DATA_MANAGEMENT_ENTRY);
          }}
        >
          {content}
          <Icon name="openInNew" size={16} />
        </button>
      </li>
    );
  }
  if (item.isExternalLink) {
    const href = item.externalUrlKey ? links[item.externalUrlKey] : '';
    return (
      <li>
        {href ? (
          <a
            className="nav__item"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            title={item.title}
            onClick={closeMobileNav}
          >
            {content}
            <Icon name="openInNew" size={16} />
          </a>
        ) : (
          <span
            className="nav__item is-disabled"
            aria-disabled="true"
            title="This link is not configured for this portal."
          >
            {content}
          </span>
        )}
      </li>
    );
  }
  return (
    <li>
      <NavLink
        to={item.url ?? '/'}
        className={({ isActive }) => `nav__item${isActive ? ' is-active' : ''}`}
        title={item.title}
        onClick={closeMobileNav}
      >
        {content}
      </NavLink>
    </li>
  );
}
