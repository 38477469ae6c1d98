import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SCREENS } from '../lib/screens/screens';
import type { ScreenEntry } from '../lib/screens/screenTypes';
import { BootScreen } from './BootScreen';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { SessionRoot } from './session/SessionRoot';
import { loadShell } from './shellPreload';
import { SignInRoute } from './SignInRoute';

/**
 * Loads a registry page's component. The page map is itself a chunk, so the sign-in page loads
 * none of it.
 */
export const loadScreenPage = async (page: string): Promise<ComponentType> =>
  (await import('./screenPages')).loadPage(page);

/**
 * The routes of one registry entry: a page on each of its paths, loaded when first opened, with
 * its own error boundary; a redirect; nothing for a menu item that leaves the portal.
 * NOTE: plain element routes (declarative routing): the data router's extra weight stayed off
 * the sign-in page (docs/decisions.md). The shell's Suspense boundary keeps the last screen up
 * while the next one's code loads.
 */
function routesOf(entry: ScreenEntry): RouteObject[] {
  switch (entry.kind) {
    case 'page': {
      const Page = lazy(async () => ({ default: await loadScreenPage(entry.page) }));
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

/** Every route of doc 1 §2.1, from the screen registry (lib/screens/screens.ts). */
export const shellRoutes: RouteObject[] = [
  ...SCREENS.flatMap(routesOf),
  { path: '*', element: <NotFoundPage /> },
];

// NOTE: the shell is its own chunk: the sign-in page downloads none of it (shellPreload.ts).
const Shell = lazy(async () => ({ default: (await loadShell()).RequireSession }));

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
