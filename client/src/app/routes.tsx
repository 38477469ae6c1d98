import { Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SCREENS } from '../lib/screens/screens';
import type { ScreenEntry } from '../lib/screens/screenTypes';
import { BootScreen } from './BootScreen';
import { NotFoundPage } from './NotFoundPage';
import { preloadable, type Preloadable } from './preloadable';
import { loadPage } from './screenPages';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SessionRoot } from './session/SessionRoot';
import { loadShell, startAtLoad } from './shellPreload';
import { SignInRoute } from './SignInRoute';

/**
 * Loads a registry page's component. The page map (about 1.5 KB) stays in the first chunk: a deep
 * link then asks for its screen's code at once, not after a chunk of its own.
 */
export const loadScreenPage = (page: string): Promise<ComponentType> => loadPage(page);

/**
 * The routes of one registry entry: a page on each of its paths, loaded when first opened, with
 * its own error boundary; a redirect; nothing for a menu item that leaves the portal.
 * NOTE: plain element routes (declarative routing): the data router's extra weight stayed off
 * the sign-in page (docs/decisions.md). The shell's Suspense boundary keeps the last screen up
 * while the next one's code loads.
 */
const pages = new Map<string, Preloadable>();
/** A registry page's name by its path, as `pageAtPath` looks it up. */
const pageOfPath = new Map<string, string>();
const pathKey = (path: string) => path.replace(/\/+$/, '').toLowerCase();

function routesOf(entry: ScreenEntry): RouteObject[] {
  switch (entry.kind) {
    case 'page': {
      const page = preloadable(() => loadScreenPage(entry.page));
      pages.set(entry.page, page);
      for (const path of entry.paths) pageOfPath.set(pathKey(path), entry.page);
      const Page = page.Component;
      return entry.paths.map((path) => ({
        path,
        element: (
          <RouteErrorBoundary screen={entry.title}>
            <Page />
          </RouteErrorBoundary>
        ),
        handle: { page: entry.page },
      }));
    }
    case 'redirect':
      return [{ path: entry.path, element: <Navigate to={entry.to} replace /> }];
    case 'link':
      return [];
  }
}

/**
 * Every route of docs/product/shell-session-search.md#route-table, from the screen registry
 * (lib/screens/screens.ts).
 */
export const shellRoutes: RouteObject[] = [
  ...SCREENS.flatMap(routesOf),
  { path: '*', element: <NotFoundPage /> },
];

// NOTE: the shell is its own chunk: the sign-in page downloads none of it (shellPreload.ts).
const shell = preloadable(async () => (await loadShell()).RequireSession);
const Shell = shell.Component;

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <SessionRoot />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <SignInRoute />
          </RouteErrorBoundary>
        ),
      },
      {
        element: (
          <RouteErrorBoundary>
            <Suspense fallback={<BootScreen />}>
              <Shell />
            </Suspense>
          </RouteErrorBoundary>
        ),
        children: shellRoutes,
      },
    ],
  },
];

/**
 * A deep link's code, fetched as the page opens: the shell and the screen side by side, where
 * rendering would ask for one after the other (the screen's import starts inside the shell).
 * The first render waits for it (main.tsx) behind the boot screen, so it shows the screen at once.
 * Never rejects: a failed download is retried when the route renders.
 */
export async function preloadRouteAt(pathname: string): Promise<void> {
  const name = pageAtPath(pathname);
  const page = name ? pages.get(name) : undefined;
  if (!name || !page) return;
  void startAtLoad(name).catch(() => undefined);
  await Promise.all([shell.preload(), page.preload()]).catch(() => undefined);
}

/**
 * The registry page a path opens, as react-router's matching finds it (paths match whatever their
 * case, a trailing slash allowed). NOTE: a lookup, not `matchRoutes`: the registry's paths are
 * static, and `matchRoutes` ranks every route of the app, which the first render's `useRoutes`
 * does again (issue 38: the app's start on a phone).
 */
export function pageAtPath(pathname: string): string | undefined {
  return pageOfPath.get(pathKey(pathname));
}
