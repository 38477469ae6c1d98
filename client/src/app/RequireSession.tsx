import { Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { buildMenu, menuIds } from '../lib/menu/buildMenu';
import { useSessionCommands, useSessionView } from '../lib/session/sessionView';
import { selectedNavIds } from '../lib/session/sitePreferences';
import { QueryProvider } from '../lib/query/QueryProvider';
import { BootScreen } from './BootScreen';
import { appQueryClient } from './queryClient';
import { CompanySwitchHost } from './session/CompanySwitchHost';
import { guardRoute } from './routeAccess';
import { ShellLayout } from './shell/ShellLayout';

/**
 * The guard around every route but `/` (docs/product/shell-session-search.md#states): no session
 * goes to `/` remembering the url; a route outside the user's menu goes to /unauthorized; otherwise
 * the shell renders the route.
 */
export function RequireSession() {
  const { status: current, profile, isOwner, returnUrl } = useSessionView();
  // Deferred: the session's answer lands in one synchronous update; the whole shell and its screen
  // then render in slices (a transition) behind the boot screen, not as one long task.
  const status = useDeferredValue(current);
  const { redirected } = useSessionCommands();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;
  const menu = useMemo(
    () => buildMenu({ selectedNavIds: selectedNavIds(profile), isOwner }),
    [profile, isOwner],
  );
  const decision = guardRoute({
    status,
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    allowedIds: menuIds(menu),
  });

  // The remembered url is reached: the session forgets it.
  const arrived = decision.kind === 'allow' && returnUrl === here;
  useEffect(() => {
    if (arrived) redirected();
  }, [arrived, redirected]);

  switch (decision.kind) {
    case 'wait':
      return <BootScreen />;
    case 'signIn':
      return <RedirectToSignIn remember={decision.remember} />;
    case 'unauthorized':
      return <Navigate to="/unauthorized" replace />;
    case 'alone':
      // A screen that opens without a session (a wall display pairing itself): no shell around it.
      return (
        <QueryProvider client={appQueryClient}>
          <Suspense fallback={<BootScreen />}>
            <Outlet />
          </Suspense>
        </QueryProvider>
      );
    default:
      // The service-company switch lives while the shell does
      // (docs/product/shell-session-search.md#states).
      return profile ? (
        <CompanySwitchHost profile={profile}>
          <ShellLayout menu={menu} />
        </CompanySwitchHost>
      ) : (
        <ShellLayout menu={menu} />
      );
  }
}

function RedirectToSignIn({ remember }: { remember: string }) {
  const { rememberUrl } = useSessionCommands();
  useEffect(() => {
    rememberUrl(remember);
  }, [remember, rememberUrl]);
  return <Navigate to="/" replace />;
}
