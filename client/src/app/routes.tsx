import { Navigate, type RouteObject } from 'react-router-dom';
import { SCREENS } from '../lib/screens/screens';
import type { ScreenEntry } from '../lib/screens/screenTypes';
import { BootScreen } from './BootScreen';
import { NotFoundPage } from './NotFoundPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { loadPage } from './screenPages';
import { SessionRoot } from './session/SessionRoot';
import { loadShell } from './shellPreload';
import { SignInRoute } from './SignInRoute';

/**
 * The routes of one registry entry: a page on each of its paths, loaded when first opened, with
 * its own error boundary; a redirect; nothing for a menu item that leaves the portal.
 */
function routesOf(entry: ScreenEntry): RouteObject[] {
  switch (entry.kind) {
    case 'page':
      return entry.paths.map((path) => ({
        path,
        errorElement: <RouteErrorBoundary screen={entry.title} />,
        lazy: async () => ({ Component: await loadPage(entry.page) }),
      }));
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

export const routes: RouteObject[] = [
  {
    element: <SessionRoot />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      { path: '/', element: <SignInRoute />, errorElement: <RouteErrorBoundary /> },
      // NOTE: the shell is its own chunk: the sign-in page downloads none of it (shellPreload.ts).
      {
        lazy: async () => ({ Component: (await loadShell()).RequireSession }),
        errorElement: <RouteErrorBoundary />,
        children: shellRoutes,
      },
    ],
  },
];
