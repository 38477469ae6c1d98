import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Drawer } from '../../components/layout/Drawer';
import { LoadingOverlay } from '../../components/layout/LoadingOverlay';
import { navBar } from '../../features/navigation/navBarStore';
import { QuickDataTabs } from '../../features/navigation/QuickDataTabs';
import { RecentlyAccessedPanel } from '../../features/recentlyAccessed/RecentlyAccessedPanel';
import { QuickPanel } from '../../features/shortcuts/QuickPanel';
import { signalSessionExpired } from '../../lib/api/sessionExpiry';
import { LiveProvider } from '../../lib/live/LiveProvider';
import type { MenuItem } from '../../lib/menu/menuCatalog';
import { useSessionView } from '../../lib/session/sessionView';
import { useStore } from '../../lib/store/useStore';
import { QueryProvider } from '../../lib/query/QueryProvider';
import { appQueryClient } from '../queryClient';
import { closeDrawer, openDrawer } from './drawerStore';
import { Footer } from './Footer';
import { PanelStrip } from './PanelStrip';
import { ScreenLoading } from './ScreenLoading';
import { Toolbar } from './Toolbar';

// NOTE: the advanced search loads when its drawer first opens: the first screen shows none of it
// (issue 38). Meanwhile its drawer is up with the loading overlay its searches show.
const AdvancedSearchPanel = lazy(async () => ({
  default: (await import('../../features/advancedSearch/AdvancedSearchPanel')).AdvancedSearchPanel,
}));

/**
 * The shell of every page but `/`: Quick Data Tabs, toolbar, the route's screen, footer, the
 * right-edge panel buttons and at most one drawer. The screen is keyed on the company epoch, so a
 * service-company switch remounts it and it loads its data again. The data layer (lib/query)
 * wraps it all, so drawers and screens share one cache kept to the session and company.
 */
export function ShellLayout({ menu }: { menu: readonly MenuItem[] }) {
  const nav = useStore(navBar, (n) => n.state);
  const drawer = useStore(openDrawer);
  const { companyEpoch } = useSessionView();
  return (
    <QueryProvider client={appQueryClient}>
      <div className={`shell shell--nav-${nav}`}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <QuickDataTabs menu={menu} />
        <div className="shell__main">
          <Toolbar menu={menu} />
          <main id="main" className="shell__content" tabIndex={-1}>
            {/* One live connection per signed-in page; a company switch opens a new one. */}
            <LiveProvider key={companyEpoch} onSessionExpired={signalSessionExpired}>
              {/* A screen's code loads here; on a move between screens the last one stays up. */}
              <Suspense fallback={<ScreenLoading />}>
                <Outlet key={companyEpoch} />
              </Suspense>
            </LiveProvider>
          </main>
          <Footer />
        </div>
        <PanelStrip />
        {drawer === 'recentlyAccessed' ? <RecentlyAccessedPanel onClose={closeDrawer} /> : null}
        {drawer === 'advancedSearch' ? (
          <Suspense
            fallback={
              <Drawer title="Advanced Search" onClose={closeDrawer}>
                <LoadingOverlay />
              </Drawer>
            }
          >
            <AdvancedSearchPanel onClose={closeDrawer} />
          </Suspense>
        ) : null}
        {drawer === 'quickPanel' ? <QuickPanel onClose={closeDrawer} /> : null}
      </div>
    </QueryProvider>
  );
}
