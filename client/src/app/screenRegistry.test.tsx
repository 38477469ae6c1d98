import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { isValidElement } from 'react';
import { createMemoryRouter, matchRoutes, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { isOwnerOnlyMenuId, MENU_ENTRIES } from '../../../shared/menu/menuCatalog';
import { DEFAULT_RUNTIME_CONFIG } from '../lib/config/runtimeConfig';
import { buildMenu, menuIds } from '../lib/menu/buildMenu';
import { catalogLeaves, MENU_CATALOG } from '../lib/menu/menuCatalog';
import { PAGE_SCREENS, ROUTE_MENU_IDS } from '../lib/screens/screenAccess';
import { SCREENS } from '../lib/screens/screens';
import { initialSessionView, SessionViewContext } from '../lib/session/sessionView';
import { RequireSession } from './RequireSession';
import { guardRoute } from './routeAccess';
import { loadScreenPage, pageAtPath, routes, shellRoutes } from './routes';
import { hasPage } from './screenPages';
import { testProfile, withMatchMedia } from '../lib/testing/renderWithProviders';

afterEach(cleanup);

withMatchMedia();

/**
 * docs/product/shell-session-search.md#route-table, the route table: every route opens a page, or
 * the redirect the spec gives.
 */
const SPEC_ROUTES: ReadonlyArray<[path: string, screen: string, redirectsTo?: string]> = [
  ['/', 'Login or landing page'],
  ['/unauthorized', 'Unauthorized'],
  ['/dashboardDetails', 'Live Alarm View'],
  ['/dashboard1', 'Live Alarm View'],
  ['/dashboard', 'redirect', '/dashboardDetails'],
  ['/systemontest', 'Alarm Testing'],
  ['/placeontest', 'Place On Test'],
  ['/actualEvents', 'Actuals'],
  ['/runawaysystems', 'Runaway'],
  ['/service-requests', 'Customers Requesting Service'],
  ['/dispatches', 'Agency Dispatch'],
  ['/agencyrefuseddispatch', 'Agency Refuse to Dispatch'],
  ['/alarmCancellation', 'Dispatch Cancellation from AASMS & Text App'],
  ['/activity', 'Excessive Alarm Accounts'],
  ['/unrestoredzones', 'Unrestored Zones'],
  ['/noactivityreport', 'Sites With No Alarm Activity'],
  ['/optOutUsersReport', 'AASMS Opt-Out Request'],
  ['/growth', 'Growth & Attrition'],
  ['/generatemonitoringcertificate', 'Monitoring Certificate Wizard'],
  ['/monitoringcertificate', 'The certificate itself'],
  ['/marketingcertificate', 'Page under constructions'],
  ['/contactSummary', 'Site Contact Report'],
  ['/zoneSummary', 'Zone Report'],
  ['/discrepancies', 'Investigation Requests'],
  ['/securitySettings', 'Security Settings'],
  ['/settings', 'Settings'],
  ['/searchsitesystems', 'Site info card, systems list and driving-directions map'],
  ['/companyStatistics', 'Company statistics dashboard'],
  ['/externalLinks', 'Dialog: External Link'],
  ['/newsLetter', 'Demo filler text'],
  ['/datamangroup', 'Other screen'],
  ['/bufferGraph', 'Other screen'],
  ['/datamanagement', 'redirect', '/dashboard'],
  ['/propertydetails', 'Grouped under the dashboard shell'],
  ['/smstextalarmsignalcustomer', 'Grouped under the dashboard shell'],
  ['/reports', 'redirect', '/dashboard'],
];

/** The route the router picks for a path (the deepest match). */
function routeAt(path: string): RouteObject {
  const matches = matchRoutes(routes, path);
  expect(matches, path).not.toBeNull();
  return matches![matches!.length - 1].route;
}

function redirectTarget(route: RouteObject): string | null {
  const el = route.element;
  if (!isValidElement<{ to?: unknown }>(el) || typeof el.props.to !== 'string') return null;
  return el.props.to;
}

describe('the screen registry', () => {
  it.each(SPEC_ROUTES)('routes %s (%s) to a page or its redirect', async (path, _screen, redirectsTo) => {
    const route = routeAt(path);
    expect(route.path, `${path} falls through to the not-found page`).toBe(path);
    if (redirectsTo) {
      expect(redirectTarget(route)).toBe(redirectsTo);
      return;
    }
    if (path === '/') {
      expect(route.element).toBeTruthy();
      return;
    }
    const page = (route.handle as { page?: string } | undefined)?.page;
    expect(page, `${path} names no page module`).toBeTruthy();
    const Component = await loadScreenPage(page!);
    expect(typeof Component, `${path} has no page component`).toBe('function');
  });

  it('names a page module the app can load for every screen', () => {
    const missing = PAGE_SCREENS.filter((s) => !hasPage(s.page)).map((s) => s.page);
    expect(missing).toEqual([]);
  });

  it("finds for a deep link's preload the page react-router opens, whatever the path's case or trailing slash", () => {
    const pageOf = (path: string) =>
      (matchRoutes(routes, path)?.at(-1)?.route.handle as { page?: string } | undefined)?.page;
    const paths = SCREENS.flatMap((s) =>
      s.kind === 'page' ? [...s.paths] : s.kind === 'redirect' ? [s.path] : [],
    );
    const variants = [...paths, '/', '/nowhere', '/dashboardDetails/more'].flatMap((p) => [
      p,
      `${p}/`,
      p.toUpperCase(),
    ]);
    for (const path of variants) expect(pageAtPath(path), path).toBe(pageOf(path));
  });

  it('declares every path once', () => {
    const paths = SCREENS.flatMap((s) =>
      s.kind === 'page' ? [...s.paths] : s.kind === 'redirect' ? [s.path] : [],
    );
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    expect(shellRoutes.filter((r) => r.path === '*')).toHaveLength(1);
  });

  it('gives each menu id to one entry only', () => {
    const ids = SCREENS.flatMap((s) => (s.kind !== 'redirect' && s.menu ? [s.menu.id] : []));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const groups = MENU_CATALOG.filter((i) => i.children).map((i) => i.id);
    const shown = [...groups, ...catalogLeaves().map((i) => i.id)];
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('opens every menu item on a route of the app or an external target', () => {
    const leaves = catalogLeaves();
    // Every item of the catalogue the bridge and simulator share is shown: none lacks a screen.
    expect(leaves.map((l) => l.id)).toEqual(MENU_ENTRIES.filter((m) => !m.isGroup).map((m) => m.id));
    for (const item of leaves) {
      const shared = MENU_ENTRIES.find((m) => m.id === item.id)!;
      if (shared.external === 'handOff') {
        expect(item, item.title).toMatchObject({ handOff: true, url: '#' });
      } else if (shared.external === 'link') {
        expect(item.isExternalLink, item.title).toBe(true);
        expect(Object.keys(DEFAULT_RUNTIME_CONFIG)).toContain(item.externalUrlKey);
      } else {
        expect(item.url, item.title).toBeTruthy();
        const route = routeAt(item.url!);
        expect(route.path, `${item.title} opens no page`).toBe(item.url);
        expect((route.handle as { page?: string } | undefined)?.page).toBeTruthy();
        // The item's own route is guarded by the item itself.
        expect(ROUTE_MENU_IDS[item.url!]).toBe(item.id);
      }
    }
  });

  it('guards every route of an owner-only item: a non-owner who lists it is sent to /unauthorized', () => {
    const everyId = MENU_ENTRIES.map((m) => m.id);
    const nonOwner = menuIds(buildMenu({ selectedNavIds: everyId, isOwner: false }));
    const owner = menuIds(buildMenu({ selectedNavIds: everyId, isOwner: true }));
    const ownerOnly = Object.entries(ROUTE_MENU_IDS).filter(([, id]) => isOwnerOnlyMenuId(id));
    expect(ownerOnly.map(([path]) => path)).toContain('/securitySettings');
    for (const [pathname] of ownerOnly) {
      expect(guardRoute({ status: 'signedIn', pathname, allowedIds: nonOwner })).toEqual({
        kind: 'unauthorized',
      });
      expect(guardRoute({ status: 'signedIn', pathname, allowedIds: owner })).toEqual({ kind: 'allow' });
    }
  });

  it('sends a non-owner to /unauthorized from Security Settings even when their list names it', async () => {
    const profile = testProfile({
      contactNumber: '500003',
      firstName: 'Dana',
      lastName: 'Cole',
      RelationId: '3',
      sitePreferences: JSON.stringify([{ SelectedNavIds: '1,6,7' }]),
    });
    const router = createMemoryRouter(
      [
        {
          element: (
            <SessionViewContext.Provider
              value={{ ...initialSessionView, status: 'signedIn', profile, isOwner: false }}
            >
              <Outlet />
            </SessionViewContext.Provider>
          ),
          hydrateFallbackElement: <p>loading</p>,
          children: [{ element: <RequireSession />, children: shellRoutes }],
        },
      ],
      { initialEntries: ['/securitySettings'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByText('Unauthorized - You do not have permission to access this page.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
