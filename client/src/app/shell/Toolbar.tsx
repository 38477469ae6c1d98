import { useMemo, useState } from 'react';
import { Icon } from '../../components/icons/Icon';
import { DealerBanner } from '../../features/companySwitch/DealerBanner';
import { ServiceCompanySelector } from '../../features/companySwitch/ServiceCompanySelector';
import { GlobalSearchOverlay } from '../../features/globalSearch/GlobalSearchOverlay';
import { NavToggleButton } from '../../features/navigation/NavToggleButton';
import { ShortcutsMenu } from '../../features/shortcuts/ShortcutsMenu';
import { ThemeToggle } from '../../features/theme/ThemeToggle';
import { menuLeaves } from '../../lib/menu/buildMenu';
import type { MenuItem } from '../../lib/menu/menuCatalog';
import { useSessionCommands, useSessionView } from '../../lib/session/sessionView';
import { toggleDrawer } from './drawerStore';

/**
 * The toolbar (docs/product/shell-session-search.md#overview): navigation toggle, banner,
 * service-company selector, global account search, shortcuts, quick panel, theme toggle, the user
 * and logout.
 */
export function Toolbar({ menu }: { menu: readonly MenuItem[] }) {
  const { profile } = useSessionView();
  const { signOut } = useSessionCommands();
  const [searching, setSearching] = useState(false);
  const pages = useMemo(
    () =>
      menuLeaves(menu)
        .filter((i) => i.url && i.url.startsWith('/'))
        .map((i) => ({ title: i.title, url: i.url as string })),
    [menu],
  );
  const userName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return (
    <header className="toolbar">
      <NavToggleButton />
      <div className="toolbar__banner">
        <DealerBanner />
      </div>
      <ServiceCompanySelector />
      <div className="toolbar__spacer" />
      <button
        type="button"
        className="icon-button"
        aria-label="Search accounts"
        aria-expanded={searching}
        onClick={() => setSearching(true)}
      >
        <Icon name="search" />
      </button>
      <ShortcutsMenu pages={pages} />
      <button
        type="button"
        className="icon-button"
        aria-label="Quick Panel"
        onClick={() => toggleDrawer('quickPanel')}
      >
        <Icon name="apps" />
      </button>
      <ThemeToggle />
      {userName ? <span className="toolbar__user">{userName}</span> : null}
      {/* Named by aria-label too: on a phone the word is hidden and only the icon shows. */}
      <button
        type="button"
        className="button button--secondary toolbar__logout"
        aria-label="Logout"
        onClick={signOut}
      >
        <Icon name="logout" size={18} />
        <span>Logout</span>
      </button>
      {searching ? <GlobalSearchOverlay onClose={() => setSearching(false)} /> : null}
    </header>
  );
}
