import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import {
  initialSessionView,
  noSessionCommands,
  SessionCommandsContext,
  SessionViewContext,
  type SessionView,
} from '../lib/session/sessionView';
import { RequireSession } from './RequireSession';
import { shellRoutes } from './routes';
import { testProfile, withMatchMedia } from '../lib/testing/renderWithProviders';

afterEach(cleanup);

withMatchMedia();

const profile = (navIds: string | null) =>
  testProfile({ sitePreferences: navIds == null ? null : JSON.stringify([{ SelectedNavIds: navIds }]) });

function renderAt(url: string, view: Partial<SessionView>, rememberUrl = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <SessionViewContext.Provider value={{ ...initialSessionView, ...view }}>
            <SessionCommandsContext.Provider value={{ ...noSessionCommands, rememberUrl }}>
              <Outlet />
            </SessionCommandsContext.Provider>
          </SessionViewContext.Provider>
        ),
        hydrateFallbackElement: <p>loading</p>,
        children: [
          { path: '/', element: <p>sign-in page</p> },
          { element: <RequireSession />, children: shellRoutes },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, rememberUrl };
}

describe('the route guard in the router', () => {
  it('sends a visitor without a session to / and remembers the url', async () => {
    const { router, rememberUrl } = renderAt('/growth?range=last30', { status: 'signedOut' });
    // NOTE: the lazy page module loads before the guard redirects; a busy machine takes a while.
    expect(await screen.findByText('sign-in page', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(rememberUrl).toHaveBeenCalledWith('/growth?range=last30');
  });

  it('sends a sub-account to /unauthorized for a route outside its SelectedNavIds', async () => {
    const { router } = renderAt('/zoneSummary', { status: 'signedIn', profile: profile('1,3,4,7') });
    expect(
      await screen.findByText('Unauthorized - You do not have permission to access this page.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it('opens an allowed route inside the shell with its title and its own screen', async () => {
    renderAt('/growth', { status: 'signedIn', profile: profile('1,3,4,7') });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Growth & Attrition' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('This screen is coming in a later release.')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Quick Data Tabs' })).toBeTruthy();
    expect(screen.getByText('QUICK DATA TABS')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Logout/ })).toBeTruthy();
    expect(screen.getByText(/Copyright © 2021/)).toBeTruthy();
  });

  it('redirects /dashboard to /dashboardDetails and /reports through /dashboard', async () => {
    const { router } = renderAt('/reports', { status: 'signedIn', profile: profile(null) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboardDetails'));
  });

  it('shows the text-defined pages as the spec words them', async () => {
    renderAt('/marketingcertificate', { status: 'signedIn', profile: profile(null) });
    expect(await screen.findByText('Page under constructions')).toBeTruthy();
  });

  it('sends /searchsitesystems without site data to the dashboard', async () => {
    const { router } = renderAt('/searchsitesystems', { status: 'signedIn', profile: profile(null) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboardDetails'));
  });
});
