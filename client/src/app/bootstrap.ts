import { browserBuildCheckDeps, checkBuildDate } from '../lib/buildCheck/buildCheck';
import { loadRuntimeConfig } from '../lib/config/runtimeConfig';
import { applyTheme, storedDarkFlag } from '../lib/theme/theme';
import { watchBreakpoint } from '../features/navigation/navBarStore';
import { keepStaticSignIn } from '../features/session/staticSignIn';
import { askWallDeviceAtLoad } from '../features/liveAlarms/wall/wallDeviceAtLoad';
import { sessionAtLoad, startSessionCheck } from './session/sessionActors';

/**
 * What runs once before the first render: the served sign-in form kept, the session check (and a
 * wall's pairing check on /wall), theme flag, breakpoint, runtime config, build check.
 */
export function bootstrap(): void {
  // The served sign-in form's fields, before React's first commit removes them.
  keepStaticSignIn();
  startSessionCheck();
  // A paired wall has no session: whether it is one is asked beside the session check.
  askWallDeviceAtLoad(window.location.pathname, sessionAtLoad());
  applyTheme(storedDarkFlag() ?? false);
  watchBreakpoint();
  void loadRuntimeConfig(async () => {
    const res = await fetch('/config.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(String(res.status));
    return res.json();
  });
  void checkBuildDate(browserBuildCheckDeps());
}
